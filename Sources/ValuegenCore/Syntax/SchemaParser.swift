import ValuegenPluginSDK

/// Turns the bytes of a schema file into its syntax tree, reporting every problem it can find
/// and recovering at the next line, so one run shows all of a file's errors.
///
/// The grammar is line-oriented where the language is (comments, annotations, defaults and
/// Remodel attributes end at the end of the line) and free-form elsewhere, so that
/// `User { userId: Int  nickname: String }` on one line parses too.
struct SchemaParser {
    let bytes: [UInt8]
    let kind: ModelKind
    var cursor: ByteCursor
    var diagnostics: DiagnosticCollector
    var pendingComments: [String] = []
    var pendingAnnotations: [Annotation] = []

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
    /// Remodel style when it has a `*`, an `id<...>`, a C scalar name or an Objective-C name
    /// the table explains (`SEL`, `dispatch_block_t`), Swift style otherwise.
    /// Errors are reported at the annotation. `swiftStyle` reads the text as the type after
    /// `name:`, where `CGFloat` or `CGRect` is the Swift type and not the C one of the same name.
    static func parseType(_ text: String, at location: SourceLocation, swiftStyle: Bool = false) throws(SyntaxError) -> TypeSyntax {
        var parser = SchemaParser(bytes: Array(text.utf8), kind: .value, path: "")
        parser.cursor.skipSpaces(includingNewlines: false)
        let word = text.trimmingSpaces
        let isObjectiveC = !swiftStyle && (text.contains("*") || text.hasPrefix("id<") || word == "id" || ObjectiveCTypeMapping.scalars[word] != nil
            || ObjectiveCTypeMapping.unavailable[word] != nil || word.hasSuffix("_block_t"))
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
        var name = readName()
        let isProtocol = name.text == "protocol" && wordFollowsOnLine()
        if isProtocol {
            cursor.skipSpaces(includingNewlines: false)
            name = readName()
        }
        var type = TypeDeclarationSyntax(name: name, isProtocol: isProtocol, comments: takeComments(), annotations: takeAnnotations())
        checkIdentifier(name, what: isProtocol ? "protocol name" : "type name")
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: ":") {
            cursor.advance()
            guard let protocols = parseProtocolList(of: type) else {
                guard skipToBraceOnLine() else { return type }
                return parseBody(of: type)
            }
            type.protocols = protocols
        }
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
            if isProtocol {
                diagnostics.error("a protocol takes no '\(clause)(...)': features belong to the types that adopt it; move '\(clause)(...)' to them", at: clauseLocation)
            } else if clause == "includes" {
                type.includes += names
            } else {
                type.excludes += names
            }
        }
        return parseBody(of: type)
    }

    /// The `{ ... }` of a declaration: subtypes in an ADT file, attributes otherwise (a
    /// protocol's attributes in every kind of file).
    private mutating func parseBody(of declaration: TypeDeclarationSyntax) -> TypeDeclarationSyntax {
        var type = declaration
        let name = type.name
        let what = type.isProtocol ? "protocol" : "type"
        guard cursor.peek() == UInt8(ascii: "{") else {
            diagnostics.error("expected '{' to begin the body of \(what) '\(name.text)'", at: cursor.location)
            cursor.skipLine()
            return type
        }
        let open = cursor.location
        cursor.advance()
        dropCommentAfterBrace()
        if kind == .adtValue && !type.isProtocol {
            type.subtypes = parseSubtypes(of: name.text, openedAt: open)
        } else {
            type.attributes = parseAttributes(of: "\(what) '\(name.text)'", openedAt: open)
        }
        return type
    }

    /// Whether a word follows on the same line: `protocol Named` declares a protocol, while
    /// `protocol {` is a type named `protocol` (and an error: a keyword).
    private func wordFollowsOnLine() -> Bool {
        var lookahead = cursor
        lookahead.skipSpaces(includingNewlines: false)
        guard let byte = lookahead.peek(), ByteCursor.isWordByte(byte) else { return false }
        let word = lookahead.readWord()
        return word != "includes" && word != "excludes"
    }

    /// `A, B` after `Name:`: the protocols a type adopts or a protocol refines.
    private mutating func parseProtocolList(of type: TypeDeclarationSyntax) -> [NameSyntax]? {
        var names: [NameSyntax] = []
        while true {
            cursor.skipSpaces(includingNewlines: true)
            guard let byte = cursor.peek(), ByteCursor.isWordByte(byte) else {
                let what = type.isProtocol ? "a protocol name after 'protocol \(type.name.text):'" : "a protocol name after '\(type.name.text):'"
                diagnostics.error("expected \(what), found '\(cursor.characterDescription())'", at: cursor.location)
                return nil
            }
            let name = readName()
            checkIdentifier(name, what: "protocol name")
            names.append(name)
            cursor.skipSpaces(includingNewlines: false)
            guard cursor.peek() == UInt8(ascii: ",") else { return names }
            cursor.advance()
        }
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
            var name = readName()
            // `valuegen.Validation`: the built-in feature, whatever plugin took its name.
            if cursor.peek() == UInt8(ascii: "."), let next = cursor.peek(at: 1), ByteCursor.isWordByte(next) {
                cursor.advance()
                name.text += "." + cursor.readWord()
            }
            names.append(name)
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
        let first = lookahead.readWord()
        lookahead.skipSpaces(includingNewlines: false)
        if lookahead.peek() == UInt8(ascii: "{") { return true }
        if first == "protocol", let next = lookahead.peek(), ByteCursor.isWordByte(next) { return true }
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
        do throws(SyntaxError) {
            var attribute: AttributeSyntax
            if cursor.peek() == UInt8(ascii: ":") {
                attribute = try parseSwiftAttribute(name: first)
            } else if let missingColon = swiftAttributeWithoutColon(name: first) {
                throw missingColon
            } else {
                attribute = try parseRemodelAttribute(firstWord: first)
            }
            attribute.comments = takeComments()
            attribute.annotations = takeAnnotations()
            checkIdentifier(attribute.name, what: "attribute name")
            cursor.skipSpaces(includingNewlines: false)
            // Remodel ends an attribute line with `;` when its author wrote Objective-C habits.
            if attribute.defaultValue == nil, cursor.consume(";") {
                attribute.endsWithSemicolon = true
                cursor.skipSpaces(includingNewlines: false)
            }
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

    /// `tags [String]`, `nick String?`, `age Int = 3`: a Swift-style attribute without its ':',
    /// which no Remodel line reads as. A lone `name String` does (type 'name', attribute
    /// 'String'); the resolver, which knows the types, tells it (`ModelResolver+MissingColon`).
    private func swiftAttributeWithoutColon(name: NameSyntax) -> SyntaxError? {
        guard SwiftLanguage.isIdentifier(name.text), !ObjectiveCTypeSyntax.qualifierWords.contains(name.text),
              ObjectiveCTypeMapping.scalars[name.text] == nil, ObjectiveCTypeMapping.objects[name.text] == nil,
              ObjectiveCTypeMapping.collections[name.text] == nil
        else { return nil }
        var lookahead = self
        guard let type = try? lookahead.parseSwiftType() else { return nil }
        lookahead.cursor.skipSpaces(includingNewlines: false)
        var written = "\(name.text): \(type.spelling)"
        if lookahead.cursor.consume("=") {
            lookahead.cursor.skipSpaces(includingNewlines: false)
            let value = lookahead.cursor.readExpression()
            guard !value.isEmpty else { return nil }
            written += " = \(value)"
        } else if case .named(_, let arguments) = type, arguments.isEmpty {
            return nil
        }
        guard lookahead.cursor.atEndOfItem || lookahead.cursor.peek() == UInt8(ascii: ";") else { return nil }
        let afterName = SourceLocation(line: name.location.line, column: name.location.column + name.text.utf8.count)
        return SyntaxError("expected ':' after the attribute name; write '\(written)'", at: afterName)
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

    // MARK: - Names

    mutating func readName() -> NameSyntax {
        let location = cursor.location
        return NameSyntax(text: cursor.readWord(), location: location)
    }

    mutating func checkIdentifier(_ name: NameSyntax, what: String) {
        guard SwiftLanguage.isIdentifier(name.text) else {
            diagnostics.error("'\(name.text)' is not a valid \(what): it must start with a letter or '_' and contain only letters, digits and '_'", at: name.location)
            return
        }
        // Keywords are escaped with backticks, except where Swift cannot use them at all.
        // `Type` and `Protocol` are keywords only after a dot (`User.Type`): swiftc takes them
        // as a type's name.
        if (what == "type name" || what == "protocol name") && SwiftLanguage.reservedWords.contains(name.text)
            && !(what == "type name" && Self.typeNamesAfterADotOnly.contains(name.text)) {
            diagnostics.error("'\(name.text)' is a Swift keyword and cannot name a \(what == "type name" ? "type" : "protocol")", at: name.location)
        } else if what == "attribute name" && Self.unusableAttributeNames.contains(name.text) {
            diagnostics.error("'\(name.text)' cannot name an attribute: Swift reserves it even in backticks", at: name.location)
        }
    }

    /// Keywords that a type may be named, since Swift reads them as keywords only after a dot.
    static let typeNamesAfterADotOnly: Set<String> = ["Type", "Protocol"]

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
