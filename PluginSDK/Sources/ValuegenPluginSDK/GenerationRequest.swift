/// Everything a feature is told about one schema file: the request that built-in
/// features receive in-process and that plugins receive as JSON across the C ABI.
///
/// A feature is a pure function of its request; nothing else about the run is visible to it.
public struct GenerationRequest: Codable, Sendable, Equatable {
    /// The version of this request's shape. Grows only by adding optional members.
    public var schemaVersion: Int
    /// The version of Valuegen that made the request, e.g. `"0.1.0"`.
    public var generatorVersion: String
    /// The schema file the types come from.
    public var file: SchemaFileDescription
    /// The access level generated declarations use.
    public var accessLevel: AccessLevel
    /// Modules the file imports through `%type library=` and `%import`, sorted and unique.
    public var imports: [String]
    /// The file's types in declaration order.
    public var types: [ModelType]
    /// The schema protocols the file declares (`protocol Timestamped { ... }`), in declaration
    /// order; empty when it declares none, and in requests from older hosts.
    public var protocols: [ModelProtocol]
    /// The options that the configuration gives the feature receiving the request, if any.
    public var options: JSONValue?
    /// valuegen.json's `optimizeFor`: nil when it does not say, which is ``OptimizationGoal/speed``.
    /// Absent from requests of older hosts.
    public var optimizeFor: OptimizationGoal?
    /// Every type of the run, from every schema file: present in requests of schemaVersion 2
    /// and later that the host makes; nil in a request of version 1 or one built by hand.
    public var module: ModuleDescription?

    /// The request's current ``schemaVersion``: 2, which adds ``module``,
    /// ``TypeReference/structure`` and ``AnnotationArgument/location`` to version 1.
    public static let currentSchemaVersion = 2

    /// A request; the host makes these, a plugin's tests may too.
    public init(
        schemaVersion: Int = GenerationRequest.currentSchemaVersion,
        generatorVersion: String,
        file: SchemaFileDescription,
        accessLevel: AccessLevel,
        imports: [String],
        types: [ModelType],
        protocols: [ModelProtocol] = [],
        options: JSONValue? = nil,
        module: ModuleDescription? = nil,
        optimizeFor: OptimizationGoal? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.generatorVersion = generatorVersion
        self.file = file
        self.accessLevel = accessLevel
        self.imports = imports
        self.types = types
        self.protocols = protocols
        self.options = options
        self.module = module
        self.optimizeFor = optimizeFor
    }

    /// The types that include the feature with the given canonical name, in declaration order.
    public func types(including feature: String) -> [ModelType] {
        types.filter { $0.includes.contains(feature) }
    }

    /// The type with the given name, if the file declares it.
    public func type(named name: String) -> ModelType? {
        types.first { $0.name == name }
    }
}

/// The schema file a request describes.
public struct SchemaFileDescription: Codable, Sendable, Equatable {
    /// The file's name, e.g. `User.value`; deterministic on every machine.
    public var name: String
    /// The path the generator was given for the file.
    public var path: String
    /// What the file's extension declares.
    public var kind: ModelKind

    /// A description of the file with the given name, path and kind.
    public init(name: String, path: String, kind: ModelKind) {
        self.name = name
        self.path = path
        self.kind = kind
    }
}

/// The three kinds of model a schema can declare; the schema file's extension selects one.
/// A frozen set: it never gains a case in 1.x, so an exhaustive `switch` over it keeps
/// compiling (docs/WritingPlugins.md, "Source compatibility").
public enum ModelKind: String, Codable, Sendable, Equatable, CaseIterable {
    /// `.value`: an immutable `struct`.
    case value
    /// `.adtValue`: an `enum` with one case per subtype.
    case adtValue
    /// `.object`: a mutable, observable `final class`.
    case object

    /// The schema file extension of this kind, without the dot.
    public var fileExtension: String { rawValue }
}

/// The access level of generated declarations.
/// A frozen set: it never gains a case in 1.x, so an exhaustive `switch` over it keeps
/// compiling (docs/WritingPlugins.md, "Source compatibility").
public enum AccessLevel: String, Codable, Sendable, Equatable, CaseIterable {
    /// `public`: the module's clients see the models.
    case `public`
    /// `package`: other modules of the same package see them.
    case `package`
    /// `internal` (no modifier): only the module itself sees them.
    case `internal`

    /// The modifier to put before a declaration, with a trailing space; empty for `internal`.
    public var modifier: String {
        switch self {
        case .public: return "public "
        case .package: return "package "
        case .internal: return ""
        }
    }
}

/// A line and column in the schema file, both counted from 1; the column counts UTF-8 bytes,
/// as swiftc and clang do.
///
/// Every part of a request carries one (a type's, an attribute's, an ADT case's and an
/// annotation's `location`); pass it to ``Emitter/diagnose(_:_:at:)`` so the message points
/// where the user must change something. Locations sort by line, then column.
public struct SourceLocation: Codable, Sendable, Equatable, Hashable, Comparable {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in UTF-8 bytes.
    public var column: Int

    /// The location at the given line and column, both from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
