import ValuegenPluginSDK

/// Every type a module's schema files can name, and where each is declared: the schema types
/// of all its files, the types its own Swift files declare, and the standard library's and
/// Foundation's. `%type` declarations belong to their file (they bring its import), so a
/// file's scope is asked for separately.
struct ModuleDeclarations {
    /// A type declared by a schema file.
    struct SchemaType {
        var type: ModelType
        var path: String
        /// The file's name, as messages mention it: `Author.value`.
        var fileName: String
        /// The features its `excludes(...)` removes.
        var excludes: Set<String>
        /// The index of its file among the module's schemas.
        var file: Int
    }

    /// The first declaration of each schema type, in path order.
    private(set) var schemaTypes: [String: SchemaType] = [:]
    /// Types declared again after their first declaration.
    private(set) var duplicates: [(first: SchemaType, again: SchemaType)] = []
    /// Names a schema declares under a reserved name, or that an unreadable schema file
    /// probably declares (its file name): not reported again where they are used.
    private(set) var declaredElsewhere: Set<String> = []
    /// The hand-written Swift declarations, merged by name (an `extension` adds conformances).
    private(set) var swiftTypes: [String: SwiftTypeDeclaration] = [:]
    /// The names of the static functions the Swift code declares, which `%check with=` names.
    private(set) var staticFunctions: Set<String> = []
    /// Whether any Swift code was scanned: without it, nothing is known to be missing.
    private(set) var scannedSwiftCode = false
    /// The protocols the schemas declare (`protocol Timestamped { ... }`), first declaration of
    /// each name: to the other checks, Swift protocols of the module declared in a schema file.
    private(set) var schemaProtocols: [String: SwiftTypeDeclaration] = [:]

    init(_ schemas: [ResolvedSchema], inPathOrder order: [Int], swiftTypes: [SwiftTypeDeclaration]) {
        for index in order {
            guard let model = schemas[index].model else {
                declaredElsewhere.insert(String(schemas[index].source.fileName.split(separator: ".").first ?? ""))
                continue
            }
            for declaration in model.protocols where schemaProtocols[declaration.name] == nil {
                schemaProtocols[declaration.name] = SwiftTypeDeclaration(
                    name: declaration.name, kind: "protocol", conformances: declaration.refines, isPublic: true,
                    path: model.file.path, line: declaration.location.line, column: declaration.location.column
                )
            }
            for type in model.types where KnownTypes.reservedTypeNames.contains(type.name) {
                declaredElsewhere.insert(type.name)
            }
            // A type named like a standard one is an error (TypeNameCheck); the name keeps its
            // standard meaning everywhere else, so one mistake gives one error.
            for type in model.types where !KnownTypes.reservedTypeNames.contains(type.name) {
                let entry = SchemaType(type: type, path: model.file.path, fileName: model.file.name, excludes: schemas[index].explicitExcludes[type.name] ?? [], file: index)
                if let first = schemaTypes[type.name] {
                    // The same name twice in one file is the file resolver's to report.
                    if first.file != index {
                        duplicates.append((first, entry))
                    }
                } else {
                    schemaTypes[type.name] = entry
                }
            }
        }
        scannedSwiftCode = !swiftTypes.isEmpty
        for declaration in swiftTypes {
            if declaration.kind == "func" {
                staticFunctions.insert(declaration.name)
                continue
            }
            if var known = self.swiftTypes[declaration.name] {
                known.conformances += declaration.conformances
                if known.kind == "extension" {
                    known.kind = declaration.kind
                    known.isPublic = declaration.isPublic
                    known.path = declaration.path
                    known.line = declaration.line
                    known.column = declaration.column
                }
                self.swiftTypes[declaration.name] = known
            } else {
                self.swiftTypes[declaration.name] = declaration
            }
        }
        indexMeanings()
    }

    /// Every type and protocol name the module declares: its schema types and protocols and
    /// the types of its Swift code.
    var declaredTypeNames: Set<String> {
        Set(schemaTypes.keys).union(schemaProtocols.keys).union(swiftTypes.values.filter { $0.kind != "extension" }.map(\.name))
    }

    /// Where the module declares a type of the name, as messages show it: `Foundation.value`
    /// or the Swift file's place; nil when it declares none.
    func placeOfType(named name: String) -> String? {
        if let schema = schemaTypes[name] { return schema.fileName }
        if let swift = swiftTypes[name], swift.kind != "extension" { return swift.place }
        return nil
    }

    func isDeclaredElsewhere(_ name: String) -> Bool {
        declaredElsewhere.contains(name)
    }

    /// How a name written in a file resolves.
    enum Meaning {
        case schema(SchemaType)
        /// `%type` in the file itself; `isSendable` from `sendable=true`.
        case declaredWithPercentType(isSendable: Bool)
        case swift(SwiftTypeDeclaration)
        /// A standard library or Foundation type whose conformances valuegen knows.
        case standard
        case unknown
    }

    func meaning(of name: String, in scope: FileScope) -> Meaning {
        // Most files declare no %type: then one look-up answers (the checks ask for every
        // name of every attribute of the module).
        if !scope.types.isEmpty, scope.types[name] != nil, schemaTypes[name] == nil {
            return .declaredWithPercentType(isSendable: scope.sendable.contains(name))
        }
        if let known = moduleWide[name] { return known }
        return KnownTypes.isKnown(name) ? .standard : .unknown
    }

    /// What each schema type and Swift type name means in every file, in the order
    /// `meaning(of:in:)` prefers them: schema types over Swift types (over standard ones,
    /// which need no entry).
    private var moduleWide: [String: Meaning] = [:]

    private mutating func indexMeanings() {
        // A hand-written `extension Int: P` declares nothing new.
        for (name, swift) in swiftTypes where swift.kind != "extension" {
            moduleWide[name] = .swift(swift)
        }
        for (name, declaration) in schemaProtocols where !KnownTypes.reservedTypeNames.contains(name) {
            moduleWide[name] = .swift(declaration)
        }
        for (name, schema) in schemaTypes {
            moduleWide[name] = .schema(schema)
        }
    }

    /// The names a misspelled name in the file may have meant.
    func candidates(in scope: FileScope) -> [String] {
        var names = Set(schemaTypes.keys).union(scope.types.keys).union(KnownTypes.standardLibrary).union(KnownTypes.foundation).union(KnownTypes.runtimeValues)
        names.formUnion(swiftTypes.values.filter { $0.kind != "extension" }.map(\.name))
        names.formUnion(schemaProtocols.keys)
        return names.filter { !$0.utf8.contains(UInt8(ascii: ".")) }.sorted()
    }
}
