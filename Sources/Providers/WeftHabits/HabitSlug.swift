/// The variable-name slug of a habit: lower-cased, each run of characters other than a–z and 0–9 one `_`, no `_`
/// at either end (`Exercise 30min` → `exercise_30min`).
public enum HabitSlug {
    /// The slug of `name`; a name with no a–z or 0–9 at all (`読書`) gets `habit_` and a stable hash of it, so it
    /// still has variables.
    public static func of(_ name: String) -> String {
        var slug = ""
        var pendingSeparator = false
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingSeparator, !slug.isEmpty { slug.append("_") }
                pendingSeparator = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingSeparator = true
            }
        }
        guard slug.isEmpty else { return slug }
        // FNV-1a: Swift's Hasher is seeded per process, and a slug must be the same in every run.
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return "habit_" + String(hash, radix: 16)
    }
}
