import WeftPrimitives

/// A source of step data (a device or app) and how it ranks when sources overlap.
struct StepSource: Sendable, Hashable, Codable {
    /// The source's name as the export gives it (or a name weft gives a single-source format).
    var name: String
    /// The class that decides its default priority.
    var kind: Kind

    /// Source classes in default priority order: user-entered beats watch beats phone beats the rest.
    enum Kind: Int, Sendable, Hashable, Codable, Comparable, CaseIterable {
        /// Steps a person typed in (Apple's top rank).
        case userEntered = 0
        /// A wrist-worn device: Apple Watch, Fitbit, Garmin, Gadgetbridge bands.
        case watch = 1
        /// A phone's own pedometer.
        case phone = 2
        /// Apps and anything unrecognised.
        case other = 3

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Creates a source.
    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Creates a source classified from its name and, for Apple Health, its device description.
    init(name: String, device: String = "") {
        self.name = name
        self.kind = Self.classify(name: name, device: device)
    }

    /// The longest name ``named(afterFile:)`` gives, in characters.
    static let maxFileNameLength = 64

    /// The source of a file that does not say where its rows come from: its base name, control characters removed
    /// and at most ``maxFileNameLength`` characters, so a newer export of the same file replaces the older one's
    /// samples while a different file never does.
    static func named(afterFile path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var scalars = String.UnicodeScalarView()
        for scalar in base.unicodeScalars where !TerminalText.isUnsafe(scalar) { scalars.append(scalar) }
        let name = String(String(scalars).prefix(maxFileNameLength))
        return name.isEmpty ? "CSV" : name
    }

    /// Classifies a source.
    ///
    /// Apple Health names manual entries' source `Health`; its device text says `model:Watch` or `model:iPhone`.
    /// Other names are matched on words: `manual`/`user entered`; `watch`, `band`, `fitbit`, `garmin`,
    /// `gadgetbridge`, `tracker`, `oura`; `iphone`, `phone`, `pixel`, `android`, `galaxy s`.
    static func classify(name: String, device: String) -> Kind {
        let lowerName = name.lowercased()
        let lowerDevice = device.lowercased()
        if lowerName == "health" || lowerName.contains("manual") || lowerName.contains("user entered")
            || lowerName.contains("user-entered")
        {
            return .userEntered
        }
        if lowerDevice.contains("model:watch") { return .watch }
        if lowerDevice.contains("model:iphone") { return .phone }
        for word in ["watch", "band", "fitbit", "garmin", "gadgetbridge", "tracker", "oura"]
        where lowerName.contains(word) {
            return .watch
        }
        for word in ["iphone", "phone", "pixel", "android", "galaxy s"] where lowerName.contains(word) {
            return .phone
        }
        return .other
    }
}
