import ValuegenPluginSDK

/// The formatter's result for one schema file.
public struct FormattedSchema: Sendable {
    public var source: SchemaSource
    /// The file in canonical layout; nil when the file has errors and must not be rewritten.
    public var bytes: [UInt8]?
    /// Syntax errors, and with `--to-swift-syntax` a warning for each attribute left as written.
    public var diagnostics: [Diagnostic]

    /// Whether the file is already in canonical layout.
    public var isUnchanged: Bool {
        bytes == source.bytes
    }
}

/// `valuegen format`: schema files in one canonical layout (see `SchemaLayout`), optionally with
/// Remodel attributes rewritten in Swift style (see `SwiftStyleConversion`).
///
/// The promise is that generating from the result gives the same Swift as generating from the
/// original. It is checked on every file: the result is parsed again and its syntax tree, without
/// source locations, must equal the original's (with `toSwiftSyntax`, attributes compared by
/// the Swift type they resolve to). A result that fails the check is not returned.
public enum SchemaFormatter {
    public static func format(_ source: SchemaSource, toSwiftSyntax: Bool = false) -> FormattedSchema {
        var diagnostics = DiagnosticCollector(path: source.path)
        func failed() -> FormattedSchema {
            FormattedSchema(source: source, bytes: nil, diagnostics: diagnostics.diagnostics)
        }
        guard let kind = source.kind else {
            diagnostics.error(SchemaSource.notASchemaFileMessage, at: nil)
            return failed()
        }
        if let invalid = UTF8Validation.firstInvalidByte(in: source.bytes) {
            diagnostics.error("invalid UTF-8 (byte 0x\(String(source.bytes[invalid.offset], radix: 16, uppercase: true))); schema files must be UTF-8", at: invalid.location)
            return failed()
        }
        let (original, syntaxDiagnostics) = SchemaParser.parse(source.bytes, kind: kind, path: source.path)
        let errors = syntaxDiagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            errors.forEach { diagnostics.append($0) }
            return failed()
        }

        var bytes = SchemaLayout.format(source.bytes, kind: kind)
        var expected = SyntaxFingerprint.of(original)
        var fingerprint: (SchemaSyntax) -> String = { SyntaxFingerprint.of($0) }
        if toSwiftSyntax {
            let (formatted, _) = SchemaParser.parse(bytes, kind: kind, path: source.path)
            var warnings: [SyntaxError] = []
            let converted = SwiftStyleConversion(syntax: formatted).convert(bytes, warnings: &warnings)
            for warning in warnings {
                diagnostics.warning(warning.message, at: warning.location)
            }
            bytes = SchemaLayout.format(converted, kind: kind)
            expected = SwiftStyleConversion(syntax: original).fingerprint()
            fingerprint = { SwiftStyleConversion(syntax: $0).fingerprint() }
        }

        let (result, resultDiagnostics) = SchemaParser.parse(bytes, kind: kind, path: source.path)
        guard !resultDiagnostics.contains(where: { $0.severity == .error }), fingerprint(result) == expected else {
            diagnostics.error(Self.changedMeaningMessage, at: nil)
            return failed()
        }
        return FormattedSchema(source: source, bytes: bytes, diagnostics: diagnostics.diagnostics)
    }

    /// The formatter found that its own layout would declare something else; a bug to report.
    static let changedMeaningMessage = "internal error: the formatted file would not declare the same types; it is left as it is (please report this as a bug)"
}
