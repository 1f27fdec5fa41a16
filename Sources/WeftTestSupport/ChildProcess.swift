import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A helper program a test starts (a bus daemon, a fake server) with pipes to its standard input and output,
/// stopped and reaped when the last reference goes, so no test leaves a process behind.
final class ChildProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []
    let program: String

    init(_ program: String, _ arguments: [String]) throws(TestServerError) {
        self.program = program
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw .helper(program: program, message: "\(program) is not installed: run `make deps`")
        }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { throw .helper(program: program, message: "\(error)") }
    }

    deinit {
        // SIGKILL, not terminate()'s SIGTERM: the child inherits the signal mask of the test's thread, where
        // libdispatch blocks SIGTERM, and dbus-daemon never unblocks it. These children keep nothing worth a clean
        // exit.
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The next line the child prints, waiting at most `limit` (generous: it is there for a broken child).
    func readLine(within limit: Duration = .seconds(20)) throws(TestServerError) -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = ContinuousClock.now + limit
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                throw .helper(program: program, message: "printed nothing within \(limit)")
            }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + 1)
            if poll(&waiting, 1, milliseconds) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                process.waitUntilExit()
                throw .helper(program: program, message: "exited (status \(process.terminationStatus)) before it was ready")
            }
            buffered += chunk[..<count]
        }
    }

    /// Writes one line to the child's standard input.
    func send(_ line: String) throws(TestServerError) {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw .helper(program: program, message: "cannot write to it: \(error)")
        }
    }
}
