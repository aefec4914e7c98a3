/// How generated code spells the types it names itself — the standard library's, Foundation's,
/// Observation's and ValuegenRuntime's (`String`, `Hasher`, `Date`, `JSONReader`): plainly, as
/// people write them, unless the module declares a type of the same name (a schema type, or a
/// type of its own Swift code), which Swift would pick instead. Then, and only then, the name is
/// qualified with its module (`Foundation.Date`, `Swift.String`), as swift-protobuf qualifies
/// `Foundation.` and `SwiftProtobuf.`, so a module may name its types as it likes.
///
/// An attribute's type is the schema's spelling and keeps its meaning: in a module that declares
/// `Date`, `createdAt: Date` is the module's `Date`, as it would be in Swift.
///
/// The module stage decides the names (`ModuleResolver`); the pipeline binds them with
/// ``withNames(_:_:)`` while the built-in features of a file run, so that every place that
/// prints code asks this one type rather than passing the names down.
struct StandardNames: Sendable, Equatable {
    /// The names generated code spells that the module declares too.
    let shadowed: Set<String>
    /// The modules generated code qualifies with that the module declares a type named like
    /// (`Foundation`, a foundation of a charity's model): through them no name can be qualified.
    let hiddenModules: Set<String>

    init(shadowed: Set<String> = [], hiddenModules: Set<String> = []) {
        self.shadowed = shadowed
        self.hiddenModules = hiddenModules
    }

    /// The standard names generated code must qualify in a module that declares `names`.
    init<Names: Sequence<String>>(moduleDeclares names: Names) {
        let modules = Set(Self.module.values)
        self.init(shadowed: Set(names.filter { Self.module[$0] != nil }), hiddenModules: Set(names.filter(modules.contains)))
    }

    /// How generated code writes the standard type `name` in this module: plainly unless the
    /// module declares a type of that name.
    func spelling(of name: String) -> String {
        guard !shadowed.isEmpty, shadowed.contains(name), let module = Self.module[name] else { return name }
        return module + "." + name
    }

    /// How generated code writes `name` where it qualifies it whatever the module declares
    /// (`let message: Swift.String` in a type whose members may be named `String`): plainly
    /// only when the module declares a type named like the module.
    func qualifiedSpelling(of name: String) -> String {
        guard let module = Self.module[name], !hiddenModules.contains(module) else { return name }
        return module + "." + name
    }

    /// The names that cannot be written at all: shadowed, and their module hidden too. The
    /// module stage refuses the type named like the module (`TypeNameCheck`).
    var unqualifiable: [(name: String, module: String)] {
        shadowed.sorted().compactMap { name in
            Self.module[name].flatMap { hiddenModules.contains($0) ? (name, $0) : nil }
        }
    }

    // MARK: - The names of the file being generated

    @TaskLocal private static var current = StandardNames()

    /// How generated code writes the standard type `name` in the module being generated.
    static func name(_ name: String) -> String {
        current.spelling(of: name)
    }

    /// How generated code writes the standard type `name` where it always qualifies it.
    static func qualifiedName(_ name: String) -> String {
        current.qualifiedSpelling(of: name)
    }

    /// Runs `body` with `names` as the names of the module being generated.
    static func withNames<Result>(_ names: StandardNames, _ body: () throws -> Result) rethrows -> Result {
        try $current.withValue(names, operation: body)
    }

    // MARK: - The names generated code spells, and their modules

    /// Every type and protocol name built-in features print, with the module that declares it.
    static let module: [String: String] = {
        var table: [String: String] = [:]
        for name in swiftNames { table[name] = "Swift" }
        for name in foundationNames { table[name] = "Foundation" }
        for name in ["Observable", "ObservationRegistrar"] { table[name] = "Observation" }
        for name in runtimeNames { table[name] = "ValuegenRuntime" }
        return table
    }()

    /// ValuegenRuntime's types that generated code names (Undo's `recordChanges(in:)` takes an
    /// `UndoRegistrar`; its documentation names the two registrars to pass).
    static let runtimeNames: Set<String> = [
        "JSONReader", "JSONWriter", "JSONError", "JSONCodable", "JSONDecodable", "JSONEncodable", "JSONKey", "JSONMemberNames", "JSONPathComponent",
        "BinaryReader", "BinaryWriter", "BinaryError", "BinaryCodable", "BinaryDecodable", "BinaryEncodable", "BinaryWireType",
        "BinaryFormat", "BinaryLengthPrefix", "BinaryMessageBounds", "BinaryModel", "BinaryModelLayout",
        "PersistableModel", "PersistenceError", "PersistenceFormat",
        "DictionaryCodable", "DictionaryDecodable", "DictionaryEncodable", "DictionaryError", "DictionaryMembers",
        "UnknownCase", "RawJSON", "BinaryRawField", "DateCodingStyle",
        "UndoRegistrar", "UndoHistory", "UndoManagerRegistrar",
    ]

    private static let swiftNames: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "Character", "Array", "Set", "Dictionary", "Optional",
        "Hasher", "Encoder", "Decoder", "CodingKey", "EncodingError", "DecodingError",
        "KeyedEncodingContainer", "KeyedDecodingContainer", "Hashable", "Equatable", "Codable",
        "Encodable", "Decodable", "Sendable", "CustomStringConvertible", "CaseIterable", "Error",
        "Never", "Void", "Identifiable", "Comparable", "AnyObject", "RawRepresentable",
    ]

    private static let foundationNames: Set<String> = [
        "Date", "Data", "URL", "UUID", "Decimal", "TimeInterval", "CGFloat",
        "JSONEncoder", "JSONDecoder", "PropertyListEncoder", "PropertyListDecoder", "UndoManager",
        "NSRegularExpression", "NSRange",
    ]
}
