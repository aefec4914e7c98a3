import ValuegenPluginSDK

/// A position in a schema file's bytes that knows its line and column. The parser reads
/// through it; a copy of it is a free look-ahead.
struct ByteCursor {
    private let bytes: [UInt8]
    private(set) var offset = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var location: SourceLocation {
        SourceLocation(line: line, column: offset - lineStart + 1)
    }

    func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// The byte `distance` bytes ahead, without moving.
    func peek(at distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    mutating func advance() {
        guard offset < bytes.count else { return }
        if bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        offset += 1
    }

    /// Consumes the character if it is next.
    mutating func consume(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, peek() == ascii else { return false }
        advance()
        return true
    }

    /// Whether the next thing ends the current item: the end of the line or file, a comment,
    /// or a closing brace.
    var atEndOfItem: Bool {
        guard let byte = peek() else { return true }
        return byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\r")
    }

    /// Whether the line the cursor is on holds nothing but spaces before its newline.
    var isAtBlankLine: Bool {
        var index = offset
        while index < bytes.count, Self.isSpace(bytes[index]) {
            index += 1
        }
        return index < bytes.count && bytes[index] == UInt8(ascii: "\n")
    }

    mutating func skipSpaces(includingNewlines: Bool) {
        while let byte = peek(), Self.isSpace(byte) || (includingNewlines && byte == UInt8(ascii: "\n")) {
            advance()
        }
    }

    /// Skips to the start of the next line.
    mutating func skipLine() {
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            advance()
        }
        advance()
    }

    /// The run of word bytes at the cursor: letters, digits, `_`, `.`, `-` and any non-ASCII
    /// byte, so that a malformed name is read whole and reported whole.
    mutating func readWord() -> String {
        let start = offset
        while let byte = peek(), Self.isWordByte(byte) {
            offset += 1
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// `# text` to the end of the line, without the `#` and one following space.
    mutating func readComment() -> String {
        advance() // '#'
        if peek() == UInt8(ascii: " ") {
            advance()
        }
        let start = offset
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            offset += 1
        }
        return Self.trimmingTrailingSpaces(bytes[start..<offset])
    }

    /// A `"quoted"` annotation value with `\"` and `\\` escapes; nil when the line ends first.
    mutating func readQuotedString() -> String? {
        advance() // opening quote
        var value: [UInt8] = []
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if let escaped = peek(), escaped != UInt8(ascii: "\n") {
                    offset += 1
                    value.append(escaped)
                }
            default:
                value.append(byte)
            }
        }
        return nil
    }

    /// An unquoted annotation value: everything up to a space or the end of the line.
    mutating func readUnquotedValue() -> String {
        let start = offset
        while let byte = peek(), !Self.isSpace(byte), byte != UInt8(ascii: "\n") {
            offset += 1
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// A default value: a Swift expression up to the end of the line, a comment, or a `}`
    /// that closes the body. String literals and brackets are skipped over whole.
    mutating func readExpression() -> String {
        let start = offset
        var depth = 0
        scan: while let byte = peek(), byte != UInt8(ascii: "\n") {
            switch byte {
            case UInt8(ascii: "\""):
                skipStringLiteral()
                continue scan
            case UInt8(ascii: "#"):
                if offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\"") {
                    skipStringLiteral()
                    continue scan
                }
                break scan
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { break scan }
                depth -= 1
            default:
                break
            }
            offset += 1
        }
        return Self.trimmingTrailingSpaces(bytes[start..<offset])
    }

    /// Skips `"..."` or `#"..."#` on the current line.
    private mutating func skipStringLiteral() {
        var hashes = 0
        while peek() == UInt8(ascii: "#") {
            hashes += 1
            offset += 1
        }
        offset += 1 // opening quote
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            offset += 1
            if byte == UInt8(ascii: "\\") && hashes == 0 {
                if peek() != UInt8(ascii: "\n") { offset += 1 }
            } else if byte == UInt8(ascii: "\"") {
                var closing = 0
                while closing < hashes, peek() == UInt8(ascii: "#") {
                    closing += 1
                    offset += 1
                }
                if closing == hashes { return }
            }
        }
    }

    /// The character at the cursor, for error messages.
    func characterDescription() -> String {
        guard offset < bytes.count else { return "end of file" }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 {
            end += 1
        }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
             UInt8(ascii: "-"), UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: "+"), UInt8(ascii: "&"):
            return true
        default:
            return byte >= 0x80
        }
    }

    private static func trimmingTrailingSpaces(_ slice: ArraySlice<UInt8>) -> String {
        var end = slice.endIndex
        while end > slice.startIndex, isSpace(slice[end - 1]) {
            end -= 1
        }
        return String(decoding: slice[slice.startIndex..<end], as: UTF8.self)
    }
}
