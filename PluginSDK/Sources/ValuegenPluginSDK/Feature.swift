/// A generator of code for the types that include it: a built-in feature such as `Builder`,
/// or a third-party plugin.
///
/// A feature is a pure function of its ``GenerationRequest``: it reads the types of one
/// schema file and reports what it adds through an ``Emitter``. It never reads files,
/// the clock or the environment, so the same request gives the same output on every machine.
public protocol Feature: Sendable {
    /// Who the feature is and which include names select it.
    var descriptor: FeatureDescriptor { get }

    /// Adds the feature's code for every type of the request that includes it.
    ///
    /// Report problems in the schema with ``Emitter/diagnose(_:_:at:)`` at `.error` severity;
    /// throw only for internal failures (a bug in the feature), which the host reports as such.
    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws
}

/// What a feature says about itself when it is registered or loaded.
public struct FeatureDescriptor: Sendable, Equatable {
    /// A reverse-DNS identifier, unique among features, e.g. `dev.valuegen.builder`.
    public var id: String
    /// The feature's own version, e.g. `1.0.0`.
    public var version: String
    /// The names that select the feature in `includes(...)`; the first is canonical,
    /// the others are aliases (e.g. Remodel's `RMBuilder`).
    public var includeNames: [String]
    /// The kinds of model for which the feature runs without being included.
    public var defaultKinds: Set<ModelKind>
    /// The kinds of model the feature can generate code for.
    public var supportedKinds: Set<ModelKind>
    /// Whether `excludes(...)` may remove the feature; false for the features that declare
    /// the type itself.
    public var canBeExcluded: Bool
    /// Canonical names of features a type that includes this one gets too (Persistence
    /// needs JSON, Binary and Coding). Not part of the C ABI's descriptor.
    public var implies: [String]
    /// The names of the members the feature declares in (extensions of) every type that
    /// includes it, e.g. `["diffKey"]`: an attribute (or an ADT case) of such a type with one
    /// of these names is reported at the schema's line, naming the feature, rather than by
    /// swiftc in the generated file. Each must be a Swift identifier. The C ABI's
    /// `valuegen_plugin.member_names` (ABI 1.1).
    public var generatedMemberNames: [String]
    /// Whether the feature reads what only the whole module knows: the request's
    /// ``GenerationRequest/module`` and the ``TypeReference/structure`` of its type references
    /// (schemaVersion 2). They are made, and sent, only to features that say so: a
    /// description of every type of the run in every file's request costs a run of 1000 files
    /// more than the rest of the request. The C ABI's `VALUEGEN_FEATURE_MODULE` (ABI 1.1).
    public var readsModule: Bool
    /// The annotations the feature reads, by name without the `%` (`["redacted"]`): valuegen
    /// warns at an annotation that no built-in feature and no loaded plugin reads, with a
    /// suggestion when it is close to one that is read (`%redact`). nil when the feature does
    /// not say, as plugins built before ABI 1.2 do: while one is loaded, only near-misses of
    /// built-in annotations warn. The C ABI's `valuegen_plugin.annotation_names` (ABI 1.2).
    public var annotationNames: [String]?
    /// Whether the feature has a module pass: one call per run with every schema file of the
    /// run (``ModuleFeature/generateModule(_:into:)``), for output of the whole module. A
    /// feature that conforms to ``ModuleFeature`` has one whatever this says when
    /// ``PluginExport`` exports it; the host sets it for a plugin whose descriptor has a
    /// `generate_module`. The C ABI's `valuegen_plugin.generate_module` (ABI 1.4).
    public var hasModulePass: Bool

    /// A descriptor; `includeNames` must not be empty. A feature that runs only where
    /// `includes(...)` names it leaves `defaultKinds` empty.
    public init(
        id: String,
        version: String,
        includeNames: [String],
        defaultKinds: Set<ModelKind> = [],
        supportedKinds: Set<ModelKind> = Set(ModelKind.allCases),
        canBeExcluded: Bool = true,
        implies: [String] = [],
        generatedMemberNames: [String] = [],
        readsModule: Bool = false,
        annotationNames: [String]? = [],
        hasModulePass: Bool = false
    ) {
        precondition(!includeNames.isEmpty, "a feature needs at least one include name")
        self.id = id
        self.version = version
        self.includeNames = includeNames
        self.defaultKinds = defaultKinds
        self.supportedKinds = supportedKinds
        self.canBeExcluded = canBeExcluded
        self.implies = implies
        self.generatedMemberNames = generatedMemberNames
        self.readsModule = readsModule
        self.annotationNames = annotationNames
        self.hasModulePass = hasModulePass
    }

    /// The canonical include name, the one that appears in ``ModelType/includes``.
    public var name: String { includeNames[0] }
}

/// Where a feature sends what it generates. The receiver copies everything during the call.
public protocol Emitter: AnyObject {
    /// Requires `import module` at the top of the generated file.
    func emitImport(_ module: String)
    /// Adds a block of Swift declarations after the type with the given name.
    /// The code is complete declarations (an extension, a nested helper type), unindented.
    func emitDeclaration(_ code: String, attachedTo typeName: String)
    /// Adds a file beside the generated Swift file: `path` is relative to the output folder,
    /// `/`-separated, without `..` (see ``ExtraFilePath``). The CLI and the command plugin
    /// write it; the build-tool plugin, which allows one Swift file per schema, refuses it.
    func emitFile(path: String, contents: String)
    /// Reports a problem at a location in the schema file (or the file as a whole when nil).
    func diagnose(_ severity: DiagnosticSeverity, _ message: String, at location: SourceLocation?)
    /// Adds a block of Swift declarations shared by the whole module to the module support
    /// file (`ValuegenModuleSupport.swift`), once per run however many types, schema files
    /// or features emit it under the same `key` (see ``ModuleDeclarationKey``). The same key
    /// with other code is an error naming both schema files. Since ABI 1.1; an emitter written
    /// before it gets the default, which reports an error rather than drop the code.
    func emitModuleDeclaration(_ code: String, key: String)
    /// Requires `import module` at the top of the module support file, for the code of
    /// ``emitModuleDeclaration(_:key:)``. Since ABI 1.1; same default.
    func emitModuleImport(_ module: String)
    /// Adds a file of the whole module (an `index.ts` beside per-type files), written once per
    /// run however many types, schema files or features emit it: the same `path` with the same
    /// contents lands once, with other contents it is an error naming both schema files. Paths
    /// as ``emitFile(path:contents:)``'s. Since ABI 1.2; an emitter written before it gets the
    /// default, which reports an error rather than drop the file.
    func emitModuleFile(path: String, contents: String)
}

/// What an emitter written before module declarations existed does with one: report, as an
/// error at the schema file, that it cannot take it. Adding requirements with these defaults
/// keeps every existing conformer compiling.
extension Emitter {
    /// Reports an error that this emitter cannot take module declarations.
    public func emitModuleDeclaration(_ code: String, key: String) {
        diagnose(.error, "the module declaration '\(key)' was not kept: \(type(of: self)) does not implement emitModuleDeclaration(_:key:)", at: nil)
    }

    /// Reports an error that this emitter cannot take module files.
    public func emitModuleFile(path: String, contents: String) {
        diagnose(.error, "the module file '\(path)' was not kept: \(type(of: self)) does not implement emitModuleFile(path:contents:)", at: nil)
    }

    /// Reports an error that this emitter cannot take module imports.
    public func emitModuleImport(_ module: String) {
        diagnose(.error, "the module import '\(module)' was not kept: \(type(of: self)) does not implement emitModuleImport(_:)", at: nil)
    }
}

/// How serious a diagnostic is; ordered `note < warning < error`.
///
/// Only `.error` fails the schema file: it is not written and `valuegen` exits with 1.
/// Across the C ABI these are `VALUEGEN_SEVERITY_NOTE`, `_WARNING` and `_ERROR`.
///
/// A frozen set: it never gains a case in 1.x, so an exhaustive `switch` over it keeps
/// compiling (docs/WritingPlugins.md, "Source compatibility").
public enum DiagnosticSeverity: String, Codable, Sendable, Equatable, Comparable {
    /// More about the diagnostic just before it (where something was declared first, say);
    /// printed right after it.
    case note
    /// Something the user should look at; generation goes on and the file is written.
    case warning
    /// The schema (or the plugin's options) is wrong: the file is not written.
    case error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: DiagnosticSeverity, rhs: DiagnosticSeverity) -> Bool {
        lhs.rank < rhs.rank
    }
}
