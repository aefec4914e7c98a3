/// A feature with a module pass (ABI 1.4): besides ``Feature/generate(_:into:)`` for each
/// schema file, one call per run with every schema file of the run, for output of the whole
/// module — one Kotlin file of every type, a JSON Schema, an OpenAPI document, a registry.
///
/// The host calls ``generateModule(_:into:)`` once per run, after the per-file calls, when a
/// type of the run includes the feature (or valuegen.json declares its `"moduleFiles"`) and no
/// schema file of the run has an error from parsing or resolving. What it emits is written only when it reports no error. A feature
/// that works only in its module pass does nothing in ``Feature/generate(_:into:)``.
///
/// ``PluginExport`` exports the pass of a feature that conforms (the descriptor's
/// `generate_module`); a host before ABI 1.4 calls only ``Feature/generate(_:into:)``.
public protocol ModuleFeature: Feature {
    /// Adds the feature's output for the whole run.
    ///
    /// Report problems in a schema with ``ModuleEmitter/diagnose(_:_:in:at:)`` at the file and
    /// location the request gives (`file.path`, `type.location`); throw only for internal
    /// failures (a bug in the feature), which the host reports as such.
    func generateModule(_ request: ModuleRequest, into emitter: any ModuleEmitter) throws
}

/// Where a module pass sends what it generates: files and declarations of the whole module,
/// and diagnostics at any schema file of the run. The receiver copies everything during the
/// call.
public protocol ModuleEmitter: AnyObject {
    /// Adds a file of the whole module at `path`, relative to the output folder (see
    /// ``ExtraFilePath``). The same path emitted elsewhere with other contents is an error.
    /// Under the build-tool plugin, valuegen.json must declare it (`"moduleFiles"`).
    func emitModuleFile(path: String, contents: String)
    /// Adds Swift declarations to the module support file under `key`, as
    /// ``Emitter/emitModuleDeclaration(_:key:)`` does.
    func emitModuleDeclaration(_ code: String, key: String)
    /// Requires `import module` at the top of the module support file.
    func emitModuleImport(_ module: String)
    /// Reports a problem at a location of the schema file at `path` (a ``SchemaFileDescription/path``
    /// of the request; the file as a whole when `location` is nil), or about the run when
    /// `path` is nil: then it is shown with the first schema file that has a type including
    /// the feature.
    func diagnose(_ severity: DiagnosticSeverity, _ message: String, in path: String?, at location: SourceLocation?)
}
