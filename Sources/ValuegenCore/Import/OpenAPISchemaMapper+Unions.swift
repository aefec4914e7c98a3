import ValuegenPluginSDK

// `oneOf`/`anyOf`: internally tagged ADTs where a discriminator names the tag, untagged ADTs
// ordered so that the first case that fits is the right one otherwise.
extension OpenAPISchemaMapper {
    /// `membersPointer`: where every variant's members are in the document, when the variants
    /// are not at `pointer/0`, `pointer/1`… (a type array's variants are the schema itself).
    mutating func declareUnion(_ variants: [JSONValue], discriminator: JSONValue?, named name: String, pointer: String, membersPointer: String? = nil, documentation: String?) {
        let kept = variants.enumerated().filter { !Self.isNullSchema($0.element) }
        let inferred = discriminator == nil ? inferredDiscriminator(kept) : nil
        if let property = discriminator?["propertyName"]?.stringValue ?? inferred?.property,
           let cases = taggedCases(kept, property: property, mapping: discriminator?["mapping"], inferredTags: inferred?.tags, typeName: name, pointer: pointer) {
            let style = ImportNames.bestStyle(for: cases.compactMap { unionCase in unionCase.tag.map { (SwiftLanguage.lowerCamelCase(unionCase.subtypeName), $0) } }, spell: Self.spell)
            append(ImportedType(name: name, pointer: pointer, documentation: documentation, shape: .union(ImportedUnion(discriminator: property, cases: cases, caseKeyStyle: style))))
            return
        }
        var cases: [(case: ImportedUnionCase, rank: Int)] = []
        var taken: Set<String> = []
        for (index, variant) in kept {
            let variantPointer = membersPointer ?? pointer + "/\(index)"
            var payload: ImportedUnionCase.Payload
            var subtype: String
            if variant["$ref"] == nil, Self.singleSchema(variant) == nil, Self.types(of: variant).count < 2, case .object(let properties)? = variant["properties"], !properties.isEmpty {
                var object = MergedObject()
                var visited: Set<String> = []
                merge(variant, pointer: variantPointer, into: &object, visited: &visited)
                subtype = variant["title"]?.stringValue.map(ImportNames.typeName) ?? "Variant\(index + 1)"
                payload = .attributes(attributes(object, pointer: variantPointer, typeName: name + subtype))
            } else {
                let held = reference(variant, pointer: variantPointer, nameHint: name + "Variant\(index + 1)")
                warnAboutUncheckedConstraints(variant, pointer: variantPointer, where: "a union's single values")
                if case .date(let style) = held.type, style != .iso8601 {
                    warn(variantPointer, "a date of this union is read in ISO 8601, not in the document's format")
                }
                payload = .single(held.type)
                subtype = Self.caseName(of: held.type)
            }
            if cases.contains(where: { $0.case.payload == payload }) {
                continue
            }
            subtype = ImportNames.unique(subtype, in: taken)
            taken.insert(subtype)
            cases.append((ImportedUnionCase(subtypeName: subtype, tag: nil, payload: payload, documentation: variant["description"]?.stringValue), rank(payload)))
        }
        // The expandable pattern, an id or the object: the string is the id.
        if cases.count == 2, let string = cases.firstIndex(where: { $0.case.payload == .single(.swift("String")) }),
           case .single(.model)? = cases.first(where: { $0.case.payload != .single(.swift("String")) })?.case.payload {
            cases[string].case.subtypeName = "Id"
        }
        let ordered = cases.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.case)
        append(ImportedType(name: name, pointer: pointer, documentation: documentation, shape: .union(ImportedUnion(discriminator: nil, cases: ordered, caseKeyStyle: nil))))
    }

    /// The cases of a discriminated union, each the members of the object it names with the
    /// discriminator left out, or the component itself when the union holds it whole
    /// (`FlattenedVariants`); nil (an untagged union instead) when a variant is not an object.
    private mutating func taggedCases(_ variants: [(offset: Int, element: JSONValue)], property: String, mapping: JSONValue?, inferredTags: [Int: [String]]?, typeName: String, pointer: String) -> [ImportedUnionCase]? {
        var cases: [ImportedUnionCase] = []
        var taken: Set<String> = []
        var tags: Set<String> = []
        var referenced: [String] = []
        for (index, variant) in variants {
            let variantPointer = pointer + "/\(index)"
            var object = MergedObject()
            var visited: Set<String> = []
            merge(variant, pointer: variantPointer, into: &object, visited: &visited)
            let resolved = variant["$ref"]?.stringValue.flatMap { document.resolve($0) } ?? variant
            guard !object.properties.isEmpty || Self.types(of: resolved) == ["object"] else {
                warn(pointer, "variant \(index) is not an object, so the discriminator '\(property)' cannot tag it; imported as an untagged union")
                return nil
            }
            let reference = variant["$ref"]?.stringValue
            var variantTags: [String] = inferredTags?[index] ?? []
            if case .object(let entries)? = mapping, let reference {
                let component = OpenAPIDocument.componentName(ofReference: reference)
                variantTags = entries.filter { $0.value.stringValue == reference || $0.value.stringValue == component }.map(\.key)
            }
            if variantTags.isEmpty {
                if let reference, let component = OpenAPIDocument.componentName(ofReference: reference) {
                    variantTags = [component]
                } else if case .array(let values)? = object.properties.first(where: { $0.key == property })?.schema["enum"], let value = values.first?.stringValue {
                    variantTags = [value]
                } else {
                    warn(variantPointer, "no tag of the discriminator '\(property)' names this variant; imported as an untagged union")
                    return nil
                }
            }
            let component = reference.flatMap(OpenAPIDocument.componentName(ofReference:))
            if let component {
                referenced.append(component)
            }
            let held = component.flatMap { heldVariantType($0, property: property) }
            for tag in variantTags where !tags.insert(tag).inserted {
                warn(variantPointer, "the tag '\(tag)' of the discriminator '\(property)' already names an earlier variant, which reads it; this variant is not read under it")
                variantTags.removeAll { $0 == tag }
            }
            for tag in variantTags {
                let subtype = ImportNames.unique(ImportNames.subtypeName(tag), in: taken)
                taken.insert(subtype)
                let payload: ImportedUnionCase.Payload = held.map { .single(.model($0)) }
                    ?? .attributes(attributes(object, pointer: variantPointer, typeName: typeName + subtype, leavingOut: property))
                cases.append(ImportedUnionCase(subtypeName: subtype, tag: tag, payload: payload, documentation: variant["description"]?.stringValue))
            }
        }
        for component in referenced {
            taggedVariants.recordVariant(component, property: property)
        }
        cases.append(ImportedUnionCase(subtypeName: ImportNames.unique("Unknown", in: taken), tag: nil, payload: .unknown, documentation: nil))
        return cases
    }

    /// A discriminator the document does not name: a property every variant has, each with a
    /// string `enum` (or `const`) of its own, no value in two variants (Adyen's `type` of a
    /// payment method). Its values are the variants' tags.
    private func inferredDiscriminator(_ variants: [(offset: Int, element: JSONValue)]) -> (property: String, tags: [Int: [String]])? {
        guard variants.count > 1 else { return nil }
        var candidates: [String]?
        var objects: [(index: Int, properties: [String: JSONValue])] = []
        for (index, variant) in variants {
            var object = MergedObject()
            var visited: Set<String> = []
            collectMembers(variant, into: &object, visited: &visited)
            guard !object.properties.isEmpty else { return nil }
            let properties = Dictionary(object.properties.map { ($0.key, $0.schema) }, uniquingKeysWith: { _, last in last })
            objects.append((index, properties))
            let named = object.properties.map(\.key).filter { constantStrings(properties[$0]!) != nil }
            candidates = candidates.map { $0.filter(named.contains) } ?? named
        }
        for property in candidates ?? [] {
            var tags: [Int: [String]] = [:]
            var seen: Set<String> = []
            var disjoint = true
            for object in objects {
                let values = constantStrings(object.properties[property]!) ?? []
                disjoint = disjoint && values.allSatisfy { seen.insert($0).inserted }
                tags[object.index] = values
            }
            if disjoint {
                return (property, tags)
            }
        }
        return nil
    }

    /// The string values a property may take: its `enum` or `const`, through `$ref`s.
    private func constantStrings(_ schema: JSONValue) -> [String]? {
        var schema = schema
        var hops = 0
        while let target = schema["$ref"]?.stringValue ?? Self.singleSchema(schema)?.schema["$ref"]?.stringValue, let resolved = document.resolve(target), hops < 16 {
            schema = resolved
            hops += 1
        }
        if let value = schema["const"]?.stringValue { return [value] }
        guard let values = Self.stringEnumeration(schema), !values.contains("") else { return nil }
        return values
    }

    /// The properties of an object and those it requires, through its `allOf`s, without mapping
    /// them.
    private func collectMembers(_ schema: JSONValue, into object: inout MergedObject, visited: inout Set<String>) {
        if let target = schema["$ref"]?.stringValue {
            guard visited.insert(target).inserted, let resolved = document.resolve(target) else { return }
            collectMembers(resolved, into: &object, visited: &visited)
        }
        if case .array(let parts)? = schema["allOf"] {
            for part in parts {
                collectMembers(part, into: &object, visited: &visited)
            }
        }
        if case .object(let properties)? = schema["properties"] {
            for property in properties {
                object.add(property.key, property.value, pointer: "")
            }
        }
        if case .array(let required)? = schema["required"] {
            object.required.formUnion(required.compactMap(\.stringValue))
        }
    }

    /// The case name of a single value: its type's name (`Customer`, `String`, `StringList`).
    static func caseName(of type: ImportedTypeReference) -> String {
        switch type {
        case .swift(let name), .model(let name): return name
        case .date: return "Date"
        case .rawJSON: return "Other"
        case .array(let element): return caseName(of: element) + "List"
        case .dictionary(let value): return caseName(of: value) + "Map"
        }
    }

    /// The order untagged cases are tried in: objects with the most members first (they are the
    /// most demanding), then arrays, maps and scalars, the ones that read the fewest values
    /// first, any JSON value last.
    private func rank(_ payload: ImportedUnionCase.Payload) -> Int {
        switch payload {
        case .attributes(let attributes): return 100 - attributes.filter { !$0.isOptional }.count
        case .unknown: return 1_000
        case .single(let type):
            switch type {
            case .model(let name):
                if let declared = types.first(where: { $0.name == name }), case .value(let attributes) = declared.shape {
                    return 100 - attributes.filter { !$0.isOptional }.count
                }
                let component = componentTypeNames.first { $0.value == name }?.key
                let schema = component.flatMap { document.schemaNamed[$0] }
                guard let schema, !(schema["properties"] == nil && schema["allOf"] == nil) else { return 150 }
                var object = MergedObject()
                var visited: Set<String> = []
                collectMembers(schema, into: &object, visited: &visited)
                return 100 - object.required.count
            case .array: return 200
            case .dictionary: return 250
            case .swift("Bool"): return 300
            case .swift("Int32"), .swift("Int64"), .swift("Int"): return 310
            case .swift("Float"), .swift("Double"): return 320
            case .date, .swift("URL"): return 330
            case .swift: return 340
            case .rawJSON: return 900
            }
        }
    }
}

extension OpenAPISchemaMapper {
    /// `type: [string, integer]` as the variants of an untagged union, one schema of each type,
    /// with the members that type reads (`format`, `items`, `enum`…); what the union as a whole
    /// says (its description, `nullable`) stays with the union. The object's variant, with the
    /// schema's `properties` (`type: [object, string]`), is the case `Object`.
    static func variantsOfTypes(_ schema: JSONValue) -> [JSONValue] {
        guard case .object(let members) = schema else { return [] }
        let objectKeys: Set<String> = ["properties", "required", "additionalProperties", "allOf"]
        return types(of: schema).map { type in
            let kept = members.filter { member in
                !["type", "description", "title", "nullable"].contains(member.key)
                    && (type == "object" || !objectKeys.contains(member.key))
                    && (type == "array" || member.key != "items")
            }
            let title = type == "object" ? [JSONMember(key: "title", value: .string("Object"))] : []
            return .object([JSONMember(key: "type", value: .string(type))] + title + kept)
        }
    }
}
