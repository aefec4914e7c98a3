import Foundation
import Testing
import ValuegenCore
import ValuegenPluginSDK

/// A feature that every type of every kind includes (its default kinds are all kinds) and that
/// keeps the requests it receives: exactly what the built-in features receive in-process and
/// what a plugin receives as JSON.
final class CapturingFeature: Feature, @unchecked Sendable {
    let descriptor: FeatureDescriptor
    private let lock = NSLock()
    private var captured: [GenerationRequest] = []

    /// - Parameter readsModule: whether it asks for the module and type structures, which
    ///   requests then carry (as for a plugin that sets VALUEGEN_FEATURE_MODULE).
    init(includeName: String = "Capture", readsModule: Bool = true) {
        descriptor = FeatureDescriptor(
            id: "dev.valuegen.test.capture",
            version: "1.0.0",
            includeNames: [includeName],
            defaultKinds: Set(ModelKind.allCases),
            readsModule: readsModule
        )
    }

    func generate(_ request: GenerationRequest, into emitter: any Emitter) {
        lock.withLock { captured.append(request) }
    }

    var requests: [GenerationRequest] {
        lock.withLock { captured }
    }
}

/// The requests of the repository's example schemas.
enum ExampleRequests {
    static let examplesFolder = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Examples")

    /// Every schema file under Fixtures/Examples, relative to the repository, sorted.
    static func schemaFiles() throws -> [String] {
        let root = PluginBuilder.repositoryRoot.path + "/"
        guard let enumerator = FileManager.default.enumerator(atPath: examplesFolder.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            let source = SchemaSource(path: path, bytes: [])
            if source.kind != nil {
                files.append(String(examplesFolder.appendingPathComponent(path).path.dropFirst(root.count)))
            }
        }
        return files.sorted()
    }

    /// One request per example schema file, in file order: each file through the pipeline
    /// with a ``CapturingFeature`` after the built-in features.
    static func captured() throws -> [GenerationRequest] {
        let capture = CapturingFeature()
        let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding([capture]))
        // The examples are one module, generated with their valuegen.json's defaults.
        let sources = try schemaFiles().map { path in
            SchemaSource(path: path, bytes: Array(try Data(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent(path))))
        }
        for generated in pipeline.generate(module: sources, settings: GenerationSettings(defaultIncludes: ["JSON", "Binary"])) {
            #expect(!generated.hasErrors, "\(generated.source.path): \(generated.diagnostics)")
        }
        let requests = capture.requests
        #expect(requests.map(\.file.path) == (try schemaFiles()), "one request per schema file")
        return requests
    }
}
