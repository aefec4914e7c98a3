import ValuegenPluginHost
import ValuegenPluginSDK

// No annotation is silently ignored (docs/Language.md, "Annotations"): one that only a type
// reads, written before an attribute or a subtype (or after the type's `{`, which gives it to
// the first of them), and one that only an attribute reads, written before a type or a subtype,
// is an error at its line that says where it belongs. `%check` and the rules have their own
// messages (`ModelResolver+Invariants`), and `%coding` on an attribute takes the arguments an
// attribute can have (`ModelResolver+Coding`).

extension ModelResolver {
    /// Annotations that only a type reads.
    static let typeLevelAnnotations: Set<String> = ["codingKeys", "caseKeys", "storage"]
    /// Annotations that only an attribute reads.
    static let attributeLevelAnnotations: Set<String> = ["binaryField", "codingKey", "codingLegacyKey", "redacted", "skipEquality", "transient"]

    mutating func reportMisplacedAnnotations(in declaration: TypeDeclarationSyntax) {
        let owner = declaration.name.text
        for annotation in misplaced(declaration.annotations, Self.attributeLevelAnnotations) {
            let place = file.kind == .adtValue && !declaration.isProtocol ? "an attribute of a subtype" : "the attribute"
            diagnostics.error("'%\(annotation.name)' applies to an attribute, not to \(declaration.isProtocol ? "protocol" : "type") '\(owner)'; write it before \(place)", at: annotation.location)
        }
        let fix = declaration.isProtocol ? "write it before the types that adopt '\(owner)'" : "write it before '\(owner)'"
        for attribute in declaration.attributes {
            for annotation in misplacedTypeAnnotations(attribute.annotations) {
                diagnostics.error("'%\(annotation.name)' applies to a type, not to attribute '\(attribute.name.text)'; \(fix)", at: annotation.location)
            }
        }
        for subtype in declaration.subtypes {
            for annotation in misplacedTypeAnnotations(subtype.annotations) {
                diagnostics.error("'%\(annotation.name)' applies to a type, not to subtype '\(subtype.name.text)'; \(fix)", at: annotation.location)
            }
            for annotation in misplaced(subtype.annotations, Self.attributeLevelAnnotations) {
                // `%codingKey` before a subtype most likely means the case's tag.
                let fix = annotation.name == "codingKey"
                    ? "to name the case's tag, write '%caseKey name=\(annotation["name"] ?? "…")'"
                    : "write it before an attribute of the subtype (a '%singleAttributeSubtype' value takes none: declare it as an attribute)"
                diagnostics.error("'%\(annotation.name)' applies to an attribute, not to subtype '\(subtype.name.text)'; \(fix)", at: annotation.location)
            }
            if let coding = subtype.annotations.first(where: { $0.name == "coding" }), !isReadByPlugin("coding") {
                diagnostics.error("'%coding' does not apply to subtype '\(subtype.name.text)'; write it before '\(owner)' for its representation, or before an attribute of the subtype for its dates", at: coding.location)
            }
            for attribute in subtype.attributes {
                for annotation in misplacedTypeAnnotations(attribute.annotations) {
                    diagnostics.error("'%\(annotation.name)' applies to a type, not to attribute '\(attribute.name.text)' of subtype '\(subtype.name.text)'; \(fix)", at: annotation.location)
                }
            }
        }
    }

    private func misplacedTypeAnnotations(_ annotations: [Annotation]) -> [Annotation] {
        misplaced(annotations, Self.typeLevelAnnotations)
    }

    private func misplaced(_ annotations: [Annotation], _ names: Set<String>) -> [Annotation] {
        annotations.filter { names.contains($0.name) && !isReadByPlugin($0.name) }
    }

    /// A loaded plugin reads the annotation, wherever it is written, or may (one built before
    /// ABI 1.2 does not say what it reads).
    private func isReadByPlugin(_ name: String) -> Bool {
        registry.features.contains { $0 is PluginBacked && $0.descriptor.annotationNames?.contains(name) != false }
    }
}
