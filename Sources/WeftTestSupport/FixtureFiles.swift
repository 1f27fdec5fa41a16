import Foundation

/// The recorded fixtures in `Tests/Fixtures/<group>` (each group with its SOURCES.md), found from this file's
/// place in the checkout, so tests read them wherever they run.
public enum FixtureFiles {
    /// `Tests/Fixtures`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures")

    /// The folder of a group: `ical`, `weather`, `steps`, `fuzz`.
    public static func directory(_ group: String) -> URL { root.appendingPathComponent(group) }

    /// The path of a fixture inside a group.
    public static func path(_ group: String, _ name: String) -> String {
        directory(group).appendingPathComponent(name).path
    }

    /// The bytes of a fixture inside a group.
    public static func data(_ group: String, _ name: String) throws -> Data {
        try Data(contentsOf: directory(group).appendingPathComponent(name))
    }
}
