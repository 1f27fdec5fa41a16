/// Local times of day as configs and flags write them (`20:00`, `7:05`, 24-hour): the one parser of a wall-clock
/// time (`weft alarm add 07:00`, `[habits] at = "20:00"`).
public enum TimeOfDayText {
    /// Hour and minute of `H:MM` or `HH:MM` (00:00 … 23:59); nil for anything else (`25:00`, `7pm`, `7:5`).
    public static func parse(_ text: String) -> (hour: Int, minute: Int)? {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), (1...2).contains(colon), bytes.count == colon + 3,
            let hour = ASCIIDigits.value(bytes[..<colon]), let minute = ASCIIDigits.value(bytes[(colon + 1)...]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return (hour, minute)
    }

    /// Seconds into the day of the time `parse` reads.
    public static func seconds(_ text: String) -> Int? { parse(text).map { $0.hour * 3600 + $0.minute * 60 } }
}
