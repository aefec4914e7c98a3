import ValuegenPluginSDK

// `%storage indirect` on a value: its attributes live in one reference-counted box shared by
// copies (docs/Language.md, "Indirect storage"). `%storage inline`, the default, says so.

extension ModelResolver {
    static let storageKinds = ["indirect", "inline"]

    /// Checks the type's `%storage`: one bare value, `indirect` or `inline`, on a value.
    mutating func checkStorage(_ annotations: [Annotation], kind: ModelKind, typeName: String) {
        guard let annotation = annotations.first(where: { $0.name == "storage" }) else { return }
        guard kind == .value else {
            let reason = kind == .object ? "an object is a class, stored by reference already" : "an ADT's cases are boxed by Swift where they must be ('indirect')"
            diagnostics.error("'%storage' applies to values, and '\(typeName)' is not one: \(reason); remove it", at: annotation.location)
            return
        }
        guard let value = annotation.bareValue, annotation.arguments.count == 1 else {
            diagnostics.error("'%storage' takes one word, 'indirect' or 'inline': %storage indirect", at: annotation.location)
            return
        }
        guard Self.storageKinds.contains(value) else {
            let hint = Suggestion.hint(forValue: value, among: Self.storageKinds, listing: "write 'indirect' or 'inline'")
            diagnostics.error("unknown storage '\(value)' in '%storage'\(hint)", at: annotation.arguments[0].location ?? annotation.location)
            return
        }
    }
}
