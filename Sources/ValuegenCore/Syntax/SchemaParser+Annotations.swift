import ValuegenPluginSDK

// `%annotations`, `# comments` and where each belongs.

extension SchemaParser {

    /// `%name key=value key="quoted value"` to the end of the line.
    mutating func parseAnnotation() -> Annotation? {
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
            let beforeKey = cursor
            let key = cursor.readWord()
            guard !key.isEmpty else {
                diagnostics.error("expected 'key=value' in annotation '%\(name)', found '\(cursor.characterDescription())'", at: keyLocation)
                cursor.skipLine()
                return nil
            }
            guard cursor.consume("=") else {
                // One bare value, alone on the line: `%storage indirect`; not for the
                // annotations that take arguments, where `%codingKey name` lacks its `=`.
                if annotation.arguments.isEmpty, !Self.keyValueAnnotationNames.contains(name) {
                    if restOfLineIsEmpty() {
                        annotation.arguments.append(AnnotationArgument(key: "", value: key, location: keyLocation, valueLocation: keyLocation))
                        continue
                    }
                    // `%nullable NSString *name`: Remodel reads an annotation without
                    // arguments and the declaration it belongs to on one line. `%storage
                    // indirect x=1` is an argument list missing its `=`.
                    if !nextWordTakesAValue() {
                        cursor = beforeKey
                        return annotation
                    }
                }
                diagnostics.error("expected '=' after '\(key)' in annotation '%\(name)'", at: cursor.location)
                cursor.skipLine()
                return nil
            }
            let value: String
            let valueLocation = cursor.location
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
            annotation.arguments.append(AnnotationArgument(key: key, value: value, location: keyLocation, valueLocation: valueLocation))
        }
        return annotation
    }

    /// Valuegen's annotations whose arguments are `key=value` only.
    static let keyValueAnnotationNames: Set<String> = [
        "type", "library", "import", "codingKey", "codingLegacyKey", "codingKeys", "coding", "caseKey", "caseKeys",
        "singleAttributeSubtype", "binaryField",
    ]

    /// Whether the next word is followed by `=`, as an annotation's `key=value` is.
    private func nextWordTakesAValue() -> Bool {
        var lookahead = cursor
        lookahead.skipSpaces(includingNewlines: false)
        guard let byte = lookahead.peek(), ByteCursor.isWordByte(byte) else { return false }
        _ = lookahead.readWord()
        return lookahead.peek() == UInt8(ascii: "=")
    }

    /// Whether nothing but spaces and a comment is left on the line.
    private func restOfLineIsEmpty() -> Bool {
        var lookahead = cursor
        lookahead.skipSpaces(includingNewlines: false)
        guard let byte = lookahead.peek() else { return true }
        return byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "#")
    }

    /// Skips spaces, newlines and comments. Comments are kept for the declaration that follows;
    /// a blank line in between detaches them (so a license header is not a doc comment).
    mutating func skipTrivia() {
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

    /// Keeps an annotation for the declaration that follows it in a body; `%type` and
    /// `%library` describe the whole file and belong before the first type. `%import` may
    /// stand in a body too, before the attribute that needs it, as Remodel writes it: it stays
    /// with that attribute, where it was written, and still imports for the whole file.
    mutating func appendBodyAnnotation(_ annotation: Annotation) {
        if Self.fileAnnotationNames.contains(annotation.name) && annotation.name != "import" {
            diagnostics.error("'%\(annotation.name)' applies to the whole file; write it before the first type", at: annotation.location)
        } else {
            pendingAnnotations.append(annotation)
        }
    }

    /// `Name {   # remark`: a remark on the brace's line describes neither the type nor the
    /// first attribute, so it is dropped.
    mutating func dropCommentAfterBrace() {
        cursor.skipSpaces(includingNewlines: false)
        if cursor.peek() == UInt8(ascii: "#") {
            _ = cursor.readComment()
        }
    }

    mutating func takeComments() -> [String] {
        defer { pendingComments.removeAll() }
        return pendingComments
    }

    mutating func takeAnnotations() -> [Annotation] {
        defer { pendingAnnotations.removeAll() }
        return pendingAnnotations
    }

    mutating func dropDanglingAnnotations() {
        for annotation in takeAnnotations() {
            diagnostics.error("annotation '%\(annotation.name)' is not followed by a declaration", at: annotation.location)
        }
        pendingComments.removeAll()
    }
}
