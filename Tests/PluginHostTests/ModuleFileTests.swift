import Foundation
import Testing

/// Files of the whole module (ABI 1.2, `emitModuleFile`): an `index.ts` beside per-type files,
/// written once per run however many types and schema files emit it, with the module
/// declarations' conflict rule.
@Suite struct ModuleFileTests {
    /// `Index`: for every type that includes it, `<Type>.ts`; and `index.ts` listing the run's
    /// types from the module description. In a file whose name starts with "Conflict" it emits
    /// `index.ts` with other contents.
    static let built = Result {
        try PluginBuilder.swiftPlugin(named: "IndexFiles", sources: [try PluginBuilder.source("IndexFiles.swift", """
            import ValuegenPluginSDK

            struct IndexFiles: Feature {
                let descriptor = FeatureDescriptor(id: "dev.valuegen.test.index-files", version: "1.0.0", includeNames: ["Index"], readsModule: true)

                func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
                    for type in request.types(including: "Index") {
                        emitter.emitFile(path: "ts/\\(type.name).ts", contents: "export interface \\(type.name) {}\\n")
                    }
                    let names = (request.module?.types ?? []).map(\\.name).sorted()
                    let index = request.file.name.hasPrefix("Conflict") ? "// other\\n" : names.map { "export * from './\\($0)';\\n" }.joined()
                    emitter.emitModuleFile(path: "ts/index.ts", contents: index)
                }
            }

            @_cdecl("valuegen_plugin_negotiate")
            public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
                PluginExport.negotiate(io, feature: IndexFiles(), emitsExtraFiles: true)
            }
            """)])
    }

    func generate(_ files: [String: String], isolated: Bool, _ name: String = #function) throws -> (ProcessRunner.Outcome, URL) {
        let library = try Self.built.get()
        let folder = try PluginFailureTests.schemaFolder(files, name + "\(isolated)")
        let outcome = try PluginFailureTests.generate(files.keys.sorted(), plugins: [library], isolated: isolated, in: folder)
        return (outcome, folder)
    }

    @Test(arguments: [false, true])
    func moduleFileIsWrittenOnceForTheWholeRun(isolated: Bool) throws {
        let (outcome, folder) = try generate(["A.value": "Alpha includes(Index) {\n  a: Int\n}\n", "B.value": "Beta includes(Index) {\n  b: Int\n}\n"], isolated: isolated)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(outcome.status == 0 && outcome.standardError.isEmpty, "\(outcome.standardError)")
        let index = try String(contentsOf: folder.appendingPathComponent("out/ts/index.ts"), encoding: .utf8)
        #expect(index == "export * from './Alpha';\nexport * from './Beta';\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/ts/Alpha.ts").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/ts/Beta.ts").path))
    }

    @Test(arguments: [false, true])
    func otherContentsUnderTheSamePathIsAnErrorNamingBothFiles(isolated: Bool) throws {
        let (outcome, folder) = try generate(["A.value": "Alpha includes(Index) {\n  a: Int\n}\n", "Conflict.value": "Gamma includes(Index) {\n  g: Int\n}\n"], isolated: isolated)
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try Self.built.get()
        #expect(outcome.errorLines == [
            "Conflict.value: error: plugin 'dev.valuegen.test.index-files' (\(library)) emitted the module file 'ts/index.ts' with other contents than plugin 'dev.valuegen.test.index-files' (\(library)) emitted for it in A.value; a module file is written once per run, so emit the same contents everywhere or use another path",
        ])
        #expect(outcome.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/Conflict.swift").path))
        #expect(try String(contentsOf: folder.appendingPathComponent("out/ts/index.ts"), encoding: .utf8) == "export * from './Alpha';\nexport * from './Gamma';\n")
    }
}
