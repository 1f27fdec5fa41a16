import Foundation
import WeftPrimitives

/// Finding and reading calendar files on disk.
enum CalendarFiles {
    /// The files to read for `path`: the file itself, or every `*.ics` directly in the directory, sorted
    /// (hidden files, such as a sync tool's temporary files, are skipped).
    static func list(_ path: String) throws(CalendarError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "no such file or directory")
        }
        guard isDirectory.boolValue else { return [path] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(file: path, reason: error.localizedDescription)
        }
        return
            names
            .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".ics") }
            .sorted()
            .map { (path as NSString).appendingPathComponent($0) }
    }

    /// The text of a file; bytes that are not UTF-8 become U+FFFD rather than failing the calendar.
    static func read(_ file: String) throws(CalendarError) -> String {
        do {
            return String(decoding: try InputFile.read(file), as: UTF8.self)
        } catch {
            throw .unreadable(file: file, reason: error.description)
        }
    }
}
