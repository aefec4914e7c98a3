import ValuegenPluginSDK

/// One version of a module's schemas as `valuegen compat` compares them: every type resolved
/// as generation resolves it (valuegen.json, default includes, key styles, the module stage),
/// found by name, so that a type that moved to another file is the same type.
public struct SchemaSnapshot: Sendable {
    struct Entry: Sendable {
        var type: ModelType
        /// The schema file that declares it, as the run named it.
        var path: String
        /// How attribute keys are spelled where `%codingKey` does not say: `%codingKeys style=`,
        /// valuegen.json's `codingKeys`, or nil for the names as written.
        var keyStyle: String?
    }

    var entries: [Entry] = []
    /// Errors that stop the comparison: a schema that does not generate.
    public var errors: [Diagnostic] = []

    init(_ schemas: [(schema: ResolvedSchema, settings: GenerationSettings)]) {
        for (schema, settings) in schemas.sorted(by: { $0.schema.source.path < $1.schema.source.path }) {
            errors += schema.diagnostics.diagnostics.filter { $0.severity == .error }
            for type in schema.model?.types ?? [] {
                let style = type.annotation("codingKeys")?["style"] ?? settings.codingKeyStyle?.rawValue
                entries.append(Entry(type: type, path: schema.source.path, keyStyle: style))
            }
        }
    }

    /// The module of the schema files named by `options`, resolved as `valuegen generate`
    /// would; a usage, configuration or plugin problem is returned as its messages.
    public static func load(_ options: GenerationOptions, registry: FeatureRegistry = .builtIn) -> Result<SchemaSnapshot, SnapshotFailure> {
        switch GenerationRun(registry: registry).load(options) {
        case .failure(let failure):
            return .failure(SnapshotFailure(messages: failure.messages))
        case .success(let loaded):
            var snapshot = SchemaSnapshot(zip(loaded.module.schemas, loaded.kept).map { ($0, loaded.plan.entries[$1].settings) })
            snapshot.errors = loaded.conflictDiagnostics + snapshot.errors
            return .success(snapshot)
        }
    }

    /// Schema files written inline, resolved as one module with the same settings.
    public static func resolve(_ sources: [SchemaSource], settings: GenerationSettings = GenerationSettings()) -> SchemaSnapshot {
        let resolved = GeneratorPipeline().resolve(module: sources, settings: settings)
        let module = ModuleResolver().resolve(resolved)
        return SchemaSnapshot(module.schemas.map { ($0, settings) })
    }

    public struct SnapshotFailure: Error {
        public var messages: [String]
    }

    func entry(named name: String) -> Entry? {
        entries.first { $0.type.name == name }
    }

    /// Plain enumerations, which Binary writes as a varint.
    var enumerationTypes: Set<String> {
        Set(entries.filter { $0.type.isPlainEnumeration }.map(\.type.name))
    }

    /// Types Binary writes as messages.
    var messageTypes: Set<String> {
        Set(entries.filter { !$0.type.isPlainEnumeration }.map(\.type.name))
    }

    /// The types whose values Persistence files hold: those that include Persistence, and the
    /// schema types they hold, at any depth.
    var persistedTypes: Set<String> {
        var persisted = Set(entries.filter { $0.type.includes("Persistence") }.map(\.type.name))
        var pending = Array(persisted)
        while let name = pending.popLast() {
            guard let type = entry(named: name)?.type else { continue }
            let spellings = (type.attributes + type.cases.flatMap(\.attributes)).map(\.type.swift) + type.cases.compactMap(\.singleValueType?.swift)
            for spelling in spellings {
                for word in WireShape.words(of: spelling) where !persisted.contains(word) && entry(named: word) != nil {
                    persisted.insert(word)
                    pending.append(word)
                }
            }
        }
        return persisted
    }
}
