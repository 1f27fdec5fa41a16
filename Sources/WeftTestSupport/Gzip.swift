import Foundation

/// Compresses test bodies with the system's gzip, so tests can serve `Content-Encoding: gzip`.
public enum Gzip {
    /// The gzip-compressed form of `bytes`.
    public static func compress(_ bytes: [UInt8]) throws(TestServerError) -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-gzip-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let input = directory.appendingPathComponent("body")
            try Data(bytes).write(to: input)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/gzip")
            // -n leaves out name and time stamp, so equal input gives equal bytes.
            process.arguments = ["-c", "-n", input.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let compressed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw TestServerError.helper(program: "gzip", message: "exit status \(process.terminationStatus)")
            }
            return Array(compressed)
        } catch let error as TestServerError {
            throw error
        } catch {
            throw .helper(program: "gzip", message: "\(error)")
        }
    }
}
