import ValuegenPluginSDK

// The schemas that declare a type of their own: objects (and `allOf` merges) as values, string
// enumerations as plain ADTs, `oneOf`/`anyOf` as tagged or untagged ADTs.
extension OpenAPISchemaMapper {
    /// `leavingOut`: a property a tagged union holding the component writes as its tag.
    mutating func declare(_ schema: JSONValue, named name: String, pointer: String, leavingOut left: String? = nil) {
        let documentation = schema["description"]?.stringValue
        if let values = Self.stringEnumeration(schema), schema["properties"] == nil {
            append(ImportedType(name: name, pointer: pointer, documentation: documentation, shape: enumeration(values, pointer: pointer)))
            return
        }
        if Self.types(of: schema).count > 1 {
            warnAboutPropertiesOfANonObject(schema, pointer: pointer)
            declareUnion(Self.variantsOfTypes(schema), discriminator: nil, named: name, pointer: pointer + "/type", membersPointer: pointer, documentation: documentation)
            return
        }
        for key in ["oneOf", "anyOf"] {
            if case .array(let variants)? = schema[key], schema["properties"] == nil, schema["allOf"] == nil {
                declareUnion(variants, discriminator: schema["discriminator"], named: name, pointer: pointer + "/" + key, documentation: documentation)
                return
            }
        }
        var object = MergedObject()
        var visited: Set<String> = []
        merge(schema, pointer: pointer, into: &object, visited: &visited)
        append(ImportedType(name: name, pointer: pointer, documentation: documentation, shape: .value(attributes(object, pointer: pointer, typeName: name, leavingOut: left))))
    }

    // MARK: - Objects

    /// The properties of an object and of everything its `allOf` merges.
    struct MergedObject {
        var properties: [(key: String, schema: JSONValue, pointer: String)] = []
        var required: Set<String> = []

        mutating func add(_ key: String, _ schema: JSONValue, pointer: String) {
            if let index = properties.firstIndex(where: { $0.key == key }) {
                properties[index] = (key, schema, pointer)
            } else {
                properties.append((key, schema, pointer))
            }
        }
    }

    mutating func merge(_ schema: JSONValue, pointer: String, into object: inout MergedObject, visited: inout Set<String>) {
        if let target = schema["$ref"]?.stringValue {
            guard visited.insert(target).inserted else { return }
            if let component = ImportSelection.component(containing: target), chosen.excluded.contains(component) {
                warn(pointer, "the component '\(component)' is excluded (--exclude); its members are not imported")
                return
            }
            guard let resolved = document.resolve(target) else {
                warn(pointer, "the reference '\(target)' is not in the document; its members are not imported")
                return
            }
            merge(resolved, pointer: target, into: &object, visited: &visited)
            return
        }
        if case .array(let parts)? = schema["allOf"] {
            for (index, part) in parts.enumerated() {
                merge(part, pointer: pointer + "/allOf/\(index)", into: &object, visited: &visited)
            }
        }
        if case .object(let properties)? = schema["properties"] {
            for property in properties {
                object.add(property.key, property.value, pointer: pointer + "/properties/" + OpenAPIDocument.escape(property.key))
            }
        }
        if case .array(let required)? = schema["required"] {
            object.required.formUnion(required.compactMap(\.stringValue))
        }
        if schema["oneOf"] != nil || schema["anyOf"] != nil {
            warn(pointer, "a oneOf/anyOf merged into an object by allOf is not imported; only the object's own properties are")
        }
        if case .object(let members)? = schema["additionalProperties"], !members.isEmpty, schema["properties"] != nil {
            warn(pointer + "/additionalProperties", "members beyond the declared properties are not kept")
        }
        let types = Self.types(of: schema)
        let others = types.filter { $0 != "object" }
        if !others.isEmpty, types.contains("object") || schema["properties"] != nil || schema["allOf"] != nil {
            warn(pointer + "/type", "a value of type \(others.joined(separator: ", ")) is not imported here, only the object's members (a type array is a union only where no object merges it)")
        } else if !others.isEmpty {
            warn(pointer, "a \(types.joined(separator: ", ")) merged into an object by allOf is not imported")
        }
    }

    /// The attributes of an object's properties: optional where not required, or null, or
    /// `writeOnly` (a response never holds it); names a key style spells, or `%codingKey`.
    mutating func attributes(_ object: MergedObject, pointer: String, typeName: String, leavingOut left: String? = nil) -> [ImportedAttribute] {
        var attributes: [ImportedAttribute] = []
        var taken: Set<String> = []
        for property in object.properties where property.key != left {
            var name = ImportNames.attributeName(property.key)
            if ImportNames.isReservedAttributeName(name) {
                name += "Value"
            }
            name = ImportNames.unique(name, in: taken)
            taken.insert(name)
            let held = reference(property.schema, pointer: property.pointer, nameHint: typeName + ImportNames.typeName(property.key))
            if case .dictionary(.date(let style)) = held.type, style != .iso8601 {
                warn(property.pointer, "the dates of a map are read in ISO 8601, not in the document's format")
            }
            let isOptional = !object.required.contains(property.key) || held.isNullable || property.schema["writeOnly"] == .bool(true)
            let rules = rules(of: property.schema, pointer: property.pointer, type: held.type)
            attributes.append(ImportedAttribute(name: name, key: property.key, type: held.type, isOptional: isOptional, documentation: Self.documentation(of: property.schema), rules: rules))
        }
        return attributes
    }

    /// A property's description; one beside a `$ref` (3.1) or on an `allOf: [$ref]` wrapper counts.
    static func documentation(of schema: JSONValue) -> String? {
        schema["description"]?.stringValue
    }

    // MARK: - Enumerations

    mutating func enumeration(_ values: [String], pointer: String) -> ImportedType.Shape {
        var cases: [ImportedEnumerationCase] = []
        var caseNames: Set<String> = []
        if values.contains("") {
            warn(pointer + "/enum", "the empty string cannot be a case's tag; the unknown case reads it (and writes it back)")
        }
        for value in values where !value.isEmpty {
            var subtype = ImportNames.subtypeName(value)
            if ["self", "type", "init", "protocol"].contains(SwiftLanguage.lowerCamelCase(subtype)) {
                subtype += "Value"
            }
            while caseNames.contains(SwiftLanguage.lowerCamelCase(subtype)) {
                subtype = ImportNames.unique(subtype, in: Set(cases.map(\.subtypeName)))
                if caseNames.contains(SwiftLanguage.lowerCamelCase(subtype)) { subtype += "Value" }
            }
            caseNames.insert(SwiftLanguage.lowerCamelCase(subtype))
            cases.append(ImportedEnumerationCase(subtypeName: subtype, value: value))
        }
        let style = ImportNames.bestStyle(for: cases.map { (SwiftLanguage.lowerCamelCase($0.subtypeName), $0.value!) }, spell: Self.spell)
        var unknown = "Unknown"
        while caseNames.contains(SwiftLanguage.lowerCamelCase(unknown)) {
            unknown += "Value"
        }
        cases.append(ImportedEnumerationCase(subtypeName: unknown, value: nil))
        return .enumeration(cases, caseKeyStyle: style)
    }

    /// The key (or tag) Valuegen gives `name` in `style`.
    static func spell(_ style: CodingKeyStyle?, _ name: String) -> String {
        style?.key(for: name) ?? name
    }
}
