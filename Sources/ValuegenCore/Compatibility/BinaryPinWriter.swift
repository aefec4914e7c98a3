import ValuegenPluginSDK

/// `valuegen compat --fix`: writes the `%binaryField number=` lines that keep renumbered fields
/// where they were, with the formatter's guarantee: the result is parsed again and its syntax
/// tree must be the original's with exactly these pins added (compared without locations, as
/// `SchemaFormatter` compares), or nothing is written. Only lines are inserted (or a pin's own
/// number replaced), so comments and layout stay as they were.
public enum BinaryPinWriter {
    public struct Result: Sendable {
        /// The file with the pins; nil when it could not be pinned (see `diagnostics`).
        public var bytes: [UInt8]?
        public var diagnostics: [Diagnostic]
    }

    public static func apply(_ pins: [BinaryPin], to source: SchemaSource) -> Result {
        var diagnostics = DiagnosticCollector(path: source.path)
        func failed(_ message: String, at location: SourceLocation? = nil) -> Result {
            diagnostics.error(message, at: location)
            return Result(bytes: nil, diagnostics: diagnostics.diagnostics)
        }
        guard let kind = source.kind else { return failed(SchemaSource.notASchemaFileMessage) }
        let (original, parseDiagnostics) = SchemaParser.parse(source.bytes, kind: kind, path: source.path)
        guard !parseDiagnostics.contains(where: { $0.severity == .error }) else {
            return failed("the file has syntax errors; fix them before pinning fields")
        }
        var expected = original
        var starts: [SourceLocation] = []
        for pin in pins {
            guard let start = expected.addPin(pin) else {
                return failed("cannot pin attribute '\(pin.attributeName)' of '\(pin.typeName)' here (it is not declared in this file); write '\(pin.line)' yourself", at: pin.location)
            }
            starts.append(start)
        }
        let bytes = edited(source.bytes, pins: Array(zip(pins, starts)))
        let (result, resultDiagnostics) = SchemaParser.parse(bytes, kind: kind, path: source.path)
        guard !resultDiagnostics.contains(where: { $0.severity == .error }), SyntaxFingerprint.of(result) == SyntaxFingerprint.of(expected) else {
            return failed("internal error: pinning the fields would change more than their numbers; the file is left as it is (please report this as a bug)")
        }
        return Result(bytes: bytes, diagnostics: diagnostics.diagnostics)
    }

    /// The bytes with each pin's number written: over the value of an existing
    /// `%binaryField number=`, or as a line of its own before the attribute (which starts at
    /// `start`), indented as the attribute's line is; an attribute that shares its line with
    /// what comes before it (`Point { x: Int  y: Int }`) is moved to a line of its own. Edits
    /// go from the end so that earlier offsets stay right.
    static func edited(_ bytes: [UInt8], pins: [(pin: BinaryPin, start: SourceLocation)]) -> [UInt8] {
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lineStarts.append(offset + 1)
        }
        func offset(of location: SourceLocation) -> Int {
            lineStarts[location.line - 1] + location.column - 1
        }
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        for (pin, attributeStart) in pins {
            if let value = pin.existingValue {
                let start = offset(of: value)
                var cursor = ByteCursor(bytes: bytes)
                while cursor.offset < start { cursor.advance() }
                if cursor.peek() == UInt8(ascii: "\"") {
                    _ = cursor.readQuotedString()
                } else {
                    _ = cursor.readUnquotedValue()
                }
                edits.append((start..<cursor.offset, Array(String(pin.number).utf8)))
            } else {
                let lineStart = lineStarts[attributeStart.line - 1]
                let start = offset(of: attributeStart)
                let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
                let indentation = Array(bytes[lineStart...].prefix(while: isSpace))
                if bytes[lineStart..<start].allSatisfy(isSpace) {
                    edits.append((lineStart..<lineStart, indentation + Array((pin.line + "\n").utf8)))
                } else {
                    let inner = indentation + Array(SchemaLayout.indentation.utf8)
                    var spaces = start
                    while spaces > lineStart, isSpace(bytes[spaces - 1]) { spaces -= 1 }
                    edits.append((spaces..<start, [UInt8(ascii: "\n")] + inner + Array((pin.line + "\n").utf8) + inner))
                }
            }
        }
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: edit.text)
        }
        return result
    }
}

private extension SchemaSyntax {
    /// Adds (or renumbers) the pin's `%binaryField` in the tree, as the edited text declares
    /// it; returns where the attribute starts (its type, for Remodel's `NSString *name`).
    mutating func addPin(_ pin: BinaryPin) -> SourceLocation? {
        guard let typeIndex = types.firstIndex(where: { $0.name.text == pin.typeName && !$0.isProtocol }) else { return nil }
        if let subtypeName = pin.subtypeName {
            guard let subtypeIndex = types[typeIndex].subtypes.firstIndex(where: { $0.name.text == subtypeName }) else { return nil }
            return types[typeIndex].subtypes[subtypeIndex].attributes.addPin(pin)
        }
        return types[typeIndex].attributes.addPin(pin)
    }
}

private extension Array where Element == AttributeSyntax {
    mutating func addPin(_ pin: BinaryPin) -> SourceLocation? {
        guard let index = firstIndex(where: { $0.name.text == pin.attributeName }) else { return nil }
        let number = AnnotationArgument(key: "number", value: String(pin.number))
        if let existing = self[index].annotations.firstIndex(where: { $0.name == "binaryField" }) {
            guard let argument = self[index].annotations[existing].arguments.firstIndex(where: { $0.key == "number" }) else { return nil }
            self[index].annotations[existing].arguments[argument].value = number.value
        } else {
            self[index].annotations.append(Annotation(name: "binaryField", arguments: [number], location: SourceLocation(line: 1, column: 1)))
        }
        return Swift.min(self[index].name.location, self[index].type.location)
    }
}
