import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a dedicated thread for one blocking transfer, with SIGPIPE blocked on that thread.
///
/// With CURLOPT_NOSIGNAL libcurl does not ignore SIGPIPE, and OpenSSL writes with write(2), so a TLS peer that
/// has gone away (e.g. when curl_easy_cleanup sends close_notify) would kill the process. A write-triggered
/// SIGPIPE goes to the writing thread; blocked there it stays pending and is dropped when the thread exits,
/// so the host process's own signal handling is left alone.
enum TransferThread {
    static func start(name: String = "weft-http", _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            body()
        }
        thread.name = name
        thread.start()
    }
}
