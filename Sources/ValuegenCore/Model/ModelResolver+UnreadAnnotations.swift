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

extension SchemaSyntax {
    /// The annotations written in the file, in the order written: the file's, then each type's,
    /// its attributes', its subtypes' and their attributes'.
    var everyAnnotation: [Annotation] {
        fileAnnotations + types.flatMap { type in
            type.annotations + type.attributes.flatMap(\.annotations)
                + type.subtypes.flatMap { $0.annotations + $0.attributes.flatMap(\.annotations) }
        }
    }
}
