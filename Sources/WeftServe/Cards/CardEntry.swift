/// A named value as a card or the board lists it (`Streak` and `5 days`, a variable and its value): what the
/// templates read as `{{key}}` and `{{value}}`.
struct CardEntry {
    var key: String
    var value: String
}
