import Foundation
import WeftPrimitives

/// A problem with the cache; messages say which file and what to do about it.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible, CatalogText {
    case cannotCreate(path: String, reason: String)
    case corrupt(path: String, reason: String)
    case unreadable(path: String, reason: String)
    case refreshRunning(lockFile: String, holder: String, waited: Double)
    case notANumber(key: String, value: String)
    case database(path: String, reason: String)
    /// The disk holding the cache filled up mid-write; the transaction was rolled back.
    case diskFull(path: String)
    /// The cache directory or one of its files is unsafe to use: a symbolic link, someone else's, writable by others.
    case unsafeCache(path: String, reason: String)
    /// A counter step that is not a finite number (`nan`, `inf`, `1e309`), or a result that would not be one.
    case notFinite(key: String, value: String)
    /// A counter rule that cannot hold (a floor above its ceiling, a reset value outside the limits).
    case badCounter(key: String, reason: String)

    /// English, for logs and `--json`; ``text(in:)`` says it in the reader's language.
    public var description: String { text(in: .english) }

    /// The error in `catalog`'s language; a reason from SQLite or the system is quoted as it is.
    public func text(in catalog: Catalog) -> String {
        switch self {
        case .cannotCreate(let path, let reason):
            return catalog.text("cannot create the cache at {path}: {reason}", ["path": path, "reason": reason])
        case .corrupt(let path, let reason):
            return catalog.text(
                "the cache {path} is damaged or not a weft cache ({reason}); move it aside or delete it and run `weft refresh` to rebuild it",
                ["path": path, "reason": reason])
        case .unreadable(let path, let reason):
            return catalog.text("cannot read the cache {path}: {reason}", ["path": path, "reason": reason])
        case .refreshRunning(let lockFile, let holder, let waited):
            return catalog.text(
                "another refresh ({holder}) is still running after waiting {seconds} s (lock {lock}); this run did nothing: try again when it has finished",
                ["holder": holder, "seconds": NumberText.plain(waited.rounded(.down)), "lock": lockFile])
        case .notANumber(let key, let value):
            return catalog.text(
                "variable \"{key}\" holds \"{value}\", which is not a number", ["key": key, "value": value])
        case .database(let path, let reason):
            return catalog.text("cache {path}: {reason}", ["path": path, "reason": reason])
        case .diskFull(let path):
            return catalog.text(
                "cache {path}: the disk is full; nothing was written and the previous data is kept: free some space (or move the cache with --cache) and run it again",
                ["path": path])
        case .unsafeCache(let path, let reason):
            return catalog.text("refusing the cache {path}: {reason}", ["path": path, "reason": reason])
        case .notFinite(let key, let value):
            return catalog.text(
                "variable \"{key}\": {value} is not a finite number; nothing was changed", ["key": key, "value": value])
        case .badCounter(let key, let reason):
            return catalog.text("counter \"{key}\": {reason}; nothing was changed", ["key": key, "reason": reason])
        }
    }
}
