import ValuegenPluginSDK

/// Whether the target the generated files are compiled into can import ValuegenRuntime, which
/// the code of JSON, Binary, Dictionary, Persistence and Undo needs. The build plugin knows the target's
/// dependencies and says so before anything is compiled; the CLI does not know.
public enum RuntimeAvailability: Sendable, Equatable {
    case unknown
    case available
    /// The target does not depend on the runtime: its name, and the identity of the package
    /// that provides the runtime, as the target's manifest must name it.
    case missing(target: String, package: String)

    /// The features whose generated code imports ValuegenRuntime.
    /// Persistence first: a type that includes it is told about the feature it named.
    static let features = ["Persistence", "JSON", "Binary", "Dictionary", "Undo"]

    /// One error in each schema file with a type that needs the runtime, at its first such type.
    func diagnostics(for schemas: [ResolvedSchema]) -> [Diagnostic] {
        guard case .missing(let target, let package) = self else { return [] }
        return schemas.compactMap { schema in
            guard let model = schema.model else { return nil }
            for type in model.types {
                if let unknownCase = type.adtCoding?.unknownCase {
                    return Diagnostic(
                        .error,
                        "'\(type.name)' has an %unknownCase, '\(unknownCase)', which holds ValuegenRuntime's UnknownCase, but target '\(target)' does not depend on it; add .product(name: \"ValuegenRuntime\", package: \"\(package)\") to the dependencies of target '\(target)' in Package.swift",
                        path: schema.source.path, at: type.location
                    )
                }
                let codingNeed = type.adtCoding?.form == .untagged ? "Coding of an untagged ADT" : "Coding with a date style or lenient integers"
                let feature = Self.features.first(where: type.includes) ?? (type.includes("Coding") && type.codingNeedsRuntime ? codingNeed : nil)
                guard let feature else { continue }
                return Diagnostic(
                    .error,
                    "'\(type.name)' includes \(feature), whose generated code imports ValuegenRuntime, but target '\(target)' does not depend on it; add .product(name: \"ValuegenRuntime\", package: \"\(package)\") to the dependencies of target '\(target)' in Package.swift",
                    path: schema.source.path, at: type.location
                )
            }
            return nil
        }
    }
}
