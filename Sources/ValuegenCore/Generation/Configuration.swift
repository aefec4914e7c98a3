import Foundation
import ValuegenPluginSDK

/// `valuegen.json`: the settings that apply to the schemas next to it (or to every schema,
/// given with `--config`).
public struct Configuration: Sendable, Equatable {
    /// The name of the configuration file looked for next to the schemas.
    public static let fileName = SchemaFileNaming.configurationFileName

    public var defaultIncludes: [String] = []
    public var defaultExcludes: [String] = []
    public var accessLevel: AccessLevel?
    /// `codingKeys`: how keys are spelled where no `%codingKeys` or `%codingKey` says otherwise.
    public var codingKeyStyle: CodingKeyStyle?
    /// `caseKeys`: how ADTs' case tags are spelled where no `%caseKeys` or `%caseKey` says
    /// otherwise.
    public var caseKeyStyle: CodingKeyStyle?
    /// `coding`: ADT representations, date styles and lenient integers for the whole target.
    public var coding = CodingDefaults()
    /// Plugin libraries, with paths already resolved against the configuration's folder.
    public var plugins: [PluginReference] = []
    /// `pluginTimeout`: seconds an isolated plugin may take on one schema file.
    public var pluginTimeout: Double?
    /// `adoptPluralAcronymKeys`: the project takes a plural acronym's key as one word
    /// (`accountIDs`: `account_ids`) without the warning that earlier versions split it; nil
    /// when the file does not say (the warning stays, as in projects older than the rule).
    public var adoptsPluralAcronymKeys: Bool?
    /// `optimizeFor`: `"speed"` (the default) or `"codeSize"`, which features that can write
    /// less code for the compiler follow (JSON's readers, docs/Performance.md); nil when the
    /// file does not say.
    public var optimizeFor: OptimizationGoal?

    public init(defaultIncludes: [String] = [], defaultExcludes: [String] = [], accessLevel: AccessLevel? = nil, plugins: [PluginReference] = []) {
        self.defaultIncludes = defaultIncludes
        self.defaultExcludes = defaultExcludes
        self.accessLevel = accessLevel
        self.plugins = plugins
    }

    /// A configuration file that cannot be used; the message names the file and the key.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    static let knownKeys = ["accessLevel", "adoptPluralAcronymKeys", "caseKeys", "coding", "codingKeys", "defaultExcludes", "defaultIncludes", "optimizeFor", "pluginTimeout", "plugins"]
    static let knownPluginKeys = ["as", "moduleFiles", "options", "path", "product"]

    /// Reads the file at the path and checks its feature names against the registry.
    public static func load(from path: String, registry: FeatureRegistry) throws(Failure) -> Configuration {
        let configuration = try load(from: path)
        try configuration.validate(against: registry, path: path)
        return configuration
    }

    /// Reads the file at the path; its feature names are checked later, against a registry
    /// that includes the plugins it names.
    public static func load(from path: String) throws(Failure) -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw Failure(description: "\(path): error: cannot read the configuration file")
        }
        return try parse(bytes, path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String, registry: FeatureRegistry) throws(Failure) -> Configuration {
        let configuration = try parse(bytes, path: path)
        try configuration.validate(against: registry, path: path)
        return configuration
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(Failure) -> Configuration {
        func fail(_ message: String) -> Failure {
            Failure(description: "\(path): error: \(message)")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw fail("not valid JSON; \(Configuration.fileName) must be a JSON object such as {\"defaultIncludes\": [\"Builder\"]}")
        }
        guard case .object(let members) = document else {
            throw fail("the configuration must be a JSON object such as {\"defaultIncludes\": [\"Builder\"]}")
        }
        var configuration = Configuration()
        for member in members.sorted(by: { $0.key < $1.key }) {
            switch member.key {
            case "defaultIncludes", "defaultExcludes":
                guard let names = member.value.stringArray else {
                    throw fail("'\(member.key)' must be an array of feature names, such as [\"Builder\", \"With\"]")
                }
                if member.key == "defaultIncludes" {
                    configuration.defaultIncludes = names
                } else {
                    configuration.defaultExcludes = names
                }
            case "accessLevel":
                guard let text = member.value.stringValue, let level = AccessLevel(rawValue: text) else {
                    throw fail("'accessLevel' must be \"public\", \"internal\" or \"package\"")
                }
                configuration.accessLevel = level
            case "adoptPluralAcronymKeys":
                guard case .bool(let adopts) = member.value else {
                    throw fail("'adoptPluralAcronymKeys' must be true or false: true takes a plural acronym's key as one word (accountIDs: account_ids) without a warning, as valuegen init writes for a new project; false or no key keeps the warning where earlier versions spelled the key otherwise")
                }
                configuration.adoptsPluralAcronymKeys = adopts
            case "codingKeys":
                configuration.codingKeyStyle = try keyStyle(member, fail: fail)
            case "caseKeys":
                configuration.caseKeyStyle = try keyStyle(member, fail: fail)
            case "coding":
                configuration.coding = try CodingDefaults.parse(member.value, fail: fail)
            case "optimizeFor":
                guard let text = member.value.stringValue, OptimizationGoal.known.contains(OptimizationGoal(rawValue: text)) else {
                    throw fail("'optimizeFor' must be \"speed\" (the fastest coders, the default) or \"codeSize\" (less code to compile: JSON readers that match member names in the runtime)")
                }
                configuration.optimizeFor = OptimizationGoal(rawValue: text)
            case "pluginTimeout":
                guard case .number(let seconds) = member.value, PluginTimeLimit.isValid(seconds) else {
                    throw fail("'pluginTimeout' must be \(PluginTimeLimit.expected), such as 120")
                }
                configuration.pluginTimeout = seconds
            case "plugins":
                guard case .array(let entries) = member.value else {
                    throw fail("'plugins' must be an array such as [{\"path\": \"Plugins/libFake.so\", \"options\": {}}]")
                }
                for (index, entry) in entries.enumerated() {
                    configuration.plugins.append(try PluginReference(entry, index: index, path: path, fail: fail))
                }
            default:
                throw fail("unknown key '\(member.key)'\(suggestion(for: member.key, among: knownKeys))")
            }
        }
        for index in configuration.plugins.indices {
            configuration.plugins[index].timeout = configuration.pluginTimeout
        }
        return configuration
    }

    /// The key style `codingKeys` or `caseKeys` names.
    private static func keyStyle(_ member: JSONMember, fail: (String) -> Failure) throws(Failure) -> CodingKeyStyle {
        guard let text = member.value.stringValue else {
            throw fail("'\(member.key)' must be a key style such as \"snake_case\"; known styles are \(CodingKeyStyle.knownStyles.joined(separator: ", "))")
        }
        guard let style = CodingKeyStyle(rawValue: text) else {
            throw fail("unknown '\(member.key)' style '\(text)'\(CodingKeyStyle.suggestion(for: text))")
        }
        return style
    }

    static func suggestion(for key: String, among known: [String]) -> String {
        Suggestion.hint(for: key, among: known, otherwise: "; known keys are \(known.joined(separator: ", "))")
    }

    /// Checks the feature names against the registry (built-in features and loaded plugins).
    public func validate(against registry: FeatureRegistry, path: String) throws(Failure) {
        for (key, names) in [("defaultExcludes", defaultExcludes), ("defaultIncludes", defaultIncludes)] {
            for name in names {
                switch registry.lookup(name) {
                case .unknown:
                    throw Failure(description: "\(path): error: '\(key)' names \(registry.unknownIncludeMessage(name))")
                case .feature(let feature) where key == "defaultExcludes" && !feature.descriptor.canBeExcluded:
                    throw Failure(description: "\(path): error: 'defaultExcludes' names '\(name)', which declares the type itself and cannot be excluded")
                default:
                    break
                }
            }
        }
    }
}

/// A plugin library named in `valuegen.json` or with `--plugin`, and its options.
public struct PluginReference: Sendable, Equatable, Hashable {
    /// Where the library is.
    public enum Library: Sendable, Equatable, Hashable {
        /// A file: absolute, or relative to the current folder.
        case path(String)
        /// A dynamic library product of the package being built (SwiftPM plugins), found in
        /// the folder given with `--product-directory` as `lib<Name>.so` / `.dylib`.
        case product(String)
    }

    public var library: Library
    /// What the plugin receives as the request's `options`.
    public var options: JSONValue?
    /// `"as"`: the include name the plugin answers to here instead of its own names.
    public var includeName: String?
    /// The `pluginTimeout` of the configuration that names it; nil for the default.
    public var timeout: Double?
    /// `"moduleFiles"`: the files the plugin's module pass writes (ABI 1.4), relative to the
    /// output folder. The build-tool plugin declares them as outputs before the run, so under
    /// it a module file the list leaves out is an error; a listed file the pass does not write
    /// is an error everywhere.
    public var moduleFiles: [String] = []
    /// Where it is named, for messages: the configuration file and the entry's index; nil for `--plugin`.
    public var origin: (file: String, index: Int)? {
        get { originFile.map { ($0, originIndex) } }
        set { originFile = newValue?.file; originIndex = newValue?.index ?? 0 }
    }
    private var originFile: String?
    private var originIndex = 0

    public init(path: String, options: JSONValue? = nil) {
        self.init(library: .path(path), options: options)
    }

    public init(product: String, options: JSONValue? = nil) {
        self.init(library: .product(product), options: options)
    }

    public init(library: Library, options: JSONValue? = nil, origin: (file: String, index: Int)? = nil) {
        self.library = library
        self.options = options
        self.origin = origin
    }

    /// Two references are the same plugin use when library, options and time limit agree,
    /// wherever written.
    public static func == (lhs: PluginReference, rhs: PluginReference) -> Bool {
        lhs.library == rhs.library && lhs.options == rhs.options && lhs.timeout == rhs.timeout && lhs.includeName == rhs.includeName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(library)
        hasher.combine(options)
        hasher.combine(timeout)
        hasher.combine(includeName)
    }

    /// `{"path": "relative/or/absolute.so", "options": {...}}` or `{"product": "MyPlugin"}`; a
    /// relative path is relative to the configuration's folder.
    init(_ entry: JSONValue, index: Int, path: String, fail: (String) -> Configuration.Failure) throws(Configuration.Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        guard case .object(let members) = entry else {
            throw fail("plugins[\(index)] must be an object such as {\"path\": \"Plugins/libFake.so\"}")
        }
        var library: Library?
        var options: JSONValue?
        var includeName: String?
        var moduleFiles: [String] = []
        for member in members {
            switch member.key {
            case "path", "product":
                guard library == nil else {
                    throw fail("plugins[\(index)] names both a 'path' and a 'product'; give one")
                }
                guard let text = member.value.stringValue, !text.isEmpty else {
                    throw fail("plugins[\(index)].\(member.key) must be \(member.key == "path" ? "the path of a plugin library" : "the name of a dynamic library product")")
                }
                if member.key == "product" {
                    library = .product(text)
                } else {
                    library = .path(text.hasPrefix("/") || folder.isEmpty ? text : (folder as NSString).appendingPathComponent(text))
                }
            case "options":
                options = member.value
            case "as":
                guard let name = member.value.stringValue, SwiftLanguage.isIdentifier(name) else {
                    throw fail("plugins[\(index)].as must be the include name the plugin answers to here, an identifier such as \"LegacyValidation\"")
                }
                includeName = name
            case "moduleFiles":
                guard let paths = member.value.stringArray, paths.allSatisfy(ExtraFilePath.isSafe) else {
                    throw fail("plugins[\(index)].moduleFiles must list the files the plugin's module pass writes, as relative paths inside the output folder without '..', such as [\"kotlin/Models.kt\"]")
                }
                moduleFiles = paths
            default:
                throw fail("unknown key '\(member.key)' in plugins[\(index)]\(Configuration.suggestion(for: member.key, among: Configuration.knownPluginKeys))")
            }
        }
        guard let library else {
            throw fail("plugins[\(index)] needs a 'path', the plugin library to load")
        }
        self.init(library: library, options: options, origin: (path, index))
        self.includeName = includeName
        self.moduleFiles = moduleFiles
    }
}

extension JSONValue {
    /// The strings of an array holding only strings; nil for anything else.
    var stringArray: [String]? {
        guard case .array(let elements) = self else { return nil }
        var strings: [String] = []
        for element in elements {
            guard let text = element.stringValue else { return nil }
            strings.append(text)
        }
        return strings
    }
}
