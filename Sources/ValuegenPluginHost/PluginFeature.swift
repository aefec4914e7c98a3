import CValuegenPlugin
import ValuegenPluginSDK

/// A plugin library used as a feature, in this process: each request crosses the C ABI as
/// JSON and what the plugin emits comes back through the host callbacks.
public final class PluginFeature: Feature, @unchecked Sendable {
    public let library: PluginLibrary
    /// The plugin's options from the configuration, passed in every request.
    public let options: JSONValue?

    public init(library: PluginLibrary, options: JSONValue? = nil) {
        self.library = library
        self.options = options
    }

    public var descriptor: FeatureDescriptor { library.descriptor }

    public func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        var request = request
        request.options = options
        if !library.readsModule {
            request.module = nil
        }
        guard let beginModule = library.beginModule, let module = request.module else {
            // The module's part of both is shared by every request of the run (RequestModule).
            let (tree, bytes) = request.encodedJSON()
            run(PluginInvocation(requestBytes: bytes, requestTree: tree, declaredTypes: Set(request.types.map(\.name)), filePaths: [request.file.path]), into: emitter)
            return
        }
        // ABI 1.3: the module goes to begin_module once per run, and the request without it.
        library.moduleHandOver.withModule(module, begin: {
            PluginInvocation.beginModule(moduleBytes: module.jsonBytes, moduleTree: nil).run(beginModule)
        }) { begun in
            guard begun.forwardBeginModule(to: emitter, from: PluginName(library)) else { return }
            let (tree, bytes) = request.encodedJSONWithoutModule()
            run(PluginInvocation(requestBytes: bytes, requestTree: tree, declaredTypes: Set(request.types.map(\.name)), filePaths: [request.file.path]), into: emitter)
        }
    }

    private func run(_ invocation: PluginInvocation, into emitter: any Emitter) {
        // A plugin that does not say it is thread-safe never runs twice at once, whichever
        // feature (options) calls it.
        let output = library.isThreadSafe ? invocation.run(library.generate) : library.serialCalls.withLock { invocation.run(library.generate) }
        output.forward(to: emitter, from: PluginName(library))
    }
}

/// How messages name a plugin: `plugin 'com.example.fake' (Plugins/libFake.so)`.
public struct PluginName: Sendable, CustomStringConvertible {
    public let id: String
    public let path: String

    public init(_ library: PluginLibrary) {
        self.init(id: library.descriptor.id, path: library.path)
    }

    public init(id: String, path: String) {
        self.id = id
        self.path = path
    }

    public var description: String { "plugin '\(id)' (\(path))" }
}

extension PluginOutput {
    /// Hands everything the plugin emitted to the generator, and turns a failure or a
    /// refused emission into an error naming the plugin.
    public func forward(to emitter: any Emitter, from plugin: PluginName) {
        for emission in emissions {
            switch emission {
            case .importModule(let module): emitter.emitImport(module)
            case .declaration(let typeName, let code): emitter.emitDeclaration(code, attachedTo: typeName)
            case .file(let path, let contents): emitter.emitFile(path: path, contents: contents)
            case .moduleDeclaration(let key, let code): emitter.emitModuleDeclaration(code, key: key)
            case .moduleImport(let module): emitter.emitModuleImport(module)
            case .moduleFile(let path, let contents): emitter.emitModuleFile(path: path, contents: contents)
            }
        }
        for diagnostic in diagnostics {
            emitter.diagnose(diagnostic.severity, diagnostic.message, at: diagnostic.location)
        }
        for refusal in refusals {
            emitter.diagnose(.error, "\(plugin) \(refusal)", at: nil)
        }
        if let failure = failure(of: plugin, in: "generate") {
            emitter.diagnose(.error, failure, at: nil)
        }
    }

    /// Hands what a module pass (`generate_module`, ABI 1.4) emitted to the run; a diagnostic
    /// without a path, a refusal and a failure are about the run.
    public func forwardModulePass(to emitter: any ModuleEmitter, from plugin: PluginName) {
        for emission in emissions {
            switch emission {
            case .moduleDeclaration(let key, let code): emitter.emitModuleDeclaration(code, key: key)
            case .moduleImport(let module): emitter.emitModuleImport(module)
            case .moduleFile(let path, let contents): emitter.emitModuleFile(path: path, contents: contents)
            case .importModule, .declaration, .file: break // refused by the invocation
            }
        }
        for diagnostic in diagnostics {
            emitter.diagnose(diagnostic.severity, diagnostic.message, in: diagnostic.path, at: diagnostic.path == nil ? nil : diagnostic.location)
        }
        for refusal in refusals {
            emitter.diagnose(.error, "\(plugin) \(refusal)", in: nil, at: nil)
        }
        if let failure = failure(of: plugin, in: "generate_module") {
            emitter.diagnose(.error, failure, in: nil, at: nil)
        }
    }

    /// The error a status other than OK adds, unless the plugin's own diagnostics say it.
    private func failure(of plugin: PluginName, in function: String) -> String? {
        switch status {
        case VALUEGEN_STATUS_OK:
            return nil
        case VALUEGEN_STATUS_FAILED:
            if !refusals.isEmpty {
                return "\(plugin) failed after the host refused its emission (the refusal is reported above); a refused emission is a bug in the plugin, which should return VALUEGEN_STATUS_INTERNAL_ERROR"
            }
            return diagnostics.contains(where: { $0.severity == .error }) ? nil : "\(plugin) failed without reporting why"
        case VALUEGEN_STATUS_INTERNAL_ERROR:
            return "\(plugin) reported an internal error; this is a bug in the plugin, not in the schema"
        default:
            return "\(plugin) returned the unknown status \(status) from \(function)"
        }
    }
}

extension PluginFeature: ModuleFeature {
    /// Calls the plugin's `generate_module` (ABI 1.4) with the run; nothing when it has none.
    public func generateModule(_ request: ModuleRequest, into emitter: any ModuleEmitter) throws {
        guard let generateModule = library.generateModule else { return }
        var request = request
        request.options = options
        let invocation = PluginInvocation.modulePass(request)
        // The pass runs after every generate of the run; a plugin that is not thread-safe is
        // still never called twice at once (two configurations may share the library).
        let output = library.isThreadSafe ? invocation.run(generateModule) : library.serialCalls.withLock { invocation.run(generateModule) }
        output.forwardModulePass(to: emitter, from: PluginName(library))
    }
}

extension PluginInvocation {
    /// A call of `generate_module` with the module request: module emissions only, and
    /// `diagnose_in` at any of its files.
    static func modulePass(_ request: ModuleRequest) -> PluginInvocation {
        let tree = request.json
        return modulePass(bytes: JSONSerializer.serialize(tree), tree: tree)
    }

    static func modulePass(bytes: [UInt8], tree: JSONValue?) -> PluginInvocation {
        var paths: Set<String> = []
        if case .array(let files)? = tree?["files"] {
            for file in files {
                if let path = file["file"]?["path"]?.stringValue { paths.insert(path) }
            }
        }
        return PluginInvocation(requestBytes: bytes, requestTree: tree, declaredTypes: [], filePaths: paths, call: .modulePass)
    }
}

/// A feature that comes from a plugin library, which messages name.
public protocol PluginBacked {
    var pluginName: PluginName { get }
    /// What loading the library found that the user should hear of (``PluginLibrary/warnings``).
    var loadWarnings: [String] { get }
}

extension PluginBacked {
    public var loadWarnings: [String] { [] }
}

extension PluginFeature: PluginBacked {
    public var pluginName: PluginName { PluginName(library) }
    public var loadWarnings: [String] { library.warnings }
}
