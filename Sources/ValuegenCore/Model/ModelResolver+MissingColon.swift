import ValuegenPluginSDK

// `name String` reads as Remodel's `Type name`: an Objective-C type 'name' and an attribute
// 'String'. When the first word could name an attribute and the second is a type the schema
// knows, the author left out the ':' of `name: String`; say so instead of asking for a %type.

extension ModelResolver {
    /// The diagnostic for an attribute line that lacks the ':' of Swift style, or nil when the
    /// line does not read as one: its first word is no type, its second a type.
    func missingColon(in syntax: AttributeSyntax, typeResolver: TypeResolver) -> (message: String, location: SourceLocation)? {
        guard case .objectiveC(let type, let location) = syntax.type,
              !type.isPointer, type.arguments.isEmpty, type.underlyingType == nil, type.blockParameters == nil,
              SwiftLanguage.isIdentifier(type.name), !SchemaParser.unusableAttributeNames.contains(type.name),
              // Objective-C's own names have messages of their own (`SEL`, `dispatch_block_t`).
              ObjectiveCTypeMapping.unavailable[type.name] == nil, ObjectiveCTypeMapping.blockTypedefs[type.name] == nil,
              !ObjectiveCTypeMapping.isBlockTypeName(type.name)
        else { return nil }
        let typeName = syntax.name.text
        guard (try? typeResolver.resolve(syntax.type)) == nil,
              isKnownTypeName(typeName) || Self.readsAsNameThenType(type.name, typeName) else { return nil }
        let afterName = SourceLocation(line: location.line, column: location.column + type.name.utf8.count)
        return ("expected ':' after the attribute name; write '\(type.name): \(typeName)'", afterName)
    }

    /// A standard type, a `%type` of the file, or a type the file declares.
    private func isKnownTypeName(_ name: String) -> Bool {
        KnownTypes.isKnown(name) || KnownTypes.untracked.contains(name) || scope.types[name] != nil || schemaTypeNames.contains(name)
    }

    /// `owner User`: a lowercase word then a capitalized one, as Swift names a property and a
    /// type (a type of another schema file, which this file does not see). Objective-C's own
    /// lowercase types (`int`, `double`, `unsigned long`) resolve before this is asked.
    private static func readsAsNameThenType(_ first: String, _ second: String) -> Bool {
        guard let head = first.unicodeScalars.first, let typeHead = second.unicodeScalars.first else { return false }
        return ("a"..."z").contains(head) && ("A"..."Z").contains(typeHead)
    }
}
