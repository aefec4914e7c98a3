import Foundation
import Testing
import ValuegenPluginHost
import ValuegenPluginSDK

/// An isolated plugin that does not finish a file within its limit is killed, reported with
/// the plugin, the file and the limit, and the next file gets a new worker.
@Suite("Plugin time limits")
struct PluginTimeoutTests {
    /// Keeps what the plugin's run reports.
    final class RecordingEmitter: Emitter, @unchecked Sendable {
        var diagnostics: [String] = []
        var declarations: [String] = []
        func emitImport(_ module: String) {}
        func emitDeclaration(_ code: String, attachedTo typeName: String) { declarations.append(code) }
        func emitFile(path: String, contents: String) {}
        func diagnose(_ severity: DiagnosticSeverity, _ message: String, at location: ValuegenPluginSDK.SourceLocation?) {
            diagnostics.append("\(severity): \(message)")
        }
    }

    private func request(_ fileName: String) -> GenerationRequest {
        GenerationRequest(
            generatorVersion: "test",
            file: SchemaFileDescription(name: fileName, path: "Models/\(fileName)", kind: .value),
            accessLevel: .public,
            imports: [],
            types: [ModelType(name: "Thing", kind: .value, includes: ["Broken"], attributes: [], location: ValuegenPluginSDK.SourceLocation(line: 1, column: 1))]
        )
    }

    @Test func killsAWorkerThatDoesNotAnswerInTime() throws {
        let library = try PluginFailureTests.brokenPlugin("hangs.c", named: "Hangs")
        let feature = try IsolatedPluginFeature(libraryPath: library, options: nil, workerExecutable: try ProcessRunner.valuegenExecutable.path, timeout: 0.5)
        let started = Date()
        let emitter = RecordingEmitter()
        try feature.generate(request("Thing.value"), into: emitter)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(emitter.diagnostics == [
            "error: plugin 'dev.valuegen.test.broken' (\(library)) did not finish Thing.value within its limit of 0.5 s and was stopped; the other schema files are still generated. Fix the plugin, or raise the limit with --plugin-timeout SECONDS or \"pluginTimeout\" in valuegen.json",
        ])
        // The next file gets a new worker, and the same limit.
        let next = RecordingEmitter()
        try feature.generate(request("Other.value"), into: next)
        #expect(next.diagnostics.count == 1)
        #expect(next.diagnostics.first?.contains("did not finish Other.value within its limit of 0.5 s") == true)
    }

    @Test func givesAPluginThatAnswersAllTheTimeItNeeds() throws {
        let library = try PluginFailureTests.brokenPlugin("fails_silently.c", named: "FailsSilently")
        let feature = try IsolatedPluginFeature(libraryPath: library, options: nil, workerExecutable: try ProcessRunner.valuegenExecutable.path, timeout: 30)
        let emitter = RecordingEmitter()
        try feature.generate(request("Thing.value"), into: emitter)
        #expect(!emitter.diagnostics.contains { $0.contains("within its limit") })
    }

    @Test func defaultLimitIsAMinute() {
        #expect(IsolatedPluginFeature.defaultTimeout == 60)
    }
}

/// The limit from the command line and from valuegen.json, end to end.
@Suite("Plugin time limits from the command line")
struct PluginTimeoutCommandLineTests {
    private func folder(withConfiguration configuration: String? = nil) throws -> URL {
        let folder = try PluginFailureTests.schemaFolder([
            "Thing.value": "Thing includes(Broken) {\n  name: String\n}\n",
            "Plain.value": "Plain excludes(Broken) {\n  name: String\n}\n",
        ])
        if let configuration {
            try Data(configuration.utf8).write(to: folder.appendingPathComponent("valuegen.json"))
        }
        return folder
    }

    @Test func aHungPluginIsStoppedAtTheLimitAndTheOtherFilesAreGenerated() throws {
        let library = try PluginFailureTests.brokenPlugin("hangs.c", named: "Hangs")
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ProcessRunner.valuegen(["generate", "Thing.value", "Plain.value", "--plugin", library, "--isolate-plugins", "--plugin-timeout", "0.5", "--output", "out", "--quiet"], in: folder)
        #expect(outcome.errorLines == [
            "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) did not finish Thing.value within its limit of 0.5 s and was stopped; the other schema files are still generated. Fix the plugin, or raise the limit with --plugin-timeout SECONDS or \"pluginTimeout\" in valuegen.json",
        ])
        #expect(outcome.status == 1)
        #expect(PluginFailureTests.exists("out/Plain.swift", in: folder))
        #expect(!PluginFailureTests.exists("out/Thing.swift", in: folder))
    }

    @Test func valuegenJSONSetsTheLimitOfItsPlugins() throws {
        let library = try PluginFailureTests.brokenPlugin("hangs.c", named: "Hangs")
        let folder = try folder(withConfiguration: #"{"pluginTimeout": 1, "plugins": [{"path": "\#(library)"}]}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ProcessRunner.valuegen(["generate", "Thing.value", "--isolate-plugins", "--output", "out", "--quiet"], in: folder)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errorLines.first?.contains("did not finish Thing.value within its limit of 1 s") == true)
        #expect(outcome.status == 1)
    }

    @Test(arguments: ["0", "-3", "soon", "1e9"])
    func aLimitThatIsNotOneIsAUsageError(value: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ProcessRunner.valuegen(["generate", "Thing.value", "--plugin-timeout", value], in: folder)
        #expect(outcome.standardError.hasPrefix("error: --plugin-timeout needs a number of seconds greater than 0 and at most 86400, not '\(value)'"))
        #expect(outcome.status == 2)
    }

    @Test func aPluginTimeoutInValuegenJSONThatIsNotANumberIsAnError() throws {
        let folder = try folder(withConfiguration: #"{"pluginTimeout": "1 minute"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ProcessRunner.valuegen(["generate", "Plain.value", "--output", "out"], in: folder)
        #expect(outcome.standardError.contains("valuegen.json: error: 'pluginTimeout' must be a number of seconds greater than 0 and at most 86400, such as 120"))
        #expect(outcome.status == 2)
    }
}
