import ValuegenCore
import ValuegenPluginHost

/// What the command line asks for.
enum Command {
    /// `valuegen --help` lists the commands; `valuegen COMMAND --help` (or `valuegen help
    /// COMMAND`) describes one.
    case help(Usage.Topic)
    case version
    case generate(GenerationOptions, quiet: Bool)
    case inspectPlugin(path: String)
    /// The hidden child side of `--isolate-plugins`.
    case pluginWorker(libraryPath: String)
}

struct UsageError: Error {
    var message: String
}

/// Parses `valuegen [--help | --version | generate [options] PATH... | plugins inspect PATH]`.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else {
            throw UsageError(message: "missing command")
        }
        switch first {
        case "--help", "-h", "help":
            guard arguments.count > 1 else { return .help(.overview) }
            guard let topic = Usage.Topic(command: arguments[1]) else {
                throw UsageError(message: "no help for '\(arguments[1])'; the commands are \(Usage.Topic.commandNames.joined(separator: ", "))")
            }
            return .help(topic)
        case "--version":
            return .version
        case "generate":
            return try parseGenerate(Array(arguments.dropFirst()))
        case "plugins":
            if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
                return .help(.plugins)
            }
            guard arguments.count == 3, arguments[1] == "inspect" else {
                throw UsageError(message: "usage: valuegen plugins inspect PATH")
            }
            return .inspectPlugin(path: arguments[2])
        case PluginWorkerCommand.name:
            guard arguments.count == 2 else {
                throw UsageError(message: "\(PluginWorkerCommand.name) needs exactly one plugin library")
            }
            return .pluginWorker(libraryPath: arguments[1])
        default:
            throw UsageError(message: "unknown command '\(first)'\(commandSuggestion(for: first).map { "; did you mean '\($0)'?" } ?? "")")
        }
    }

    /// The command a mistyped one most likely meant: the only one it begins (`gen`), or the
    /// nearest by spelling (`genrate`), as for options.
    static func commandSuggestion(for typed: String) -> String? {
        let commands = Usage.Topic.commandNames + ["--help", "--version"]
        let extended = commands.filter { $0.hasPrefix(typed) }
        if !typed.isEmpty, extended.count == 1 {
            return extended[0]
        }
        return Suggestion.closest(to: typed, among: commands)
    }

    /// `--name=value` is `--name` and `value`: long options only, as swiftc and SwiftPM take them.
    static func splitAttachedValue(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func parseGenerate(_ arguments: [String]) throws(UsageError) -> Command {
        var parsed = GenerateArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.options.inputs.append(argument)
                continue
            }
            let (name, attachedValue) = splitAttachedValue(argument)
            guard let option = GenerateOption.all.first(where: { $0.names.contains(name) }) else {
                throw UsageError(message: "unknown option '\(name)'\(GenerateOption.suggestion(for: name).map { "; did you mean '\($0)'?" } ?? "")")
            }
            switch option.action {
            case .flag(let apply):
                guard attachedValue == nil else {
                    throw UsageError(message: "\(name) takes no value")
                }
                apply(&parsed)
            case .value(let apply):
                let value: String
                if let attachedValue {
                    value = attachedValue
                } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                    value = arguments[index]
                    index += 1
                } else {
                    value = ""
                }
                guard !value.isEmpty else {
                    throw UsageError(message: "\(name) needs a value")
                }
                apply(&parsed, value)
            }
            if parsed.help {
                return .help(.generate)
            }
        }
        guard !parsed.options.inputs.isEmpty else {
            throw UsageError(message: "generate needs at least one schema file or folder")
        }
        if let text = parsed.pluginTimeout {
            guard let seconds = PluginTimeLimit.seconds(text) else {
                throw UsageError(message: "--plugin-timeout needs \(PluginTimeLimit.expected), not '\(text)'")
            }
            parsed.options.pluginTimeout = seconds
        }
        if let target = parsed.targetWithoutRuntime {
            parsed.options.runtimeAvailability = .missing(target: target, package: parsed.runtimePackage ?? "valuegen")
        } else if parsed.runtimePackage != nil {
            throw UsageError(message: "--runtime-package names the package of --missing-runtime, which is not given")
        }
        return .generate(parsed.options, quiet: parsed.quiet)
    }
}

/// What `valuegen generate`'s arguments have said so far.
private struct GenerateArguments {
    var options = GenerationOptions(inputs: [])
    var quiet = false
    var help = false
    var targetWithoutRuntime: String?
    var runtimePackage: String?
    var pluginTimeout: String?
}

/// One option of `valuegen generate`: its spellings and what it sets. A new option is one
/// entry in `all` (and a line in `Usage.text`); `--name=value` and "did you mean" follow.
private struct GenerateOption: Sendable {
    enum Action: Sendable {
        case flag(@Sendable (inout GenerateArguments) -> Void)
        /// Takes the next argument, or what follows `=`, as its value.
        case value(@Sendable (inout GenerateArguments, String) -> Void)
    }

    var names: [String]
    var action: Action

    static let all: [GenerateOption] = [
        GenerateOption(names: ["--output", "-o"], action: .value { $0.options.outputDirectory = $1 }),
        GenerateOption(names: ["--config"], action: .value { $0.options.configurationPath = $1 }),
        GenerateOption(names: ["--include"], action: .value { $0.options.includes.append($1) }),
        GenerateOption(names: ["--exclude"], action: .value { $0.options.excludes.append($1) }),
        GenerateOption(names: ["--plugin"], action: .value { $0.options.plugins.append($1) }),
        // Remodel's own spellings, so that a Remodel command line runs as it is.
        GenerateOption(names: ["--value-object-config-path"], action: .value { $0.options.remodelConfigurationPaths[.value] = $1 }),
        GenerateOption(names: ["--adt-config-path"], action: .value { $0.options.remodelConfigurationPaths[.adtValue] = $1 }),
        GenerateOption(names: ["--object-config-path"], action: .value { $0.options.remodelConfigurationPaths[.object] = $1 }),
        GenerateOption(names: ["--isolate-plugins"], action: .flag { $0.options.isolatePlugins = true }),
        GenerateOption(names: ["--plugin-timeout"], action: .value { $0.pluginTimeout = $1 }),
        GenerateOption(names: ["--product-directory"], action: .value { $0.options.productDirectory = $1 }),
        GenerateOption(names: ["--no-extra-files"], action: .flag { $0.options.allowsExtraFiles = false }),
        GenerateOption(names: ["--module-support-file"], action: .flag { $0.options.alwaysWritesModuleSupportFile = true }),
        GenerateOption(names: ["--swift-types"], action: .value { $0.options.swiftTypeListPath = $1 }),
        GenerateOption(names: ["--warnings-file"], action: .value { $0.options.warningsFilePath = $1 }),
        GenerateOption(names: ["--missing-runtime"], action: .value { $0.targetWithoutRuntime = $1 }),
        GenerateOption(names: ["--runtime-package"], action: .value { $0.runtimePackage = $1 }),
        GenerateOption(names: ["--importable-modules"], action: .value { parsed, list in
            parsed.options.importableModules = Set(list.split(separator: ",").map(String.init))
        }),
        GenerateOption(names: ["--check"], action: .flag { $0.options.checkOnly = true }),
        GenerateOption(names: ["--keep-orphaned-outputs"], action: .flag { $0.options.keepsOrphanedOutputs = true }),
        GenerateOption(names: ["--quiet", "-q"], action: .flag { $0.quiet = true }),
        GenerateOption(names: ["--help", "-h"], action: .flag { $0.help = true }),
    ]

    /// The long option a mistyped one most likely meant: the only one it begins (`--out`), or
    /// the nearest by spelling (`--ouptut`, `-output`).
    static func suggestion(for name: String) -> String? {
        let typed = String(name.drop(while: { $0 == "-" }))
        let words = all.flatMap(\.names).filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        let extended = words.filter { $0.hasPrefix(typed) }
        if !typed.isEmpty, extended.count == 1 {
            return "--" + extended[0]
        }
        return Suggestion.closest(to: typed, among: words).map { "--" + $0 }
    }
}

enum Usage {
    /// What `--help` describes.
    enum Topic: Equatable {
        case overview, initProject, generate, format, compat, importOpenAPI, plugins

        static let commandNames = ["init", "generate", "format", "compat", "import", "plugins"]

        init?(command: String) {
            switch command {
            case "init": self = .initProject
            case "generate": self = .generate
            case "format": self = .format
            case "compat": self = .compat
            case "import": self = .importOpenAPI
            case "plugins": self = .plugins
            default: return nil
            }
        }

        var text: String {
            switch self {
            case .overview: return Usage.overview
            case .initProject: return InitCommand.usage
            case .generate: return Usage.generate
            case .format: return Usage.format
            case .compat: return CompatCommand.usage
            case .importOpenAPI: return ImportCommand.usage
            case .plugins: return Usage.plugins
            }
        }
    }

    static let overview = """
    OVERVIEW: Generate Swift model types from .value, .adtValue and .object schema files.

    USAGE: valuegen COMMAND [OPTIONS]

    COMMANDS:
      init                  Write a new project's valuegen.json (valuegen init Sources/Models).
      generate              Generate a Swift file from each schema file (valuegen generate Models).
      format                Rewrite schema files in the canonical layout, or check that they are.
      compat                Classify every change between two versions of the schemas (binary-wire,
                            json-wire, persistence, swift-source breaking; value-range warning;
                            persistence-safe; additive).
      import openapi        Write schema files for an OpenAPI document's components/schemas.
      plugins inspect       Print what a generator plugin library says about itself.

      Run 'valuegen COMMAND --help' (or 'valuegen help COMMAND') for a command's options.

    OPTIONS:
      --version             Print the version.
      -h, --help            Print this help.

    EXIT CODES:
      0  success
      1  errors in schema files, or stale or unformatted files with --check
      2  usage, configuration or plugin library errors
    """

    static let format = """
    OVERVIEW: Rewrite schema files in the canonical layout, as swift-format does for Swift.

    USAGE: valuegen format [--check] [--to-swift-syntax] PATH...

    ARGUMENTS:
      PATH                  A schema file, or a folder searched recursively for them.

    OPTIONS:
      --check               Write nothing; exit 1 listing the files that are not formatted.
      --to-swift-syntax     Also rewrite Remodel-style attributes (NSString *name) in Swift style.
      -h, --help            Print this help.

    EXIT CODES:
      0  every file is formatted (with --check: already was)
      1  a file has errors, or with --check is not formatted
      2  usage or file-system errors
    """

    static let plugins = """
    OVERVIEW: Print what a generator plugin library says about itself: its id, version, ABI
    version, include names, the kinds it generates for, its features, and the member names and
    annotations it declares.

    USAGE: valuegen plugins inspect LIBRARY

    ARGUMENTS:
      LIBRARY               A plugin library (.so or .dylib).

    OPTIONS:
      -h, --help            Print this help.

    EXIT CODES:
      0  the library loaded
      2  it cannot be loaded (the message says why)
    """

    static let generate = """
    OVERVIEW: Generate a Swift file from each .value, .adtValue and .object schema file.

    USAGE: valuegen generate [--output DIR] [--config FILE] [--include NAME]... [--exclude NAME]... [--plugin LIBRARY]... [--isolate-plugins [--plugin-timeout SECONDS]] [--check] [--quiet] PATH...

    ARGUMENTS:
      PATH                  A schema file, or a folder searched recursively for them.

    OPTIONS:
      -o, --output DIR      Where to write <SchemaName>.swift files (default: the current folder).
      --config FILE         The configuration for every schema, instead of the valuegen.json
                            found next to the schemas.
      --include NAME        Include a feature in every type (repeatable); Remodel's names such as
                            RMBuilder are accepted, and so is Remodel's spelling --include=RMBuilder.
      --exclude NAME        Exclude a feature from every type (repeatable).
      --plugin LIBRARY      Load a generator plugin (a .so or .dylib) for every schema (repeatable),
                            after those listed in valuegen.json.
      --value-object-config-path FILE, --adt-config-path FILE, --object-config-path FILE
                            Remodel's configuration for the .value, .adtValue or .object schemas,
                            instead of the nearest .valueObjectConfig, .algebraicTypeConfig or
                            .objectConfig in the schema's folder or a parent folder.
      --isolate-plugins     Run plugins in child processes, so that a crashing plugin is
                            reported as an error instead of ending the run.
      --plugin-timeout SECONDS
                            How long an isolated plugin may take on one schema file before it is
                            stopped and reported (default 60; "pluginTimeout" in valuegen.json).
      --product-directory DIR
                            Where plugins named {"product": "Name"} in valuegen.json are built
                            (lib<Name>.so / .dylib); the SwiftPM plugins pass it.
      --no-extra-files      Refuse extra files from features (one Swift file per schema);
                            the build-tool plugin passes it.
      --module-support-file Write ValuegenModuleSupport.swift even when no feature emitted a
                            module declaration (the build-tool plugin passes it).
      --swift-types FILE    The types the module's Swift code declares, as the build-tool plugin
                            lists them; without it, the .swift files among and beside the
                            inputs are scanned for the names of the types they declare.
      --warnings-file FILE  Rewrite FILE with the run's warnings whenever it has any (a run
                            without leaves it alone): listed as an input of the build command, it
                            makes the next build run the command again, so warnings show on every
                            build until they are fixed (the build-tool plugin passes it).
      --missing-runtime TARGET
                            The target the files are compiled into cannot import ValuegenRuntime:
                            a type whose features need it is an error (the build-tool plugin
                            passes it; --runtime-package NAME names the package to depend on).
      --importable-modules A,B
                            The modules the target can import besides the toolchain's and
                            Apple's SDKs' (its own and its dependencies'): a module '%import'
                            names that is none of them is an error (the build-tool plugin
                            passes it).
      --check               Write nothing; exit 1 listing the generated files that are missing or stale.
      --keep-orphaned-outputs
                            Leave the files generated from schema files that are gone; by default
                            a run removes them from the output folder (--check reports them).
      -q, --quiet           Print only diagnostics.
      --version             Print the version.
      -h, --help            Print this help.

      An option's value may also follow an equals sign: --output=Generated.

    EXIT CODES:
      0  success
      1  errors in schema files, or stale files with --check
      2  usage, configuration or plugin library errors
    """
}
