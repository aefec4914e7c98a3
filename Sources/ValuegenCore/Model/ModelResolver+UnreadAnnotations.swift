import ValuegenPluginHost
import ValuegenPluginSDK

// No annotation is silently ignored (docs/Language.md, "Annotations"): one that no built-in
// feature and no loaded plugin reads is a warning at its line, with a suggestion when it is
// close to one that is read (`%redact` → `%redacted`). Plugins built before ABI 1.2 do not say
// what they read, so while one is loaded only near-misses of built-in annotations warn.

extension ModelResolver {
    mutating func warnOfUnreadAnnotations(in syntax: SchemaSyntax) {
        let read = registry.annotationNames
        for annotation in syntax.everyAnnotation where !read.contains(annotation.name) {
            if registry.everyPluginDeclaresAnnotations {
                let hint = Suggestion.closest(to: annotation.name, among: registry.sortedAnnotationNames).map { "; did you mean '%\($0)'?" } ?? "; remove it, or load the plugin that reads it"
                diagnostics.warning("%\(annotation.name): no feature reads this annotation\(hint)", at: annotation.location)
            } else if let suggestion = Suggestion.closest(to: annotation.name, among: registry.builtInAnnotationNames) {
                diagnostics.warning("%\(annotation.name): no built-in feature reads this annotation; did you mean '%\(suggestion)'?", at: annotation.location)
            }
        }
    }
}

// An annotation that only plugins read, on a type that includes none of them, is read by
// nobody there: it warns at its line, naming the plugins and the way to include one.
extension ModelResolver {
    mutating func warnOfAnnotationsForPluginsNotIncluded(in declaration: TypeDeclarationSyntax, includes: [String]) {
        let builtIn = Set(registry.builtInAnnotationNames)
        for annotation in declaration.everyAnnotation where !builtIn.contains(annotation.name) {
            let readers = registry.features.filter { $0 is PluginBacked && ($0.descriptor.annotationNames ?? []).contains(annotation.name) }
            guard !readers.isEmpty, !readers.contains(where: { includes.contains($0.descriptor.name) }) else { continue }
            let names = readers.map { registry.shownName(of: $0) }
            let readBy = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            let fix = names.count == 1 ? "add \(names[0]) to its includes(...)" : "add one of them to its includes(...)"
            diagnostics.warning("%\(annotation.name) is read by \(readBy), which '\(declaration.name.text)' does not include; \(fix), or remove the annotation", at: annotation.location)
        }
    }
}

extension SchemaSyntax {
    /// The annotations written in the file, in the order written: the file's, then each type's,
    /// its attributes', its subtypes' and their attributes'.
    var everyAnnotation: [Annotation] {
        fileAnnotations + types.flatMap(\.everyAnnotation)
    }
}

extension TypeDeclarationSyntax {
    /// The type's annotations, its attributes', its subtypes' and their attributes', in the
    /// order written.
    var everyAnnotation: [Annotation] {
        annotations + attributes.flatMap(\.annotations) + subtypes.flatMap { $0.annotations + $0.attributes.flatMap(\.annotations) }
    }
}
