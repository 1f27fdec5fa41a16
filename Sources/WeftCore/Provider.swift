import Foundation
import Logging
import WeftPrimitives

/// A configured source of data: one instance of a provider kind, made from one TOML file.
public protocol Provider: Sendable {
    /// The instance id (the TOML file's name).
    var instance: String { get }
    /// The prefix of every variable it produces.
    var prefix: String { get }
    /// Fetches and normalises fresh data. Throwing keeps the previous snapshot.
    func refresh(_ context: RefreshContext) async throws -> RefreshOutcome
    /// Local files the data comes from: a change to any of them makes the provider due, like its own TOML file.
    var watchedFiles: [String] { get }
    /// What stands in the way of a refresh outside the provider file itself (a file that does not exist, a program
    /// that is not there), placed on the lines of `config` that name it, for `weft check`; nothing is fetched.
    func preflight(_ config: ProviderConfig) -> [ConfigError]
}

extension ProviderKind {
    /// Most kinds keep nothing of the user's own.
    public static var recordKinds: [String] { [] }
    /// Most kinds show their variables as a list.
    public static var card: BoardCard { .keyValue }
    /// Most kinds' instances come from provider files.
    public static var needsNoFile: Bool { false }
    /// A kind without a manual entry (a test's) says nothing; every built-in kind has one.
    public static var summary: String { "" }
    /// A kind without a table (a test's) lists no keys; every built-in kind has one.
    public static var fileKeys: [ConfigKey] { [] }
    /// Most kinds' variables count whole minutes.
    public static var countsSeconds: Bool { false }
    /// Most kinds draw nothing beyond their variables.
    public static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? { nil }
}

extension Provider {
    /// Most providers read no local files.
    public var watchedFiles: [String] { [] }
    /// Most providers have nothing to check beyond their file.
    public func preflight(_ config: ProviderConfig) -> [ConfigError] { [] }
}

/// A kind of provider, registered by its `type` name; it makes instances and derives variables.
public protocol ProviderKind: Sendable {
    /// The `type` value that selects this kind in a TOML file.
    static var type: String { get }
    /// The snapshot payload version this kind writes and reads.
    static var schemaVersion: Int { get }
    /// The kinds of the user's own records its instances show (see ``UserRecordChange``): what `weft forget`
    /// moves to the trash.
    static var recordKinds: [String] { get }
    /// Whether its instance is made by its own commands from the user's records, with no provider file (alarms,
    /// timers): its snapshot never expires, and having no file is not "no longer configured".
    static var needsNoFile: Bool { get }
    /// What the kind provides, one sentence for its manual page.
    static var summary: String { get }
    /// Every key its provider file may set besides `type`: what the file is checked against and the manual lists.
    static var fileKeys: [ConfigKey] { get }
    /// Whether its variables change within a minute (a timer's `mm:ss`): a live loop then derives them at every
    /// render instead of keeping them until the next whole minute after the instants they expose.
    static var countsSeconds: Bool { get }
    /// The variable prefix of an instance whose file sets no `prefix`.
    static func defaultPrefix(instance: String) -> String
    /// Makes an instance from its configuration, or explains what is wrong with it.
    static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider
    /// Derives the variables of a snapshot at the render's `now`; keys include the prefix.
    static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String]
    /// The dashboard card that shows its instances.
    static var card: BoardCard { get }
    /// What its card draws beside the variables (a rain ribbon, a heatmap, habits' weeks) at the render's `now`.
    static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures?
    /// The occasions of a snapshot due in the query's window, for the notifier (``Occasion``).
    static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion]
}

/// What a provider sees while refreshing.
public struct RefreshContext: Sendable {
    /// The refresh's clock reading.
    public var now: Date
    /// The last good snapshot, if any (for conditional requests and incremental imports).
    public var previous: Snapshot?
    /// Stored HTTP validators by URL.
    public var validators: [String: HTTPValidator]
    /// The refresh's zone for providers that set no `timezone` (``ZoneRule/general``).
    public var timeZone: TimeZone
    /// Where the provider logs.
    public var logger: Logger
    /// The instance's stored data besides its snapshot, when the refresh runs against a cache.
    public var data: (any ProviderDataStore)?
    /// Whether the provider's settings changed since its last successful refresh: import-style providers then
    /// rebuild their derived data from their sources instead of answering "not modified".
    public var settingsChanged: Bool

    /// Creates a context.
    public init(
        now: Date, previous: Snapshot?, validators: [String: HTTPValidator] = [:], timeZone: TimeZone,
        logger: Logger, data: (any ProviderDataStore)? = nil, settingsChanged: Bool = false
    ) {
        self.now = now
        self.previous = previous
        self.validators = validators
        self.timeZone = timeZone
        self.logger = logger
        self.data = data
        self.settingsChanged = settingsChanged
    }

    /// The zone a provider whose `timezone` setting is `provider` counts its days in (``ZoneRule``).
    public func zone(provider: TimeZone?) -> TimeZone { ZoneRule(general: timeZone).zone(provider: provider) }
}

/// The result of a successful refresh.
public struct RefreshOutcome: Sendable {
    /// How the data changed.
    public enum Change: Sendable {
        /// New data replaces the snapshot.
        case updated(Snapshot)
        /// The source said nothing changed (e.g. HTTP 304): keep the data, extend its validity.
        case notModified(validUntil: Date)
    }

    /// The change to store.
    public var change: Change
    /// Validators to remember for the next conditional request.
    public var validators: [HTTPValidator]
    /// What went wrong in a refresh that still succeeded in part (one calendar source of several failed): its
    /// warnings, recorded with the attempt, so `weft status` and `<prefix>warnings` show them.
    public var problems: [String]
    /// Changes to the user's own records, written in the same transaction.
    public var records: [UserRecordChange]

    /// Creates an outcome.
    public init(
        _ change: Change, validators: [HTTPValidator] = [], problems: [String] = [],
        records: [UserRecordChange] = []
    ) {
        self.change = change
        self.validators = validators
        self.problems = problems
        self.records = records
    }
}

/// A refresh failure with what the store needs to remember about it.
public protocol RefreshFailure: Error {
    /// The HTTP status, when the failure was an HTTP response.
    var httpStatus: Int? { get }
    /// The earliest time to try again (e.g. from Retry-After), when the source asked for one.
    var retryAfter: Date? { get }
}

/// What variable derivation sees at render time.
public struct VariableContext: Sendable {
    /// The render's now.
    public var now: Date
    /// The view's time zone: the render's (``ZoneRule/general``), until ``viewing(recordedZone:)`` makes it a
    /// provider's.
    public var timeZone: TimeZone
    /// The render's locale.
    public var locale: Locale
    /// The language of the words variables carry (`In 12 min`, `Rain now`): `--locale`, else the environment's.
    public var catalog: Catalog
    /// What a session's derivations keep between renders (a live loop's); nil derives everything afresh.
    public var derivation: DerivationCache?

    /// Creates a context.
    public init(
        now: Date, timeZone: TimeZone, locale: Locale, catalog: Catalog = .english, derivation: DerivationCache? = nil
    ) {
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.catalog = catalog
        self.derivation = derivation
    }
}

extension VariableContext {
    /// This context as a view of a snapshot whose provider recorded its `timezone` as `identifier` (nil: it set
    /// none): its zone is the one ``ZoneRule`` decides, so variables and CLI views count "today" alike.
    public func viewing(recordedZone identifier: String?) -> VariableContext {
        var context = self
        context.timeZone = ZoneRule(general: timeZone).zone(recorded: identifier)
        return context
    }
}
