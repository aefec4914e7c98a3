import ValuegenPluginSDK

/// Resolves the types written in attributes, in Swift or Remodel style, to Swift types.
struct TypeResolver {
    /// Types declared with `%type name=`.
    let declaredTypes: Set<String>

    func resolve(_ syntax: TypeSyntax) throws(SyntaxError) -> ResolvedType {
        switch syntax {
        case .swift(let type, _):
            return resolve(type)
        case .objectiveC(let type, let location):
            return try resolve(type, at: location)
        }
    }

    func resolve(_ syntax: SwiftTypeSyntax) -> ResolvedType {
        switch syntax {
        case .named(let name, let arguments):
            if arguments.count == 1, name == "Array" {
                return .array(resolve(arguments[0]))
            }
            if arguments.count == 1, name == "Optional" {
                return resolve(arguments[0]).optional
            }
            return Self.named(name, arguments: arguments.map(resolve))
        case .optional(let wrapped):
            return resolve(wrapped).optional
        case .array(let element):
            return .array(resolve(element))
        case .dictionary(let key, let value):
            return .dictionary(resolve(key), resolve(value))
        case .existential(let constraint):
            return .existential(resolve(constraint))
        }
    }

    /// A named type; `AnyClass` is an existential under another name, so what holds one is
    /// neither comparable nor `Sendable`, as with `any P`.
    private static func named(_ name: String, arguments: [ResolvedType]) -> ResolvedType {
        var type = ResolvedType.named(name, arguments: arguments)
        if KnownTypes.existentialAliases.contains(name) {
            type.containsExistential = true
        }
        return type
    }

    func resolve(_ type: ObjectiveCTypeSyntax, at location: SourceLocation) throws(SyntaxError) -> ResolvedType {
        if let parameters = type.blockParameters {
            return try block(returning: type, parameters: parameters, at: location)
        }
        let name = type.name.split(separator: " ").filter { $0 != "const" }.joined(separator: " ")
        if name == "id" {
            guard !type.arguments.isEmpty else {
                throw SyntaxError("'id' has no Swift equivalent; write 'id<Protocol>' or declare a %type", at: location)
            }
            return .existential(.named(type.arguments.map(\.name).joined(separator: " & "), arguments: []))
        }
        if type.underlyingType != nil {
            // `MyEnum(NSUInteger)`: an enum declared elsewhere.
            return .named(name, arguments: [])
        }
        if declaredTypes.contains(name) {
            return try classType(name, of: type, at: location)
        }
        if !type.isPointer {
            if let swift = ObjectiveCTypeMapping.scalars[name] {
                return Self.named(swift, arguments: [])
            }
            if let block = ObjectiveCTypeMapping.blockTypedefs[name], let parameters = block.blockParameters {
                return try self.block(returning: block, parameters: parameters, at: location)
            }
            if let message = ObjectiveCTypeMapping.unavailable[name] {
                throw SyntaxError(message, at: location)
            }
            if ObjectiveCTypeMapping.isBlockTypeName(name) {
                throw SyntaxError(ObjectiveCTypeMapping.blockTypeMessage(name), at: location)
            }
            throw unknownType(type, at: location)
        }
        if let collection = ObjectiveCTypeMapping.collections[name] {
            let arguments = try type.arguments.map { argument throws(SyntaxError) in try resolve(argument, at: location) }
            switch (collection, arguments.count) {
            case (.array, 1): return .array(arguments[0])
            case (.set, 1): return .set(arguments[0])
            case (.dictionary, 2): return .dictionary(arguments[0], arguments[1])
            case (.dictionary, _):
                throw SyntaxError("'\(name)' needs its key and value types: write \(name)<Key *, Value *> *", at: location)
            default:
                throw SyntaxError("'\(name)' needs its element type: write \(name)<Element *> *", at: location)
            }
        }
        if let swift = ObjectiveCTypeMapping.objects[name], type.arguments.isEmpty {
            return .named(swift, arguments: [])
        }
        if KnownTypes.uiKitClasses.contains(name) {
            return try classType(name, of: type, at: location)
        }
        if ObjectiveCTypeMapping.isFrameworkName(name) || !SwiftLanguage.isIdentifier(name) || ObjectiveCTypeMapping.scalars[name] != nil {
            throw unknownType(type, at: location)
        }
        // `User *`: a model from this or another schema file, or a class of the module.
        return try classType(name, of: type, at: location)
    }

    /// A block, `void (^)(BOOL)`, as the Swift function type `((Bool) -> Void)`.
    private func block(returning type: ObjectiveCTypeSyntax, parameters: [ObjectiveCTypeSyntax], at location: SourceLocation) throws(SyntaxError) -> ResolvedType {
        var result = type
        result.blockParameters = nil
        let returned = result.name == "void" && !result.isPointer && result.arguments.isEmpty
            ? ResolvedType.named("Void", arguments: [])
            : try resolve(result, at: location)
        let resolved = try parameters.map { parameter throws(SyntaxError) in try resolve(parameter, at: location) }
        return .function(resolved, returning: returned)
    }

    /// A class, a model or a `%type`, with what its `<...>` says: protocols it conforms to
    /// (`UIViewController<WorldProtocol> *`, written without `*`), which the Swift type keeps
    /// as a composition, or generic arguments (`Page<User *> *`).
    private func classType(_ name: String, of type: ObjectiveCTypeSyntax, at location: SourceLocation) throws(SyntaxError) -> ResolvedType {
        guard !type.arguments.isEmpty else { return Self.named(name, arguments: []) }
        if type.arguments.allSatisfy(\.namesProtocol) {
            return .existential(.named(([name] + type.arguments.map(\.name)).joined(separator: " & "), arguments: []))
        }
        if let scalar = type.arguments.first(where: { !$0.isPointer && $0.name != "id" }) {
            throw SyntaxError("'\(type.spelling)' mixes protocols and type arguments: write protocols alone (\(name)<Protocol> *) or every type argument with '*' (\(name)<\(scalar.name) *> *)", at: location)
        }
        let arguments = try type.arguments.map { argument throws(SyntaxError) in try resolve(argument, at: location) }
        return .named(name, arguments: arguments)
    }

    private func unknownType(_ type: ObjectiveCTypeSyntax, at location: SourceLocation) -> SyntaxError {
        SyntaxError("unknown Objective-C type '\(type.spelling)'; declare it with '%type name=\(type.name)' and the module it comes from ('library=')", at: location)
    }
}

private extension ObjectiveCTypeSyntax {
    /// `WorldProtocol` in `UIViewController<WorldProtocol> *`: a plain name without `*`.
    var namesProtocol: Bool {
        !isPointer && arguments.isEmpty && underlyingType == nil && name != "id" && SwiftLanguage.isIdentifier(name)
            && ObjectiveCTypeMapping.scalars[name] == nil
    }
}
