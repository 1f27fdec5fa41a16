import Foundation
import FuzzSupport
import WeftCore
import WeftProviders

/// One provider file per input: TOML → ProviderConfig → the registry's provider → preflight, as `weft check` and
/// every refresh read it. Numbers out of range (`interval = 1e300`, `timeout = "999999999999999999999s"`) must
/// be configuration errors, never a trap.
enum ProviderFileTarget {
    /// A private directory the file "lives" in, so relative paths resolve somewhere harmless.
    static let directory: String = {
        let path = NSTemporaryDirectory() + "weft-fuzz-providers-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let config = try? ProviderConfig(text: text, file: directory + "/fuzz.toml") else { return }
        guard let provider = try? BuiltinProviders.registry.make(config) else { return }
        _ = provider.preflight(config)
        _ = provider.prefix
    }
}

/// libFuzzer's per-input callback.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ProviderFileTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
