import ValuegenPluginSDK

/// `--to-swift-syntax`: rewrites Remodel's Objective-C style attributes (`NSString *name`,
/// `%nullable NSURL *url`) in Swift style (`name: String`, `url: URL?`), through the same
/// `TypeResolver` and Objective-C table the generator uses. An attribute is rewritten only
/// when its Swift spelling resolves to exactly the type the Objective-C one does; otherwise it
/// is left as written and a warning says why.
struct SwiftStyleConversion {
    let syntax: SchemaSyntax
    let resolver: TypeResolver

    init(syntax: SchemaSyntax) {
        self.syntax = syntax
        self.resolver = TypeResolver(declaredTypes: Self.declaredTypes(syntax))
    }

    static func declaredTypes(_ syntax: SchemaSyntax) -> Set<String> {
        Set(syntax.fileAnnotations.filter { $0.name == "type" }.compactMap { $0["name"] })
    }

    /// Annotations that a Swift-style type says in the type itself.
    static let optionalityAnnotations: Set<String> = ["nullable", "nonnull"]

    /// The attribute's type as the generator resolves it, `%nullable` and `%nonnull` applied.
    func resolvedType(of attribute: AttributeSyntax) throws(SyntaxError) -> ResolvedType {
        var type = try resolver.resolve(attribute.type)
        for annotation in attribute.annotations {
            if annotation.name == "nullable" {
                type = type.optional
            } else if annotation.name == "nonnull" {
                type = type.nonOptional
            }
        }
        return type
    }

    /// The Swift spelling that means the same as the attribute's Objective-C type, or why none.
    func swiftSpelling(of attribute: AttributeSyntax, objectiveC: ObjectiveCTypeSyntax) -> Result<String, SyntaxError> {
        let resolved: ResolvedType
        do {
            resolved = try resolvedType(of: attribute)
        } catch {
            return .failure(error)
        }
        let location = attribute.type.location
        let reread = try? SchemaParser.parseType(resolved.swift, at: location, swiftStyle: true)
        guard case .swift? = reread, let reread, (try? resolver.resolve(reread)) == resolved else {
            return .failure(SyntaxError("'\(objectiveC.spelling)' has no Swift spelling that resolves to the same type", at: location))
        }
        return .success(resolved.swift)
    }

    /// The text with every attribute that can be converted written in Swift style. `text` is
    /// the formatted file `syntax` was parsed from; `warnings` gets one entry per attribute
    /// left as written.
    func convert(_ text: [UInt8], warnings: inout [SyntaxError]) -> [UInt8] {
        var lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        // Each line's replacements, applied right to left so columns stay valid.
        var replacements: [Int: [(start: Int, end: Int, text: String)]] = [:]
        var removedLines: Set<Int> = []
        for attribute in allAttributes {
            guard case .objectiveC(let objectiveC, let location) = attribute.type else { continue }
            switch swiftSpelling(of: attribute, objectiveC: objectiveC) {
            case .failure(let error):
                warnings.append(SyntaxError("attribute '\(attribute.name.text)' is left in Objective-C style: \(error.message)", at: error.location))
            case .success(let spelling):
                let lineIndex = location.line - 1
                guard attribute.name.location.line == location.line, lineIndex < lines.count else { continue }
                let line = lines[lineIndex]
                var end = attribute.name.location.column - 1 + attribute.name.text.utf8.count
                if end < line.count, line[end] == UInt8(ascii: ";") {
                    end += 1
                }
                replacements[lineIndex, default: []].append((location.column - 1, end, "\(attribute.name.text): \(spelling)"))
                for annotation in attribute.annotations where Self.optionalityAnnotations.contains(annotation.name) {
                    // A line that is only the annotation goes; one that also holds a comment
                    // keeps both, and the annotation then says again what the type says.
                    let annotationLine = lines[annotation.location.line - 1]
                    if !annotationLine.contains(UInt8(ascii: "#")) {
                        removedLines.insert(annotation.location.line - 1)
                    }
                }
            }
        }
        for (lineIndex, lineReplacements) in replacements {
            for replacement in lineReplacements.sorted(by: { $0.start > $1.start }) {
                lines[lineIndex].replaceSubrange(replacement.start..<replacement.end, with: Array(replacement.text.utf8))
            }
        }
        let kept = lines.enumerated().filter { !removedLines.contains($0.offset) }.map(\.element)
        return Array(kept.joined(separator: [UInt8(ascii: "\n")]))
    }

    private var allAttributes: [AttributeSyntax] {
        syntax.types.flatMap { type in type.attributes + type.subtypes.flatMap(\.attributes) }
    }

    /// The fingerprint of a schema with each attribute described by the type it resolves to,
    /// so a Remodel attribute and its Swift-style rewrite compare equal.
    func fingerprint() -> String {
        SyntaxFingerprint.of(syntax) { node in
            guard let attribute = node as? AttributeSyntax, let type = try? resolvedType(of: attribute) else { return nil }
            var text = "Attribute(\(attribute.name.text):\(type):"
            var rest = attribute
            rest.annotations.removeAll { Self.optionalityAnnotations.contains($0.name) }
            SyntaxFingerprint.write(rest.defaultValue as Any, into: &text) { _ in nil }
            SyntaxFingerprint.write(rest.comments, into: &text) { _ in nil }
            SyntaxFingerprint.write(rest.annotations, into: &text) { _ in nil }
            return text + ")"
        }
    }
}
