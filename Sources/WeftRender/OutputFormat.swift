/// How `weft resolve` and `weft watch` print a rendering: as text, or as the JSON a status bar reads.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// The rendered text, one line.
    case plain
    /// Waybar's custom-module JSON: `text`, `tooltip`, `class` (`stale`, `error`), `percentage`.
    case waybar
    /// An i3bar / i3blocks JSON block: `full_text`, `name`, `urgent` on errors, a grey `color` when stale.
    case i3bar
    /// `{"text", "stale", "errors"}` for scripts.
    case json
}
