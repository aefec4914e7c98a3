import Foundation
import Testing
import ValuegenCore
import ValuegenPluginHost

/// The ABI carries everything a built-in feature needs: the Builder feature's own source,
/// compiled into a plugin library and loaded with dlopen, produces byte for byte what the
/// in-process feature produces on every example.
@Suite struct BuiltInFeatureAsPluginTests {
    @Test func builderLoadedThroughTheABIGeneratesIdenticalBytes() throws {
        let features = PluginBuilder.repositoryRoot.appendingPathComponent("Sources/ValuegenCore/Features")
        let entry = try PluginBuilder.source("BuilderEntry.swift", """
            import ValuegenPluginSDK

            @_cdecl("valuegen_plugin_negotiate")
            public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
                PluginExport.negotiate(io, feature: BuilderFeature())
            }
            """)
        let library = try PluginBuilder.swiftPlugin(named: "BuiltInBuilder", sources: [
            entry,
            features.appendingPathComponent("BuiltInFeature.swift").path,
            features.appendingPathComponent("BuilderFeature.swift").path,
            // How generated code spells standard names; in a plugin nothing binds the module's
            // names, so they are written plainly, as in a module that shadows none (the examples').
            features.deletingLastPathComponent().appendingPathComponent("Generation/StandardNames.swift").path,
        ])
        let plugin = PluginFeature(library: try PluginLibrary.load(library))
        #expect(plugin.descriptor == FeatureRegistry.builtIn.features.first { $0.descriptor.name == "Builder" }?.descriptor)

        // The plugin takes the in-process Builder's place, so the output order is the same.
        let throughABI = FeatureRegistry(features: FeatureRegistry.builtIn.features.map { $0.descriptor.name == "Builder" ? plugin : $0 })
        let examples = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Examples/Messaging")
        var compared = 0
        // The examples are one module, with their valuegen.json's defaults.
        let sources = try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
            .map { SchemaSource(path: $0, bytes: Array(try Data(contentsOf: examples.appendingPathComponent($0)))) }
            .filter { $0.kind != nil }
        let settings = GenerationSettings(defaultIncludes: ["JSON", "Binary"])
        let inProcessFiles = GeneratorPipeline(registry: .builtIn).generate(module: sources, settings: settings)
        let loadedFiles = GeneratorPipeline(registry: throughABI).generate(module: sources, settings: settings)
        for (inProcess, loaded) in zip(inProcessFiles, loadedFiles) {
            let name = inProcess.source.path
            #expect(inProcess.diagnostics.isEmpty, "\(name): \(inProcess.diagnostics)")
            #expect(loaded.diagnostics == inProcess.diagnostics, "\(name)")
            #expect(loaded.contents == inProcess.contents, "\(name) differs when Builder runs through the C ABI")
            // Equal but for who emitted them, which messages name: the plugin, the feature.
            #expect(loaded.moduleDeclarations.map { [$0.key, $0.code, $0.featureName] } == inProcess.moduleDeclarations.map { [$0.key, $0.code, $0.featureName] }, "\(name): the builders' error type differs through the C ABI")
            if inProcess.contents?.contains("Builder") == true { compared += 1 }
        }
        #expect(compared >= 2, "the examples exercise Builder")
    }
}
