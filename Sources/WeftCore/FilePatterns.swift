import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The local files a provider's `files = [...]` patterns name, and a stamp that changes when a file does.
public enum FilePatterns {
    /// The files the patterns name now (shell globs matched), sorted, without duplicates. Patterns are used as
    /// given: a provider expands `~` and relative paths when it reads its file (`ProviderConfig.path`).
    public static func expand(_ patterns: [String]) -> (files: [String], unmatched: [String]) {
        var files: [String] = []
        var unmatched: [String] = []
        for pattern in patterns {
            var result = glob_t()
            defer { globfree(&result) }
            guard glob(pattern, 0, nil, &result) == 0 else {
                unmatched.append(pattern)
                continue
            }
            for index in 0..<Int(result.gl_pathc) {
                if let path = result.gl_pathv[index] { files.append(String(cString: path)) }
            }
        }
        return (Array(Set(files)).sorted(), unmatched)
    }

    /// The files the patterns name now with each one's stamp; `unreadable` makes the error for a file that matched
    /// but cannot be stat'ed.
    public static func scan<Failure: Error>(
        _ patterns: [String], unreadable: (String) -> Failure
    ) throws(Failure) -> (files: [String], stamps: [String: String], unmatched: [String]) {
        let (files, unmatched) = expand(patterns)
        var stamps: [String: String] = [:]
        for file in files {
            guard let stamp = FileStamp(path: file) else { throw unreadable(file) }
            stamps[file] = stamp.text
        }
        return (files, stamps, unmatched)
    }
}
