import ValuegenPluginSDK

/// Turns the bytes of a schema file into its syntax tree, reporting every problem it can find
/// and recovering at the next line, so one run shows all of a file's errors.
///
/// The grammar is line-oriented where the language is (comments, annotations, defaults and
/// Remodel attributes end at the end of the line) and free-form elsewhere, so that
/// `User { userId: Int  nickname: String }` on one line parses too.
struct SchemaParser {
    private let bytes: [UInt8]
    private let kind: ModelKind
    private var cursor: ByteCursor
    private var diagnostics: DiagnosticCollector
    private var pendingComments: [String] = []
    private var pendingAnnotations: [Annotation] = []

    /// Annotations that describe the file rather than the declaration that follows them.
    static let fileAnnotationNames: Set<String> = ["type", "library", "import"]

    private init(bytes: [UInt8], kind: ModelKind, path: String) {
        self.bytes = bytes
        self.kind = kind
        self.cursor = ByteCursor(bytes: bytes)
        self.diagnostics = DiagnosticCollector(path: path)
    }

    /// Parses a whole file. The bytes must already be valid UTF-8.
    static func parse(_ bytes: [UInt8], kind: ModelKind, path: String) -> (SchemaSyntax, [Diagnostic]) {
        var parser = SchemaParser(bytes: bytes, kind: kind, path: path)
        let syntax = parser.parseFile()
        return (syntax, parser.diagnostics.diagnostics)
    }

    /// Parses a type written inside an annotation value, e.g. `attributeType="NSNumber *"`:
    /// Remodel style when it has a `*`, an `id<...>` or a C scalar name, Swift style otherwise.
    /// Errors are reported at the annotation.
    static func parseType(_ text: String, at location: SourceLocation) throws(SyntaxError) -> TypeSyntax {
        var parser = SchemaParser(bytes: Array(text.utf8), kind: .value, path: "")
        parser.cursor.skipSpaces(includingNewlines: false)
        let isObjectiveC = text.contains("*") || text.hasPrefix("id<") || text.trimmingSpaces == "id" || ObjectiveCTypeMapping.scalars[text.trimmingSpaces] != nil
        do throws(SyntaxError) {
            let type: TypeSyntax
            if isObjectiveC {
                let first = parser.readName()
                guard !first.text.isEmpty else { throw SyntaxError("expected a type", at: location) }
                type = .objectiveC(try parser.parseObjectiveCType(firstWord: first, standalone: true), location: location)
            } else {
                type = .swift(try parser.parseSwiftType(), location: location)
            }
            parser.cursor.skipSpaces(includingNewlines: false)
            guard parser.cursor.peek() == nil else {
                throw SyntaxError("unexpected '\(parser.cursor.characterDescription())'", at: location)
            }
            return type
        } catch {
            throw SyntaxError("invalid type '\(text)': \(error.message)", at: location)
        }
    }

    // MARK: - File and types

    private mutating func parseFile() -> SchemaSyntax {
        var syntax = SchemaSyntax()
        while true {
            skipTrivia()
            guard let byte = cursor.peek() else { break }
            switch byte {
            case UInt8(ascii: "%"):
                if let annotation = parseAnnotation() {
                    if Self.fileAnnotationNames.contains(annotation.name) {
                        syntax.fileAnnotations.append(annotation)
                    } else {
                        pendingAnnotations.append(annotation)
                    }
                }
            case UInt8(ascii: "}"):
                diagnostics.error("unexpected '}' outside a type body", at: cursor.location)
                cursor.advance()
            default:
                if ByteCursor.isWordByte(byte) {
                    if let type = parseTypeDeclaration() {
                        syntax.types.append(type)
                    }
                } else {
                    diagnostics.error("expected a type declaration, found '\(cursor.characterDescription())'", at: cursor.location)
                    cursor.skipLine()
                }
            }
        }
        if !pendingAnnotations.isEmpty {
            for annotation in pendingAnnotations {
                diagnostics.error("annotation '%\(annotation.name)' is not followed by a declaration", at: annotation.location)
            }
        }
        return syntax
    }

    private mutating func parseTypeDeclaration() -> TypeDeclarationSyntax? {
        let name = readName()
        var type = TypeDeclarationSyntax(name: name, comments: takeComments(), annotations: takeAnnotations())
        checkIdentifier(name, what: "type name")
        while true {
            cursor.skipSpaces(includingNewlines: true)
            let clauseLocation = cursor.location
            guard let byte = cursor.peek(), ByteCursor.isWordByte(byte) else { break }
            let clause = cursor.readWord()
            guard clause == "includes" || clause == "excludes" else {
                diagnostics.error("expected '{' or 'includes(...)' after type name '\(name.text)', found '\(clause)'", at: clauseLocation)
                guard skipToBraceOnLine() else { return type }
                break
            }
            guard let names = parseNameList(after: clause) else {
                guard skipToBraceOnLine() else { return type }
                break
            }
            if clause == "includes" {
                type.includes += names
            } else {
                type.excludes += names
            }
        }
        guard cursor.peek() == UInt8(ascii: "{") else {
            diagnostics.error("expected '{' to begin the body of type '\(name.text)'", at: cursor.location)
            cursor.skipLine()
            return type
        }
        let open = cursor.location
        cursor.advance()
        dropCommentAfterBrace()
        if kind == .adtValue {
            type.subtypes = parseSubtypes(of: name.text, openedAt: open)
        } else {
            type.attributes = parseAttributes(of: "type '\(name.text)'", openedAt: open)
        }
        return type
    }

    /// After an error in a declaration's header: moves to the `{` that opens the body when it
    /// is on the same line, so that the body is still read as a body rather than as types;
    /// otherwise skips the line. Returns whether a `{` was found.
    private mutating func skipToBraceOnLine() -> Bool {
        var lookahead = cursor
        while let byte = lookahead.peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "#"), byte != UInt8(ascii: "{") {
            lookahead.advance()
        }
        guard lookahead.peek() == UInt8(ascii: "{") else {
            cursor.skipLine()
            return false
        }
        cursor = lookahead
        return true
    }

    /// `(Name, Name, ...)` after `includes` or `excludes`.
    private mutating func parseNameList(after clause: String) -> [NameSyntax]? {
        cursor.skipSpaces(includingNewlines: false)
        guard cursor.peek() == UInt8(ascii: "(") else {
            diagnostics.error("expected '(' after '\(clause)'", at: cursor.location)
            return nil
        }
        cursor.advance()
        var names: [NameSyntax] = []
        while true {
            cursor.skipSpaces(includingNewlines: true)
            guard let byte = cursor.peek() else {
                diagnostics.error("expected ')' to close '\(clause)('", at: cursor.location)
                return nil
            }
            if byte == UInt8(ascii: ")") {
                cursor.advance()
                return names
            }
            if byte == UInt8(ascii: ",") {
                cursor.advance()
                continue
            }
            guard ByteCursor.isWordByte(byte) else {
                diagnostics.error("expected a feature name in '\(clause)(...)', found '\(cursor.characterDescription())'", at: cursor.location)
                return nil
            }
            names.append(readName())
        }
    }

    // MARK: - Bodies

    /// The attributes of a value, an object or an ADT subtype, up to and including the `}`.
    private mutating func parseAttributes(of owner: String, openedAt open: SourceLocation) -> [AttributeSyntax] {
        var attributes: [AttributeSyntax] = []
        while true {
            skipTrivia()
            guard let byte = cursor.peek() else {
                diagnostics.error("unterminated body of \(owner): expected '}'", at: open)
                return attributes
            }
            switch byte {
            case UInt8(ascii: "}"):
                cursor.advance()
                dropCommentAfterBrace()
                dropDanglingAnnotations()
                return attributes
            case UInt8(ascii: "%"):
                if let annotation = parseAnnotation() {
                    appendBodyAnnotation(annotation)
                }
            default:
                if startsTypeDeclaration() {
                    diagnostics.error("unterminated body of \(owner): expected '}'", at: open)
                    return attributes
                }
                if let attribute = parseAttribute() {
                    attributes.append(attribute)
                }
            }
        }
    }

    /// The subtypes of an ADT, up to and including the `}`.
    private mutating func parseSubtypes(of owner: String, openedAt open: SourceLocation) -> [SubtypeSyntax] {
        var subtypes: [SubtypeSyntax] = []
        while true {
            skipTrivia()
            guard let byte = cursor.peek() else {
                diagnostics.error("unterminated body of type '\(owner)': expected '}'", at: open)
                return subtypes
            }
            switch byte {
            case UInt8(ascii: "}"):
                cursor.advance()
                dropCommentAfterBrace()
                dropDanglingAnnotations()
                return subtypes
            case UInt8(ascii: "%"):
                if let annotation = parseAnnotation() {
                    appendBodyAnnotation(annotation)
                }
            default:
                guard ByteCursor.isWordByte(byte) else {
                    diagnostics.error("expected a subtype name, found '\(cursor.characterDescription())'", at: cursor.location)
                    cursor.skipLine()
                    continue
                }
                let name = readName()
                checkIdentifier(name, what: "subtype name")
                var subtype = SubtypeSyntax(name: name, comments: takeComments(), annotations: takeAnnotations())
                cursor.skipSpaces(includingNewlines: false)
                if cursor.peek() == UInt8(ascii: "#") {
                    // `Gone   # it went away`: a remark on the subtype's own line documents it.
                    subtype.comments.append(cursor.readComment())
                }
                if cursor.peek() == UInt8(ascii: "{") {
                    let subtypeOpen = cursor.location
                    cursor.advance()
                    dropCommentAfterBrace()
                    subtype.attributes = parseAttributes(of: "subtype '\(name.text)'", openedAt: subtypeOpen)
                }
                subtypes.append(subtype)
            }
        }
    }

    /// Whether the cursor is at `Name {` or `Name includes(` — a new type, which inside a body
    /// means the body before it was never closed.
    private func startsTypeDeclaration() -> Bool {
        var lookahead = cursor
        guard let byte = lookahead.peek(), ByteCursor.isWordByte(byte) else { return false }
        _ = lookahead.readWord()
        lookahead.skipSpaces(includingNewlines: false)
        if lookahead.peek() == UInt8(ascii: "{") { return true }
        guard let next = lookahead.peek(), ByteCursor.isWordByte(next) else { return false }
        let word = lookahead.readWord()
        return (word == "includes" || word == "excludes") && lookahead.peek() == UInt8(ascii: "(")
    }

    // MARK: - Attributes

    private mutating func parseAttribute() -> AttributeSyntax? {
        let start = cursor.location
        if cursor.peek() == UInt8(ascii: ":") {
            diagnostics.error("missing attribute name before ':'", at: start)
            cursor.skipLine()
            return nil
        }
        guard let byte = cursor.peek(), ByteCursor.isWordByte(byte) else {
            diagnostics.error("expected an attribute, found '\(cursor.characterDescription())'", at: start)
            cursor.skipLine()
            return nil
        }
        let first = readName()
        cursor.skipSpaces(includingNewlines: false)
        do {
            var attribute: AttributeSyntax
            if cursor.peek() == UInt8(ascii: ":") {
                attribute = try parseSwiftAttribute(name: first)
            } else {
                attribute = try parseRemodelAttribute(firstWord: first)
            }
            attribute.comments = takeComments()
            attribute.annotations = takeAnnotations()
            checkIdentifier(attribute.name, what: "attribute name")
            cursor.skipSpaces(includingNewlines: false)
            if cursor.peek() == UInt8(ascii: "#") {
                attribute.comments.append(cursor.readComment())
            }
            return attribute
        } catch {
            diagnostics.error(error.message, at: error.location)
            cursor.skipLine()
            _ = takeComments()
            _ = takeAnnotations()
            return nil
        }
    }

    /// `name: Type` with an optional `= default`.
    private mutating func parseSwiftAttribute(name: NameSyntax) throws(SyntaxError) -> AttributeSyntax {
        cursor.advance() // ':'
        cursor.skipSpaces(includingNewlines: false)
        if cursor.atEndOfItem {
            throw SyntaxError("missing type for attribute '\(name.text)'", at: cursor.location)
        }
        let typeLocation = cursor.location
        let type = try parseSwiftType()
        var attribute = AttributeSyntax(name: name, type: .swift(type, location: typeLocation))
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: "=") {
            cursor.advance()
            cursor.skipSpaces(includingNewlines: false)
            let valueLocation = cursor.location
            let value = cursor.readExpression()
            if value.isEmpty {
                throw SyntaxError("missing default value after '=' for attribute '\(name.text)'", at: valueLocation)
            }
            attribute.defaultValue = value
        }
        return attribute
    }

    /// `Type name`, `Type *name`, `NSArray<User *> *friends`, `MyEnum(NSUInteger) kind`.
    private mutating func parseRemodelAttribute(firstWord: NameSyntax) throws(SyntaxError) -> AttributeSyntax {
        let type = try parseObjectiveCType(firstWord: firstWord)
        cursor.skipSpaces(includingNewlines: false)
        guard let byte = cursor.peek(), ByteCursor.isWordByte(byte) else {
            if cursor.atEndOfItem {
                throw SyntaxError("missing name for attribute of type '\(type.spelling)'", at: cursor.location)
            }
            throw SyntaxError("expected an attribute name after '\(type.spelling)', found '\(cursor.characterDescription())'", at: cursor.location)
        }
        let name = readName()
        return AttributeSyntax(name: name, type: .objectiveC(type, location: firstWord.location))
    }

    // MARK: - Types

    /// A type and its `?` suffixes; `allowsOptional: false` for the constraint after `any`, so
    /// that `any Error?` reads as `(any Error)?`, the only meaning it can have.
    private mutating func parseSwiftType(allowsOptional: Bool = true) throws(SyntaxError) -> SwiftTypeSyntax {
        cursor.skipSpaces(includingNewlines: false)
        let location = cursor.location
        var type: SwiftTypeSyntax
        switch cursor.peek() {
        case UInt8(ascii: "["):
            cursor.advance()
            let element = try parseSwiftType()
            cursor.skipSpaces(includingNewlines: false)
            if cursor.peek() == UInt8(ascii: ":") {
                cursor.advance()
                let value = try parseSwiftType()
                type = .dictionary(key: element, value: value)
            } else {
                type = .array(element)
            }
            try expect("]", closing: "[", at: location)
        case UInt8(ascii: "("):
            cursor.advance()
            cursor.skipSpaces(includingNewlines: false)
            if cursor.peek() == UInt8(ascii: ")") {
                // `()`: the empty tuple, or the parameters of a function type.
                throw Self.tupleOrFunctionType(at: location)
            }
            type = try parseSwiftType()
            cursor.skipSpaces(includingNewlines: false)
            if cursor.peek() == UInt8(ascii: ",") || cursor.peek() == UInt8(ascii: "-") {
                throw Self.tupleOrFunctionType(at: location)
            }
            try expect(")", closing: "(", at: location)
            var lookahead = cursor
            lookahead.skipSpaces(includingNewlines: false)
            let next = lookahead.peek().flatMap { ByteCursor.isWordByte($0) ? lookahead.readWord() : String(UnicodeScalar($0)) }
            if next == "-" || next == "->" || next == "throws" || next == "async" {
                throw Self.tupleOrFunctionType(at: location)
            }
        case let byte? where ByteCursor.isWordByte(byte):
            let name = cursor.readWord()
            if name == "any" {
                type = .existential(try parseComposition())
            } else if name == "some" {
                throw SyntaxError("'some' types cannot be stored; use 'any' or a concrete type", at: location)
            } else {
                for component in name.split(separator: ".", omittingEmptySubsequences: false) where !SwiftLanguage.isIdentifier(String(component)) {
                    throw SyntaxError("'\(name)' is not a valid type name", at: location)
                }
                var arguments: [SwiftTypeSyntax] = []
                if cursor.peek() == UInt8(ascii: "<") {
                    let open = cursor.location
                    cursor.advance()
                    repeat {
                        arguments.append(try parseSwiftType())
                        cursor.skipSpaces(includingNewlines: false)
                    } while cursor.consume(",")
                    try expect(">", closing: "<", at: open)
                }
                type = .named(name, arguments: arguments)
            }
        default:
            if cursor.atEndOfItem {
                throw SyntaxError("expected a type", at: location)
            }
            throw SyntaxError("expected a type, found '\(cursor.characterDescription())'", at: location)
        }
        while allowsOptional {
            if cursor.peek() == UInt8(ascii: "?") {
                cursor.advance()
                type = .optional(type)
            } else if cursor.peek() == UInt8(ascii: "!") {
                throw SyntaxError("implicitly unwrapped optionals are not supported; use '?'", at: cursor.location)
            } else {
                return type
            }
        }
        return type
    }

    private static func tupleOrFunctionType(at location: SourceLocation) -> SyntaxError {
        SyntaxError("tuple and function types are not supported as attribute types; declare a model or a %type instead", at: location)
    }

    /// `standalone`: the type is all there is (an annotation's value), not followed by a name.
    /// The constraint after `any`: one type, or named protocols joined with `&`.
    private mutating func parseComposition() throws(SyntaxError) -> SwiftTypeSyntax {
        let first = try parseSwiftType(allowsOptional: false)
        var names: [String] = []
        while true {
            var lookahead = cursor
            lookahead.skipSpaces(includingNewlines: false)
            guard lookahead.peek() == UInt8(ascii: "&") else { break }
            if names.isEmpty {
                guard case .named(let name, let arguments) = first, arguments.isEmpty else {
                    throw SyntaxError("only protocol names can be joined with '&'", at: cursor.location)
                }
                names.append(name)
            }
            cursor = lookahead
            cursor.advance()
            cursor.skipSpaces(includingNewlines: false)
            let location = cursor.location
            guard case .named(let name, let arguments) = try parseSwiftType(allowsOptional: false), arguments.isEmpty else {
                throw SyntaxError("only protocol names can be joined with '&'", at: location)
            }
            names.append(name)
        }
        return names.isEmpty ? first : .named(names.joined(separator: " & "), arguments: [])
    }

    private mutating func parseObjectiveCType(firstWord: NameSyntax, standalone: Bool = false) throws(SyntaxError) -> ObjectiveCTypeSyntax {
        var name = firstWord.text
        // C's multi-word types: `unsigned long long`, `const char`.
        while ObjectiveCTypeSyntax.qualifierWords.contains(name.split(separator: " ").last.map(String.init) ?? name) {
            var lookahead = cursor
            lookahead.skipSpaces(includingNewlines: false)
            guard let byte = lookahead.peek(), ByteCursor.isWordByte(byte) else { break }
            let next = lookahead.readWord()
            lookahead.skipSpaces(includingNewlines: false)
            // The last word of the line is the attribute's name, not part of the type.
            if !standalone {
                guard let after = lookahead.peek(), ByteCursor.isWordByte(after) || after == UInt8(ascii: "*") else { break }
            }
            cursor = lookahead
            name += " " + next
        }
        var type = ObjectiveCTypeSyntax(name: name)
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: "<") {
            let open = cursor.location
            cursor.advance()
            repeat {
                cursor.skipSpaces(includingNewlines: false)
                let argumentLocation = cursor.location
                guard let byte = cursor.peek(), ByteCursor.isWordByte(byte) else {
                    throw SyntaxError("expected a type in '<...>'", at: argumentLocation)
                }
                let argumentName = NameSyntax(text: cursor.readWord(), location: argumentLocation)
                var argument = try parseObjectiveCType(firstWord: argumentName)
                cursor.skipSpaces(includingNewlines: false)
                if cursor.consume("*") {
                    argument.isPointer = true
                }
                type.arguments.append(argument)
                cursor.skipSpaces(includingNewlines: false)
            } while cursor.consume(",")
            try expect(">", closing: "<", at: open)
        }
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: "(") {
            let open = cursor.location
            cursor.advance()
            cursor.skipSpaces(includingNewlines: false)
            let underlying = cursor.readWord()
            if underlying.isEmpty {
                throw SyntaxError("expected the underlying type of enum '\(name)' in '(...)'", at: cursor.location)
            }
            type.underlyingType = underlying
            cursor.skipSpaces(includingNewlines: false)
            try expect(")", closing: "(", at: open)
        }
        cursor.skipSpaces(includingNewlines: false)
        if cursor.consume("*") {
            type.isPointer = true
        }
        return type
    }

    private mutating func expect(_ character: Character, closing opener: Character, at open: SourceLocation) throws(SyntaxError) {
        cursor.skipSpaces(includingNewlines: false)
        guard cursor.consume(character) else {
            throw SyntaxError("expected '\(character)' to match '\(opener)' at column \(open.column)", at: cursor.location)
        }
    }

    // MARK: - Annotations and comments

    /// `%name key=value key="quoted value"` to the end of the line.
    private mutating func parseAnnotation() -> Annotation? {
        let location = cursor.location
        cursor.advance() // '%'
        let name = cursor.readWord()
        guard SwiftLanguage.isIdentifier(name) else {
            diagnostics.error(name.isEmpty ? "expected an annotation name after '%'" : "'\(name)' is not a valid annotation name", at: location)
            cursor.skipLine()
            return nil
        }
        var annotation = Annotation(name: name, location: location)
        while true {
            cursor.skipSpaces(includingNewlines: false)
            guard let byte = cursor.peek(), byte != UInt8(ascii: "\n") else { break }
            if byte == UInt8(ascii: "#") {
                _ = cursor.readComment()
                break
            }
            let keyLocation = cursor.location
            let key = cursor.readWord()
            guard !key.isEmpty else {
                diagnostics.error("expected 'key=value' in annotation '%\(name)', found '\(cursor.characterDescription())'", at: keyLocation)
                cursor.skipLine()
                return nil
            }
            guard cursor.consume("=") else {
                diagnostics.error("expected '=' after '\(key)' in annotation '%\(name)'", at: cursor.location)
                cursor.skipLine()
                return nil
            }
            let value: String
            if cursor.peek() == UInt8(ascii: "\"") {
                guard let quoted = cursor.readQuotedString() else {
                    diagnostics.error("unterminated string in annotation '%\(name)'", at: keyLocation)
                    cursor.skipLine()
                    return nil
                }
                value = quoted
            } else {
                value = cursor.readUnquotedValue()
            }
            annotation.arguments.append(AnnotationArgument(key: key, value: value))
        }
        return annotation
    }

    /// Skips spaces, newlines and comments. Comments are kept for the declaration that follows;
    /// a blank line in between detaches them (so a license header is not a doc comment).
    private mutating func skipTrivia() {
        while let byte = cursor.peek() {
            if byte == UInt8(ascii: "#") {
                pendingComments.append(cursor.readComment())
            } else if byte == UInt8(ascii: "\n") {
                cursor.advance()
                if cursor.isAtBlankLine {
                    pendingComments.removeAll()
                }
            } else if ByteCursor.isSpace(byte) {
                cursor.advance()
            } else {
                return
            }
        }
    }

    /// Keeps an annotation for the declaration that follows it in a body; `%type`, `%library`
    /// and `%import` describe the whole file and belong before the first type.
    private mutating func appendBodyAnnotation(_ annotation: Annotation) {
        if Self.fileAnnotationNames.contains(annotation.name) {
            diagnostics.error("'%\(annotation.name)' applies to the whole file; write it before the first type", at: annotation.location)
        } else {
            pendingAnnotations.append(annotation)
        }
    }

    /// `Name {   # remark`: a remark on the brace's line describes neither the type nor the
    /// first attribute, so it is dropped.
    private mutating func dropCommentAfterBrace() {
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: "#") {
            _ = cursor.readComment()
        }
    }

    private mutating func takeComments() -> [String] {
        defer { pendingComments.removeAll() }
        return pendingComments
    }

    private mutating func takeAnnotations() -> [Annotation] {
        defer { pendingAnnotations.removeAll() }
        return pendingAnnotations
    }

    private mutating func dropDanglingAnnotations() {
        for annotation in takeAnnotations() {
            diagnostics.error("annotation '%\(annotation.name)' is not followed by a declaration", at: annotation.location)
        }
        pendingComments.removeAll()
    }

    // MARK: - Names

    private mutating func readName() -> NameSyntax {
        let location = cursor.location
        return NameSyntax(text: cursor.readWord(), location: location)
    }

    private mutating func checkIdentifier(_ name: NameSyntax, what: String) {
        guard SwiftLanguage.isIdentifier(name.text) else {
            diagnostics.error("'\(name.text)' is not a valid \(what): it must start with a letter or '_' and contain only letters, digits and '_'", at: name.location)
            return
        }
        // Keywords are escaped with backticks, except where Swift cannot use them at all.
        if what == "type name" && SwiftLanguage.reservedWords.contains(name.text) {
            diagnostics.error("'\(name.text)' is a Swift keyword and cannot name a type", at: name.location)
        } else if what == "attribute name" && Self.unusableAttributeNames.contains(name.text) {
            diagnostics.error("'\(name.text)' cannot name an attribute: Swift reserves it even in backticks", at: name.location)
        }
    }

    /// Names that a stored property or initializer parameter cannot have.
    static let unusableAttributeNames: Set<String> = ["_", "self", "Self", "super"]
}

/// A syntax error that ends the current line's item; the parser reports it and goes on.
struct SyntaxError: Error {
    var message: String
    var location: SourceLocation

    init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

extension ObjectiveCTypeSyntax {
    /// Words that C allows before another type word.
    static let qualifierWords: Set<String> = ["unsigned", "signed", "long", "short", "const"]
}
