import Foundation
import ValuegenCore

/// What a plugin that reads the module costs (issue 24 §3.11): the same plugin, included on
/// every type, built three ways — taking the module once per run (ABI 1.3), getting it in
/// every request (what a plugin built against 1.1 or 1.2 gets), and not reading it at all —
/// each run in-process and isolated in workers. In Swift, an SDK feature built with swiftc
/// against the PluginSDK's sources, which decodes whatever module it gets; in C, a plugin that
/// counts the module's types through valuegen.query, so that only the host's side costs.
struct ModuleReaderRuns {
    struct Times {
        var inProcess: Double
        /// Nil when no `valuegen` executable is beside the benchmark's.
        var isolated: Double?
    }

    var once: Times
    var everyRequest: Times
    var noModule: Times

    /// The plugin. `EVERY_REQUEST` takes the 1.3 additions out of the descriptor the SDK
    /// returns; `NO_MODULE` does not read the module.
    static let source = """
        import CValuegenPlugin
        import ValuegenPluginSDK

        struct ModuleReader: Feature {
            #if NO_MODULE
            let descriptor = FeatureDescriptor(id: "dev.valuegen.benchmark.module-reader", version: "1.0.0", includeNames: ["ModuleReader"])
            #else
            let descriptor = FeatureDescriptor(id: "dev.valuegen.benchmark.module-reader", version: "1.0.0", includeNames: ["ModuleReader"], readsModule: true)
            #endif

            func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
                let count = request.module?.types(including: descriptor.name).count ?? 0
                for type in request.types(including: descriptor.name) {
                    emitter.emitDeclaration("// \\(type.name): one of \\(count) types with ModuleReader", attachedTo: type.name)
                }
            }
        }

        @_cdecl("valuegen_plugin_negotiate")
        public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
            let status = PluginExport.negotiate(io, feature: ModuleReader())
            #if EVERY_REQUEST
            if let negotiation = io?.assumingMemoryBound(to: valuegen_negotiation.self), let plugin = negotiation.pointee.plugin {
                let copy = UnsafeMutablePointer<valuegen_plugin>.allocate(capacity: 1)
                copy.initialize(to: plugin.pointee)
                copy.pointee.features &= ~UInt32(VALUEGEN_FEATURE_MODULE_ONCE)
                copy.pointee.begin_module = nil
                negotiation.pointee.plugin = UnsafePointer(copy)
            }
            #endif
            return status
        }
        """

    /// The C plugin: `MODULE_ONCE` sets VALUEGEN_FEATURE_MODULE_ONCE with a begin_module that
    /// keeps nothing (queries of /module/... still answer); `NO_MODULE` leaves the module out.
    static let cSource = #"""
        #include "valuegen_plugin.h"
        #include <stdio.h>

        static const char *const reader_names[] = { "ModuleReader" };

        static valuegen_status reader_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
            const valuegen_query_extension *query = (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
            int64_t types = 0, module = 0, index;
            char pointer[64], code[256];
            (void)request_json;
            (void)request_length;
            if (query == NULL || query->get_count(host, "/types", &types) != VALUEGEN_STATUS_OK) return VALUEGEN_STATUS_INTERNAL_ERROR;
            query->get_count(host, "/module/types", &module);
            for (index = 0; index < types; index++) {
                const char *name = NULL;
                size_t length = 0;
                valuegen_emission emission = { 0 };
                snprintf(pointer, sizeof pointer, "/types/%lld/name", (long long)index);
                if (query->get_string(host, pointer, &name, &length) != VALUEGEN_STATUS_OK) return VALUEGEN_STATUS_INTERNAL_ERROR;
                snprintf(code, sizeof code, "// %s: one of %lld types in the module", name, (long long)module);
                emission.struct_size = sizeof emission;
                emission.kind = VALUEGEN_EMIT_DECLARATION;
                emission.text = code;
                emission.text_length = strlen(code);
                emission.type_name = name;
                if (host->emit(host, &emission) != VALUEGEN_STATUS_OK) return VALUEGEN_STATUS_INTERNAL_ERROR;
            }
            return VALUEGEN_STATUS_OK;
        }

        #ifdef MODULE_ONCE
        static valuegen_status reader_begin_module(const valuegen_host *host, const char *module_json, size_t module_length) {
            (void)host;
            (void)module_json;
            (void)module_length;
            return VALUEGEN_STATUS_OK;
        }
        #endif

        static const valuegen_plugin reader_plugin = {
            .struct_size = sizeof(valuegen_plugin),
            .abi_major = VALUEGEN_ABI_MAJOR,
            .abi_minor = VALUEGEN_ABI_MINOR,
            .id = "dev.valuegen.benchmark.module-reader-c",
            .version = "1.0.0",
            .include_names = reader_names,
            .include_name_count = 1,
            .supported_kinds = VALUEGEN_KIND_ALL,
        #if defined(NO_MODULE)
            .features = VALUEGEN_FEATURE_THREAD_SAFE,
        #elif defined(MODULE_ONCE)
            .features = VALUEGEN_FEATURE_THREAD_SAFE | VALUEGEN_FEATURE_MODULE | VALUEGEN_FEATURE_MODULE_ONCE,
            .begin_module = reader_begin_module,
        #else
            .features = VALUEGEN_FEATURE_THREAD_SAFE | VALUEGEN_FEATURE_MODULE,
        #endif
            .generate = reader_generate,
        };

        valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
            io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
            io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
            io->plugin = &reader_plugin;
            io->message = NULL;
            return io->host_abi_major == VALUEGEN_ABI_MAJOR ? VALUEGEN_STATUS_OK : VALUEGEN_STATUS_INCOMPATIBLE;
        }
        """#

    /// The Swift and the C plugin's runs; nil for a language whose compiler cannot build it.
    static func measure(schemas: String, scratch: String, count: Int) throws -> (swift: ModuleReaderRuns?, c: ModuleReaderRuns?) {
        (try buildSwift(in: scratch).map { try measure($0, schemas: schemas, scratch: scratch, count: count) },
         try buildC(in: scratch).map { try measure($0, schemas: schemas, scratch: scratch, count: count) })
    }

    /// Best of 3, or the first run alone when it takes over 5 s (the module in every request
    /// of a Swift plugin takes tens of seconds: the figure is clear from one).
    private static func bestOfThreeUnlessSlow(_ body: (Int) throws -> Void) rethrows -> Double {
        var best = try seconds { try body(0) }
        guard best < 5 else { return best }
        for run in 1..<3 {
            best = min(best, try seconds { try body(run) })
        }
        return best
    }

    private static func measure(_ libraries: (once: String, everyRequest: String, noModule: String), schemas: String, scratch: String, count: Int) throws -> ModuleReaderRuns {
        let run = GenerationRun()
        let worker = PluginRuns.workerExecutable
        func times(_ library: String, _ name: String) throws -> Times {
            func generate(isolated: Bool) throws -> Double {
                try bestOfThreeUnlessSlow { index in
                    let report = run.run(GenerationOptions(
                        inputs: [schemas], outputDirectory: "\(scratch)/\(name)\(isolated ? "Isolated" : "")\(index)", includes: ["ModuleReader"],
                        plugins: [library], isolatePlugins: isolated, workerExecutable: isolated ? worker : nil
                    ))
                    try PluginRuns.checkRun(report, writes: count, what: "the module reader")
                }
            }
            return Times(inProcess: try generate(isolated: false), isolated: FileManager.default.isExecutableFile(atPath: worker) ? try generate(isolated: true) : nil)
        }
        return ModuleReaderRuns(
            once: try times(libraries.once, "ModuleOnce"),
            everyRequest: try times(libraries.everyRequest, "ModuleEveryRequest"),
            noModule: try times(libraries.noModule, "NoModule")
        )
    }

    /// The SDK as a static library, then the plugin three ways; release builds, as a plugin
    /// author ships them.
    private static func buildSwift(in scratch: String) -> (once: String, everyRequest: String, noModule: String)? {
        let root = PluginRuns.repositoryRoot
        let headers = root.appendingPathComponent("PluginSDK/include").path
        let sdkFolder = root.appendingPathComponent("PluginSDK/Sources/ValuegenPluginSDK")
        guard let enumerator = FileManager.default.enumerator(atPath: sdkFolder.path) else { return nil }
        let sdkSources = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { sdkFolder.appendingPathComponent($0).path }
        let sdk = "\(scratch)/sdk"
        let sourcePath = "\(scratch)/ModuleReader.swift"
        guard (try? FileManager.default.createDirectory(atPath: sdk, withIntermediateDirectories: true)) != nil,
              (try? source.write(toFile: sourcePath, atomically: false, encoding: .utf8)) != nil,
              swiftc(["-O", "-wmo", "-emit-library", "-static", "-emit-module", "-parse-as-library", "-module-name", "ValuegenPluginSDK", "-I", headers,
                      "-o", "\(sdk)/libValuegenPluginSDK.a", "-emit-module-path", "\(sdk)/ValuegenPluginSDK.swiftmodule"] + sdkSources) else { return nil }
        func plugin(_ name: String, _ defines: [String]) -> String? {
            let output = "\(scratch)/lib\(name).\(PluginRuns.libraryExtension)"
            let built = swiftc(["-O", "-emit-library", "-module-name", name, "-I", sdk, "-I", headers, "-L", sdk, "-lValuegenPluginSDK", "-o", output, sourcePath] + defines.flatMap { ["-D", $0] })
            return built ? output : nil
        }
        guard let once = plugin("ModuleReaderOnce", []), let everyRequest = plugin("ModuleReaderEveryRequest", ["EVERY_REQUEST"]),
              let noModule = plugin("ModuleReaderNoModule", ["NO_MODULE"]) else { return nil }
        return (once, everyRequest, noModule)
    }

    /// The C plugin three ways, with cc -O2 against the header.
    private static func buildC(in scratch: String) -> (once: String, everyRequest: String, noModule: String)? {
        let headers = PluginRuns.repositoryRoot.appendingPathComponent("PluginSDK/include").path
        let sourcePath = "\(scratch)/module_reader.c"
        guard (try? cSource.write(toFile: sourcePath, atomically: false, encoding: .utf8)) != nil else { return nil }
        func plugin(_ name: String, _ defines: [String]) -> String? {
            let output = "\(scratch)/lib\(name).\(PluginRuns.libraryExtension)"
            let built = PluginRuns.compile("cc", ["-std=c99", "-O2", "-shared", "-fPIC", "-include", "string.h", "-I", headers, "-o", output, sourcePath] + defines.map { "-D" + $0 })
            return built ? output : nil
        }
        guard let once = plugin("ModuleReaderCOnce", ["MODULE_ONCE"]), let everyRequest = plugin("ModuleReaderCEveryRequest", []),
              let noModule = plugin("ModuleReaderCNoModule", ["NO_MODULE"]) else { return nil }
        return (once, everyRequest, noModule)
    }

    private static func swiftc(_ arguments: [String]) -> Bool {
        PluginRuns.compile("swiftc", arguments)
    }
}
