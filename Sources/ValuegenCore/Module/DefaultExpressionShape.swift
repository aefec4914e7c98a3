/// The shape of a default value read token by token, once its brackets are balanced: a Swift
/// expression never has two operands side by side (`"a" "b"`), an operator Swift does not
/// define (`1..`), an `@`, or a trailing operator or dot (`1 +`, `.`). What stands inside a
/// closure's braces is left to swiftc.
enum DefaultExpressionShape {
    /// The first problem, as the end of a sentence; nil when the shape is an expression's.
    static func problem(in text: String) -> String? {
        let tokens = tokenize(Array(text.utf8))
        if let first = tokens.first, first.kind == .operator, !prefixOperators.contains(first.text) {
            let rest = text.drop { $0 == " " }.dropFirst(first.text.count).drop { $0 == " " }
            let fix = rest.isEmpty ? "write a value after '='" : "write the value alone: \(rest)"
            return "it starts with '\(first.text)', which cannot begin a Swift expression; \(fix)"
        }
        var previous: Token?
        for token in tokens {
            switch token.kind {
            case .at:
                return "'@' cannot stand in an expression here"
            case .operator where !standardOperators.contains(token.text):
                return "'\(token.text)' is not an operator Swift defines"
            case .operand where token.text.first?.isNumber == true && DefaultLiteral.numberKind(token.text) == nil:
                return "'\(token.text)' is not a number Swift reads"
            case .operand where previous?.kind == .operand || previous?.kind == .closing:
                if let previous, !keywords.contains(previous.text), !keywords.contains(token.text) {
                    return "'\(previous.text)' and '\(token.text)' stand side by side; join them with an operator or a comma"
                }
            default:
                break
            }
            previous = token
        }
        if let last = tokens.last {
            if last.kind == .dot {
                return "it ends with '.'; name a member after it"
            }
            if last.kind == .operator, !postfixOperators.contains(last.text) {
                return "it ends with the operator '\(last.text)'; finish the expression"
            }
        }
        return nil
    }

    static let standardOperators: Set<String> = [
        "+", "-", "*", "/", "%", "==", "!=", "===", "!==", "<", ">", "<=", ">=", "&&", "||", "!", "~",
        "&", "|", "^", "<<", ">>", "??", "...", "..<", "?", "&+", "&-", "&*", "~=", "->", "?.", "!.",
    ]
    static let postfixOperators: Set<String> = ["!", "?", "...", ">"]
    /// What may stand before an operand at an expression's start: `-1`, `!flag`, `...5`.
    static let prefixOperators: Set<String> = ["!", "~", "+", "-", "...", "..<"]
    /// Words that stand next to an operand in an expression: `try f()`, `x as Int`.
    static let keywords: Set<String> = [
        "try", "await", "as", "is", "in", "if", "else", "switch", "case", "then", "some", "any",
        "throws", "async", "inout", "let", "var", "consume", "copy", "borrowing", "consuming", "each", "repeat",
    ]

    struct Token: Equatable {
        enum Kind { case operand, closing, opening, separator, `operator`, dot, at }
        var kind: Kind
        var text: String
    }

    private static func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var braces = 0
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        while index < bytes.count {
            let byte = bytes[index]
            if SwiftLexicalBytes.startsString(bytes, at: index) {
                let end = DefaultLexer.endOfFirstToken(Array(bytes[index...])).map { index + $0 } ?? bytes.count
                if braces == 0 { tokens.append(Token(kind: .operand, text: text(index..<end))) }
                index = end
                continue
            }
            if byte == UInt8(ascii: "{") { braces += 1; index += 1; continue }
            if byte == UInt8(ascii: "}") {
                braces -= 1
                index += 1
                if braces == 0 { tokens.append(Token(kind: .closing, text: "}")) }
                continue
            }
            guard braces == 0 else { index += 1; continue }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
            } else if SwiftLexicalBytes.isIdentifierByte(byte) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "\\") {
                let start = index
                index += 1
                while index < bytes.count {
                    if SwiftLexicalBytes.isIdentifierByte(bytes[index]) {
                        index += 1
                    } else if bytes[index] == UInt8(ascii: "."), SwiftLexicalBytes.isDigit(bytes[start]), index + 1 < bytes.count, SwiftLexicalBytes.isDigit(bytes[index + 1]) {
                        index += 1
                    } else if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+"), SwiftLexicalBytes.isDigit(bytes[start]),
                              bytes[index - 1] == UInt8(ascii: "e") || bytes[index - 1] == UInt8(ascii: "E"),
                              !(index - start >= 2 && bytes[start + 1] == UInt8(ascii: "x")),
                              index + 1 < bytes.count, SwiftLexicalBytes.isDigit(bytes[index + 1]) {
                        // The sign of a decimal exponent: `1e-5`.
                        index += 1
                    } else {
                        break
                    }
                }
                tokens.append(Token(kind: .operand, text: text(start..<index)))
            } else if byte == UInt8(ascii: ".") && !(index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ".")) {
                index += 1
                if index < bytes.count, SwiftLexicalBytes.isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: "`") {
                    // `.member` continues the operand before it, or is an implicit member.
                    while index < bytes.count, SwiftLexicalBytes.isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: "`") { index += 1 }
                    if let last = tokens.last, last.kind == .operand || last.kind == .closing || (last.kind == .operator && postfixOperators.contains(last.text)) {
                        continue
                    }
                    tokens.append(Token(kind: .operand, text: "."))
                } else {
                    tokens.append(Token(kind: .dot, text: "."))
                }
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                tokens.append(Token(kind: .opening, text: text(index..<index + 1)))
                index += 1
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                tokens.append(Token(kind: .closing, text: text(index..<index + 1)))
                index += 1
            } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") {
                tokens.append(Token(kind: byte == UInt8(ascii: ";") ? .operator : .separator, text: text(index..<index + 1)))
                index += 1
            } else if byte == UInt8(ascii: "@") {
                tokens.append(Token(kind: .at, text: "@"))
                index += 1
            } else if byte == UInt8(ascii: "`") {
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "`") { index += 1 }
                index = min(index + 1, bytes.count)
                tokens.append(Token(kind: .operand, text: text(start..<index)))
            } else {
                let start = index
                while index < bytes.count, isOperatorByte(bytes[index]) { index += 1 }
                if index == start { index += 1 }
                tokens.append(Token(kind: .operator, text: text(start..<index)))
            }
        }
        return tokens
    }

    private static func isOperatorByte(_ byte: UInt8) -> Bool {
        "/=-+!*%<>&|^~?.".utf8.contains(byte)
    }
}
