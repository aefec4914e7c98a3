import ValuegenPluginSDK

/// `valuegen import openapi`: an OpenAPI document's `components/schemas` as schema files, one
/// per type, formatted as `valuegen format` writes them (docs/Import.md).
///
/// A pure function of the document's bytes. Before returning, it generates the whole import
/// in memory; a component whose types do not generate is written as `RawJSON` where it is
/// used, with a warning quoting the error, so that what it returns always generates.
public enum OpenAPIImport {
    public struct Result: Sendable {
        /// The schema files, sorted by name: `Pet.value`, `PetKind.adtValue`.
        public var files: [(name: String, bytes: [UInt8])]
        public var warnings: [ImportWarning]
        /// The number of schemas imported: all of `components/schemas`, or those the selection
        /// chose.
        public var componentCount: Int
        /// The number of schemas in `components/schemas`.
        public var documentComponentCount: Int
        /// Components that are a scalar, an array or a map, written where they are used.
        public var aliasCount: Int
        /// Components written as `RawJSON` because what they map to does not generate.
        public var rawComponents: [String]
        /// The Swift type name of each component that has a schema file of its own (not an
        /// alias, not a `RawJSON` fallback): `payment_intent` → `PaymentIntent`, `Date` →
        /// `DateModel`.
        public var typeNames: [String: String]
    }

    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// What the command line chooses: which components, and whether their constraints become rules.
    public struct Options: Sendable, Equatable {
        public var selection: ImportSelection
        /// `--constraints`: `minimum`, `maxLength`, `pattern`… as `%range`, `%length`, `%pattern`.
        public var checksConstraints: Bool

        public init(selection: ImportSelection = ImportSelection(), checksConstraints: Bool = false) {
            self.selection = selection
            self.checksConstraints = checksConstraints
        }
    }

    /// How many times a component that does not generate is replaced before giving up.
    static let maximumRounds = 8

    public static func run(document bytes: [UInt8], path: String, options: Options = Options()) throws(Failure) -> Result {
        let document: OpenAPIDocument
        do {
            document = try OpenAPIDocument.read(bytes, path: path)
        } catch {
            throw Failure(message: error.message)
        }
        let chosen = try options.selection.choose(in: document)
        var rawComponents: Set<String> = []
        var rawWarnings: [ImportWarning] = []
        for _ in 0..<maximumRounds {
            var mapper = OpenAPISchemaMapper(document: document, rawComponents: rawComponents, chosen: chosen, checksConstraints: options.checksConstraints)
            mapper.mapAll()
            let types = ImportedStorage.markingIndirectValues(mapper.types)
            let (files, failures) = verify(types)
            guard !failures.isEmpty else {
                return Result(
                    files: files.sorted { $0.name < $1.name },
                    warnings: chosen.warnings + mapper.warnings + rawWarnings,
                    componentCount: chosen.components.count,
                    documentComponentCount: document.schemas.count,
                    aliasCount: mapper.aliasCount,
                    rawComponents: rawComponents.sorted(),
                    typeNames: mapper.componentTypeNames
                )
            }
            for (typeName, error) in failures.sorted(by: { $0.key < $1.key }) {
                guard let component = mapper.owners[typeName], rawComponents.insert(component).inserted else { continue }
                let pointer = OpenAPIDocument.pointer(ofComponent: component)
                rawWarnings.append(ImportWarning(pointer: pointer, message: "imported as RawJSON where it is used, because \(typeName) would not generate: \(error)"))
            }
        }
        throw Failure(message: "internal error: the imported schemas still do not generate after \(maximumRounds) rounds (please report this as a bug)")
    }

    /// The formatted files, and the first error of each type whose file does not format or
    /// generate.
    static func verify(_ types: [ImportedType]) -> (files: [(name: String, bytes: [UInt8])], failures: [String: String]) {
        var files: [(name: String, bytes: [UInt8])] = []
        var failures: [String: String] = [:]
        var sources: [SchemaSource] = []
        var typeOfFile: [String: String] = [:]
        for type in types {
            let name = ImportedSchemaWriter.fileName(of: type)
            let formatted = SchemaFormatter.format(SchemaSource(path: name, text: ImportedSchemaWriter.text(of: type)))
            guard let bytes = formatted.bytes else {
                failures[type.name] = formatted.diagnostics.first { $0.severity == .error }?.description ?? "it does not format"
                continue
            }
            files.append((name, bytes))
            sources.append(SchemaSource(path: name, bytes: bytes))
            typeOfFile[name] = type.name
        }
        for generated in GeneratorPipeline().generate(module: sources, settings: GenerationSettings(), swiftTypeNames: []) where generated.hasErrors {
            let error = generated.diagnostics.first { $0.severity == .error }
            failures[typeOfFile[generated.source.path] ?? generated.source.path] = error?.description ?? "it does not generate"
        }
        return (files, failures)
    }
}
