/// What a default value written in a schema is, read lexically: a literal whose kind can be
/// checked against the attribute's type, or any other Swift expression, copied through.
indirect enum DefaultLiteral: Equatable, Sendable {
    case string
    case integer
    case float
    case boolean
    case `nil`
    case array([DefaultLiteral])
    case dictionary([(key: DefaultLiteral, value: DefaultLiteral)])
    case expression

    /// Two literals are of the same kind when their cases are the same, whatever they hold.
    static func == (lhs: DefaultLiteral, rhs: DefaultLiteral) -> Bool {
        switch (lhs, rhs) {
        case (.string, .string), (.integer, .integer), (.float, .float), (.boolean, .boolean), (.nil, .nil),
             (.array, .array), (.dictionary, .dictionary), (.expression, .expression):
            return true
        default:
            return false
        }
    }

    /// How messages name the kind: `a string literal`.
    var kindName: String {
        switch self {
        case .string: return "a string literal"
        case .integer: return "an integer literal"
        case .float: return "a floating-point literal"
        case .boolean: return "a Boolean literal"
        case .nil: return "'nil'"
        case .array(let elements): return elements.isEmpty ? "an empty array literal" : "an array literal"
        case .dictionary(let entries): return entries.isEmpty ? "an empty dictionary literal" : "a dictionary literal"
        case .expression: return "an expression"
        }
    }

    /// Reads a default that `DefaultLexer.problem(in:)` found balanced.
    init(_ text: String) {
        let text = text.trimmingSpaces
        let bytes = Array(text.utf8)
        if text == "nil" {
            self = .nil
        } else if text == "true" || text == "false" {
            self = .boolean
        } else if let number = Self.number(bytes) {
            self = number
        } else if bytes.first == UInt8(ascii: "\"") || bytes.first == UInt8(ascii: "#"), DefaultLexer.endOfFirstToken(bytes) == bytes.count {
            self = .string
        } else if bytes.first == UInt8(ascii: "["), DefaultLexer.endOfFirstToken(bytes) == bytes.count {
            self = Self.collection(String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self))
        } else {
            self = .expression
        }
    }

    private static func collection(_ inner: String) -> DefaultLiteral {
        let trimmed = inner.trimmingSpaces
        if trimmed == ":" {
            return .dictionary([])
        }
        if trimmed.isEmpty {
            return .array([])
        }
        var elements = DefaultLexer.splitTopLevel(Array(trimmed.utf8), at: UInt8(ascii: ","))
        // A trailing comma, `[1, 2,]`, is allowed.
        if elements.count > 1, elements.last?.allSatisfy({ $0 == UInt8(ascii: " ") }) == true {
            elements.removeLast()
        }
        let pairs = elements.map { DefaultLexer.splitTopLevel($0, at: UInt8(ascii: ":")) }
        if pairs.allSatisfy({ $0.count == 2 }) {
            return .dictionary(pairs.map { (DefaultLiteral(String(decoding: $0[0], as: UTF8.self)), DefaultLiteral(String(decoding: $0[1], as: UTF8.self))) })
        }
        if pairs.allSatisfy({ $0.count == 1 }) {
            return .array(elements.map { DefaultLiteral(String(decoding: $0, as: UTF8.self)) })
        }
        return .expression
    }

    /// `.integer` or `.float` for a number literal's text; nil when it is not one.
    static func numberKind(_ text: String) -> DefaultLiteral? {
        number(Array(text.utf8))
    }

    /// `-12`, `1_000`, `0xFF`, `0b1010`, `0o17`, `1.5`, `2e10`, `-0.5e-3`.
    private static func number(_ bytes: [UInt8]) -> DefaultLiteral? {
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard let first = digits.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        let text = String(decoding: digits, as: UTF8.self)
        for (prefix, allowed) in [("0x", "0123456789abcdefABCDEF_"), ("0b", "01_"), ("0o", "01234567_")] where text.hasPrefix(prefix) {
            let rest = text.dropFirst(2)
            return !rest.isEmpty && rest.allSatisfy({ allowed.contains($0) }) ? .integer : nil
        }
        if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "_") }) {
            return .integer
        }
        var sawDot = false
        var sawExponent = false
        var previous: Character = " "
        for character in text {
            switch character {
            case "0"..."9", "_": break
            case "." where !sawDot && !sawExponent && previous.isNumber: sawDot = true
            case _ where (character == "e" || character == "E") && !sawExponent && previous.isNumber: sawExponent = true
            case _ where (character == "+" || character == "-") && (previous == "e" || previous == "E"): break
            default: return nil
            }
            previous = character
        }
        return previous.isNumber ? .float : nil
    }
}

/// Reads a default value's text as Swift's lexer would, far enough to say whether its quotes,
/// brackets, parentheses and string interpolations are balanced.
enum DefaultLexer {
    /// The first imbalance, as a sentence; nil when the text is balanced.
    static func problem(in text: String) -> String? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.run(stopAfterFirstToken: false).problem
    }

    /// The offset just after the first complete token (a string literal or a bracketed group).
    static func endOfFirstToken(_ bytes: [UInt8]) -> Int? {
        var scanner = Scanner(bytes: bytes)
        let result = scanner.run(stopAfterFirstToken: true)
        return result.problem == nil ? result.end : nil
    }

    /// The parts of the text between the separators that stand outside any bracket or string.
    static func splitTopLevel(_ bytes: [UInt8], at separator: UInt8) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var scanner = Scanner(bytes: bytes)
        scanner.onTopLevelByte = { offset in
            if bytes[offset] == separator {
                parts.append(Array(bytes[start..<offset]))
                start = offset + 1
            }
        }
        _ = scanner.run(stopAfterFirstToken: false)
        parts.append(Array(bytes[start...]))
        return parts
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var onTopLevelByte: ((Int) -> Void)?

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Openers still open: `(`, `[`, or `\(` inside a string.
        private var stack: [UInt8] = []

        mutating func run(stopAfterFirstToken: Bool) -> (problem: String?, end: Int) {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "#"):
                    if byte == UInt8(ascii: "#"), !SwiftLexicalBytes.startsString(bytes, at: index) {
                        index += 1
                        continue
                    }
                    if let problem = skipString() { return (problem, index) }
                case UInt8(ascii: "("), UInt8(ascii: "["):
                    stack.append(byte)
                    index += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    let expected = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
                    guard let open = stack.popLast() else {
                        return ("'\(Character(UnicodeScalar(byte)))' has no opening '\(Character(UnicodeScalar(expected)))'", index)
                    }
                    guard open == expected else {
                        return ("'\(Character(UnicodeScalar(open)))' is closed by '\(Character(UnicodeScalar(byte)))'", index)
                    }
                    index += 1
                default:
                    if stack.isEmpty { onTopLevelByte?(index) }
                    index += 1
                }
                if stopAfterFirstToken && stack.isEmpty { return (nil, index) }
            }
            if let open = stack.last {
                return ("'\(Character(UnicodeScalar(open)))' is never closed", index)
            }
            return (nil, index)
        }

        /// A string literal with its interpolations, which may hold strings in turn.
        private mutating func skipString() -> String? {
            var hashes = 0
            while bytes[index] == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), hashes == 0 || hasHashes(hashes, at: index + 1) {
                    index += 1 + hashes
                    guard index < bytes.count else { break }
                    if bytes[index] == UInt8(ascii: "(") {
                        index += 1
                        var inner = Scanner(bytes: bytes)
                        inner.index = index
                        inner.stack = [UInt8(ascii: "(")]
                        if inner.runInterpolation() != nil { return "the string interpolation '\\(' is never closed" }
                        index = inner.index
                    } else {
                        index += 1
                    }
                    continue
                }
                if byte == UInt8(ascii: "\"") && hasHashes(hashes, at: index + 1) {
                    index += 1 + hashes
                    return nil
                }
                index += 1
            }
            return "the string literal is never closed; end it with '\"'"
        }

        /// From just after `\(` to just after its `)`.
        private mutating func runInterpolation() -> String? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case _ where SwiftLexicalBytes.startsString(bytes, at: index):
                    if let problem = skipString() { return problem }
                case UInt8(ascii: "("), UInt8(ascii: "["):
                    stack.append(byte)
                    index += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    let expected = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
                    guard let open = stack.popLast(), open == expected else {
                        return "the string interpolation '\\(' is closed by '\(Character(UnicodeScalar(byte)))'"
                    }
                    index += 1
                    if stack.isEmpty { return nil }
                default:
                    index += 1
                }
            }
            return "the string interpolation '\\(' is never closed"
        }

        private func hasHashes(_ count: Int, at offset: Int) -> Bool {
            guard offset + count <= bytes.count else { return false }
            return bytes[offset..<offset + count].allSatisfy { $0 == UInt8(ascii: "#") }
        }
    }
}
