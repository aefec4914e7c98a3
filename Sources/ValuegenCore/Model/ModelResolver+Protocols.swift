import ValuegenPluginSDK

// Model protocols (docs/Language.md, "Protocols"): `protocol Timestamped: Identified { ... }`
// declares attributes that `Post: Timestamped { ... }` gets as its own, before its own
// attributes. The adopted attributes are resolved here, in the adopting type's context (its key
// style, its `%coding`), so every feature and plugin sees them like any other.

/// What a value or an object declares once its protocols are taken in.
struct Adoption {
    /// The attributes to resolve: the protocols' (in the order the protocols are written, a
    /// refined protocol's before its own, each name once), then the type's own.
    var attributes: [AttributeSyntax]
    /// The protocol each adopted attribute comes from, by attribute name.
    var protocolNames: [String: String] = [:]
    /// Resolves types with the `%type` declarations of the protocols' files too; nil when the
    /// file's own resolver will do.
    var typeResolver: TypeResolver?
}

extension ModelResolver {
    /// Type annotations that mean something only on a value, an object or an ADT.
    static let typeOnlyAnnotations: Set<String> = ["codingKeys", "caseKeys", "coding", "storage", "check", "unknownCase"]

    /// A protocol of the file: its own attributes, resolved as a value's are. It generates a
    /// Swift protocol with a read-only requirement per attribute.
    mutating func resolveProtocol(_ declaration: TypeDeclarationSyntax, typeResolver: TypeResolver) -> ModelProtocol {
        let name = declaration.name.text
        for annotation in declaration.annotations {
            if Self.typeOnlyAnnotations.contains(annotation.name) {
                diagnostics.error("'%\(annotation.name)' has no meaning on protocol '\(name)'; write it before the types that adopt it", at: annotation.location)
            } else if Invariant.attributeAnnotations.contains(annotation.name) {
                diagnostics.error("'%\(annotation.name)' applies to an attribute, not to protocol '\(name)'; write it before the attribute", at: annotation.location)
            }
        }
        let attributes = resolveAttributes(declaration.attributes, owner: name, keyStyle: settings.codingKeyStyle, typeCoding: TypeCodingAnnotation(), typeResolver: typeResolver)
        return ModelProtocol(
            name: name,
            refines: declaration.protocols.map(\.text),
            comments: declaration.comments,
            annotations: declaration.annotations,
            attributes: attributes,
            location: declaration.name.location
        )
    }

    /// An ADT has no stored attributes to share: its cases store them.
    mutating func rejectAdoption(by declaration: TypeDeclarationSyntax) {
        let list = declaration.protocols.map(\.text).joined(separator: ", ")
        diagnostics.error("'\(declaration.name.text)' is an ADT and cannot adopt a protocol: a protocol's attributes are stored by values and objects; remove ': \(list)'", at: declaration.protocols[0].location)
    }

    /// The attributes of a value or an object with those of the protocols it adopts. Each
    /// adopted attribute is reported at the protocol's name after the type's (`Post: Timestamped`),
    /// where the type's author can act; the protocol's own file reports its own problems.
    mutating func adopt(_ declaration: TypeDeclarationSyntax, protocols: SchemaProtocols) -> Adoption {
        guard !declaration.protocols.isEmpty else { return Adoption(attributes: declaration.attributes) }
        let typeName = declaration.name.text
        // The names each usable protocol is adopted at, and their order.
        var adoptedAt: [String: NameSyntax] = [:]
        var usable: [String] = []
        var named: Set<String> = []
        for name in declaration.protocols {
            guard named.insert(name.text).inserted else {
                diagnostics.error("'\(typeName)' adopts '\(name.text)' twice; remove one", at: name.location)
                continue
            }
            guard let protocolDeclaration = protocols.declarations[name.text] else {
                diagnostics.error(protocols.unknownProtocolMessage(name.text), at: name.location)
                continue
            }
            guard !protocolDeclaration.hasErrors else {
                diagnostics.error("protocol '\(name.text)' has errors (\(protocolDeclaration.fileName)); once they are fixed, '\(typeName)' gets its attributes", at: name.location)
                continue
            }
            adoptedAt[name.text] = name
            usable.append(name.text)
        }
        let (attributes, conflicts) = protocols.flatten(usable)
        for conflict in conflicts {
            diagnostics.error("'\(typeName)' gets attribute '\(conflict.name)' as '\(conflict.first.type)' from '\(conflict.first.protocolName)' and as '\(conflict.again.type)' from '\(conflict.again.protocolName)'; an attribute has one type, so change one of the protocols", at: adoptedAt[conflict.again.via]?.location)
        }
        var positions: [String: Int] = [:]
        var adoption = Adoption(attributes: [])
        var scopesTaken: Set<String> = []
        for attribute in attributes {
            positions[attribute.syntax.name.text] = adoption.attributes.count
            adoption.attributes.append(attribute.syntax.relocated(to: adoptedAt[attribute.via]!.location))
            adoption.protocolNames[attribute.syntax.name.text] = attribute.protocolName
            if scopesTaken.insert(attribute.protocolName).inserted {
                scope.adopt(attribute.scope)
            }
        }
        let typeResolver = TypeResolver(declaredTypes: Set(scope.types.keys))
        adoption.typeResolver = typeResolver
        // The type may restate an adopted attribute with the same type (for its own default,
        // comments or annotations); it keeps the protocol's place.
        for own in declaration.attributes {
            guard let position = positions[own.name.text] else {
                adoption.attributes.append(own)
                continue
            }
            let protocolAttribute = attributes[position]
            let ownType = (try? typeResolver.resolve(own.type))?.swift
            if let ownType, ownType != protocolAttribute.type {
                diagnostics.error("attribute '\(own.name.text)' is '\(ownType)' here, but protocol '\(protocolAttribute.protocolName)' declares it as '\(protocolAttribute.type)'; write '\(own.name.text): \(protocolAttribute.type)' or rename it", at: own.name.location)
                continue
            }
            adoption.attributes[position] = own
        }
        return adoption
    }
}

extension AttributeSyntax {
    /// The attribute with every location moved to `location`: an adopted attribute is
    /// reported in the adopting type's file, where the protocol's name is written.
    func relocated(to location: SourceLocation) -> AttributeSyntax {
        var copy = self
        copy.name.location = location
        switch type {
        case .swift(let swift, _): copy.type = .swift(swift, location: location)
        case .objectiveC(let objectiveC, _): copy.type = .objectiveC(objectiveC, location: location)
        }
        copy.annotations = annotations.map { annotation in
            var moved = annotation
            moved.location = location
            moved.arguments = annotation.arguments.map { argument in
                var argument = argument
                argument.location = argument.location.map { _ in location }
                argument.valueLocation = argument.valueLocation.map { _ in location }
                return argument
            }
            return moved
        }
        return copy
    }
}

extension FileScope {
    /// Takes in the `%type` declarations and imports of a protocol's file, so that the
    /// attributes a type adopts from it resolve, and compile, in the type's own file.
    mutating func adopt(_ other: FileScope) {
        for (name, location) in other.types where types[name] == nil {
            types[name] = location
            adoptedTypeNames.insert(name)
        }
        sendable.formUnion(other.sendable.filter { adoptedTypeNames.contains($0) })
        for (name, library) in other.libraries where libraries[name] == nil {
            libraries[name] = library
        }
        imports.formUnion(other.imports.filter { $0 != ownModule })
        explicitImports.formUnion(other.explicitImports)
    }
}
