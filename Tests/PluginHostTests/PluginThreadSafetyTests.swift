import Foundation
import Testing
import ValuegenPluginHost
import ValuegenPluginSDK

/// A plugin without VALUEGEN_FEATURE_THREAD_SAFE never runs two generate() calls at once,
/// even when two features use its library: two configurations that name the same library
/// with different options give two features over one loaded library.
@Suite struct PluginThreadSafetyTests {
    @Test func pluginThatIsNotThreadSafeNeverRunsTwiceAtOnce() throws {
        let library = try PluginLibrary.load(try PluginFailureTests.brokenPlugin("not_thread_safe.c", named: "NotThreadSafe"))
        #expect(!library.isThreadSafe)
        let features = [PluginFeature(library: library, options: .string("first")), PluginFeature(library: library, options: .string("second"))]
        let request = GenerationRequest(
            generatorVersion: ValuegenVersion.current,
            file: SchemaFileDescription(name: "Thing.value", path: "Thing.value", kind: .value),
            accessLevel: .public,
            imports: [],
            types: [ModelType(name: "Thing", kind: .value, location: ValuegenPluginSDK.SourceLocation(line: 1, column: 1))]
        )
        let errors = ErrorCollector()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                try features[index % 2].generate(request, into: errors)
            } catch {
                errors.diagnose(.error, "generate threw \(error)", at: nil)
            }
        }
        #expect(errors.messages == [])
    }
}

/// Keeps the error messages a feature reports, from any thread.
private final class ErrorCollector: Emitter, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var messages: [String] { lock.withLock { collected } }

    func emitImport(_ module: String) {}
    func emitDeclaration(_ code: String, attachedTo typeName: String) {}
    func emitFile(path: String, contents: String) {}

    func diagnose(_ severity: DiagnosticSeverity, _ message: String, at location: ValuegenPluginSDK.SourceLocation?) {
        if severity == .error {
            lock.withLock { collected.append(message) }
        }
    }
}
