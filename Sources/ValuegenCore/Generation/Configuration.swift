import Foundation
import ValuegenPluginSDK

/// `valuegen.json`: the settings that apply to the schemas next to it (or to every schema,
/// given with `--config`).
public struct Configuration: Sendable, Equatable {
    /// The name of the configuration file looked for next to the schemas.
    public static let fileName = "valuegen.json"

    public var defaultIncludes: [String] = []
    public var defaultExcludes: [String] = []
    public var accessLevel: AccessLevel?

    public init(defaultIncludes: [String] = [], defaultExcludes: [String] = [], accessLevel: AccessLevel? = nil) {
        self.defaultIncludes = defaultIncludes
        self.defaultExcludes = defaultExcludes
        self.accessLevel = accessLevel
    }

    /// A configuration file that cannot be used; the message names the file and the key.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    static let knownKeys = ["accessLevel", "defaultExcludes", "defaultIncludes"]

    /// Reads and checks the file at the path against the registry's feature names.
    public static func load(from path: String, registry: FeatureRegistry) throws(Failure) -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw Failure(description: "\(path): error: cannot read the configuration file")
        }
        return try parse(bytes, path: path, registry: registry)
    }

    public static func parse(_ bytes: [UInt8], path: String, registry: FeatureRegistry) throws(Failure) -> Configuration {
        func fail(_ message: String) -> Failure {
            Failure(description: "\(path): error: \(message)")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw fail("not valid JSON; \(Configuration.fileName) must be a JSON object such as {\"defaultIncludes\": [\"Builder\"]}")
        }
        guard let dictionary = object as? [String: Any] else {
            throw fail("the configuration must be a JSON object such as {\"defaultIncludes\": [\"Builder\"]}")
        }
        var configuration = Configuration()
        for key in dictionary.keys.sorted() {
            let value = dictionary[key]!
            switch key {
            case "defaultIncludes", "defaultExcludes":
                guard let names = value as? [String] else {
                    throw fail("'\(key)' must be an array of feature names, such as [\"Builder\", \"With\"]")
                }
                for name in names {
                    switch registry.lookup(name) {
                    case .unknown:
                        throw fail("'\(key)' names \(registry.unknownIncludeMessage(name))")
                    case .feature(let feature) where key == "defaultExcludes" && !feature.descriptor.canBeExcluded:
                        throw fail("'defaultExcludes' names '\(name)', which declares the type itself and cannot be excluded")
                    default:
                        break
                    }
                }
                if key == "defaultIncludes" {
                    configuration.defaultIncludes = names
                } else {
                    configuration.defaultExcludes = names
                }
            case "accessLevel":
                guard let text = value as? String, let level = AccessLevel(rawValue: text) else {
                    throw fail("'accessLevel' must be \"public\", \"internal\" or \"package\"")
                }
                configuration.accessLevel = level
            default:
                let suggestion = Suggestion.closest(to: key, among: knownKeys).map { "; did you mean '\($0)'?" } ?? "; known keys are \(knownKeys.joined(separator: ", "))"
                throw fail("unknown key '\(key)'\(suggestion)")
            }
        }
        return configuration
    }
}
