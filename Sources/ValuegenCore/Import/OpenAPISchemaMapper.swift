import ValuegenPluginSDK

/// Maps the schemas of `components/schemas` to the types the import writes (docs/Import.md has
/// the table): objects to values, string enumerations to plain ADTs, `oneOf`/`anyOf` to tagged
/// or untagged ADTs, `allOf` to merged values; scalars, arrays and maps to the Swift types
/// that hold them. What it cannot express it writes as the nearest faithful type (`RawJSON`
/// at worst) and warns about, naming the schema's JSON pointer.
struct OpenAPISchemaMapper {
    let document: OpenAPIDocument
    /// Components written as `RawJSON` where they are used, because what they map to does not
    /// generate (`OpenAPIImport` finds them).
    let rawComponents: Set<String>
    /// The components to write (`--include`/`--exclude` and what they refer to), and those
    /// excluded, which are `RawJSON` where used.
    let chosen: ImportSelection.Chosen
    /// `--constraints`: constraints become rules.
    let checksConstraints: Bool

    /// The types to write, in the document's order, inline ones after the component holding them.
    private(set) var types: [ImportedType] = []
    /// The component each type was declared for (its own or the one holding it inline).
    private(set) var owners: [String: String] = [:]
    private(set) var warnings: [ImportWarning] = []
    /// Components that declare no type: a scalar, an array or a map, written where used.
    private(set) var aliasCount = 0

    /// Component name → Swift type name, for those that declare a type.
    private(set) var componentTypeNames: [String: String] = [:]
    private var takenTypeNames: Set<String> = []
    private var aliases: [String: (ImportedTypeReference, Bool)] = [:]
    private var resolvingAliases: Set<String> = []
    /// The component being mapped, the owner of the inline types declared meanwhile.
    private var currentComponent = ""
    /// The `$ref` variants of tagged unions met while mapping.
    var taggedVariants = FlattenedVariants()
    /// Component → discriminator: the components tagged unions hold whole (`FlattenedVariants`),
    /// imported without that property, or (used elsewhere too) through a copy without it.
    var flattenedVariants: [String: String] = [:]
    var copiedVariants: [String: String] = [:]
    /// Component → the type of its copy without the discriminator, once declared.
    var variantCopies: [String: String] = [:]

    init(document: OpenAPIDocument, rawComponents: Set<String> = [], chosen: ImportSelection.Chosen, checksConstraints: Bool = false) {
        self.document = document
        self.rawComponents = rawComponents
        self.chosen = chosen
        self.checksConstraints = checksConstraints
        for member in document.schemas where chosen.components.contains(member.key) && declaresType(member.value) && !rawComponents.contains(member.key) {
            var name = ImportNames.typeName(member.key)
            if ImportNames.isReservedTypeName(name) {
                name += "Model"
            }
            name = ImportNames.unique(name, in: takenTypeNames)
            takenTypeNames.insert(name)
            componentTypeNames[member.key] = name
        }
    }

    /// Maps every chosen component: once to find the components tagged unions may hold whole,
    /// and, when there are any, again holding them so.
    mutating func mapAll() {
        var first = self
        first.mapComponents()
        guard !first.taggedVariants.isEmpty else {
            self = first
            return
        }
        let holdable = first.taggedVariants.holdable(in: document.root, types: first.types, typeNames: first.componentTypeNames)
        guard !holdable.only.isEmpty || !holdable.alsoElsewhere.isEmpty else {
            self = first
            return
        }
        flattenedVariants = holdable.only
        copiedVariants = holdable.alsoElsewhere
        mapComponents()
    }

    private mutating func mapComponents() {
        for member in document.schemas where chosen.components.contains(member.key) {
            currentComponent = member.key
            let pointer = OpenAPIDocument.pointer(ofComponent: member.key)
            if rawComponents.contains(member.key) {
                continue
            }
            if let name = componentTypeNames[member.key] {
                declare(member.value, named: name, pointer: pointer, leavingOut: flattenedVariants[member.key])
            } else {
                aliasCount += 1
                _ = componentReference(member.key)
            }
        }
    }

    /// The type a union tagged by `property` holds for its `$ref` variant `component`: the
    /// component's own, or its copy without the property (declared the first time); nil when
    /// the union copies the variant's members into the case instead.
    mutating func heldVariantType(_ component: String, property: String) -> String? {
        guard let name = componentTypeNames[component] else { return nil }
        if flattenedVariants[component] == property {
            return name
        }
        guard copiedVariants[component] == property, let schema = document.schemaNamed[component] else { return nil }
        if let copy = variantCopies[component] {
            return copy
        }
        let copy = ImportNames.unique(name + "Variant", in: takenTypeNames)
        takenTypeNames.insert(copy)
        variantCopies[component] = copy
        declare(schema, named: copy, pointer: OpenAPIDocument.pointer(ofComponent: component), leavingOut: property)
        return copy
    }

    // MARK: - References

    /// What holds a value of `schema`, and whether it may be null. A schema that declares a
    /// type (an object with properties, an enumeration, a union) declares it here, named
    /// `nameHint`.
    mutating func reference(_ schema: JSONValue, pointer: String, nameHint: String) -> (type: ImportedTypeReference, isNullable: Bool) {
        let nullable = Self.isNullable(schema)
        if let target = schema["$ref"]?.stringValue {
            let (type, targetNullable) = reference(toPointer: target, pointer: pointer, nameHint: nameHint)
            return (type, nullable || targetNullable)
        }
        if let single = Self.singleSchema(schema) {
            let (type, innerNullable) = reference(single.schema, pointer: pointer + single.pointerSuffix, nameHint: nameHint)
            return (type, nullable || innerNullable)
        }
        if declaresType(schema) {
            let name = ImportNames.unique(nameHint, in: takenTypeNames)
            takenTypeNames.insert(name)
            declare(schema, named: name, pointer: pointer)
            return (.model(name), nullable)
        }
        return (scalar(schema, pointer: pointer, nameHint: nameHint), nullable)
    }

    private mutating func reference(toPointer target: String, pointer: String, nameHint: String) -> (ImportedTypeReference, Bool) {
        if let component = ImportSelection.component(containing: target), chosen.excluded.contains(component) {
            warn(pointer, "the component '\(component)' is excluded (--exclude); imported as RawJSON")
            return (.rawJSON, document.resolve(target).map(Self.isNullable) ?? false)
        }
        if let component = OpenAPIDocument.componentName(ofReference: target), document.schemaNamed[component] != nil {
            return componentReference(component)
        }
        guard let resolved = document.resolve(target) else {
            warn(pointer, "the reference '\(target)' is not in the document (only local references, '#/…', are read); imported as RawJSON")
            return (.rawJSON, false)
        }
        let hint = target.split(separator: "/").last.map { ImportNames.typeName(OpenAPIDocument.unescape(String($0))) } ?? nameHint
        return reference(resolved, pointer: target, nameHint: hint.isEmpty ? nameHint : hint)
    }

    private mutating func componentReference(_ component: String) -> (ImportedTypeReference, Bool) {
        guard let schema = document.schemaNamed[component] else { return (.rawJSON, false) }
        if rawComponents.contains(component) {
            return (.rawJSON, Self.isNullable(schema))
        }
        if let name = componentTypeNames[component] {
            return (.model(name), Self.isNullable(schema))
        }
        if let alias = aliases[component] {
            return alias
        }
        guard !resolvingAliases.contains(component) else {
            warn(OpenAPIDocument.pointer(ofComponent: component), "the schema refers to itself without declaring an object; imported as RawJSON")
            return (.rawJSON, false)
        }
        resolvingAliases.insert(component)
        let owner = currentComponent
        currentComponent = component
        let alias = reference(schema, pointer: OpenAPIDocument.pointer(ofComponent: component), nameHint: ImportNames.typeName(component))
        currentComponent = owner
        resolvingAliases.remove(component)
        aliases[component] = alias
        return alias
    }

    /// Whether the schema says null is a value: `nullable: true` (3.0), `"null"` among its
    /// `type`s (3.1), a `{type: null}` among its `oneOf`/`anyOf`, or `null` in its `enum`.
    static func isNullable(_ schema: JSONValue) -> Bool {
        if schema["nullable"] == .bool(true) { return true }
        if case .array(let types)? = schema["type"], types.contains(.string("null")) { return true }
        if case .array(let values)? = schema["enum"], values.contains(.null) { return true }
        for key in ["oneOf", "anyOf"] {
            if case .array(let variants)? = schema[key], variants.contains(where: isNullSchema) { return true }
        }
        return false
    }

    static func isNullSchema(_ schema: JSONValue) -> Bool {
        schema["type"] == .string("null") || schema["enum"] == .array([.null])
    }

    /// The one schema a wrapper stands for: `allOf: [X]` (how 3.0 documents put a description
    /// or `nullable` beside a `$ref`), a `oneOf`/`anyOf` with one variant besides null.
    static func singleSchema(_ schema: JSONValue) -> (schema: JSONValue, pointerSuffix: String)? {
        guard schema["properties"] == nil else { return nil }
        for key in ["allOf", "oneOf", "anyOf"] {
            guard case .array(let variants)? = schema[key] else { continue }
            let kept = variants.enumerated().filter { !isNullSchema($0.element) }
            if kept.count == 1, schema["discriminator"] == nil || key == "allOf" {
                return (kept[0].element, "/\(key)/\(kept[0].offset)")
            }
        }
        return nil
    }

    /// Whether the schema declares a type of its own, rather than being held as a Swift type.
    func declaresType(_ schema: JSONValue) -> Bool {
        if schema["$ref"] != nil || Self.singleSchema(schema) != nil { return false }
        if case .object(let properties)? = schema["properties"], !properties.isEmpty, Self.mayBeAnObject(schema) { return true }
        if case .array? = schema["allOf"] { return true }
        for key in ["oneOf", "anyOf"] {
            if case .array? = schema[key] { return true }
        }
        return Self.stringEnumeration(schema) != nil || Self.types(of: schema).count > 1
    }

    /// Whether `properties` apply: the schema names no type, or `object` among its types.
    static func mayBeAnObject(_ schema: JSONValue) -> Bool {
        let types = types(of: schema)
        return types.isEmpty || types.contains("object")
    }

    /// `properties` beside a type that is not an object (`type: string`) describe no value the
    /// schema holds: they are left out, with a warning rather than silently.
    mutating func warnAboutPropertiesOfANonObject(_ schema: JSONValue, pointer: String) {
        guard case .object(let properties)? = schema["properties"], !properties.isEmpty, !Self.mayBeAnObject(schema) else { return }
        warn(pointer + "/properties", "'properties' apply to objects only, and the type is \(Self.types(of: schema).joined(separator: ", ")): they are not imported")
    }

    /// The values of a string `enum`, without null.
    static func stringEnumeration(_ schema: JSONValue) -> [String]? {
        guard case .array(let values)? = schema["enum"] else { return nil }
        let kept = values.filter { $0 != .null }
        let strings = kept.compactMap(\.stringValue)
        guard !strings.isEmpty, strings.count == kept.count else { return nil }
        var seen: Set<String> = []
        return strings.filter { seen.insert($0).inserted }
    }

    /// The schema's `type`s, null left out.
    static func types(of schema: JSONValue) -> [String] {
        switch schema["type"] {
        case .string(let type)?: return type == "null" ? [] : [type]
        case .array(let types)?: return types.compactMap(\.stringValue).filter { $0 != "null" }
        default: return []
        }
    }

    // MARK: - Scalars, arrays and maps

    private mutating func scalar(_ schema: JSONValue, pointer: String, nameHint: String) -> ImportedTypeReference {
        warnAboutPropertiesOfANonObject(schema, pointer: pointer)
        var types = Self.types(of: schema)
        if types.isEmpty {
            if schema["items"] != nil {
                types = ["array"]
            } else if schema["additionalProperties"] != nil {
                types = ["object"]
            } else if case .array(let values)? = schema["enum"] ?? schema["const"].map({ .array([$0]) }) {
                types = Array(Set(values.compactMap(Self.jsonType))).sorted()
            } else if case .string? = schema["const"] {
                types = ["string"]
            }
        }
        guard types.count <= 1 else {
            warn(pointer, "a value of several types (\(types.joined(separator: ", "))) is imported as RawJSON")
            return .rawJSON
        }
        if schema["enum"] != nil {
            warn(pointer, "the enumeration's values are not checked: it is imported as its type, \(types.first ?? "any JSON value")")
        }
        let format = schema["format"]?.stringValue
        switch types.first {
        case "string"?:
            switch format {
            case "date-time"?: return .date(.iso8601)
            case "date"?: return .date(.day)
            case "uri"?, "url"?: return .swift("URL")
            default: return .swift("String")
            }
        case "integer"?:
            if Self.isUnixTime(schema) { return .date(.secondsSince1970) }
            switch format {
            case "int32"?: return .swift("Int32")
            case "int64"?: return .swift("Int64")
            default: return .swift("Int")
            }
        case "number"?:
            if Self.isUnixTime(schema) { return .date(.secondsSince1970) }
            return .swift(format == "float" ? "Float" : "Double")
        case "boolean"?:
            return .swift("Bool")
        case "array"?:
            guard let items = schema["items"] else { return .array(.rawJSON) }
            warnAboutUncheckedConstraints(items, pointer: pointer + "/items", where: "an array's elements")
            let element = reference(items, pointer: pointer + "/items", nameHint: nameHint + "Item")
            if element.isNullable {
                warn(pointer + "/items", "null elements are not read: the array is imported as [\(element.type.spelling)]")
            }
            return .array(element.type)
        case "object"?:
            switch schema["additionalProperties"] {
            case .object(let members)? where !members.isEmpty:
                warnAboutUncheckedConstraints(schema["additionalProperties"]!, pointer: pointer + "/additionalProperties", where: "a map's values")
                let value = reference(schema["additionalProperties"]!, pointer: pointer + "/additionalProperties", nameHint: nameHint + "Value")
                if value.isNullable {
                    warn(pointer + "/additionalProperties", "null values are not read: the map is imported as [String: \(value.type.spelling)]")
                }
                return .dictionary(value.type)
            default:
                return .dictionary(.rawJSON)
            }
        case nil:
            return .rawJSON
        case let other?:
            warn(pointer, "type '\(other)' is imported as RawJSON")
            return .rawJSON
        }
    }

    /// `format: unix-time`, or an extension saying the integer counts seconds since 1970.
    static func isUnixTime(_ schema: JSONValue) -> Bool {
        if schema["format"]?.stringValue == "unix-time" { return true }
        guard case .object(let members) = schema else { return false }
        return members.contains { $0.key.hasPrefix("x-") && ($0.key.lowercased().contains("unix") || $0.key.lowercased().contains("timestamp")) && ($0.value == .bool(true) || $0.value.stringValue == "unix-time") }
    }

    static func jsonType(_ value: JSONValue) -> String? {
        switch value {
        case .string: return "string"
        case .bool: return "boolean"
        case .number(let number): return number == number.rounded() ? "integer" : "number"
        default: return nil
        }
    }

    mutating func warn(_ pointer: String, _ message: String) {
        warnings.append(ImportWarning(pointer: pointer, message: message))
    }

    mutating func append(_ type: ImportedType) {
        owners[type.name] = currentComponent
        types.append(type)
    }
}
