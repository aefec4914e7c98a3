import Foundation
import ValuegenPluginSDK
@testable import ValuegenCore

// Small helpers shared by the suites: run the pipeline on a schema written inline and read
// back the parts of its result a test asserts on.

/// Runs the whole pipeline on a schema written inline.
func generate(
    _ path: String,
    _ text: String,
    settings: GenerationSettings = GenerationSettings(),
    registry: FeatureRegistry = .builtIn,
    swiftTypes: [SwiftTypeDeclaration] = []
) -> GeneratedFile {
    GeneratorPipeline(registry: registry).generate(module: [SchemaSource(path: path, text: text)], settings: settings, swiftTypes: swiftTypes)[0]
}

/// Types the module's hand-written Swift code declares, for a schema that names them.
func swiftTypes(_ names: String..., kind: String = "struct", conformances: [String] = []) -> [SwiftTypeDeclaration] {
    names.map { SwiftTypeDeclaration(name: $0, kind: kind, conformances: conformances, path: "Sources/Models/Handwritten.swift", line: 1, column: 1) }
}

/// The diagnostics of a schema, one `path:line:column: severity: message` line each.
func diagnostics(
    _ path: String,
    _ text: String,
    settings: GenerationSettings = GenerationSettings(),
    swiftTypes: [SwiftTypeDeclaration] = []
) -> [String] {
    generate(path, text, settings: settings, swiftTypes: swiftTypes).diagnostics.map(\.description)
}

/// Parses and resolves a schema, as a module of one file, without running any feature: the
/// request features would receive, and the diagnostics of parsing and resolving.
func resolve(
    _ path: String,
    _ text: String,
    settings: GenerationSettings = GenerationSettings(),
    registry: FeatureRegistry = .builtIn,
    swiftTypes: [SwiftTypeDeclaration] = []
) -> (request: GenerationRequest, diagnostics: [String]) {
    let resolved = GeneratorPipeline(registry: registry).resolve(SchemaSource(path: path, text: text), settings: settings)
    let schema = ModuleResolver(swiftTypes: swiftTypes, registry: registry).resolve([resolved]).schemas[0]
    return (schema.model!, schema.diagnostics.diagnostics.inSourceOrder().map(\.description))
}

/// Resolves several schema files as one module: the requests features would receive, and
/// every file's diagnostics.
func resolveModule(
    _ files: [(path: String, text: String)],
    settings: GenerationSettings = GenerationSettings(),
    swiftTypes: [SwiftTypeDeclaration] = []
) -> (requests: [GenerationRequest], diagnostics: [String]) {
    let pipeline = GeneratorPipeline()
    let resolved = pipeline.resolve(module: files.map { SchemaSource(path: $0.path, text: $0.text) }, settings: settings)
    let module = ModuleResolver(swiftTypes: swiftTypes).resolve(resolved)
    return (
        module.schemas.compactMap(\.model),
        module.schemas.flatMap { $0.diagnostics.diagnostics.inSourceOrder().map(\.description) }
    )
}

/// The diagnostics of several schema files generated as one module.
func moduleDiagnostics(_ files: [(path: String, text: String)], swiftTypes: [SwiftTypeDeclaration] = []) -> [String] {
    GeneratorPipeline().generate(module: files.map { SchemaSource(path: $0.path, text: $0.text) }, settings: GenerationSettings(), swiftTypes: swiftTypes)
        .flatMap { $0.diagnostics.map(\.description) }
}

/// The Swift types of a resolved type's attributes, by attribute name, in declaration order.
func attributeTypes(_ type: ModelType?) -> [String] {
    (type?.attributes ?? []).map { "\($0.name): \($0.type.swift)" }
}

extension String {
    /// The code a feature contributed to a type: the text under `// MARK: - Type: Feature`
    /// up to the next `// MARK: -` header, without the blank lines around it.
    func featureSection(_ typeName: String, _ feature: String) -> String? {
        let header = "// MARK: - \(typeName): \(feature)\n\n"
        guard let start = range(of: header)?.upperBound else { return nil }
        let rest = self[start...]
        let end = rest.range(of: "\n// MARK: - ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end]).trimmingTrailingNewlines
    }

    /// The text between the header line (and imports) and the first `// MARK: -` header:
    /// the declaration of the file's first type.
    var declarationSection: String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        while let first = lines.first, first.isEmpty || first.hasPrefix("import ") {
            lines = lines.dropFirst()
        }
        let text = lines.joined(separator: "\n")
        let end = text.range(of: "\n// MARK: - ")?.lowerBound ?? text.endIndex
        return String(text[..<end]).trimmingTrailingNewlines
    }

    /// The `import` lines of a generated file.
    var importLines: [String] {
        split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init)
    }

    /// The `// MARK: - Type: Feature` headers of a generated file, in order.
    var markHeaders: [String] {
        split(separator: "\n").filter { $0.hasPrefix("// MARK: - ") }.map { String($0.dropFirst("// MARK: - ".count)) }
    }

    private var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}

/// A feature that does nothing but keep the request it receives, so that a test sees the
/// request exactly as a feature or a plugin would.
struct CapturingFeature: Feature {
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var captured: GenerationRequest?

        var request: GenerationRequest? {
            lock.lock()
            defer { lock.unlock() }
            return captured
        }

        func keep(_ request: GenerationRequest) {
            lock.lock()
            captured = request
            lock.unlock()
        }
    }

    let box = Box()
    /// It reads `%fake`, `%owner` and `%deprecated`, which no built-in feature reads.
    var descriptor = FeatureDescriptor(id: "test.capture", version: "1.0.0", includeNames: ["Capture"], annotationNames: ["deprecated", "fake", "owner"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        box.keep(request)
    }

    /// The built-in features plus this one.
    var registry: FeatureRegistry {
        FeatureRegistry(features: FeatureRegistry.builtIn.features + [self])
    }
}
