// Compiling a DateFormatter pattern into a FixedDateFormat, or finding that it needs the formatter.

extension FixedDateFormat {
    /// The pattern's fields and literals, or nil when it has something only a formatter reads
    /// and writes: other names (`MMMMM`, `EEEEE`, `aa`), fields of other calendars' rules
    /// (`YYYY`, `K`, `D`), `h` without `a` or `a` without `h`, a year of two digits (`yy`), a
    /// zone written with a long name (`zzzz`) or as `GMT` and an offset (`ZZZZ`), a date that
    /// lacks its year, month or day, or a shape whose reading the formatter decides in ways not
    /// copied here (a field twice, a zone before anything but a space, a weekday after the
    /// year, month or day, a letter right after a name, non-ASCII literals).
    init?(pattern: String) {
        let bytes = Array(pattern.utf8)
        var elements: [Element] = []
        var literal: [UInt8] = []
        var quoted = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") {
                    literal.append(byte)
                    index += 2
                } else {
                    quoted.toggle()
                    index += 1
                }
                continue
            }
            guard quoted || !Self.isPatternLetter(byte) else {
                var count = 1
                while index + count < bytes.count, bytes[index + count] == byte {
                    count += 1
                }
                guard let field = Self.field(byte, count: count) else { return nil }
                if !literal.isEmpty {
                    elements.append(.literal(literal))
                    literal = []
                }
                elements.append(.field(field))
                index += count
                continue
            }
            literal.append(byte)
            index += 1
        }
        if !literal.isEmpty {
            elements.append(.literal(literal))
        }
        guard !quoted, Self.isReadAlike(elements) else { return nil }
        let maximumLength = elements.reduce(0) { length, element in
            switch element {
            case .field(let field): length + field.maximumLength
            case .literal(let bytes): length + bytes.count
            }
        }
        self.init(elements: elements, maximumLength: maximumLength, layout: Layout(elements))
    }

    private static func isPatternLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func field(_ letter: UInt8, count: Int) -> Field? {
        switch (letter, count) {
        case (UInt8(ascii: "y"), 1), (UInt8(ascii: "y"), 3), (UInt8(ascii: "y"), 4): .year(digits: count)
        case (UInt8(ascii: "M"), 1...2): .month(padded: count == 2)
        case (UInt8(ascii: "M"), 3...4): .monthName(full: count == 4)
        case (UInt8(ascii: "E"), 1...4): .weekday(full: count == 4)
        case (UInt8(ascii: "d"), 1...2): .day(padded: count == 2)
        case (UInt8(ascii: "H"), 1...2): .hour(padded: count == 2)
        case (UInt8(ascii: "m"), 1...2): .minute(padded: count == 2)
        case (UInt8(ascii: "s"), 1...2): .second(padded: count == 2)
        case (UInt8(ascii: "S"), 1...9): .fraction(digits: count)
        case (UInt8(ascii: "Z"), 1...3): .zone(rfc822: true)
        case (UInt8(ascii: "Z"), 5), (UInt8(ascii: "X"), 1...3): .zone(rfc822: false)
        case (UInt8(ascii: "z"), 1...3): .zoneName
        case (UInt8(ascii: "h"), 1...2): .hour12(padded: count == 2)
        case (UInt8(ascii: "a"), 1): .dayPeriod
        default: nil
        }
    }

    /// Whether the elements are read here as the formatter reads them: a year, month and day
    /// each once, no field twice, literals that JSON writes as they are and that no number
    /// runs into, numbers next to each other only with fixed widths, a zone at the end or
    /// before a space (`EEE MMM dd HH:mm:ss Z yyyy`), a weekday before the year, month and day
    /// (the formatter ignores a weekday there: a string whose weekday is not its date's is left
    /// to it), and no letter right after a name (the formatter tries the full name first, in
    /// any case, and does not go back: `dd MMM'e' yyyy` refuses `01 June 2024`).
    private static func isReadAlike(_ elements: [Element]) -> Bool {
        var seen: Set<String> = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .literal(let bytes):
                let writtenAsIs = bytes.allSatisfy { (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
                guard writtenAsIs, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]) else { return false }
            case .field(let field):
                guard seen.insert(field.name).inserted else { return false }
                if field.isZone, index != elements.count - 1 {
                    guard case .literal(let next) = elements[index + 1], next.first == UInt8(ascii: " ") else { return false }
                }
                if case .weekday = field, !seen.isDisjoint(with: ["year", "month", "day"]) { return false }
                if field.isText, index + 1 < elements.count {
                    switch elements[index + 1] {
                    case .literal(let next) where Self.isPatternLetter(next[0]): return false
                    case .field(let next) where next.isText: return false
                    default: break
                    }
                }
                if index + 1 < elements.count, case .field(let next) = elements[index + 1], field.isNumber, next.isNumber,
                   !(field.isFixedWidth && next.isFixedWidth) {
                    return false
                }
            }
        }
        // A 12-hour clock's hour and its AM or PM come together (the formatter reads `h` alone
        // as a morning's, `a` with `H` as nothing).
        let hasTwelveHourClock = elements.contains { if case .field(.hour12) = $0 { true } else { false } }
        return seen.isSuperset(of: ["year", "month", "day"]) && hasTwelveHourClock == seen.contains("dayPeriod")
    }
}

extension FixedDateFormat.Field {
    /// What the field holds, whatever its width.
    var name: String {
        switch self {
        case .year: "year"
        case .month, .monthName: "month"
        case .day: "day"
        case .hour: "hour"
        case .minute: "minute"
        case .second: "second"
        case .fraction: "fraction"
        case .zone, .zoneName: "zone"
        case .hour12: "hour"
        case .dayPeriod: "dayPeriod"
        case .weekday: "weekday"
        }
    }
}
