import ValuegenPluginHost
import ValuegenPluginSDK

/// A plugin that answers, in this run, to other include names than the ones it declares: the
/// name given with `"as"` in its `valuegen.json` entry, or a built-in feature's name that it
/// takes over (docs/PluginABI.md, "Include names across versions").
///
/// The core knows it by `internalName`, which no built-in feature uses, so a built-in's code
/// that asks whether a type includes `Validation` keeps meaning the built-in. The plugin still
/// sees its own canonical name in each type's `includes`, as it was written to look for, and
/// never the name of a built-in it shadows.
final class RenamedPluginFeature: Feature, PluginBacked, @unchecked Sendable {
    let plugin: any Feature & PluginBacked
    /// The names `includes(...)` selects it by in this run; the first is shown in the
    /// generated file's `// MARK: -` headers.
    let names: [String]
    /// The canonical names of the built-in features whose include names it took.
    let shadowedBuiltIns: [String]
    let descriptor: FeatureDescriptor

    init(_ plugin: any Feature & PluginBacked, names: [String], shadowedBuiltIns: [String]) {
        self.plugin = plugin
        self.names = names
        self.shadowedBuiltIns = shadowedBuiltIns
        var descriptor = plugin.descriptor
        let internalName = shadowedBuiltIns.contains(names[0]) ? "\(names[0])@\(descriptor.id)" : names[0]
        descriptor.includeNames = [internalName] + names.filter { $0 != internalName }
        self.descriptor = descriptor
    }

    var pluginName: PluginName { plugin.pluginName }
    var loadWarnings: [String] { plugin.loadWarnings }

    /// The names the plugin itself declares; the first is the one it looks for.
    var ownNames: [String] { plugin.descriptor.includeNames }

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        try plugin.generate(pluginsView(of: request), into: emitter)
    }

    /// The request with each type's includes as the plugin knows them: its own canonical name
    /// for the one it answers to here, without its other names.
    private func pluginsView(of request: GenerationRequest) -> GenerationRequest {
        var request = request
        let internalName = descriptor.name
        let ownNames = ownNames
        for index in request.types.indices {
            request.types[index].includes = request.types[index].includes.compactMap { name in
                name == internalName ? ownNames[0] : ownNames.contains(name) ? nil : name
            }
        }
        return request
    }
}

extension RenamedPluginFeature: ModuleFeature {
    func generateModule(_ request: ModuleRequest, into emitter: any ModuleEmitter) throws {
        guard let plugin = plugin as? any ModuleFeature else { return }
        var request = request
        request.files = request.files.map(pluginsView(of:))
        try plugin.generateModule(request, into: emitter)
    }
}

/// A plugin that took a built-in feature's include name in a run; reported once, as a warning.
public struct IncludeNameShadowing: Sendable {
    public var plugin: PluginName
    /// The include name both answer to.
    public var name: String
    /// The built-in feature's canonical name.
    public var builtIn: String

    /// The warning's text.
    public var message: String {
        "\(plugin) answers to '\(name)', which the built-in feature '\(builtIn)' answers to too; here '\(name)' names the plugin, and the built-in stays available as '\(FeatureRegistry.reservedPrefix)\(name)' (to keep '\(name)' for the built-in, give the plugin another name with \"as\" in its valuegen.json entry)"
    }
}
