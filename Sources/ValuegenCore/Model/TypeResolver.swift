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
            return .named(name, arguments: arguments.map(resolve))
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

    func resolve(_ type: ObjectiveCTypeSyntax, at location: SourceLocation) throws(SyntaxError) -> ResolvedType {
        let name = type.name.split(separator: " ").filter { $0 != "const" }.joined(separator: " ")
        if declaredTypes.contains(name) {
            return .named(name, arguments: [])
        }
        if name == "id" {
            guard !type.arguments.isEmpty else {
                throw SyntaxError("'id' has no Swift equivalent; write 'id<Protocol>' or declare a %type", at: location)
            }
            let constraint = type.arguments.map(\.name).joined(separator: " & ")
            return .existential(.named(constraint, arguments: []))
        }
        if type.underlyingType != nil {
            // `MyEnum(NSUInteger)`: an enum declared elsewhere.
            return .named(name, arguments: [])
        }
        if !type.isPointer {
            if let swift = ObjectiveCTypeMapping.scalars[name] {
                return .named(swift, arguments: [])
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
        if let swift = ObjectiveCTypeMapping.objects[name] {
            return .named(swift, arguments: [])
        }
        if ObjectiveCTypeMapping.isFrameworkName(name) || !SwiftLanguage.isIdentifier(name) || ObjectiveCTypeMapping.scalars[name] != nil {
            throw unknownType(type, at: location)
        }
        // `User *`: a model from this or another schema file.
        return .named(name, arguments: [])
    }

    private func unknownType(_ type: ObjectiveCTypeSyntax, at location: SourceLocation) -> SyntaxError {
        SyntaxError("unknown Objective-C type '\(type.spelling)'; declare it with '%type name=\(type.name)' and the module it comes from ('library=')", at: location)
    }
}
