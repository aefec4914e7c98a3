import Foundation
import ValuegenPluginSDK

/// Facebook Remodel's configuration files: `.valueObjectConfig` for `.value` schemas,
/// `.algebraicTypeConfig` for `.adtValue` and `.objectConfig` for `.object`, read so that a
/// Remodel project generates as it is. `defaultIncludes` and `defaultExcludes` apply to the
/// schemas of the file's kind; the keys that only mean something to Remodel's Objective-C
/// output are reported as warnings and otherwise ignored.
public struct RemodelConfiguration: Sendable, Equatable {
    public var defaultIncludes: [String] = []
    public var defaultExcludes: [String] = []
    /// What the file says that valuegen cannot do: one warning per key or JavaScript plugin.
    public var warnings: [Diagnostic] = []
    /// Where each name of `defaultIncludes` and `defaultExcludes` is written, in their order.
    public var includeLocations: [SourceLocation?] = []
    public var excludeLocations: [SourceLocation?] = []

    public init(defaultIncludes: [String] = [], defaultExcludes: [String] = [], warnings: [Diagnostic] = []) {
        self.defaultIncludes = defaultIncludes
        self.defaultExcludes = defaultExcludes
        self.warnings = warnings
    }

    /// The file's name for schemas of this kind.
    public static func fileName(for kind: ModelKind) -> String {
        RemodelConfigurationFileNaming.fileName(forSchemaExtension: kind.fileExtension)!
    }

    static let knownKeys = ["customBaseClass", "customPluginPaths", "defaultExcludes", "defaultIncludes", "diagnosticIgnores"]

    public static func load(from path: String) throws(Configuration.Failure) -> RemodelConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw Configuration.Failure(description: "\(path): error: cannot read the Remodel configuration file")
        }
        return try parse(bytes, path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(Configuration.Failure) -> RemodelConfiguration {
        let name = (path as NSString).lastPathComponent
        func fail(_ message: String) -> Configuration.Failure {
            Configuration.Failure(description: "\(path): error: \(message)")
        }
        func warn(_ message: String) -> Diagnostic {
            Diagnostic(.warning, message, path: path)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw fail("not valid JSON; \(name) must be a JSON object such as {\"defaultIncludes\": [\"RMBuilder\"]}")
        }
        guard case .object(let members) = document else {
            throw fail("\(name) must be a JSON object such as {\"defaultIncludes\": [\"RMBuilder\"]}")
        }
        var configuration = RemodelConfiguration()
        for member in members {
            switch member.key {
            case "defaultIncludes", "defaultExcludes":
                guard let names = member.value.stringArray else {
                    throw fail("'\(member.key)' must be an array of include names, such as [\"RMBuilder\", \"RMCoding\"]")
                }
                let locations = names.enumerated().map { index, name in
                    JSONStringLocation.find(name, occurrence: names[..<index].filter { $0 == name }.count, afterKey: member.key, in: bytes)
                }
                if member.key == "defaultIncludes" {
                    configuration.defaultIncludes += names
                    configuration.includeLocations += locations
                } else {
                    configuration.defaultExcludes += names
                    configuration.excludeLocations += locations
                }
            case "customPluginPaths":
                guard let paths = member.value.stringArray else {
                    throw fail("'customPluginPaths' must be an array of paths of Remodel plugins")
                }
                for plugin in paths {
                    configuration.warnings.append(warn("'customPluginPaths' names the JavaScript plugin '\(plugin)', which valuegen cannot run; its includes are unknown until it is rewritten as a valuegen plugin (see docs/WritingPlugins.md)"))
                }
            case "customBaseClass":
                configuration.warnings.append(warn("'customBaseClass' is ignored: it names the Objective-C base class of Remodel's classes, and valuegen's structs, enums and final classes have none"))
            case "diagnosticIgnores":
                configuration.warnings.append(warn("'diagnosticIgnores' is ignored: it silences diagnostics of Remodel's Objective-C output, which valuegen does not produce"))
            default:
                configuration.warnings.append(warn("unknown key '\(member.key)' is ignored, as Remodel ignores it\(Configuration.suggestion(for: member.key, among: knownKeys))"))
            }
        }
        return configuration
    }
}
