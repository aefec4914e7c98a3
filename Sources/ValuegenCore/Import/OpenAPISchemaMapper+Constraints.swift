import ValuegenPluginSDK

// `--constraints`: the rules of an attribute, from its property's schema and the scalar
// components it refers to; elsewhere (an array's items, a map's values, a union's variant)
// rules cannot go, and a constraint there is a warning.
extension OpenAPISchemaMapper {
    /// The rules of an attribute held as `type`, empty without `--constraints`.
    mutating func rules(of schema: JSONValue, pointer: String, type: ImportedTypeReference) -> [String] {
        guard checksConstraints else { return [] }
        let constraints = ImportedConstraints(levels: constraintLevels(schema, pointer: pointer), type: type)
        for warning in constraints.warnings {
            warn(warning.pointer, warning.message)
        }
        return constraints.rules
    }

    /// Warns about the constraints of a schema no attribute holds: `where` says what it is.
    mutating func warnAboutUncheckedConstraints(_ schema: JSONValue, pointer: String, where place: String) {
        guard checksConstraints else { return }
        for (level, levelPointer) in constraintLevels(schema, pointer: pointer) {
            guard case .object(let members) = level else { continue }
            for member in members where ImportedConstraints.keywords.contains(member.key) && member.value != .bool(false) {
                warn(levelPointer + "/" + member.key, "'\(member.key)' is not checked: rules apply to attributes, not to \(place)")
            }
        }
    }

    /// The schema and those it stands for: a local `$ref` that declares no type of its own
    /// (a scalar component), an `allOf: [X]` wrapper. A component that declares a type (an
    /// object, an enumeration) ends the chain.
    private func constraintLevels(_ schema: JSONValue, pointer: String) -> [(schema: JSONValue, pointer: String)] {
        var levels: [(schema: JSONValue, pointer: String)] = []
        var next: (schema: JSONValue, pointer: String)? = (schema, pointer)
        var seen: Set<String> = []
        while let (current, at) = next {
            levels.append((current, at))
            next = nil
            if let target = current["$ref"]?.stringValue, seen.insert(target).inserted, let resolved = document.resolve(target) {
                if let component = OpenAPIDocument.componentName(ofReference: target), componentTypeNames[component] != nil || chosen.excluded.contains(component) {
                    break
                }
                next = (resolved, target)
            } else if let single = Self.singleSchema(current) {
                next = (single.schema, at + single.pointerSuffix)
            }
        }
        return levels
    }
}
