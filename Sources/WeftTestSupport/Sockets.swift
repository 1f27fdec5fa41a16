#if canImport(Glibc)
    import Glibc
#endif

/// Thin helpers over the POSIX socket calls the test server needs.
enum Sockets {
    /// A TCP socket bound to 127.0.0.1 on an ephemeral port; the caller owns the descriptor.
    static func bindLoopback() throws(TestServerError) -> (fd: Int32, port: UInt16) {
        try bind(ipv4: UInt32(0x7F00_0001))
    }

    /// A TCP socket bound to the IPv4 address `ipv4` (host order) on an ephemeral port.
    static func bind(ipv4: UInt32) throws(TestServerError) -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socket(call: "socket", code: errno) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = ipv4.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw .socket(call: "bind", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw .socket(call: "getsockname", code: code)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Sends every byte unless the peer goes away; MSG_NOSIGNAL keeps a closed peer from raising SIGPIPE.
    @discardableResult
    static func sendAll(_ fd: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let array = Array(bytes)
        return array.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Bounds blocking reads and writes so a misbehaving client cannot hang a test.
    static func setTimeouts(_ fd: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Waits up to `milliseconds` for `fd` to become readable (or hung up); false on timeout.
    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }
}

/// This machine's addresses on its other interfaces.
public enum LocalAddress {
    /// An IPv4 address of an interface other than loopback that is up (e.g. `192.0.2.2` or a container's
    /// `172.17.0.2`): a server bound there is reached without leaving the machine, yet the address is not
    /// 127.0.0.0/8. Nil on a machine with loopback only.
    public static var nonLoopbackIPv4: String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(bitPattern: current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            let v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN) + 1)
            var copy = v4
            guard inet_ntop(AF_INET, &copy, &text, socklen_t(text.count)) != nil else { continue }
            return String(cString: text)
        }
        return nil
    }
}
