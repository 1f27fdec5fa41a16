import CProcess

#if canImport(Glibc)
    import Glibc
#endif

/// A file descriptor this process owns: closed exactly once, when the value is consumed or goes away.
struct Descriptor: ~Copyable {
    let raw: Int32

    deinit { _ = Glibc.close(raw) }

    /// Closes it now (a pipe's write end, so its reader sees the end).
    consuming func close() {}
}

/// Both ends of a pipe that no child inherits unless it is given one on purpose.
struct Pipe: ~Copyable {
    var read: Descriptor
    var write: Descriptor

    /// A pipe for `program`'s output; failing, the error names the program.
    init(for program: String) throws(SpawnError) {
        var ends: [Int32] = [-1, -1]
        guard weft_pipe(&ends) == 0 else {
            throw .cannotStart(program: program, reason: "no pipe for its output: \(String(cString: strerror(errno)))")
        }
        read = Descriptor(raw: ends[0])
        write = Descriptor(raw: ends[1])
    }
}

/// A NULL-terminated array of C strings (an argv or an environment), freed exactly once.
final class CStrings {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { (pointers + index).initialize(to: strdup(string)) }
        (pointers + strings.count).initialize(to: nil)
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deinitialize(count: count + 1)
        pointers.deallocate()
    }
}
