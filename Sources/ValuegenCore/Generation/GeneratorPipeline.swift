import ValuegenPluginSDK

/// A schema file's path and bytes: the pipeline's input.
public struct SchemaSource: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The file's name without its folders, e.g. `User.value`.
    public var fileName: String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    /// Why a file with another extension is refused.
    public static let notASchemaFileMessage = "not a schema file; schema files end in .value, .adtValue or .object"

    /// The kind its extension declares, or nil when it is not a schema file.
    public var kind: ModelKind? {
        SchemaFileNaming.schemaExtension(of: fileName).flatMap(ModelKind.init(rawValue:))
    }

    /// The generated file's name: the schema's name without its extension, plus `.swift`.
    public var outputFileName: String {
        SchemaFileNaming.outputFileName(forSchemaNamed: fileName)
    }
}

/// The pipeline's output for one schema file.
public struct GeneratedFile: Sendable {
    public var source: SchemaSource
    /// The Swift file's text; nil when the schema has errors.
    public var contents: String?
    /// Files beside the Swift file that features emitted, relative to the output folder.
    public var extraFiles: [ExtraFile] = []
    /// Code for the module support file, in the order features emitted it (`ModuleSupportFile`).
    public var moduleDeclarations: [ModuleDeclaration] = []
    /// Imports of the module support file.
    public var moduleImports: [String] = []
    /// Files of the whole module features emitted; `ModuleFiles` keeps each path once per run.
    public var moduleFiles: [ExtraFile] = []
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}

/// read → parse → resolve each file → module (every file together) → features → assemble: each stage a plain function of its input,
/// so the same bytes give the same output on every machine and in every file order.
public struct GeneratorPipeline: Sendable {
    public let registry: FeatureRegistry

    public init(registry: FeatureRegistry = .builtIn) {
        self.registry = registry
    }

    /// Generates one file on its own, as a module of one file: the types it names must be
    /// declared in it, with `%type`, or be standard ones.
    public func generate(_ source: SchemaSource, settings: GenerationSettings) -> GeneratedFile {
        generate(module: [source], settings: settings)[0]
    }

    /// Generates the schema files of one module together, as `GenerationRun` does for the
    /// files of a run: what one file declares is seen by every other. `swiftTypes` are the
    /// types the module's own Swift files declare.
    public func generate(module sources: [SchemaSource], settings: GenerationSettings, swiftTypes: [SwiftTypeDeclaration] = []) -> [GeneratedFile] {
        let resolved = resolve(module: sources, settings: settings)
        var moduleResolver = ModuleResolver(swiftTypes: swiftTypes)
        moduleResolver.declaredMembers = DeclaredMemberNames(registry: registry)
        moduleResolver.describesModuleForPlugins = registry.readsModule || registry.hasModulePass
        let module = moduleResolver.resolve(resolved)
        return module.schemas.map { generate($0) }
    }

    /// The same, with the module's Swift types known by name only.
    public func generate(module sources: [SchemaSource], settings: GenerationSettings, swiftTypeNames: Set<String>) -> [GeneratedFile] {
        generate(module: sources, settings: settings, swiftTypes: swiftTypeNames.sorted().map { SwiftTypeDeclaration(name: $0) })
    }

    /// read → parse → resolve for the files of one module: each file's protocols are seen by
    /// every file, then each file is resolved on its own.
    func resolve(module sources: [SchemaSource], settings: GenerationSettings) -> [ResolvedSchema] {
        let parsed = sources.map { Self.parse($0, settings: settings) }
        let protocols = SchemaProtocols(parsed)
        return parsed.map { resolve($0, protocols: protocols) }
    }

    /// read → parse → resolve one file as a module of its own.
    func resolve(_ source: SchemaSource, settings: GenerationSettings) -> ResolvedSchema {
        resolve(module: [source], settings: settings)[0]
    }

    /// read → parse: the file's syntax, or nil with the errors that stopped the parser.
    static func parse(_ source: SchemaSource, settings: GenerationSettings) -> ParsedSchema {
        var diagnostics = DiagnosticCollector(path: source.path)
        guard let kind = source.kind else {
            diagnostics.error(SchemaSource.notASchemaFileMessage, at: nil)
            return ParsedSchema(source: source, settings: settings, diagnostics: diagnostics)
        }
        if let invalid = UTF8Validation.firstInvalidByte(in: source.bytes) {
            diagnostics.error("invalid UTF-8 (byte 0x\(String(source.bytes[invalid.offset], radix: 16, uppercase: true))); schema files must be UTF-8", at: invalid.location)
            return ParsedSchema(source: source, settings: settings, diagnostics: diagnostics)
        }

        let (syntax, syntaxDiagnostics) = SchemaParser.parse(source.bytes, kind: kind, path: source.path)
        syntaxDiagnostics.forEach { diagnostics.append($0) }
        if syntax.types.isEmpty && !diagnostics.hasErrors {
            diagnostics.warning("the file declares no types", at: nil)
        }
        return ParsedSchema(source: source, settings: settings, kind: kind, syntax: syntax, diagnostics: diagnostics)
    }

    /// parse → resolve: the request the features will receive, or nil with the errors.
    func resolve(_ parsed: ParsedSchema, protocols: SchemaProtocols) -> ResolvedSchema {
        var diagnostics = parsed.diagnostics
        guard let kind = parsed.kind, let syntax = parsed.syntax else {
            return ResolvedSchema(source: parsed.source, model: nil, diagnostics: diagnostics)
        }
        let source = parsed.source
        let file = SchemaFileDescription(name: source.fileName, path: source.path, kind: kind)
        var resolver = ModelResolver(file: file, settings: parsed.settings, registry: registry)
        let model = resolver.resolve(syntax, protocols: protocols)
        resolver.diagnostics.diagnostics.forEach { diagnostics.append($0) }
        protocols.diagnostics(for: source.path).forEach { diagnostics.append($0) }
        return ResolvedSchema(source: source, model: model, scope: resolver.scope, explicitIncludes: resolver.explicitIncludes, explicitExcludes: resolver.explicitExcludes, diagnostics: diagnostics)
    }

    /// features → assemble, once the module stage has seen every file of the run.
    func generate(_ resolved: ResolvedSchema) -> GeneratedFile {
        var file = StandardNames.withNames(resolved.standardNames) { generateInStageOrder(resolved) }
        file.diagnostics = file.diagnostics.inSourceOrder()
        return file
    }

    private func generateInStageOrder(_ resolved: ResolvedSchema) -> GeneratedFile {
        let source = resolved.source
        var diagnostics = resolved.diagnostics
        guard let request = resolved.request else {
            return GeneratedFile(source: source, contents: nil, diagnostics: diagnostics.diagnostics)
        }

        let carriers = DefaultCarriers(request, source: source)
        var contributions = run(request, builtInRequest: carriers.apply(to: request), diagnostics: &diagnostics)
        if let defaults = carriers.contribution(access: request.accessLevel) {
            contributions.append(defaults)
        }
        guard !diagnostics.hasErrors else {
            return GeneratedFile(source: source, contents: nil, diagnostics: diagnostics.diagnostics)
        }
        let contents = FileAssembler.render(request, contributions: contributions)
        let extraFiles = contributions.flatMap { contribution in
            contribution.files.map { ExtraFile(path: $0.path, contents: $0.contents, featureName: contribution.featureName, origin: contribution.origin) }
        }
        return GeneratedFile(
            source: source, contents: contents, extraFiles: extraFiles,
            moduleDeclarations: contributions.flatMap { contribution in
                contribution.moduleDeclarations.map { ModuleDeclaration(key: $0.key, code: $0.code, featureName: contribution.featureName, origin: contribution.origin) }
            },
            moduleImports: contributions.flatMap(\.moduleImports),
            moduleFiles: contributions.flatMap { contribution in
                contribution.moduleFiles.map { ExtraFile(path: $0.path, contents: $0.contents, featureName: contribution.featureName, origin: contribution.origin) }
            },
            diagnostics: diagnostics.diagnostics
        )
    }

    /// Runs every feature that some type of the request includes, in registry order: the
    /// built-in ones with `builtInRequest`, whose expression defaults name their carriers
    /// (DefaultCarriers), plugins with the request as the schema wrote it.
    private func run(_ request: GenerationRequest, builtInRequest: GenerationRequest, diagnostics: inout DiagnosticCollector) -> [ContributionCollector] {
        let included = Set(request.types.flatMap(\.includes))
        var contributions: [ContributionCollector] = []
        for feature in registry.features where included.contains(feature.descriptor.name) {
            let collector = ContributionCollector(featureName: registry.shownName(of: feature), origin: registry.origin(of: feature))
            do {
                try feature.generate(feature.descriptor.isBuiltIn ? builtInRequest : request, into: collector)
            } catch {
                diagnostics.error("internal error in feature '\(feature.descriptor.name)' (\(feature.descriptor.id)): \(error)", at: nil)
            }
            for diagnostic in collector.diagnostics {
                diagnostics.append(Diagnostic(diagnostic.severity, diagnostic.message, path: request.file.path, at: diagnostic.location))
            }
            for declaration in collector.declarations where request.type(named: declaration.typeName) == nil {
                diagnostics.error("\(collector.origin) attached code to '\(declaration.typeName)', which this file does not declare", at: nil)
            }
            contributions.append(collector)
        }
        return contributions
    }
}

/// A schema file after parsing, before its names are resolved.
struct ParsedSchema: Sendable {
    var source: SchemaSource
    /// The settings its file is resolved with (its folder's configuration).
    var settings: GenerationSettings
    /// What its extension declares; nil when it is not a schema file.
    var kind: ModelKind?
    /// Its syntax; nil when it is not a schema file or not UTF-8.
    var syntax: SchemaSyntax?
    var diagnostics: DiagnosticCollector
}

/// A schema file after parsing and resolving, before any feature runs.
struct ResolvedSchema: Sendable {
    var source: SchemaSource
    /// The file's types as far as they resolved; nil when the file could not be parsed at all.
    /// The module stage sees them even when the file has errors, so that a name it declares
    /// is not reported as unknown in another file.
    var model: GenerationRequest?
    var scope = FileScope()
    /// The features each type names in `includes(...)`, and those they imply.
    var explicitIncludes: [String: Set<String>] = [:]
    /// The features each type's `excludes(...)` removes.
    var explicitExcludes: [String: Set<String>] = [:]
    /// How generated code spells the standard types the module's own types shadow (the module stage decides).
    var standardNames = StandardNames()
    var diagnostics: DiagnosticCollector

    /// What the features will receive; nil when the file has errors.
    var request: GenerationRequest? {
        diagnostics.hasErrors ? nil : model
    }
}

/// A file a feature emitted beside the generated Swift file.
public struct ExtraFile: Sendable, Equatable {
    /// Relative to the output folder, `/`-separated, without `..`.
    public var path: String
    public var contents: String
    /// The include name of the feature that emitted it.
    public var featureName: String
    /// Who emitted it, as messages name it: `feature 'X'` or `plugin 'ID' (path)`.
    public var origin: String
    /// Whether valuegen.json declares it as an output of the plugin's module pass
    /// (`"moduleFiles"`), which the build-tool plugin then writes too.
    public var isDeclaredOutput = false

    public init(path: String, contents: String, featureName: String, origin: String? = nil) {
        self.path = path
        self.contents = contents
        self.featureName = featureName
        self.origin = origin ?? "feature '\(featureName)'"
    }
}
