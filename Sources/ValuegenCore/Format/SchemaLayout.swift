import ValuegenPluginSDK

/// The canonical layout of a schema file, printed from its tokens rather than its syntax tree
/// so that everything the tree leaves out (a file header, a remark after a brace, blank lines)
/// stays where it was written.
///
/// - Each item of a body — an attribute, a subtype, an annotation — starts its own line, and a
///   body's `{` ends its declaration's line; `{}` stays together.
/// - A declaration's header is one line: `Name includes(A, B) excludes(C) {`.
/// - Two spaces of indentation per body level; no trailing spaces; one newline at the end.
/// - One space between words and after `:` and `,`, around `=` and `&`, none inside brackets;
///   Remodel's `Type *name`, `NSArray<User *> *`; two spaces before a comment.
/// - Line breaks are kept as written otherwise. Blank lines shrink to one, are dropped at the
///   start and end of the file and of a body, and one separates top-level types.
/// - Comments, default values and annotations' quoted values keep their text; only the
///   spaces around them change. A comment always stays on the line it was written on, so what
///   it documents does not change.
enum SchemaLayout {
    static let indentation = "  "

    /// The file's text in canonical layout. The bytes must be a schema the parser accepts.
    static func format(_ bytes: [UInt8], kind: ModelKind) -> [UInt8] {
        var printer = LayoutPrinter(kind: kind)
        let tokens = LayoutToken.read(bytes)
        for (index, token) in tokens.enumerated() {
            printer.print(token, next: index + 1 < tokens.count ? tokens[index + 1] : nil)
        }
        return Array(printer.finish().utf8)
    }
}

/// A piece of a schema file as the layout sees it.
struct LayoutToken: Equatable {
    enum Kind: Equatable {
        case word
        case punctuation
        /// `# ...` to the end of the line, as written.
        case comment
        /// `%name key=value ...`, its arguments' spacing normalized, values as written.
        case annotation
        /// A default value after `=`, as written.
        case expression
    }

    var kind: Kind
    var text: String
    /// How many line breaks come between the token before and this one.
    var newlinesBefore: Int

    func isPunctuation(_ character: String) -> Bool {
        kind == .punctuation && text == character
    }

    /// Reads the tokens with the parser's own cursor, so words, comments, annotation values and
    /// default values end exactly where the parser ends them.
    static func read(_ bytes: [UInt8]) -> [LayoutToken] {
        var cursor = ByteCursor(bytes: bytes)
        var tokens: [LayoutToken] = []
        var newlines = 0
        func text(from start: Int, to end: Int) -> String {
            var end = end
            while end > start, ByteCursor.isSpace(bytes[end - 1]) { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        func append(_ kind: Kind, _ text: String) {
            tokens.append(LayoutToken(kind: kind, text: text, newlinesBefore: newlines))
            newlines = 0
        }
        while let byte = cursor.peek() {
            let start = cursor.offset
            if byte == UInt8(ascii: "\n") {
                newlines += 1
                cursor.advance()
            } else if ByteCursor.isSpace(byte) {
                cursor.advance()
            } else if byte == UInt8(ascii: "#") {
                _ = cursor.readComment()
                append(.comment, text(from: start, to: cursor.offset))
            } else if byte == UInt8(ascii: "%") {
                append(.annotation, readAnnotation(&cursor, bytes: bytes))
            } else if byte == UInt8(ascii: "=") {
                cursor.advance()
                append(.punctuation, "=")
                cursor.skipSpaces(includingNewlines: false)
                let expression = cursor.readExpression()
                if !expression.isEmpty {
                    append(.expression, expression)
                }
            } else if ByteCursor.isWordByte(byte) {
                append(.word, cursor.readWord())
            } else {
                cursor.advance()
                append(.punctuation, text(from: start, to: cursor.offset))
            }
        }
        return tokens
    }

    /// `%name key=value key="quoted value"` up to a comment or the end of the line.
    private static func readAnnotation(_ cursor: inout ByteCursor, bytes: [UInt8]) -> String {
        cursor.advance() // '%'
        var text = "%" + cursor.readWord()
        while true {
            cursor.skipSpaces(includingNewlines: false)
            guard let byte = cursor.peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "#") else { break }
            let start = cursor.offset
            let beforeKey = cursor
            let key = cursor.readWord()
            if !key.isEmpty, text.utf8.allSatisfy({ $0 != UInt8(ascii: " ") }), !isArgument(after: cursor) {
                // `%nullable NSString *name`: the declaration starts its own line.
                cursor = beforeKey
                break
            }
            guard !key.isEmpty, cursor.consume("=") else {
                // A bare value, or not an argument the parser accepts: keep the rest of the
                // line as written, without its line break.
                while let byte = cursor.peek(), byte != UInt8(ascii: "\n") { cursor.advance() }
                text += " " + String(decoding: bytes[start..<cursor.offset], as: UTF8.self).trimmingSpaces
                break
            }
            let valueStart = cursor.offset
            if cursor.peek() == UInt8(ascii: "\"") {
                _ = cursor.readQuotedString()
            } else {
                _ = cursor.readUnquotedValue()
            }
            text += " " + key + "=" + String(decoding: bytes[valueStart..<cursor.offset], as: UTF8.self)
        }
        return text
    }

    /// Whether the word just read is an annotation's argument (`key=`, or a bare value alone
    /// on the line) rather than the start of the declaration the annotation shares its line with.
    private static func isArgument(after cursor: ByteCursor) -> Bool {
        var lookahead = cursor
        if lookahead.peek() == UInt8(ascii: "=") { return true }
        lookahead.skipSpaces(includingNewlines: false)
        guard let byte = lookahead.peek() else { return true }
        return byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "#")
    }
}

/// Prints tokens line by line in the canonical layout.
private struct LayoutPrinter {
    let kind: ModelKind
    private var lines: [String] = []
    private var line = ""
    private var lineDepth = 0
    private var braceDepth = 0
    /// `(`, `[` and `<` open in the current item.
    private var groupDepth = 0
    /// Between a top-level type's name and the `{` of its body.
    private var inHeader = false
    private var previous: LayoutToken?
    private var pendingBlankLine = false

    init(kind: ModelKind) {
        self.kind = kind
    }

    mutating func print(_ token: LayoutToken, next: LayoutToken?) {
        if previous == nil {
            startLine(with: token)
        } else if let previous, startsNewLine(token, after: previous, next: next) {
            let separatesTypes = braceDepth == 0 && previous.isPunctuation("}")
            endLine()
            pendingBlankLine = pendingBlankLine || separatesTypes || token.newlinesBefore > 1
            if token.isPunctuation("}") || lines.last?.hasSuffix("{") == true {
                pendingBlankLine = false
            }
            if pendingBlankLine {
                lines.append("")
                pendingBlankLine = false
            }
            startLine(with: token)
        } else {
            line += spacing(between: previous!, and: token, next: next) + token.text
        }
        track(token)
        previous = token
    }

    mutating func finish() -> String {
        if !line.isEmpty || previous != nil {
            endLine()
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private mutating func startLine(with token: LayoutToken) {
        lineDepth = token.isPunctuation("}") ? max(braceDepth - 1, 0) : braceDepth
        line = token.text
    }

    private mutating func endLine() {
        lines.append(String(repeating: SchemaLayout.indentation, count: lineDepth) + line)
        line = ""
    }

    private mutating func track(_ token: LayoutToken) {
        guard token.kind == .punctuation else {
            if token.kind == .word && braceDepth == 0 {
                inHeader = true
            }
            return
        }
        switch token.text {
        case "{":
            braceDepth += 1
            groupDepth = 0
            inHeader = false
        case "}":
            braceDepth = max(braceDepth - 1, 0)
            groupDepth = 0
        case "(", "[", "<":
            groupDepth += 1
        case ")", "]", ">":
            groupDepth = max(groupDepth - 1, 0)
        default:
            break
        }
    }

    private func startsNewLine(_ token: LayoutToken, after previous: LayoutToken, next: LayoutToken?) -> Bool {
        if token.kind == .comment {
            return token.newlinesBefore > 0
        }
        if token.kind == .annotation || previous.kind == .annotation || previous.kind == .comment {
            return true
        }
        if previous.isPunctuation("{") {
            return !token.isPunctuation("}")
        }
        if token.isPunctuation("}") {
            return true
        }
        if braceDepth == 0 {
            // A header is joined onto one line; after a body, a new type starts.
            return inHeader ? false : (token.newlinesBefore > 0 || previous.isPunctuation("}"))
        }
        if token.newlinesBefore > 0 {
            return true
        }
        guard token.kind == .word, groupDepth == 0 else { return false }
        if kind == .adtValue && braceDepth == 1 {
            // Every word directly in an ADT's body names a subtype.
            return true
        }
        // `name:` at the top of a body starts a Swift-style attribute.
        return next?.isPunctuation(":") == true
    }

    private func spacing(between previous: LayoutToken, and token: LayoutToken, next: LayoutToken?) -> String {
        if token.kind == .comment {
            return "  "
        }
        if previous.isPunctuation("{") && token.isPunctuation("}") {
            return ""
        }
        if inHeader && groupDepth > 0 && previous.kind == .word && token.kind == .word {
            // `includes(A B)` is `includes(A, B)`.
            return ", "
        }
        if previous.kind == .punctuation && ["(", "[", "<", "*"].contains(previous.text) {
            return ""
        }
        // A block's `(^)(BOOL)`.
        if previous.isPunctuation(")") && token.isPunctuation("(") {
            return ""
        }
        if token.kind == .punctuation {
            if [")", "]", ">", ",", ":", "?", "!", ";"].contains(token.text) {
                return ""
            }
            // A block's result type, then ` (^)`.
            if token.text == "(" && next?.isPunctuation("^") == true {
                return previous.isPunctuation("*") ? "" : " "
            }
            if (token.text == "(" || token.text == "<") && (previous.kind == .word || previous.isPunctuation("?")) {
                return ""
            }
        }
        return " "
    }
}
