import Foundation
import ValuegenPluginHost
import ValuegenPluginSDK

/// How each schema file of a run is generated: its settings and the pipeline (built-in
/// features plus the plugins its configuration and the command line name). Building the
/// plan reads the configurations and loads the plugin libraries, so every configuration or
/// plugin problem is found before anything is generated.
struct GenerationPlan {
    struct Entry {
        var schema: SchemaDiscovery.Found
        var settings: GenerationSettings
        var pipeline: GeneratorPipeline
    }

    var entries: [Entry] = []
    /// The module files valuegen.json declares for each plugin (`"moduleFiles"`), by the
    /// plugin's name in messages (`plugin 'ID' (path)`), with the configuration that declares them.
    var declaredModuleFiles: [String: DeclaredModuleFiles] = [:]
    /// What the configurations say that valuegen ignores, once per file.
    var warnings: [Diagnostic] = []

    static func make(for schemas: [SchemaDiscovery.Found], options: GenerationOptions, builtIn: FeatureRegistry) -> Result<GenerationPlan, PlanFailure> {
        var builder = Builder(options: options, builtIn: builtIn)
        do throws(PlanFailure) {
            // The command line's names and plugins are checked even when no schema is found.
            if schemas.isEmpty {
                _ = try builder.pipeline(for: options.plugins.map { PluginReference(path: $0) })
            }
            var plan = GenerationPlan()
            for schema in schemas {
                let (configuration, path) = try builder.configuration(for: schema)
                // A library named twice the same way (in valuegen.json and with --plugin) loads once.
                var plugins: [PluginReference] = []
                for reference in configuration.plugins + options.plugins.map({ PluginReference(path: $0) }) where !plugins.contains(reference) {
                    plugins.append(reference)
                }
                let pipeline = try builder.pipeline(for: plugins)
                if let path {
                    try builder.validate(configuration, at: path, against: pipeline.registry)
                }
                let remodel = try builder.remodelConfiguration(for: schema)
                if let remodel {
                    try builder.validate(remodel.configuration, at: remodel.path, against: pipeline.registry)
                }
                plan.entries.append(Entry(schema: schema, settings: builder.settings(configuration, remodel: remodel?.configuration), pipeline: pipeline))
            }
            // A file named on the command line is read even when no schema of its kind is found.
            for kind in ModelKind.allCases {
                if let path = options.remodelConfigurationPaths[kind] {
                    let configuration = try builder.remodelConfiguration(at: path)
                    try builder.validate(configuration, at: path, against: builder.pipeline(for: []).registry)
                }
            }
            plan.warnings = builder.remodelWarnings + builder.shadowingWarnings
            plan.declaredModuleFiles = builder.declaredModuleFiles
            return .success(plan)
        } catch {
            return .failure(error)
        }
    }

    /// The messages of everything wrong with the configurations, plugins and command line.
    struct PlanFailure: Error {
        var messages: [String]
    }

    private struct Builder {
        let options: GenerationOptions
        let builtIn: FeatureRegistry
        var configurations: [String: Configuration] = [:]
        var nearest: [String: String?] = [:]
        var features: [PluginReference: any Feature] = [:]
        var pipelines: [[PluginReference]: GeneratorPipeline] = [:]
        var validated: Set<String> = []
        var remodelConfigurations: [String: RemodelConfiguration] = [:]
        /// The nearest Remodel configuration of each folder, by file name.
        var nearestRemodel: [String: String?] = [:]
        /// The warnings of the Remodel configurations read, in the order they were read.
        var remodelWarnings: [Diagnostic] = []
        /// What loading the plugins found (a plugin that took a built-in feature's include
        /// name, a descriptor too small for its minor), once each.
        var shadowingWarnings: [Diagnostic] = []
        /// `"moduleFiles"` of the plugin entries, by plugin.
        var declaredModuleFiles: [String: DeclaredModuleFiles] = [:]

        init(options: GenerationOptions, builtIn: FeatureRegistry) {
            self.options = options
            self.builtIn = builtIn
        }

        /// The schema's configuration (and its path): `--config`, or the nearest valuegen.json.
        mutating func configuration(for schema: SchemaDiscovery.Found) throws(PlanFailure) -> (Configuration, String?) {
            let path = options.configurationPath ?? nearestConfiguration(for: schema)
            guard let path else { return (Configuration(), nil) }
            if let known = configurations[path] {
                return (known, path)
            }
            do {
                let configuration = try Configuration.load(from: path)
                configurations[path] = configuration
                return (configuration, path)
            } catch {
                throw PlanFailure(messages: [error.description])
            }
        }

        /// The pipeline with these plugins; one per distinct list of plugins.
        mutating func pipeline(for plugins: [PluginReference]) throws(PlanFailure) -> GeneratorPipeline {
            if let known = pipelines[plugins] {
                return known
            }
            var loaded: [any Feature] = []
            var errors: [String] = []
            for reference in plugins {
                do {
                    loaded.append(try feature(for: reference, at: try libraryPath(of: reference)))
                } catch let failure as PlanFailure {
                    errors += failure.messages
                } catch {
                    errors.append("error: \(error)")
                }
            }
            guard errors.isEmpty else { throw PlanFailure(messages: errors) }
            let registry: FeatureRegistry
            do {
                registry = try builtIn.adding(loaded)
            } catch {
                throw PlanFailure(messages: [error.description])
            }
            try checkCommandLineNames(against: registry)
            for shadowing in registry.shadowings {
                // Reported at the configuration that can rename it, else at the library.
                let reference = plugins.first { (features[$0] as? PluginBacked)?.pluginName.path == shadowing.plugin.path }
                let warning = Diagnostic(.warning, shadowing.message, path: reference?.origin?.file ?? shadowing.plugin.path)
                if !shadowingWarnings.contains(warning) {
                    shadowingWarnings.append(warning)
                }
            }
            let pipeline = GeneratorPipeline(registry: registry)
            pipelines[plugins] = pipeline
            return pipeline
        }

        private mutating func feature(for reference: PluginReference, at path: String) throws(PluginError) -> any Feature {
            if let known = features[reference] {
                return known
            }
            var feature: any Feature
            if options.isolatePlugins {
                guard let worker = options.workerExecutable else {
                    throw PluginError("--isolate-plugins needs the path of the valuegen executable to start workers")
                }
                let timeout = options.pluginTimeout ?? reference.timeout ?? IsolatedPluginFeature.defaultTimeout
                feature = try IsolatedPluginFeature(libraryPath: path, options: reference.options, workerExecutable: worker, timeout: timeout)
            } else {
                feature = PluginFeature(library: try PluginLibrary.load(path), options: reference.options)
            }
            for warning in (feature as? PluginBacked)?.loadWarnings ?? [] {
                let diagnostic = Diagnostic(.warning, warning, path: reference.origin?.file ?? path)
                if !shadowingWarnings.contains(diagnostic) {
                    shadowingWarnings.append(diagnostic)
                }
            }
            if let plugin = feature as? PluginBacked, !reference.moduleFiles.isEmpty {
                declaredModuleFiles[plugin.pluginName.description] = DeclaredModuleFiles(paths: reference.moduleFiles, configuration: reference.origin?.file ?? "valuegen.json")
            }
            if let name = reference.includeName, let plugin = feature as? any Feature & PluginBacked {
                feature = RenamedPluginFeature(plugin, names: [name], shadowedBuiltIns: [])
            }
            features[reference] = feature
            return feature
        }

        private func libraryPath(of reference: PluginReference) throws(PlanFailure) -> String {
            switch reference.library {
            case .path(let path):
                return path
            case .product(let product):
                func fail(_ message: String) -> PlanFailure {
                    let prefix = reference.origin.map { "\($0.file): error: plugins[\($0.index)]" } ?? "error: valuegen.json"
                    return PlanFailure(messages: ["\(prefix) names the plugin product '\(product)', \(message)"])
                }
                guard let folder = options.productDirectory else {
                    throw fail("which only the SwiftPM plugins can find; from the command line name the library with \"path\" or pass --product-directory with the folder of the built libraries")
                }
                let fileName = PluginLibraryNaming.fileName(forProduct: product)
                let path = (folder as NSString).appendingPathComponent(fileName)
                guard FileManager.default.fileExists(atPath: path) else {
                    let built = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                        .filter { $0.hasPrefix("lib") && ($0.hasSuffix(".so") || $0.hasSuffix(".dylib")) }.sorted()
                    let list = built.isEmpty ? "none was built there" : "built there: \(built.joined(separator: ", "))"
                    throw fail("but no \(fileName) was built in \(folder) (\(list)); name a dynamic library product (.library(name:type: .dynamic, targets:)) of this package or its dependencies")
                }
                return path
            }
        }

        private func checkCommandLineNames(against registry: FeatureRegistry) throws(PlanFailure) {
            var errors: [String] = []
            for name in options.includes + options.excludes {
                if case .unknown = registry.lookup(name) {
                    errors.append("error: \(registry.unknownIncludeMessage(name)) (on the command line)")
                }
            }
            for name in options.excludes {
                if case .feature(let feature) = registry.lookup(name), !feature.descriptor.canBeExcluded {
                    errors.append("error: --exclude \(name): '\(name)' declares the type itself and cannot be excluded")
                }
            }
            if !errors.isEmpty { throw PlanFailure(messages: errors) }
        }

        /// The Remodel configuration of the schema's kind: the one given on the command line, or
        /// the nearest in the schema's folder or a parent folder.
        mutating func remodelConfiguration(for schema: SchemaDiscovery.Found) throws(PlanFailure) -> (configuration: RemodelConfiguration, path: String)? {
            guard let kind = SchemaSource(path: schema.path, bytes: []).kind else { return nil }
            guard let path = options.remodelConfigurationPaths[kind] ?? nearestRemodelConfiguration(RemodelConfiguration.fileName(for: kind), for: schema) else {
                return nil
            }
            return (try remodelConfiguration(at: path), path)
        }

        /// The Remodel configuration at the path, read once however many schemas use it.
        mutating func remodelConfiguration(at path: String) throws(PlanFailure) -> RemodelConfiguration {
            if let known = remodelConfigurations[path] {
                return known
            }
            do {
                let configuration = try RemodelConfiguration.load(from: path)
                remodelConfigurations[path] = configuration
                remodelWarnings += configuration.warnings
                return configuration
            } catch {
                throw PlanFailure(messages: [error.description])
            }
        }

        /// Remodel's search, from the schema's folder up to the file system's root, memoized per
        /// folder. The path is given relative to the current folder when the file is inside it.
        private mutating func nearestRemodelConfiguration(_ fileName: String, for schema: SchemaDiscovery.Found) -> String? {
            let current = FileManager.default.currentDirectoryPath
            let folder = (schema.path as NSString).deletingLastPathComponent
            let absolute = folder.hasPrefix("/") ? folder : (current as NSString).appendingPathComponent(folder)
            let key = fileName + "\u{0}" + absolute
            if let known = nearestRemodel[key] {
                return known
            }
            let found = RemodelConfigurationFileNaming.nearest(fileName, fromFolder: absolute) { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            let shown = found.map { path in
                let prefix = current.hasSuffix("/") ? current : current + "/"
                return path.hasPrefix(prefix) && !schema.path.hasPrefix("/") ? String(path.dropFirst(prefix.count)) : path
            }
            nearestRemodel[key] = shown
            return shown
        }

        mutating func validate(_ configuration: Configuration, at path: String, against registry: FeatureRegistry) throws(PlanFailure) {
            guard validated.insert(path).inserted else { return }
            do {
                try configuration.validate(against: registry, path: path)
            } catch {
                throw PlanFailure(messages: [error.description])
            }
        }

        /// A Remodel configuration's names: a misspelling of a known name is an error, and so is
        /// excluding what declares the type; any other unknown name is the include of a plugin
        /// valuegen cannot run, a warning at its line (the types generate without it).
        mutating func validate(_ configuration: RemodelConfiguration, at path: String, against registry: FeatureRegistry) throws(PlanFailure) {
            guard validated.insert(path).inserted else { return }
            let name = (path as NSString).lastPathComponent
            let kind = ModelKind.allCases.first { RemodelConfiguration.fileName(for: $0) == name }
            let losing = kind.map { "every .\($0.fileExtension) type" } ?? "every type"
            var errors: [String] = []
            let lists = [
                ("defaultExcludes", configuration.defaultExcludes, configuration.excludeLocations),
                ("defaultIncludes", configuration.defaultIncludes, configuration.includeLocations),
            ]
            for (key, names, locations) in lists {
                for (index, include) in names.enumerated() {
                    let location = index < locations.count ? locations[index] : nil
                    switch registry.lookup(include) {
                    case .unknown:
                        switch UnknownInclude.verdict(for: include, losing: losing, subject: "'\(key)' names unknown include '\(include)', which", registry: registry) {
                        case .misspelled(let message):
                            errors.append(Diagnostic(.error, "'\(key)' names \(message)", path: path, at: location).description)
                        case .skipped(let message):
                            let warning = key == "defaultIncludes" ? message : "'\(key)' names '\(include)', which no feature or loaded plugin answers to, so it changes nothing; remove it"
                            remodelWarnings.append(Diagnostic(.warning, warning, path: path, at: location))
                        }
                    case .feature(let feature) where key == "defaultExcludes" && !feature.descriptor.canBeExcluded:
                        errors.append(Diagnostic(.error, "'defaultExcludes' names '\(include)', which declares the type itself and cannot be excluded", path: path, at: location).description)
                    default:
                        break
                    }
                }
            }
            if !errors.isEmpty { throw PlanFailure(messages: errors) }
        }

        /// Each layer decides for the features it names, the later over the earlier: Remodel's
        /// configuration, then valuegen.json (or --config), then the command line. Within a
        /// layer an exclude wins over an include, as it does in Remodel; the schema's own
        /// includes(...) and excludes(...) win over all of them.
        func settings(_ configuration: Configuration, remodel: RemodelConfiguration?) -> GenerationSettings {
            let layers: [(includes: [String], excludes: [String])] = [
                (remodel?.defaultIncludes ?? [], remodel?.defaultExcludes ?? []),
                (configuration.defaultIncludes, configuration.defaultExcludes),
                (options.includes, options.excludes),
            ]
            var decided: [String: (name: String, included: Bool)] = [:]
            var order: [String] = []
            for layer in layers {
                for (names, included) in [(layer.includes, true), (layer.excludes, false)] {
                    for name in names {
                        let canonical = canonicalName(name)
                        if decided[canonical] == nil {
                            order.append(canonical)
                        }
                        decided[canonical] = (name, included)
                    }
                }
            }
            let decisions = order.map { decided[$0]! }
            var settings = GenerationSettings(
                accessLevel: configuration.accessLevel ?? .public,
                defaultIncludes: decisions.filter(\.included).map(\.name),
                defaultExcludes: decisions.filter { !$0.included }.map(\.name),
                codingKeyStyle: configuration.codingKeyStyle,
                caseKeyStyle: configuration.caseKeyStyle,
                coding: configuration.coding
            )
            settings.importableModules = options.importableModules
            settings.adoptsPluralAcronymKeys = configuration.adoptsPluralAcronymKeys ?? false
            settings.optimizeFor = configuration.optimizeFor
            return settings
        }

        private func canonicalName(_ name: String) -> String {
            if case .feature(let feature) = builtIn.lookup(name) {
                return feature.descriptor.name
            }
            return name
        }

        /// The nearest valuegen.json from the schema's folder up to its search root, memoized
        /// per folder: a thousand schemas in one folder cost one look-up.
        private mutating func nearestConfiguration(for schema: SchemaDiscovery.Found) -> String? {
            let root = schema.root.hasSuffix("/") && schema.root.count > 1 ? String(schema.root.dropLast()) : schema.root
            var folder = (schema.path as NSString).deletingLastPathComponent
            var visited: [String] = []
            var found: String?
            while true {
                if let known = nearest[folder] {
                    found = known
                    break
                }
                visited.append(folder)
                let candidate = (folder as NSString).appendingPathComponent(Configuration.fileName)
                if FileManager.default.fileExists(atPath: candidate) {
                    found = candidate
                    break
                }
                if folder.isEmpty || folder == root || folder == "/" || !folder.hasPrefix(root) {
                    break
                }
                folder = (folder as NSString).deletingLastPathComponent
            }
            for folder in visited {
                nearest[folder] = found
            }
            return found
        }
    }
}

/// The files a plugin's module pass writes, as a configuration declares them (`"moduleFiles"`).
struct DeclaredModuleFiles: Sendable {
    var paths: [String]
    /// The valuegen.json that declares them, for messages.
    var configuration: String
}
