import CLibFuzzer
import Foundation

/// Runs libFuzzer with this process's arguments, calling `body` with each input, and exits with its status.
///
/// SwiftPM links every executable with `main` aliased to the module's top-level code, so libFuzzer's own `main`
/// never runs; the top-level code calls the driver instead.
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}

extension UnsafeBufferPointer<UInt8> {
    /// libFuzzer's input (which may be a null pointer when empty) as a buffer.
    public init(fuzzInput data: UnsafePointer<UInt8>?, count: Int) {
        self.init(start: count > 0 ? data : nil, count: count)
    }
}
