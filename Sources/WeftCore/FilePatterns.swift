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

    /// `size:mtime` of a file, to notice when it changes; nil when it cannot be read.
    static func stamp(_ path: String) -> String? { FileStamp(path: path)?.text }
}
