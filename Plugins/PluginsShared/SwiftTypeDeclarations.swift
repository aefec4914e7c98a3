// Shared by the build plugin and ValuegenCore (symlinked), as the other PluginsShared files.

/// A type that a target's hand-written Swift code declares: `struct Money: Hashable {`,
/// `enum Currency: String`, `typealias Cents = Int`, or a conformance added by `extension`.
public struct SwiftTypeDeclaration: Sendable, Equatable, Hashable {
    /// The declared name (nested types are listed by their own name too).
    public var name: String
    /// The word that declares it: `struct`, `class`, `enum`, `actor`, `protocol`,
    /// `typealias`, or `extension` for conformances added to a type declared elsewhere.
    public var kind: String
    /// The protocols and superclass listed after `:` where it is declared or extended.
    public var conformances: [String]
    /// Whether the declaration is `public` or `open`, so that public generated code may use it.
    public var isPublic: Bool
    /// The Swift file, when known.
    public var path: String?
    /// 1-based line and column of the name.
    public var line: Int
    public var column: Int

    public init(name: String, kind: String = "struct", conformances: [String] = [], isPublic: Bool = true, path: String? = nil, line: Int = 0, column: Int = 0) {
        self.name = name
        self.kind = kind
        self.isPublic = isPublic
        self.conformances = conformances
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, or a description of where, for a note.
    public var place: String {
        path.map { "\($0):\(line):\(column)" } ?? "the target's Swift code"
    }
}

/// The list the build plugin hands to `valuegen generate --swift-types FILE`: one declaration a
/// line, `name<TAB>kind<TAB>conformances,comma,separated<TAB>public|internal<TAB>path<TAB>line<TAB>column`, sorted, so that
/// the file's bytes change only when a declaration does (and only then is the generator rerun).
public enum SwiftTypeList {
    public static func text(of declarations: [SwiftTypeDeclaration]) -> String {
        let lines = declarations.map { declaration in
            [declaration.name, declaration.kind, declaration.conformances.joined(separator: ","), declaration.isPublic ? "public" : "internal", declaration.path ?? "", String(declaration.line), String(declaration.column)]
                .joined(separator: "\t")
        }
        return lines.sorted().map { $0 + "\n" }.joined()
    }

    /// The declarations of such a list; nil with the 1-based number of the first line that is not one.
    public static func declarations(in text: String) -> Result<[SwiftTypeDeclaration], LineError> {
        var result: [SwiftTypeDeclaration] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, !fields[0].isEmpty, fields[3] == "public" || fields[3] == "internal", let number = Int(fields[5]), let column = Int(fields[6]) else {
                return .failure(LineError(line: index + 1))
            }
            let conformances = fields[2].split(separator: ",").map(String.init)
            result.append(SwiftTypeDeclaration(name: fields[0], kind: fields[1], conformances: conformances, isPublic: fields[3] == "public", path: fields[4].isEmpty ? nil : fields[4], line: number, column: column))
        }
        return .success(result)
    }

    public struct LineError: Error, Equatable {
        public var line: Int

        public init(line: Int) {
            self.line = line
        }
    }
}

/// A cheap scan of Swift source for the names of the types it declares: words after
/// `struct`, `class`, `enum`, `actor`, `protocol` and `typealias`, and the conformances
/// `extension Name: P, Q` adds. Comments and string literals are skipped; bodies are not
/// parsed, so the scan costs one pass over the bytes and cannot fail.
public enum SwiftTypeScanner {
    public static func declarations(in source: [UInt8], path: String? = nil) -> [SwiftTypeDeclaration] {
        var scanner = Scanner(bytes: source)
        var found: [SwiftTypeDeclaration] = []
        var previousWord = ""
        // The modifiers written before the current word (`public final class`).
        var modifiers: [String] = []
        while let token = scanner.nextWord() {
            defer {
                previousWord = token.text
                if Self.modifierWords.contains(token.text) { modifiers.append(token.text) } else { modifiers.removeAll() }
            }
            // `class func`, `class var`: a member, not a type; `.self`/`.Type` are not keywords here.
            guard Self.introducers.contains(token.text), !token.afterDot, !token.isEscaped else { continue }
            guard let name = scanner.peekWord(), SwiftTypeScanner.isTypeName(name.text) else { continue }
            if token.text == "class", Self.memberWords.contains(name.text) { continue }
            if token.text == "enum" && previousWord == "case" { continue }
            _ = scanner.nextWord()
            let conformances = token.text == "typealias" ? [] : scanner.inheritanceClause()
            if token.text == "extension" {
                guard !conformances.isEmpty else { continue }
            }
            let isPublic = modifiers.contains("public") || modifiers.contains("open")
            found.append(SwiftTypeDeclaration(name: name.text, kind: token.text, conformances: conformances, isPublic: isPublic, path: path, line: name.line, column: name.column))
        }
        return found
    }

    static let introducers: Set<String> = ["struct", "class", "enum", "actor", "protocol", "typealias", "extension"]
    static let modifierWords: Set<String> = ["public", "open", "package", "internal", "fileprivate", "private", "final", "indirect", "nonisolated", "dynamic"]
    static let memberWords: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "final", "override", "private", "fileprivate", "internal", "public", "open", "static"]

    static func isTypeName(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        return first == "_" || first.properties.isAlphabetic
    }

    /// One word with where it starts.
    struct Word {
        var text: String
        var line: Int
        var column: Int
        var afterDot: Bool
        /// Written in backticks (`` `struct` ``): a name, never a keyword.
        var isEscaped = false
    }

    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The next identifier outside comments and string literals.
        mutating func nextWord() -> Word? {
            var afterDot = false
            while index < bytes.count {
                let byte = bytes[index]
                if SwiftLexicalBytes.isIdentifierStart(byte) {
                    let start = index
                    let column = index - lineStart + 1
                    while index < bytes.count, SwiftLexicalBytes.isIdentifierByte(bytes[index]) { index += 1 }
                    return Word(text: String(decoding: bytes[start..<index], as: UTF8.self), line: line, column: column, afterDot: afterDot)
                }
                afterDot = byte == UInt8(ascii: ".")
                switch byte {
                case UInt8(ascii: "\n"):
                    index += 1
                    line += 1
                    lineStart = index
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case _ where SwiftLexicalBytes.startsString(bytes, at: index):
                    skipString()
                case UInt8(ascii: "`"):
                    index += 1
                    let start = index
                    let column = index - lineStart + 1
                    while index < bytes.count, SwiftLexicalBytes.isIdentifierByte(bytes[index]) { index += 1 }
                    guard index > start else { continue }
                    let word = Word(text: String(decoding: bytes[start..<index], as: UTF8.self), line: line, column: column, afterDot: afterDot, isEscaped: true)
                    if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
                    return word
                default:
                    index += 1
                }
            }
            return nil
        }

        /// The next word without consuming it, when only spaces stand before it.
        func peekWord() -> Word? {
            var copy = self
            copy.skipSpaces()
            guard copy.index < bytes.count, SwiftLexicalBytes.isIdentifierStart(bytes[copy.index]) || bytes[copy.index] == UInt8(ascii: "`") else { return nil }
            return copy.nextWord()
        }

        /// `: A, B<C>, D where ...` up to `{`, `=`, `where` or the end of the line's declaration.
        mutating func inheritanceClause() -> [String] {
            skipGenericParameters()
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return [] }
            index += 1
            var names: [String] = []
            var depth = 0
            var current = ""
            while index < bytes.count {
                let byte = bytes[index]
                if depth == 0, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "=") { break }
                if byte == UInt8(ascii: "<") { depth += 1 }
                if byte == UInt8(ascii: ">") { depth -= 1 }
                if byte == UInt8(ascii: "@") {
                    // `@unchecked Sendable`, `@retroactive P`: the attribute is not a conformance.
                    index += 1
                    while index < bytes.count, SwiftLexicalBytes.isIdentifierByte(bytes[index]) { index += 1 }
                    continue
                }
                if depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "&") {
                    names.append(current)
                    current = ""
                } else if SwiftLexicalBytes.isIdentifierByte(byte) || byte == UInt8(ascii: ".") {
                    if depth == 0 { current.unicodeScalars.append(UnicodeScalar(byte)) }
                } else if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                } else if depth == 0, !current.isEmpty, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    // `P where`: stop at the where clause.
                    var copy = self
                    copy.skipSpaces()
                    if copy.index + 5 <= bytes.count, String(decoding: bytes[copy.index..<copy.index + 5], as: UTF8.self) == "where" { break }
                }
                index += 1
            }
            names.append(current)
            return names.map { $0.hasPrefix("Swift.") ? String($0.dropFirst(6)) : $0 }.filter { !$0.isEmpty && $0 != "where" }
        }

        private mutating func skipGenericParameters() {
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return }
            var depth = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") { depth += 1 }
                if bytes[index] == UInt8(ascii: ">") { depth -= 1 }
                index += 1
                if depth == 0 { return }
            }
        }

        private mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        }

        private func peek(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        private mutating func skipBlockComment() {
            var depth = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    if bytes[index] == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
            }
        }

        /// A string literal, raw (`#"..."#`) or not, one line or three quotes; interpolations
        /// are skipped with it (a declaration cannot stand inside one).
        private mutating func skipString() {
            var hashes = 0
            while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            let isMultiline = peek(0) == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            index += isMultiline ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), hashes == 0 {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                    if !isMultiline { index += 1; return }
                }
                if byte == UInt8(ascii: "\"") {
                    let quotes = isMultiline ? 3 : 1
                    var position = index
                    var closing = true
                    for _ in 0..<quotes {
                        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") { position += 1 } else { closing = false }
                    }
                    for _ in 0..<hashes {
                        if position < bytes.count, bytes[position] == UInt8(ascii: "#") { position += 1 } else { closing = false }
                    }
                    if closing {
                        index = position
                        return
                    }
                }
                index += 1
            }
        }

    }
}

/// Swift's lexical bytes, as the type scan and Core's readers of defaults and diagnostics need
/// them (one place, shared with the build plugin like the rest of this folder).
enum SwiftLexicalBytes {
    /// A byte that can start an identifier: a letter, `_`, or part of a non-ASCII character.
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// A byte of an identifier after its first.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    /// A byte of a possibly qualified name (`Foundation.Locale`): an identifier byte or `.`.
    static func isQualifiedNameByte(_ byte: UInt8) -> Bool {
        isIdentifierByte(byte) || byte == UInt8(ascii: ".")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Whether a string literal starts at `index`: `"`, or `#`s then `"` (a raw string).
    static func startsString(_ bytes: [UInt8], at index: Int) -> Bool {
        var position = index
        while position < bytes.count, bytes[position] == UInt8(ascii: "#") { position += 1 }
        return position < bytes.count && bytes[position] == UInt8(ascii: "\"")
    }
}
