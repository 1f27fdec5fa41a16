#if canImport(Glibc)
    import Glibc
#endif

/// Why the test server or a helper could not start.
public enum TestServerError: Error, CustomStringConvertible, Sendable {
    /// A socket call failed; `call` names it, `code` is errno.
    case socket(call: String, code: Int32)
    /// An external helper program (such as gzip) failed.
    case helper(program: String, message: String)

    /// A message naming the failed call and the system's reason.
    public var description: String {
        switch self {
        case .socket(let call, let code):
            return "test server: \(call) failed: \(String(cString: strerror(code)))"
        case .helper(let program, let message):
            return "test helper \(program) failed: \(message)"
        }
    }
}
