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
    private let errorLog: String
    let program: String

    /// Starts `program`; what it writes to standard error goes to the file `errorLog` (quoted when it fails to
    /// start), not into the test's output.
    init(_ program: String, _ arguments: [String], errorLog: String) throws(TestServerError) {
        self.program = program
        self.errorLog = errorLog
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw .helper(program: program, message: "\(program) is not installed: run `make deps`")
        }
        guard FileManager.default.createFile(atPath: errorLog, contents: nil),
            let errors = FileHandle(forWritingAtPath: errorLog)
        else {
            throw .helper(program: program, message: "cannot create \(errorLog)")
        }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw .helper(program: program, message: "\(error)") }
        try? errors.close()
    }

    /// What the child wrote to standard error so far.
    var errors: String { (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "" }

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
                throw .helper(program: program, message: "printed nothing within \(limit): \(errors)")
            }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + 1)
            if poll(&waiting, 1, milliseconds) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                process.waitUntilExit()
                throw .helper(
                    program: program,
                    message: "exited (status \(process.terminationStatus)) before it was ready: \(errors)")
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
