import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftHabits
import WeftPrimitives
import WeftProviders
import WeftRefresh
import WeftRender
import WeftStore

/// The shell completions that need weft's own data: the shell script calls `weft ---completion …` with the words
/// typed so far, and these answer from the providers directory and the cache those words (`--providers`,
/// `--cache`) or the environment name. Nothing is written, and a cache that cannot be read completes nothing.
enum Completions {
    /// Provider instance names (the providers directory's file names), only those of `type` when given.
    static func instances(type: String? = nil) -> CompletionKind {
        .custom { words, _, _ in instanceNames(type: type, words: words) }
    }

    /// The names of the stored habits, of every habits instance.
    static let habits = CompletionKind.custom { words, _, _ in habitNames(words: words) }

    /// Every variable a template can name now: the time built-ins, stored variables and every provider's.
    static let keys = CompletionKind.custom { words, _, _ in keyNames(words: words) }

    /// The stored variables' names (`weft var`).
    static let storedKeys = CompletionKind.custom { words, _, _ in
        ((try? store(words: words)?.variables()) ?? []).map(\.key).sorted()
    }

    static func instanceNames(type: String?, words: [String]) -> [String] {
        let directory = locations(words: words).providersDirectory
        guard let set = try? ProviderSet(path: directory, registry: BuiltinProviders.registry) else { return [] }
        let named =
            set.entries.map { ($0.config.instance, Optional($0.config.type)) }
            + set.problems.compactMap { problem in problem.instance.map { ($0, problem.type) } }
        return Set(named.filter { type == nil || $0.1 == type }.map(\.0)).sorted()
    }

    static func habitNames(words: [String]) -> [String] {
        let snapshots = (try? store(words: words)?.allSnapshots()) ?? []
        let names = snapshots.filter { $0.kind == HabitsKind.type }.flatMap { snapshot in
            ((try? snapshot.decode(HabitsSnapshot.self))?.habits ?? []).map(\.name)
        }
        return Set(names).sorted()
    }

    static func keyNames(words: [String]) -> [String] {
        let where_ = locations(words: words)
        var settings = RenderSettings()
        settings.cacheDirectory = where_.cacheDirectory
        settings.providersDirectory = where_.providersDirectory
        guard let session = try? settings.session() else { return [] }
        return session.resolver.allVariables().keys.sorted()
    }

    /// The cache the words name, opened read-only; nil when there is none yet.
    private static func store(words: [String]) -> CacheStore? {
        try? CacheStore.openForReading(directory: locations(words: words).cacheDirectory)
    }

    /// The locations `--providers` and `--cache` among `words` give (`--providers DIR` or `--providers=DIR`), else
    /// the environment's, settled without moving anything.
    static func locations(words: [String]) -> WeftLocations {
        func flag(_ name: String) -> String? {
            var found: String?
            for (index, word) in words.enumerated() {
                if word == "--" + name, index + 1 < words.count {
                    found = words[index + 1]
                } else if word.hasPrefix("--\(name)=") {
                    found = String(word.dropFirst(name.count + 3))
                }
            }
            return found.map { PathExpansion.expand($0) }
        }
        return WeftLocations.resolve(
            cache: flag("cache"), providers: flag("providers"), environment: ProcessInfo.processInfo.environment)
    }
}
