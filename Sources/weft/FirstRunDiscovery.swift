import Foundation
import WeftCore
import WeftPrimitives

/// What `weft init` finds on this machine: calendar folders (khal's and vdirsyncer's, or the usual places), a
/// health export in ~/Downloads. Everything is read from `home` and `environment`, so a test's HOME is the machine.
struct FirstRunDiscovery {
    /// One calendar folder (a vdir: `.ics` files) and the name to show it by.
    struct CalendarFolder: Equatable {
        var name: String
        var path: String
    }

    /// Health exports found in ~/Downloads.
    struct StepFiles {
        /// Patterns for a steps provider's `files`, `~`-relative where they can be.
        var files: [String] = []
        /// What the files are, for the file's comment and the summary.
        var what: [String] = []
        /// Files found that weft cannot read as they are, with what to do.
        var notes: [String] = []
    }

    let home: String
    let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
        home = PathExpansion.home(environment: environment)
    }

    /// The calendar folders and where they were learnt from: khal's config, else vdirsyncer's, else the usual
    /// folders (`~/.calendars`, `~/.local/share/calendars`) holding `.ics` files.
    func calendars() -> (folders: [CalendarFolder], from: String)? {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let khal = config + "/khal/config"
        if let folders = khalFolders(khal), !folders.isEmpty { return (folders, tilde(khal)) }
        let vdirsyncer =
            environment["VDIRSYNCER_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
            ?? [home + "/.vdirsyncer/config", config + "/vdirsyncer/config"].first {
                FileManager.default.fileExists(atPath: $0)
            }
        if let vdirsyncer, let folders = vdirsyncerFolders(vdirsyncer), !folders.isEmpty {
            return (folders, tilde(vdirsyncer))
        }
        for base in [home + "/.calendars", home + "/.local/share/calendars"] {
            let folders = collections(under: base)
            if !folders.isEmpty { return (folders, tilde(base)) }
        }
        return nil
    }

    /// `[[name]]` sections of khal's `[calendars]`, each with its `path` (a `type = discover` path is a glob of
    /// folders).
    private func khalFolders(_ file: String) -> [CalendarFolder]? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        var folders: [CalendarFolder] = []
        var inCalendars = false
        var name: String?
        var path: String?
        var discover = false
        func flush() {
            defer { (name, path, discover) = (nil, nil, false) }
            guard let name, let path else { return }
            let expanded = PathExpansion.expand(path, environment: environment)
            if discover {
                folders += FilePatterns.expand([expanded]).files.filter(holdsCalendars).map {
                    CalendarFolder(name: displayName(of: $0), path: $0)
                }
            } else if holdsCalendars(expanded) {
                let trimmed = expanded.count > 1 && expanded.hasSuffix("/") ? String(expanded.dropLast()) : expanded
                folders.append(CalendarFolder(name: name, path: trimmed))
            }
        }
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[[") {
                flush()
                if inCalendars { name = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")) }
            } else if line.hasPrefix("[") {
                flush()
                inCalendars = line == "[calendars]"
            } else if name != nil, let (key, value) = Self.assignment(line) {
                if key == "path" { path = value }
                if key == "type" { discover = value == "discover" }
            }
        }
        flush()
        return folders
    }

    /// The folders of vdirsyncer's `filesystem` storages with `fileext = ".ics"`: the storage's path itself when it
    /// holds `.ics` files, else each collection folder inside it.
    private func vdirsyncerFolders(_ file: String) -> [CalendarFolder]? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        var folders: [CalendarFolder] = []
        var storage: [String: String]?
        func flush() {
            defer { storage = nil }
            guard let storage, storage["type"] == "filesystem", storage["fileext"] == ".ics",
                let path = storage["path"]
            else { return }
            for folder in collections(under: PathExpansion.expand(path, environment: environment))
            where !folders.contains(folder) {
                folders.append(folder)
            }
        }
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                flush()
                if line.hasPrefix("[storage ") { storage = [:] }
            } else if storage != nil, let (key, value) = Self.assignment(line) {
                storage?[key] = value
            }
        }
        flush()
        return folders
    }

    /// `base` itself when it holds `.ics` files, else its folders that do.
    private func collections(under base: String) -> [CalendarFolder] {
        let path = base.count > 1 && base.hasSuffix("/") ? String(base.dropLast()) : base
        if holdsCalendars(path) { return [CalendarFolder(name: displayName(of: path), path: path)] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }.filter(holdsCalendars).map {
            CalendarFolder(name: displayName(of: $0), path: $0)
        }
    }

    /// Whether `path` is a folder with at least one `.ics` file.
    private func holdsCalendars(_ path: String) -> Bool {
        let path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.contains { $0.lowercased().hasSuffix(".ics") }
    }

    /// The name vdirsyncer's metasync stored (`displayname` in the folder), else the folder's name.
    private func displayName(of path: String) -> String {
        let stored = (try? String(contentsOfFile: path + "/displayname", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if let stored, !stored.isEmpty { return stored }
        return String(path.split(separator: "/").last ?? "calendar")
    }

    /// `key = value` of an INI line (khal's configobj, vdirsyncer's JSON values), quotes taken off the value.
    private static func assignment(_ line: String) -> (String, String)? {
        guard !line.hasPrefix("#"), !line.hasPrefix(";"), let equals = line.firstIndex(of: "=") else { return nil }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        return (key, value)
    }

    /// Apple Health's `export.zip` (or its unzipped `export.xml`) and Google Fit's unzipped Takeout in ~/Downloads.
    func stepFiles(_ catalog: Catalog) -> StepFiles {
        var found = StepFiles()
        let downloads = home + "/Downloads"
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        if exists(downloads + "/export.zip") {
            found.files.append(tilde(downloads + "/export.zip"))
            found.what.append("Apple Health's export")
        } else if exists(downloads + "/apple_health_export/export.xml") {
            found.files.append(tilde(downloads + "/apple_health_export/export.xml"))
            found.what.append("Apple Health's export")
        }
        let fit = downloads + "/Takeout/Fit/All Data/derived_com.google.step_count.delta_*.json"
        if !FilePatterns.expand([fit]).files.isEmpty {
            found.files.append(tilde(fit))
            found.what.append("Google Fit's Takeout")
        } else if let zip = FilePatterns.expand([downloads + "/takeout-*.zip"]).files.first {
            found.notes.append(
                catalog.text(
                    "{file} is a Google Takeout zip: unzip it in ~/Downloads and run `weft init` again to read its Fit steps",
                    ["file": tilde(zip)]))
        }
        return found
    }

    /// `path` with the home folder written `~`, as a person would write it in the file.
    func tilde(_ path: String) -> String {
        guard path.hasPrefix(home + "/"), home != "/" else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
