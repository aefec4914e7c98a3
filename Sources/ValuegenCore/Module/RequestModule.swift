import ValuegenPluginSDK

/// What the module stage adds to every request (schemaVersion 2): each type reference read as
/// a tree with what the module knows of each name, and the description of the whole module.
///
/// The description is made once per run and its JSON once too (`encodedOnce()`), then shared
/// by every file's request, so that a request costs its own file plus one copy of the bytes.
enum RequestModule {
    static func attach(to schemas: inout [ResolvedSchema], inPathOrder order: [Int], declarations: ModuleDeclarations) {
        for index in schemas.indices {
            guard var model = schemas[index].model else { continue }
            let reader = StructureReader(declarations: declarations, scope: schemas[index].scope)
            model.types = model.types.map(reader.withStructures(of:))
            schemas[index].model = model
        }
        let module = ModuleDescription(types: order.flatMap { index -> [ModuleType] in
            guard let model = schemas[index].model else { return [] }
            return model.types.map { moduleType($0, file: model.file.path) }
        }).encodedOnce()
        for index in schemas.indices {
            schemas[index].model?.module = module
        }
    }

    private static func moduleType(_ type: ModelType, file: String) -> ModuleType {
        ModuleType(
            name: type.name,
            kind: type.kind,
            file: file,
            includes: type.includes,
            attributes: type.attributes.map(moduleAttribute),
            cases: type.cases.map { adtCase in
                ModuleCase(
                    name: adtCase.name,
                    attributes: adtCase.attributes.map(moduleAttribute),
                    singleValueType: adtCase.singleValueType?.swift,
                    singleValueStructure: adtCase.singleValueType.map(structure)
                )
            }
        )
    }

    private static func moduleAttribute(_ attribute: Attribute) -> ModuleAttribute {
        ModuleAttribute(name: attribute.name, type: attribute.type.swift, structure: structure(attribute.type))
    }

    /// Always there once `StructureReader` has run; a spelling it could not read is one name.
    private static func structure(_ type: TypeReference) -> TypeStructure {
        type.structure ?? .named(NamedType(name: type.swift))
    }
}

/// Reads a file's type references as `TypeStructure` trees, naming the model kind of the
/// module's schema types and marking `%type` and Swift-declared names.
private struct StructureReader {
    let declarations: ModuleDeclarations
    let scope: FileScope

    func withStructures(of type: ModelType) -> ModelType {
        var type = type
        type.attributes = type.attributes.map(withStructure(of:))
        type.cases = type.cases.map { adtCase in
            var adtCase = adtCase
            adtCase.attributes = adtCase.attributes.map(withStructure(of:))
            adtCase.singleValueType = adtCase.singleValueType.map(withStructure(of:))
            return adtCase
        }
        return type
    }

    private func withStructure(of attribute: Attribute) -> Attribute {
        var attribute = attribute
        attribute.type = withStructure(of: attribute.type)
        return attribute
    }

    private func withStructure(of type: TypeReference) -> TypeReference {
        var type = type
        type.structure = type.syntax.map(structure(of:)) ?? .named(NamedType(name: type.swift))
        return type
    }

    private func structure(of syntax: SwiftTypeSyntax) -> TypeStructure {
        switch syntax {
        case .named(let name, let arguments):
            let arguments = arguments.map(structure(of:))
            let named = namedType(name, arguments: arguments)
            // `Array<T>`, `Set<T>`, `Dictionary<K, V>`, `Optional<T>` as their sugared nodes,
            // unless the module declares the name itself.
            guard named.model == nil, named.declaredWith == nil else { return .named(named) }
            switch (Self.unqualified(name), arguments.count) {
            case ("Array", 1): return .array(element: arguments[0])
            case ("Set", 1): return .set(element: arguments[0])
            case ("Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
            case ("Optional", 1): return .optional(wrapped: arguments[0])
            default: return .named(named)
            }
        case .optional(let wrapped):
            return .optional(wrapped: structure(of: wrapped))
        case .array(let element):
            return .array(element: structure(of: element))
        case .dictionary(let key, let value):
            return .dictionary(key: structure(of: key), value: structure(of: value))
        case .existential(let constraint):
            // The resolver's spelling reader keeps `any P & Q` as one name.
            if case .named(let names, let arguments) = constraint, arguments.isEmpty {
                return .existential(constraints: names.split(separator: "&").map { .named(namedType(String($0).trimmingSpaces, arguments: [])) })
            }
            return .existential(constraints: [structure(of: constraint)])
        }
    }

    private func namedType(_ name: String, arguments: [TypeStructure]) -> NamedType {
        switch declarations.meaning(of: name, in: scope) {
        case .schema(let schema): return NamedType(name: name, arguments: arguments, model: schema.type.kind)
        case .declaredWithPercentType: return NamedType(name: name, arguments: arguments, declaredWith: .percentType)
        case .swift: return NamedType(name: name, arguments: arguments, declaredWith: .moduleSwiftCode)
        case .standard, .unknown: return NamedType(name: name, arguments: arguments)
        }
    }

    private static func unqualified(_ name: String) -> Substring {
        name.hasPrefix("Swift.") ? name.dropFirst(6) : name[...]
    }
}
