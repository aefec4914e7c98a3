import ValuegenPluginSDK

/// The module stage: every schema file of a run (the whole target under the build plugin)
/// together, after each was resolved on its own and before any feature runs. It knows every
/// type declared — schemas, `%type`, the module's Swift code, the standard library and
/// Foundation — which features each type has once defaults that cannot hold are left out,
/// and which members those features generate; and it reports what only the whole module
/// shows, so that whatever it lets through compiles.
struct ModuleResolver {
    /// The types the module's hand-written Swift files declare.
    var swiftTypes: [SwiftTypeDeclaration] = []
    /// Whether the target can import ValuegenRuntime; nil when not known (the CLI).
    var runtimeIsAvailable: RuntimeAvailability = .unknown
    var registry: FeatureRegistry = .builtIn
    /// The member names plugins declare they generate, per schema file.
    var declaredMembers = DeclaredMemberNames()
    /// Whether requests get the module's description and type structures (schemaVersion 2):
    /// only plugins that say they read them (`FeatureDescriptor.readsModule`) get them, and
    /// making them costs every run.
    var describesModuleForPlugins = false

    func resolve(_ schemas: [ResolvedSchema]) -> ResolvedModule {
        var schemas = schemas
        // Path order, so that "first declared" and every message are the same in every file order.
        let order = schemas.indices.sorted { schemas[$0].source.path < schemas[$1].source.path }
        let declarations = ModuleDeclarations(schemas, inPathOrder: order, swiftTypes: swiftTypes)
        ModuleImports.apply(to: &schemas, declarations: declarations)

        var found = duplicateDeclarations(declarations)
        let typeNames = TypeNameCheck(declarations: declarations)
        let defaults = DefaultValueCheck(declarations: declarations)
        let checkFunctions = CheckFunctions(declarations: declarations)
        let shadowedUses = ShadowedStandardUses(declarations: declarations)
        let flattenedPayloads = FlattenedPayloads(declarations: declarations)
        for index in order {
            found += shadowedUses.diagnostics(for: schemas[index])
            found += typeNames.diagnostics(for: schemas[index])
            found += defaults.diagnostics(for: schemas[index])
            found += checkFunctions.diagnostics(for: schemas[index])
            found += flattenedPayloads.diagnostics(for: schemas[index])
        }
        shadowedUses.apply(to: &schemas)
        found += FeatureRequirements(declarations: declarations, registry: registry).apply(to: &schemas)

        let models = order.compactMap { schemas[$0].model }
        found += MemberCollisions.diagnostics(for: models, otherTypeNames: otherTypeNames(declarations, schemas: schemas), declaredMembers: declaredMembers)
        let cycles = StorageCycles(models)
        for index in schemas.indices {
            schemas[index].model = schemas[index].model.map(cycles.apply(to:))
            found += cycles.diagnostics(for: schemas[index].source.path)
        }
        if case .missing = runtimeIsAvailable {
            found += runtimeIsAvailable.diagnostics(for: order.map { schemas[$0] })
        }
        Self.distribute(found, into: &schemas)
        let standardNames = StandardNames(moduleDeclares: declarations.declaredTypeNames)
        for index in schemas.indices {
            schemas[index].standardNames = standardNames
        }
        if describesModuleForPlugins {
            RequestModule.attach(to: &schemas, inPathOrder: order, declarations: declarations)
        }
        return ResolvedModule(schemas: schemas)
    }

    /// A schema type declared in two files, or declared by a schema and by the Swift code.
    private func duplicateDeclarations(_ declarations: ModuleDeclarations) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (first, again) in declarations.duplicates {
            found.append(Diagnostic(.error, "type '\(again.type.name)' is already declared in \(first.fileName); a module can declare a type once, so rename one of them or delete one file", path: again.path, at: again.type.location))
            found.append(Diagnostic(.note, "'\(again.type.name)' first declared here", path: first.path, at: first.type.location))
        }
        // A hand-written type named like one the module support file declares clashes with it.
        for (name, swift) in declarations.swiftTypes.sorted(by: { $0.key < $1.key }) where swift.kind != "extension" && KnownTypes.moduleSupportTypeNames.contains(name) {
            found.append(Diagnostic(.error, "the module's Swift code declares a type named '\(name)', which clashes with \(KnownTypes.moduleSupportTypes[name] ?? "") that Valuegen declares in the module; rename it", path: swift.path ?? "the module's Swift code", at: SourceLocation(line: swift.line, column: swift.column)))
        }
        found += unqualifiableNames(declarations)
        for (name, entry) in declarations.schemaTypes.sorted(by: { $0.key < $1.key }) {
            guard let swift = declarations.swiftTypes[name], swift.kind != "extension" else { continue }
            found.append(Diagnostic(.error, "type '\(name)' is also declared in the module's Swift code (\(swift.place)); rename the schema type or the Swift one", path: entry.path, at: entry.type.location))
        }
        for (name, declaration) in declarations.schemaProtocols.sorted(by: { $0.key < $1.key }) {
            let path = declaration.path ?? ""
            let location = SourceLocation(line: declaration.line, column: declaration.column)
            if KnownTypes.reservedTypeNames.contains(name) {
                found.append(Diagnostic(.error, KnownTypes.reservedNameMessage(name, declaredAs: "schema protocol"), path: path, at: location))
            } else if let entry = declarations.schemaTypes[name] {
                found.append(Diagnostic(.error, "protocol '\(name)' has the name of type '\(name)' (\(entry.fileName)); a module has one declaration of a name, so rename one of them", path: path, at: location))
            } else if let swift = declarations.swiftTypes[name], swift.kind != "extension" {
                found.append(Diagnostic(.error, "protocol '\(name)' is also declared in the module's Swift code (\(swift.place)); rename the schema protocol or the Swift one", path: path, at: location))
            }
        }
        return found
    }

    /// A type named like a module generated code qualifies with (`Foundation`) beside one named
    /// like a type of that module (`Date`): generated code can then write Foundation's `Date`
    /// neither plainly nor as `Foundation.Date`. Reported at the type named like the module.
    private func unqualifiableNames(_ declarations: ModuleDeclarations) -> [Diagnostic] {
        let names = StandardNames(moduleDeclares: declarations.declaredTypeNames)
        var found: [Diagnostic] = []
        for (module, clashes) in Dictionary(grouping: names.unqualifiable, by: \.module).sorted(by: { $0.key < $1.key }) {
            let shadowed = clashes.map { "'\($0.name)' (\(declarations.placeOfType(named: $0.name) ?? ""))" }.joined(separator: ", ")
            let message = "a type of this module cannot be named '\(module)' while the module also declares \(shadowed): generated code then writes \(module)'s '\(clashes[0].name)' as '\(module).\(clashes[0].name)', which this type hides; rename one of them"
            if let schema = declarations.schemaTypes[module] {
                found.append(Diagnostic(.error, message, path: schema.path, at: schema.type.location))
            } else if let swift = declarations.swiftTypes[module] {
                found.append(Diagnostic(.error, message, path: swift.path ?? "the module's Swift code", at: SourceLocation(line: swift.line, column: swift.column)))
            } else if let declaration = declarations.schemaProtocols[module] {
                found.append(Diagnostic(.error, message, path: declaration.path ?? "", at: SourceLocation(line: declaration.line, column: declaration.column)))
            }
        }
        return found
    }

    /// Names a feature may not give a type it generates beside a schema type (`UserBuilder`).
    private func otherTypeNames(_ declarations: ModuleDeclarations, schemas: [ResolvedSchema]) -> [String: String] {
        var names: [String: String] = [:]
        for schema in schemas {
            for (name, location) in schema.scope.types where declarations.schemaTypes[name] == nil && !schema.scope.adoptedTypeNames.contains(name) {
                names[name] = "\(schema.source.fileName) with %type (line \(location.line))"
            }
        }
        for (name, declaration) in declarations.swiftTypes where declaration.kind != "extension" {
            names[name] = "the module's Swift code (\(declaration.place))"
        }
        for (name, declaration) in declarations.schemaProtocols where declarations.schemaTypes[name] == nil {
            names[name] = "protocol '\(name)' (\(declaration.place))"
        }
        return names
    }

    /// Each diagnostic goes to the schema file it is about; a note follows the diagnostic it
    /// explains, even when it points into another file.
    private static func distribute(_ diagnostics: [Diagnostic], into schemas: inout [ResolvedSchema]) {
        guard !diagnostics.isEmpty else { return }
        var indexByPath: [String: Int] = [:]
        for (index, schema) in schemas.enumerated() where indexByPath[schema.source.path] == nil {
            indexByPath[schema.source.path] = index
        }
        // A problem in the module's Swift code stops the module: it goes with the first schema.
        let first = schemas.indices.min { schemas[$0].source.path < schemas[$1].source.path }
        var current: Int?
        for diagnostic in diagnostics {
            if diagnostic.severity != .note {
                current = indexByPath[diagnostic.path] ?? first
            }
            if let current {
                schemas[current].diagnostics.append(diagnostic)
            }
        }
    }
}

/// The module stage's output: every schema file with its model as the features will see it
/// (defaults that cannot hold left out, `Sendable` decided, recursive cases `indirect`) and
/// with the diagnostics only the whole module shows.
struct ResolvedModule: Sendable {
    var schemas: [ResolvedSchema]
}
