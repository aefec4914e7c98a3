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
    registry: FeatureRegistry = .builtIn
) -> GeneratedFile {
    GeneratorPipeline(registry: registry).generate(SchemaSource(path: path, text: text), settings: settings)
}

/// The diagnostics of a schema, one `path:line:column: severity: message` line each.
func diagnostics(
    _ path: String,
    _ text: String,
    settings: GenerationSettings = GenerationSettings()
) -> [String] {
    generate(path, text, settings: settings).diagnostics.map(\.description)
}

/// Parses and resolves a schema without running any feature: the request features would receive,
/// and the diagnostics of parsing and resolving.
func resolve(
    _ path: String,
    _ text: String,
    settings: GenerationSettings = GenerationSettings(),
    registry: FeatureRegistry = .builtIn
) -> (request: GenerationRequest, diagnostics: [String]) {
    let source = SchemaSource(path: path, text: text)
    let kind = source.kind!
    let (syntax, syntaxDiagnostics) = SchemaParser.parse(source.bytes, kind: kind, path: path)
    var resolver = ModelResolver(
        file: SchemaFileDescription(name: source.fileName, path: path, kind: kind),
        settings: settings,
        registry: registry
    )
    let request = resolver.resolve(syntax)
    return (request, (syntaxDiagnostics + resolver.diagnostics.diagnostics).map(\.description))
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
    let descriptor = FeatureDescriptor(id: "test.capture", version: "1.0.0", includeNames: ["Capture"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        box.keep(request)
    }

    /// The built-in features plus this one.
    var registry: FeatureRegistry {
        FeatureRegistry(features: FeatureRegistry.builtIn.features + [self])
    }
}
