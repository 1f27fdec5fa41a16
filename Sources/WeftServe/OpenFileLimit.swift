#if canImport(Glibc)
    import Glibc
#endif

/// The process's limit on open files, which caps how many connections the server can hold.
enum OpenFileLimit {
    /// Raises the soft limit to the hard one (as Go's runtime does for every server): Debian's default of 1,024 would
    /// let a thousand idle connections use every descriptor, and then nobody's connection is accepted. Returns the
    /// limit in force.
    static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 1 << 20)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(exactly: min(limit.rlim_cur, 1 << 20)) ?? 1024
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
