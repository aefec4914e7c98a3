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
