import Foundation
import Testing

/// ABI 1.1 only adds: a plugin built against the frozen 1.0 header loads and generates on
/// this host, and a plugin built against 1.1 degrades on a host of ABI 1.0 as
/// docs/PluginABI.md says (extensions the old host does not know are NULL).
@Suite("ABI compatibility across minors")
struct ABICompatibilityTests {
    static let frozenHeaderFolder = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/Frozen/ABI-1.0").path
    static let frozen11HeaderFolder = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/Frozen/ABI-1.1").path
    static let probeSource = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/QueryProbe/query_probe.c").path

    /// A C plugin built against the given header folder alone.
    static func plugin(_ source: String, named name: String, headers: String, defines: [String] = []) throws -> String {
        try PluginBuilder.cPlugin(named: name, sources: [source], flags: defines.map { "-D" + $0 }, headers: headers)
    }

    /// `valuegen generate Thing.value --plugin <library>` with options in valuegen.json; the
    /// generated file's text.
    static func generate(with library: String, isolated: Bool = false) throws -> String {
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Thing includes(QueryProbe) {\n  name: String\n}\n".utf8).write(to: folder.appendingPathComponent("Thing.value"))
        try Data(#"{"plugins": [{"path": "\#(library)", "options": {"style": "compact", "limits": [1, 2], "nested": {"flag": true}}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("valuegen.json"))
        let outcome = try ProcessRunner.valuegen(["generate", "Thing.value", "--output", "out", "--quiet"] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return try String(contentsOf: folder.appendingPathComponent("out/Thing.swift"), encoding: .utf8)
    }

    @Test(arguments: [false, true])
    func pluginOfABI11NamesItsOptionsWithQuery2(isolated: Bool) throws {
        let library = try Self.plugin(Self.probeSource, named: "QueryProbe11\(isolated)", headers: PluginBuilder.headerFolder)
        #expect(try Self.generate(with: library, isolated: isolated).contains("// options: style=string limits=array nested=object"))
    }

    @Test(arguments: [false, true])
    func pluginBuiltAgainstTheFrozen10HeaderLoadsAndGenerates(isolated: Bool) throws {
        let library = try Self.plugin(Self.probeSource, named: "QueryProbe10\(isolated)", headers: Self.frozenHeaderFolder, defines: ["PROBE_ABI_1_0"])
        #expect(try Self.generate(with: library, isolated: isolated).contains("// options: 3, not named: the host offers no valuegen.query/2"))
    }

    /// The repository's C example, unchanged, built against 1.0 and run on this host.
    @Test func exampleCPluginBuiltAgainst10GeneratesTheSame() throws {
        let source = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/AttributeNames/attribute_names.c").path
        let old = try Self.plugin(source, named: "AttributeNames10", headers: Self.frozenHeaderFolder)
        let current = try Self.plugin(source, named: "AttributeNames11", headers: PluginBuilder.headerFolder)
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("User includes(AttributeNames) {\n  userId: Int\n  nickname: String\n}\n".utf8).write(to: folder.appendingPathComponent("User.value"))
        var outputs: [String] = []
        for (index, library) in [old, current].enumerated() {
            let outcome = try ProcessRunner.valuegen(["generate", "User.value", "--plugin", library, "--output", "out\(index)", "--quiet"], in: folder)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            outputs.append(try String(contentsOf: folder.appendingPathComponent("out\(index)/User.swift"), encoding: .utf8))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].contains(#"public static let attributeNames: [String] = ["userId", "nickname"]"#))
    }

    /// A host of ABI 1.0 (a C stand-in built against the frozen header) offers no query/2:
    /// the 1.1 plugin still loads, sees minor 0, and falls back to what query/1 can tell.
    @Test func pluginOfABI11DegradesOnAHostOfABI10() throws {
        let library = try Self.plugin(Self.probeSource, named: "QueryProbe11OnOldHost", headers: Self.frozen11HeaderFolder)
        let host = PluginBuilder.buildFolder.appendingPathComponent("host_abi_1_0").path
        try PluginBuilder.run("cc", ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I", Self.frozenHeaderFolder, "-o", host,
                                     PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/Frozen/host_abi_1_0.c").path, "-ldl"])
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ProcessRunner.run(URL(fileURLWithPath: host), [library], in: folder, environment: ProcessInfo.processInfo.environment)
        #expect(outcome.standardOutput == """
            plugin ABI 1.1 on host ABI 1.0
            // options: 2, not named: the host offers no valuegen.query/2
            status 0

            """)
        #expect(outcome.status == 0)
    }

    /// A plugin built against 1.1 declares no annotations: an annotation no built-in reads
    /// stays quiet (it may be the plugin's), while a near-miss of a built-in one still warns.
    @Test(arguments: [false, true])
    func pluginOfABI11DeclaresNoAnnotationsSoOnlyNearMissesOfBuiltInsWarn(isolated: Bool) throws {
        let source = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/AttributeNames/attribute_names.c").path
        let library = try Self.plugin(source, named: "AttributeNames11Frozen\(isolated)", headers: Self.frozen11HeaderFolder)
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("User includes(AttributeNames) {\n  %owner team=a\n  userId: Int\n  %redact\n  email: String\n}\n".utf8).write(to: folder.appendingPathComponent("User.value"))
        let outcome = try ProcessRunner.valuegen(["generate", "User.value", "--plugin", library, "--output", "out", "--quiet"] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.errorLines == ["User.value:4:3: warning: %redact: no built-in feature reads this annotation; did you mean '%redacted'?"])
    }

    @Test func frozen11HeaderIsABI11() throws {
        let header = try String(contentsOfFile: Self.frozen11HeaderFolder + "/valuegen_plugin.h", encoding: .utf8)
        #expect(header.contains("#define VALUEGEN_ABI_MAJOR 1\n#define VALUEGEN_ABI_MINOR 1\n"))
        #expect(!header.contains("annotation_names"))
    }

    @Test func frozenHeaderIsABI10() throws {
        let header = try String(contentsOfFile: Self.frozenHeaderFolder + "/valuegen_plugin.h", encoding: .utf8)
        #expect(header.contains("#define VALUEGEN_ABI_MAJOR 1\n#define VALUEGEN_ABI_MINOR 0\n"))
        #expect(!header.contains("valuegen.query/2"))
    }
}
