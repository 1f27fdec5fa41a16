import Foundation

/// The provider kinds weft knows, keyed by their `type` name.
public struct ProviderRegistry: Sendable {
    private let kinds: [String: any ProviderKind.Type]

    /// Creates a registry of the given kinds.
    public init(_ kinds: [any ProviderKind.Type]) {
        var byType: [String: any ProviderKind.Type] = [:]
        for kind in kinds { byType[kind.type] = kind }
        self.kinds = byType
    }

    /// Every registered type name, sorted.
    public var types: [String] { kinds.keys.sorted() }

    /// The kind registered under `type`.
    public func kind(_ type: String) -> (any ProviderKind.Type)? { kinds[type] }

    /// Makes the provider a config describes, or fails naming the unknown type.
    public func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        guard let kind = kinds[config.type] else {
            throw .unknownType(file: config.file, line: config.line(of: "type"), type: config.type, known: types)
        }
        return try kind.make(config)
    }
}
