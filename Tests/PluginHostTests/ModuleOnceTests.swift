import Foundation
import Testing
import ValuegenCore
import ValuegenPluginHost
import ValuegenPluginSDK

/// The module once per run (ABI 1.3): a plugin that sets VALUEGEN_FEATURE_MODULE_ONCE gets the
/// module in `begin_module`, once per run in each process that loads it, and requests without
/// it; a plugin built against an older header gets it in every request, as before. Both
/// generate the same code.
@Suite struct ModuleOnceTests {
    static let probeSource = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/ModuleProbe/module_probe.c").path
    static let frozen12HeaderFolder = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/Frozen/ABI-1.2").path
    static let frozen13HeaderFolder = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/Frozen/ABI-1.3").path

    /// RequestModuleTests' module, with a `%bounds` the probe accepts, in a scratch folder.
    static func moduleFolder() throws -> URL {
        let folder = try ProcessRunner.makeScratchFolder()
        try RequestModuleTests.writeModule(to: folder)
        let user = folder.appendingPathComponent("Models/User.value")
        let text = try String(contentsOf: user, encoding: .utf8).replacingOccurrences(of: "min=abc", with: "min=0")
        try Data(text.utf8).write(to: user)
        return folder
    }

    /// `valuegen generate Models --plugin <library>`: the outcome and the generated files the
    /// probe adds to, by name.
    static func generate(with library: String, isolated: Bool) throws -> (outcome: ProcessRunner.Outcome, files: [String: String]) {
        let folder = try moduleFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ProcessRunner.valuegen(["generate", "Models", "--output", "out", "--plugin", library] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        var files: [String: String] = [:]
        for name in ["User.swift", "Session.swift"] {
            files[name] = try? String(contentsOf: folder.appendingPathComponent("out/\(name)"), encoding: .utf8)
        }
        return (outcome, files)
    }

    static func probe(_ name: String, defines: [String] = [], headers: String = PluginBuilder.headerFolder) throws -> String {
        try PluginBuilder.cPlugin(named: name, sources: [probeSource], flags: defines.map { "-D" + $0 }, headers: headers)
    }

    /// The probe built with PROBE_MODULE_ONCE fails the file unless begin_module ran exactly
    /// once in its process, the request left the module out, and /module/... still answered
    /// with the module begin_module took; its output is what every request's module gave.
    @Test(arguments: [false, true])
    func cPluginTakesTheModuleOnceAndGeneratesWhatEveryRequestGave(isolated: Bool) throws {
        let everyRequest = try Self.generate(with: try Self.probe("ModuleProbeEveryRequest\(isolated)", defines: ["PROBE_EXPECTS_MODULE_IN_REQUEST"]), isolated: isolated)
        let once = try Self.generate(with: try Self.probe("ModuleProbeOnce\(isolated)", defines: ["PROBE_MODULE_ONCE"]), isolated: isolated)
        #expect(everyRequest.outcome.status == 0, "\(everyRequest.outcome.standardError)")
        #expect(once.outcome.status == 0, "\(once.outcome.standardError)")
        #expect(once.files.count == 2)
        #expect(once.files == everyRequest.files)
        #expect(once.files["User.swift"]?.contains("// module: Kind adtValue -, Session object ModuleProbe, Tag value -, User value ModuleProbe\n") == true)
    }

    /// A plugin built against the frozen 1.2 header that reads the module knows nothing of
    /// begin_module: every request carries the module, as it did (the probe checks the bytes).
    @Test(arguments: [false, true])
    func pluginBuiltAgainstTheFrozen12HeaderGetsTheModuleInEveryRequest(isolated: Bool) throws {
        let library = try Self.probe("ModuleProbe12Frozen\(isolated)", defines: ["PROBE_EXPECTS_MODULE_IN_REQUEST"], headers: Self.frozen12HeaderFolder)
        let generated = try Self.generate(with: library, isolated: isolated)
        #expect(generated.outcome.status == 0, "\(generated.outcome.standardError)")
        #expect(generated.files["Session.swift"]?.contains("// user: named User value\n") == true)
        #expect(!(try PluginLibrary.load(library).takesModuleOnce))
    }

    /// A plugin built against the frozen 1.3 header (before the module pass) takes the module once
    /// and generates what it did: its 104-byte descriptor is never read past begin_module.
    @Test(arguments: [false, true])
    func pluginBuiltAgainstTheFrozen13HeaderTakesTheModuleOnceAsBefore(isolated: Bool) throws {
        let frozen = try Self.generate(with: try Self.probe("ModuleProbe13Frozen\(isolated)", defines: ["PROBE_MODULE_ONCE"], headers: Self.frozen13HeaderFolder), isolated: isolated)
        let current = try Self.generate(with: try Self.probe("ModuleProbeOnceCurrent\(isolated)", defines: ["PROBE_MODULE_ONCE"]), isolated: isolated)
        #expect(frozen.outcome.status == 0, "\(frozen.outcome.standardError)")
        #expect(frozen.outcome.standardError == "")
        #expect(frozen.files.count == 2)
        #expect(frozen.files == current.files)
        let library = try PluginLibrary.load(try Self.probe("ModuleProbe13Frozen\(isolated)", defines: ["PROBE_MODULE_ONCE"], headers: Self.frozen13HeaderFolder))
        #expect(library.takesModuleOnce && !library.descriptor.hasModulePass && library.abiMinor == 3)
    }

    @Test func frozen13HeaderIsABI13() throws {
        let header = try String(contentsOfFile: Self.frozen13HeaderFolder + "/valuegen_plugin.h", encoding: .utf8)
        #expect(header.contains("#define VALUEGEN_ABI_MAJOR 1\n#define VALUEGEN_ABI_MINOR 3\n"))
        #expect(!header.contains("generate_module"))
    }

    @Test func frozen12HeaderIsABI12() throws {
        let header = try String(contentsOfFile: Self.frozen12HeaderFolder + "/valuegen_plugin.h", encoding: .utf8)
        #expect(header.contains("#define VALUEGEN_ABI_MAJOR 1\n#define VALUEGEN_ABI_MINOR 2\n"))
        #expect(!header.contains("begin_module"))
    }

    @Test func inspectShowsThatAPluginTakesTheModuleOnce() throws {
        let library = try Self.probe("ModuleProbeOnceInspected", defines: ["PROBE_MODULE_ONCE"])
        let inspect = try ProcessRunner.valuegen(["plugins", "inspect", library], in: PluginBuilder.buildFolder)
        #expect(inspect.status == 0, "\(inspect.standardError)")
        #expect(inspect.standardOutput.contains("features:        thread-safe, reads-module, module-once\n"))
    }

    /// begin_module refuses the module: every file that includes the plugin fails with the
    /// plugin's own diagnostic and the host's sentence; the other files are generated.
    @Test(arguments: [false, true])
    func aPluginThatCannotTakeTheModuleFailsEveryFileThatIncludesIt(isolated: Bool) throws {
        let library = try Self.probe("ModuleProbeBeginFails\(isolated)", defines: ["PROBE_MODULE_ONCE", "PROBE_BEGIN_FAILS"])
        let folder = try Self.moduleFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ProcessRunner.valuegen(["generate", "Models", "--output", "out", "--plugin", library] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        #expect(outcome.status == 1)
        let sentence = "plugin 'dev.valuegen.test.module-probe' (\(library)) could not take the module of the run in begin_module (it returned VALUEGEN_STATUS_FAILED), so no schema file that includes it is generated; fix the plugin (its diagnostics, if any, are above), or build it without VALUEGEN_FEATURE_MODULE_ONCE to get the module in every request"
        #expect(outcome.errorLines == [
            "Models/Session.object: error: the module probe cannot take this module",
            "Models/Session.object: error: \(sentence)",
            "Models/User.value: error: the module probe cannot take this module",
            "Models/User.value: error: \(sentence)",
        ], "\(outcome.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/Tag.swift").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/User.swift").path))
    }

    /// begin_module only takes the module: what it emits is refused, and the file fails.
    @Test(arguments: [false, true])
    func anEmissionFromBeginModuleIsRefused(isolated: Bool) throws {
        let library = try Self.probe("ModuleProbeBeginEmits\(isolated)", defines: ["PROBE_MODULE_ONCE", "PROBE_BEGIN_EMITS"])
        let folder = try Self.moduleFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ProcessRunner.valuegen(["generate", "Models", "--output", "out", "--plugin", library] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        #expect(outcome.status == 1)
        let plugin = "plugin 'dev.valuegen.test.module-probe' (\(library))"
        #expect(outcome.errorLines.filter { $0.hasPrefix("Models/User.value: ") } == [
            "Models/User.value: error: \(plugin) emitted something from begin_module, which only takes the module; emit from generate()",
            "Models/User.value: error: \(plugin) could not take the module of the run in begin_module (it returned VALUEGEN_STATUS_OK after an error), so no schema file that includes it is generated; fix the plugin (its diagnostics, if any, are above), or build it without VALUEGEN_FEATURE_MODULE_ONCE to get the module in every request",
        ], "\(outcome.standardError)")
    }

    // MARK: - Swift plugins

    /// A feature of the SDK that reads the module, changed in nothing: the SDK takes the
    /// module in begin_module, decodes it once, and gives every request that same module (the
    /// feature checks that its types are the same buffer as the first request's).
    static let moduleReaderSource = """
        import ValuegenPluginSDK

        nonisolated(unsafe) var firstModuleTypes: UnsafeRawPointer?

        struct ModuleReader: Feature {
            let descriptor = FeatureDescriptor(id: "dev.valuegen.test.module-reader", version: "1.0.0", includeNames: ["ModuleProbe"], defaultKinds: [], readsModule: true, annotationNames: ["bounds"])

            func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
                guard let module = request.module else {
                    emitter.diagnose(.error, "no module", at: nil)
                    return
                }
                let types = module.types.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
                if firstModuleTypes == nil { firstModuleTypes = types }
                if firstModuleTypes != types {
                    emitter.diagnose(.error, "the module was decoded again", at: nil)
                }
                for type in request.types(including: descriptor.name) {
                    let others = module.types(including: descriptor.name).map(\\.name).filter { $0 != type.name }
                    emitter.emitDeclaration("// \\(module.types.count) types; others with ModuleProbe: \\(others.joined(separator: ", "))", attachedTo: type.name)
                }
            }
        }

        @_cdecl("valuegen_plugin_negotiate")
        public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
            PluginExport.negotiate(io, feature: ModuleReader(), isThreadSafe: false)
        }
        """

    @Test(arguments: [false, true])
    func swiftPluginDecodesTheModuleOnceAndReadsItAsBefore(isolated: Bool) throws {
        let library = try PluginBuilder.swiftPlugin(named: "ModuleReaderOnce\(isolated)", sources: [try PluginBuilder.source("ModuleReaderOnce\(isolated).swift", Self.moduleReaderSource)])
        #expect(try PluginLibrary.load(library).takesModuleOnce)
        let generated = try Self.generate(with: library, isolated: isolated)
        #expect(generated.outcome.status == 0, "\(generated.outcome.standardError)")
        #expect(generated.files["User.swift"]?.contains("// 4 types; others with ModuleProbe: Session\n") == true)
        #expect(generated.files["Session.swift"]?.contains("// 4 types; others with ModuleProbe: User\n") == true)
    }

    /// In-process through the pipeline, twice in one process: the second run's module replaces
    /// the first's (begin_module again), and each run's files see their own module.
    @Test func aSecondRunInTheSameProcessHandsOverItsOwnModule() throws {
        let library = try PluginBuilder.swiftPlugin(named: "ModuleReaderTwoRuns", sources: [try PluginBuilder.source("ModuleReaderTwoRuns.swift", Self.moduleReaderSource.replacingOccurrences(of: "if firstModuleTypes != types", with: "if firstModuleTypes == nil"))])
        let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding([PluginFeature(library: try PluginLibrary.load(library))]))
        let first = [SchemaSource(path: "A.value", text: "A includes(ModuleProbe) {\n  name: String\n}\n"), SchemaSource(path: "B.value", text: "B includes(ModuleProbe) {\n  a: A\n}\n")]
        let second = first + [SchemaSource(path: "C.value", text: "C includes(ModuleProbe) {\n  b: B\n}\n")]
        for (sources, expected) in [(first, "// 2 types; others with ModuleProbe: B\n"), (second, "// 3 types; others with ModuleProbe: B, C\n"), (first, "// 2 types; others with ModuleProbe: B\n")] {
            let generated = pipeline.generate(module: sources, settings: GenerationSettings())
            #expect(generated.allSatisfy { $0.diagnostics.isEmpty }, "\(generated.map(\.diagnostics))")
            #expect(generated[0].contents?.contains(expected) == true, "\(generated[0].contents ?? "")")
        }
    }
}
