/// A small RFC 4180 reader for habit exports: quoted fields (with `""`, commas and line breaks inside), CRLF and a
/// leading byte-order mark; each row keeps the line it starts on, for messages.
///
/// Habit exports are a few thousand rows, so the whole file is split at once (the steps reader streams because
/// step exports run to millions of rows, and its errors are step-import errors).
enum HabitCSV {
    /// One row and the 1-based line it starts on.
    struct Row: Sendable, Equatable {
        /// The line the row starts on.
        var line: Int
        /// The fields, unquoted.
        var fields: [String]
    }

    /// Splits text into rows; blank lines are dropped.
    static func rows(_ text: String) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var rowLine = 1
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var index = 0
        func endRow() {
            fields.append(field)
            field = ""
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields = []
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if quoted {
                if scalar == "\"" {
                    if index < scalars.count, scalars[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",":
                fields.append(field)
                field = ""
            case "\r" where index < scalars.count && scalars[index] == "\n": break
            case "\n":
                endRow()
                line += 1
                rowLine = line
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return rows
    }
}
