import ValuegenPluginSDK

/// A schema file as written: the parser's output, before names and types are resolved.
struct SchemaSyntax: Sendable, Equatable {
    /// Annotations that apply to the whole file: `%type`, `%library`, `%import`.
    var fileAnnotations: [Annotation] = []
    var types: [TypeDeclarationSyntax] = []
}

/// A name as written, with where it is written.
struct NameSyntax: Sendable, Equatable {
    var text: String
    var location: SourceLocation
}

/// `# comments`, `%annotations`, `Name: Protocol, Protocol includes(...) excludes(...) { ... }`,
/// or `protocol Name: Protocol { ... }`.
struct TypeDeclarationSyntax: Sendable, Equatable {
    var name: NameSyntax
    /// `protocol Name { ... }`: attributes that adopting values and objects get as their own.
    var isProtocol = false
    /// The protocols after `Name:`, as written: those a type adopts, or those a protocol refines.
    var protocols: [NameSyntax] = []
    var comments: [String] = []
    var annotations: [Annotation] = []
    var includes: [NameSyntax] = []
    var excludes: [NameSyntax] = []
    /// The attributes of a value, an object or a protocol.
    var attributes: [AttributeSyntax] = []
    /// The subtypes of an ADT.
    var subtypes: [SubtypeSyntax] = []
}

/// A subtype of an ADT: `Name` alone or `Name { attributes }`.
struct SubtypeSyntax: Sendable, Equatable {
    var name: NameSyntax
    var comments: [String] = []
    var annotations: [Annotation] = []
    var attributes: [AttributeSyntax] = []
}

/// One attribute line, in Swift style (`name: Type = default`) or Remodel style (`Type *name`).
struct AttributeSyntax: Sendable, Equatable {
    var name: NameSyntax
    var type: TypeSyntax
    /// The default value, a Swift expression copied through (Swift style only).
    var defaultValue: String?
    var comments: [String] = []
    var annotations: [Annotation] = []
    /// `NSInteger count;`: Remodel accepts a `;` at the end of an attribute line. It means
    /// nothing; kept so that a formatter can write the line back as it was.
    var endsWithSemicolon = false
}

/// A type as written in an attribute.
enum TypeSyntax: Sendable, Equatable {
    case swift(SwiftTypeSyntax, location: SourceLocation)
    case objectiveC(ObjectiveCTypeSyntax, location: SourceLocation)

    var location: SourceLocation {
        switch self {
        case .swift(_, let location), .objectiveC(_, let location): return location
        }
    }
}

/// A Swift type expression: `Int`, `[String: Double]`, `Set<Tag>?`, `any Photo`.
indirect enum SwiftTypeSyntax: Sendable, Equatable {
    /// A possibly qualified name with generic arguments: `Swift.Int`, `Set<Tag>`.
    case named(String, arguments: [SwiftTypeSyntax])
    case optional(SwiftTypeSyntax)
    case array(SwiftTypeSyntax)
    case dictionary(key: SwiftTypeSyntax, value: SwiftTypeSyntax)
    case existential(SwiftTypeSyntax)
}

/// An Objective-C type as Remodel writes it: `NSString *`, `NSArray<User *> *`, `id<Photo>`,
/// `MyEnum(NSUInteger)`, `unsigned long long`.
struct ObjectiveCTypeSyntax: Sendable, Equatable {
    var name: String
    /// `NSArray<User *>`'s `User *`; `id<P>`'s `P`.
    var arguments: [ObjectiveCTypeSyntax] = []
    /// `MyEnum(NSUInteger)`'s `NSUInteger`.
    var underlyingType: String?
    var isPointer: Bool = false
    /// `void (^)(BOOL)`'s `BOOL`: the type is a block, and the rest of it is what the block
    /// returns. Empty for `void (^)(void)`.
    var blockParameters: [ObjectiveCTypeSyntax]?

    /// The type as written, normalized: `NSArray<User *> *`.
    var spelling: String {
        if let blockParameters {
            var result = self
            result.blockParameters = nil
            return "\(result.spelling) (^)(\(blockParameters.isEmpty ? "void" : blockParameters.map(\.spelling).joined(separator: ", ")))"
        }
        var text = name
        if !arguments.isEmpty {
            text += "<" + arguments.map(\.spelling).joined(separator: ", ") + ">"
        }
        if let underlyingType {
            text += "(\(underlyingType))"
        }
        if isPointer {
            text += " *"
        }
        return text
    }
}
