/// The locale whose conventions dates and numbers follow, chosen like the words' ``Catalog``: an explicit choice
/// (`--locale`, a provider's `locale`) first, else POSIX's order for dates, `LC_ALL`, `LC_TIME`, `LANG`.
public enum DateLocale {
    /// The Foundation identifier for `explicit`, else `environment`'s date locale: `de_DE.UTF-8` reads as `de_DE`;
    /// unset, `C` and `POSIX` read as `en_US`, so output never depends on a machine left at the C locale.
    public static func identifier(_ explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let name, Catalog.language(of: name) != nil else { return "en_US" }
        // The codeset and the modifier (`.UTF-8`, `@euro`) are the C library's; Foundation wants `de_DE`.
        return String(name.prefix { $0 != "." && $0 != "@" }.map { $0 == "-" ? "_" : $0 })
    }
}
