import WeftCore
import WeftTemplate

/// The JSON object a command prints, reduced to text values under canonical keys.
struct CommandOutput {
    /// Canonical key (without prefix) to value.
    var values: [String: String]

    init(parsing bytes: [UInt8], command: String) throws(CommandError) {
        let object: [String: String]
        do {
            object = try FlatJSONObject.parse(bytes)
        } catch {
            switch error {
            case .empty: throw .notJSON(command: command, reason: "no output", excerpt: "")
            case .notJSON(let excerpt): throw .notJSON(command: command, reason: "invalid JSON", excerpt: excerpt)
            case .notAnObject(let found): throw .notAnObject(command: command, found: found)
            case .unsupportedValue(let key, let found):
                throw .unsupportedValue(command: command, key: key, found: found)
            case .tooDeep:
                throw .notJSON(
                    command: command, reason: error.description,
                    excerpt: String(decoding: bytes.prefix(40), as: UTF8.self) + "…")
            }
        }
        var values: [String: String] = [:]
        for (key, value) in object { values[TemplateKey.canonical(key)] = value }
        self.values = values
    }
}
