/// Number parsing straight from CSV field bytes, with thousands separators and decimal commas.
enum ByteNumber {
    /// Parses `123`, `-4`, `12.5`, `"10,234"`, `90,5` (when `decimalComma`) or `1.234,5`; nil when not a number.
    ///
    /// With both `.` and `,` present the later one is the decimal mark. A single separator followed by exactly three
    /// digits is a thousands separator when it is `,` in a comma file or `.` in a decimal-comma file.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard start < end else { return nil }
        var negative = false
        if bytes[start] == UInt8(ascii: "-") {
            negative = true
            start += 1
        } else if bytes[start] == UInt8(ascii: "+") {
            start += 1
        }
        guard start < end else { return nil }
        // Find the decimal mark, if any.
        var lastDot = -1
        var lastComma = -1
        var dots = 0
        var commas = 0
        for index in start..<end {
            switch bytes[index] {
            case UInt8(ascii: "."):
                lastDot = index
                dots += 1
            case UInt8(ascii: ","):
                lastComma = index
                commas += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), 0xC2, 0xA0:
                continue
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                return exponentForm(bytes, start: start, end: end, negative: negative)
            default:
                return nil
            }
        }
        var decimalMark = -1
        if dots > 0, commas > 0 {
            decimalMark = max(lastDot, lastComma)
        } else if dots == 1 || commas == 1 {
            let mark = dots == 1 ? lastDot : lastComma
            let isComma = commas == 1
            let groupOfThree = end - mark - 1 == 3
            let thousandsChar = decimalComma ? !isComma : isComma
            decimalMark = groupOfThree && thousandsChar ? -1 : mark
        }
        if decimalMark >= 0 {
            // The other separator kind may not appear after the decimal mark.
            for index in (decimalMark + 1)..<end
            where bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                return nil
            }
        }
        var integer: Double = 0
        var fraction: Double = 0
        var scale: Double = 1
        var digits = 0
        for index in start..<end {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                if decimalMark >= 0, index > decimalMark {
                    scale *= 10
                    fraction += Double(byte - UInt8(ascii: "0")) / scale
                } else {
                    integer = integer * 10 + Double(byte - UInt8(ascii: "0"))
                }
            }
        }
        guard digits > 0 else { return nil }
        let value = integer + fraction
        return negative ? -value : value
    }

    private static func exponentForm(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, negative: Bool)
        -> Double?
    {
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        else { return nil }
        return negative ? -value : value
    }

    /// Parses a plain signed integer (no separators); nil otherwise.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        var end = bytes.count
        while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
        while end > index, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard index < end else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < end else { return nil }
        var value: Int64 = 0
        while index < end {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = product.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
            index += 1
        }
        return negative ? -value : value
    }
}
