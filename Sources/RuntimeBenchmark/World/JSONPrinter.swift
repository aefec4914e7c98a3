// Prints a JSONNode the way the world's serializers do: compact, spaced as Python's json.dumps
// or indented with ": " like every pretty printer; "/" escaped as "\/" (PHP, Twitter's API,
// Foundation's JSONSerialization), keys sorted (Stripe's API, JSONSerialization's .sortedKeys).
import Foundation

struct JSONStyle {
    enum Layout {
        /// `{"a":1,"b":[1,2]}`
        case compact
        /// `{"a": 1, "b": [1, 2]}`, Python's json.dumps without indent.
        case spaced
        /// One member or element a line, indented by this many spaces, `"a": 1`.
        case indented(Int)
    }

    enum Doubles {
        /// The shortest decimal that reads back (Swift's `description`, JavaScript's, Python's).
        case shortest
        /// 17 significant digits, trailing zeros dropped (C's `%.17g`, as canada.json is written).
        case seventeenDigits
    }

    var layout: Layout
    var escapesSlashes = false
    var sortsKeys = false
    var doubles = Doubles.shortest
    /// Hex digits of `\u` escapes in upper case (`\uD83D`) or lower case (`\ud83d`, Python's).
    var upperCaseEscapes = false
}

struct JSONPrinter {
    let style: JSONStyle
    private var bytes: [UInt8] = []

    static func print(_ document: JSONNode, _ style: JSONStyle) -> [UInt8] {
        var printer = JSONPrinter(style: style)
        printer.bytes.reserveCapacity(1 << 20)
        printer.write(document, depth: 0)
        if case .indented = style.layout { printer.bytes.append(UInt8(ascii: "\n")) }
        return printer.bytes
    }

    private init(style: JSONStyle) {
        self.style = style
    }

    private mutating func write(_ node: JSONNode, depth: Int) {
        switch node {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .integer(let value): append(String(value))
        case .double(let value): writeDouble(value)
        case .string(let text, let escapesNonASCII): writeString(text, escapesNonASCII: escapesNonASCII)
        case .array(let elements):
            writeContainer("[", "]", elements, depth: depth) { printer, element in
                printer.write(element, depth: depth + 1)
            }
        case .object(let members):
            let ordered = style.sortsKeys ? members.sorted { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) } : members
            writeContainer("{", "}", ordered, depth: depth) { printer, member in
                printer.writeString(member.key, escapesNonASCII: false)
                printer.append(printer.isCompact ? ":" : ": ")
                printer.write(member.value, depth: depth + 1)
            }
        }
    }

    private var isCompact: Bool {
        if case .compact = style.layout { return true }
        return false
    }

    private mutating func writeContainer<Item>(
        _ open: String, _ close: String, _ items: [Item], depth: Int,
        _ writeItem: (inout JSONPrinter, Item) -> Void
    ) {
        append(open)
        guard !items.isEmpty else {
            append(close)
            return
        }
        for (index, item) in items.enumerated() {
            if index > 0 { append(",") }
            switch style.layout {
            case .compact: break
            case .spaced: if index > 0 { append(" ") }
            case .indented(let width): newLine(indent: width * (depth + 1))
            }
            writeItem(&self, item)
        }
        if case .indented(let width) = style.layout { newLine(indent: width * depth) }
        append(close)
    }

    private mutating func newLine(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func writeDouble(_ value: Double) {
        switch style.doubles {
        case .shortest: append(value.description)
        case .seventeenDigits: append(String(format: "%.17g", value))
        }
    }

    private mutating func writeString(_ text: String, escapesNonASCII: Bool) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "/": append(style.escapesSlashes ? "\\/" : "/")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case "\u{08}": append("\\b")
            case "\u{0C}": append("\\f")
            default:
                if scalar.value < 0x20 || (escapesNonASCII && scalar.value > 0x7F) {
                    for unit in UTF16.encode(scalar)! { writeEscape(unit) }
                } else if scalar.isASCII {
                    bytes.append(UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar, into: { bytes.append($0) })
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ unit: UInt16) {
        let hex = String(unit, radix: 16, uppercase: style.upperCaseEscapes)
        append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
    }
}
