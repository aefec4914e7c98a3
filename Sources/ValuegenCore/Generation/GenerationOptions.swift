import ValuegenPluginSDK

/// What `valuegen generate` was asked to do.
public struct GenerationOptions: Sendable {
    /// Schema files and folders.
    public var inputs: [String]
    /// Where `<SchemaName>.swift` files go.
    public var outputDirectory: String
    /// A configuration for every schema, instead of the `valuegen.json` found next to them.
    public var configurationPath: String?
    /// Remodel's configuration file for the schemas of a kind (`--value-object-config-path`,
    /// `--adt-config-path`, `--object-config-path`), instead of the nearest one.
    public var remodelConfigurationPaths: [ModelKind: String] = [:]
    /// Features added to (and removed from) every type, after the configuration's.
    public var includes: [String]
    public var excludes: [String]
    /// Write nothing; report the outputs that are missing or stale.
    public var checkOnly: Bool
    /// Plugin libraries for every schema (`--plugin`), after the configuration's.
    public var plugins: [String]
    /// Run plugins in worker processes, so that a crash is reported instead of ending the run.
    public var isolatePlugins: Bool
    /// How long an isolated plugin may take on one schema file (`--plugin-timeout`); nil for
    /// the configuration's `pluginTimeout`, or `IsolatedPluginFeature.defaultTimeout`.
    public var pluginTimeout: Double?
    /// The `valuegen` executable that runs isolated plugins (its hidden worker command).
    public var workerExecutable: String?
    /// Whether features may add files beside the Swift file; the build-tool plugin, which
    /// declares one output per schema, refuses them.
    public var allowsExtraFiles: Bool
    /// Write the module support file even when no feature emitted into it
    /// (`--module-support-file`): the build plugin declares it as an output, which must exist.
    public var alwaysWritesModuleSupportFile = false
    /// Where `{"product": "Name"}` plugins are found: the folder SwiftPM builds them into.
    public var productDirectory: String?
    /// Where the run's warnings are recorded (`--warnings-file`, `WarningsFile`): the build
    /// plugin lists the file as an input of its command, so warnings show on every build.
    public var warningsFilePath: String?
    /// Leave the files valuegen generated from schemas that are gone (`--keep-orphaned-outputs`);
    /// by default a run removes them (`OrphanedOutputs`).
    public var keepsOrphanedOutputs = false

    /// A list of the module's Swift type declarations written by the build plugin
    /// (`SwiftTypeList`), read instead of scanning the Swift files beside the schemas.
    public var swiftTypeListPath: String?
    /// Whether the target can import ValuegenRuntime (the build plugin knows).
    public var runtimeAvailability: RuntimeAvailability = .unknown
    /// The modules the target can import besides the toolchain's and Apple's SDKs': its own and
    /// its dependencies' (the build plugin knows them); nil when not known.
    public var importableModules: Set<String>?

    public init(
        inputs: [String],
        outputDirectory: String = ".",
        configurationPath: String? = nil,
        includes: [String] = [],
        excludes: [String] = [],
        checkOnly: Bool = false,
        plugins: [String] = [],
        isolatePlugins: Bool = false,
        workerExecutable: String? = nil,
        allowsExtraFiles: Bool = true,
        productDirectory: String? = nil
    ) {
        self.inputs = inputs
        self.outputDirectory = outputDirectory
        self.configurationPath = configurationPath
        self.includes = includes
        self.excludes = excludes
        self.checkOnly = checkOnly
        self.plugins = plugins
        self.isolatePlugins = isolatePlugins
        self.workerExecutable = workerExecutable
        self.allowsExtraFiles = allowsExtraFiles
        self.productDirectory = productDirectory
    }
}
