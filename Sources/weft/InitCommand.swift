import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftProviders
import WeftRefresh

#if canImport(Glibc)
    import Glibc
#endif

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write commented provider files for the calendars, health export and place found on this machine.",
        discussion: """
            Looks for calendar folders (the calendars of khal's config, else vdirsyncer's filesystem storages, \
            else ~/.calendars or ~/.local/share/calendars with .ics files), Apple Health's export.zip or an \
            unzipped Google Takeout in ~/Downloads, and writes calendar.toml, steps.toml and weather.toml into the \
            providers directory, each commented. Weather uses Open-Meteo (no key) at the place given with \
            --latitude and --longitude, or asked once on a terminal; fill in its `contact`. The zone is --zone, \
            else $TZ, else the system's. A file that exists, or a kind you already have a provider of, is kept as \
            it is. Then it prints the next three commands.

            Examples:
              weft init --dry-run
              weft init --latitude 52.52 --longitude 13.405 --name Berlin
            """)

    @Flag(help: "Print the files it would write, and write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("The weather's latitude (−90…90).", valueName: "degrees"))
    var latitude: Double?

    @Option(help: ArgumentHelp("The weather's longitude (−180…180).", valueName: "degrees"))
    var longitude: Double?

    @Option(help: ArgumentHelp("The place's name (__weather_location).", valueName: "text"))
    var name: String?

    @Option(help: ArgumentHelp("Your e-mail or a URL for the weather API's User-Agent.", valueName: "address"))
    var contact: String?

    @Option(
        help: ArgumentHelp("The zone of calendar and step days (default: $TZ, else the system's).", valueName: "zone"),
        completion: ClockOptions.zoneNames)
    var zone: String?

    @OptionGroup var locations: LocationOptions

    /// What `check`, `status`, `refresh` and `resolve` say when no provider is configured.
    static func startHint(_ catalog: Catalog) -> String {
        catalog.text(
            "start with `weft init`: it writes provider files for the calendars, health export and place it finds")
    }

    func validate() throws {
        guard (latitude == nil) == (longitude == nil) else {
            throw ValidationError("give --latitude and --longitude together")
        }
        if let latitude, !(-90...90).contains(latitude) {
            throw ValidationError("--latitude \(latitude) is not between -90 and 90")
        }
        if let longitude, !(-180...180).contains(longitude) {
            throw ValidationError("--longitude \(longitude) is not between -180 and 180")
        }
        if let zone {
            do { _ = try TimeZoneName.zone(zone) } catch { throw ValidationError("--zone: \(error)") }
        }
    }

    /// One provider file to write.
    private struct Plan {
        var instance: String
        var text: String
        var summary: String
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let catalog = ReaderLanguage.catalog
        let discovery = FirstRunDiscovery(environment: environment)
        let directory = locations.resolved.providersDirectory
        let zoneName = try zoneIdentifier(environment)
        let existing = try exitingOnConfigError {
            try ProviderSet(path: directory, registry: BuiltinProviders.registry)
        }
        let types =
            existing.entries.map { ($0.config.instance, $0.config.type) }
            + existing.problems.compactMap { problem in problem.instance.map { ($0, problem.type ?? "?") } }
        /// The prefix of each kind the next commands can show: the file's own for a kept one.
        var prefixes: [String: String] = [:]
        /// The file of `kind` (of one of `types`) the user has already, if any.
        func have(_ kind: String, types kinds: [String]? = nil) -> String? {
            let kinds = kinds ?? [kind]
            guard let found = types.first(where: { kinds.contains($0.1) }) else { return nil }
            let entry = existing.entries.first { $0.config.instance == found.0 }
            if let entry { prefixes[kind] = entry.provider.prefix }
            return "\(found.0).toml (\(found.1))"
        }

        var plans: [Plan] = []
        var said: [String] = []
        if let calendars = discovery.calendars() {
            if let kept = have("calendar") {
                said.append(
                    catalog.text(
                        "calendar: kept {file}; found {count} in {from}",
                        ["file": kept, "count": String(calendars.folders.count), "from": calendars.from]))
            } else {
                plans.append(
                    calendarPlan(calendars.folders, from: calendars.from, zone: zoneName, discovery, catalog))
                prefixes["calendar"] = "__calendar_"
            }
        } else {
            said.append(catalog.text("calendar: no khal or vdirsyncer calendars, no .ics files in ~/.calendars"))
        }
        let steps = discovery.stepFiles(catalog)
        said += steps.notes
        if !steps.files.isEmpty {
            if let kept = have("steps") {
                said.append(
                    catalog.text("steps: kept {file}; found {what}", ["file": kept, "what": Self.what(steps, catalog)]))
            } else {
                plans.append(stepsPlan(steps, zone: zoneName, catalog))
                prefixes["steps"] = "__steps_"
            }
        } else if steps.notes.isEmpty {
            said.append(catalog.text("steps: no export.zip or Takeout in ~/Downloads"))
        }
        let weatherTypes = ["open-meteo", "met-norway", "pirate-weather", "weatherkit"]
        if let kept = have("weather", types: weatherTypes) {
            said.append(catalog.text("weather: kept {file}", ["file": kept]))
        } else if let place = try place(catalog) {
            plans.append(weatherPlan(place, zone: zoneName, catalog))
            prefixes["weather"] = "__weather_"
        } else {
            said.append(
                catalog.text(
                    "weather: no place given; `weft init --latitude 52.52 --longitude 13.405 --name Berlin` adds it"))
        }

        var written: [String] = []
        for plan in plans {
            let path = directory + "/\(plan.instance).toml"
            if FileManager.default.fileExists(atPath: path) {
                Stdout.line(catalog.text("kept {file}: it exists (weft init never overwrites a file)", ["file": path]))
                // A file of another type holds the name, so the kind's keys are not there to show.
                prefixes[plan.instance] = nil
                continue
            }
            if dryRun {
                Stdout.line(catalog.text("would write {file} ({summary}):", ["file": path, "summary": plan.summary]))
                Stdout.write(plan.text.split(separator: "\n").map { "  \($0)\n" }.joined())
                continue
            }
            try write(plan.text, to: path, directory: directory)
            Stdout.line(catalog.text("wrote {file}: {summary}", ["file": path, "summary": plan.summary]))
            written.append(plan.instance)
        }
        for line in said { Stdout.line(line) }
        let weatherPlanned = plans.contains { $0.instance == "weather" }
        if contact == nil, weatherPlanned, written.contains("weather") || (dryRun && prefixes["weather"] != nil) {
            Stdout.line(
                catalog.text(
                    "weather.toml: fill in `contact` (your e-mail or a URL): it goes into the User-Agent, so the weather service can reach you instead of blocking weft"
                ))
        }
        if !written.isEmpty { try checkWritten(written, directory: directory, catalog) }
        if plans.isEmpty && types.isEmpty {
            Stdout.line(catalog.text("nothing to write; the README's Configuration section shows every provider file"))
            return
        }
        nextCommands(prefixes, catalog)
    }

    /// `--zone`, else the zone `$TZ` or the system names (UTC when neither can be read).
    private func zoneIdentifier(_ environment: [String: String]) throws -> String {
        if let zone { return try TimeZoneName.zone(zone).identifier }
        return (try? ZoneRule(tz: nil, environment: environment).general.identifier) ?? "UTC"
    }

    /// The weather's place: the flags, else one question on a terminal (empty skips); nil for none.
    private func place(_ catalog: Catalog) throws -> (latitude: Double, longitude: Double, name: String)? {
        if let latitude, let longitude { return (latitude, longitude, name ?? "Home") }
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        FileHandle.standardError.write(
            Data(
                catalog.text(
                    "Weather: where are you? LATITUDE LONGITUDE [NAME], e.g. 52.52 13.405 Berlin (empty skips): "
                ).utf8))
        guard let line = readLine(strippingNewline: true) else { return nil }
        let parts = line.split { $0 == " " || $0 == "," || $0 == "\t" }
        guard parts.count >= 2 else {
            if !parts.isEmpty {
                Stderr.line(
                    "weft: " + catalog.text("\"{line}\" is not LATITUDE LONGITUDE; no weather written", ["line": line]))
            }
            return nil
        }
        guard let latitude = Double(parts[0]), let longitude = Double(parts[1]), (-90...90).contains(latitude),
            (-180...180).contains(longitude)
        else {
            Stderr.line(
                "weft: "
                    + catalog.text(
                        "\"{line}\" is not a latitude (−90…90) and a longitude (−180…180); no weather written",
                        ["line": line]))
            return nil
        }
        let rest = parts.dropFirst(2).joined(separator: " ")
        return (latitude, longitude, name ?? (rest.isEmpty ? "Home" : rest))
    }

    private func calendarPlan(
        _ folders: [FirstRunDiscovery.CalendarFolder], from: String, zone: String, _ discovery: FirstRunDiscovery,
        _ catalog: Catalog
    ) -> Plan {
        let sources = folders.map {
            "  { name = \(Self.toml($0.name)), path = \(Self.toml(discovery.tilde($0.path))) },"
        }
        let text = """
            # Next-up events, written by `weft init` from \(from).
            # Each source is a folder of .ics files (a vdir, as vdirsyncer keeps it) or one .ics file;
            # a URL works too: { name = "Team", url = "webcal://example.org/team.ics" }
            type = "calendar"
            sources = [
            \(sources.joined(separator: "\n"))
            ]
            timezone = \(Self.toml(zone))  # local days and all-day events
            # me = ["mailto:you@example.org"]  # your address: events you declined never show
            # remind = ["10m"]                 # reminders before each timed event, for `weft notify`
            # long_event = "12h"               # a longer event (a trip) does not hold __calendar_next

            """
        let names = folders.map(\.name).joined(separator: ", ")
        return Plan(
            instance: "calendar", text: text,
            summary: catalog.plural(
                "{count} calendar ({names})", "{count} calendars ({names})", count: folders.count, ["names": names]))
    }

    private func stepsPlan(_ steps: FirstRunDiscovery.StepFiles, zone: String, _ catalog: Catalog) -> Plan {
        let files = steps.files.map(Self.toml).joined(separator: ", ")
        let text = """
            # Steps from \(steps.what.joined(separator: " and ")), written by `weft init`.
            # The files are imported again when they change (a newer export saved over the old one).
            type = "steps"
            files = [\(files)]
            timezone = \(Self.toml(zone))  # what "today" is
            goal_weekday = 10000
            goal_weekend = 6000
            # weekend_days = ["sat", "sun"]

            """
        return Plan(instance: "steps", text: text, summary: Self.what(steps, catalog))
    }

    /// The step exports found, in the reader's words (the file's comment keeps English).
    private static func what(_ steps: FirstRunDiscovery.StepFiles, _ catalog: Catalog) -> String {
        let said = steps.what.map { what in
            switch what {
            case "Apple Health's export": catalog.text("Apple Health's export")
            case "Google Fit's Takeout": catalog.text("Google Fit's Takeout")
            default: what
            }
        }
        guard said.count == 2 else { return said.joined(separator: ", ") }
        return catalog.text("{first} and {second}", ["first": said[0], "second": said[1]])
    }

    private func weatherPlan(
        _ place: (latitude: Double, longitude: Double, name: String), zone: String, _ catalog: Catalog
    ) -> Plan {
        let contactLine =
            contact.map { "contact = \(Self.toml($0))  # goes into the User-Agent" }
            ?? "# contact = \"you@example.org\"  # FILL IN your e-mail or a URL: it goes into the User-Agent"
        let text = """
            # Weather from Open-Meteo (no API key), written by `weft init`.
            # "met-norway" works without a key too, but needs `contact`.
            type = "open-meteo"
            name = \(Self.toml(place.name))  # __weather_location
            latitude = \(place.latitude)
            longitude = \(place.longitude)
            timezone = \(Self.toml(zone))  # the place's zone: its days, sunrise and sunset
            units = "celsius"  # or "fahrenheit"
            \(contactLine)

            """
        return Plan(
            instance: "weather", text: text,
            summary: catalog.text(
                "Open-Meteo at {latitude}, {longitude}",
                ["latitude": String(place.latitude), "longitude": String(place.longitude)]))
    }

    /// Writes `text` to a new file at `path`, never over an existing one (one made since the check is kept).
    private func write(_ text: String, to path: String, directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            throw CLIError { catalog in
                catalog.text(
                    "cannot write {file}: {reason}", ["file": path, "reason": (error as NSError).localizedDescription])
            }
        }
    }

    /// The written files checked as `weft check` checks them: a problem is said, with the file and line.
    private func checkWritten(_ instances: [String], directory: String, _ catalog: Catalog) throws {
        let findings = try CheckCommand.findings(
            providersDirectory: directory, cacheDirectory: locations.resolved.cacheDirectory)
        for problem in findings.problems where problem.instance.map(instances.contains) ?? false {
            Stdout.line(problem.error.text(in: catalog))
        }
    }

    /// The three commands to run next, with the `--providers`/`--cache` given to this one.
    private func nextCommands(_ prefixes: [String: String], _ catalog: Catalog) {
        var flags = ""
        if let providers = locations.providers { flags += " --providers " + ScheduleCommand.quoted(providers) }
        if let cache = locations.cache { flags += " --cache " + ScheduleCommand.quoted(cache) }
        var parts: [String] = []
        if let weather = prefixes["weather"] { parts.append("{{\(weather)nowcast|…}}") }
        if let calendar = prefixes["calendar"] {
            parts.append("{{\(calendar)next_title|free}} {{\(calendar)next_label|}}")
        }
        if let steps = prefixes["steps"] { parts.append("👟 {{\(steps)today|0}}") }
        if parts.isEmpty { parts.append("{{__time}}") }
        Stdout.line(catalog.text("next:"))
        Stdout.line("  weft refresh\(flags)  # " + catalog.text("fetch and import what the files name"))
        Stdout.line("  weft resolve\(flags) '\(parts.joined(separator: " · "))'")
        Stdout.line("  weft schedule --systemd\(flags)  # " + catalog.text("refresh every 5 minutes from a user timer"))
    }

    /// A TOML basic string.
    static func toml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
