import ValuegenCore
import ValuegenPluginHost

/// What the command line asks for.
enum Command {
    case help
    case version
    case generate(GenerationOptions, quiet: Bool)
    case inspectPlugin(path: String)
    /// The hidden child side of `--isolate-plugins`.
    case pluginWorker(libraryPath: String)
}

struct UsageError: Error {
    var message: String
}

/// Parses `valuegen [--help | --version | generate [options] PATH...]`.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else {
            throw UsageError(message: "missing command")
        }
        switch first {
        case "--help", "-h", "help":
            return .help
        case "--version":
            return .version
        case "generate":
            return try parseGenerate(Array(arguments.dropFirst()))
        case "plugins":
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
            throw UsageError(message: "unknown command '\(first)'")
        }
    }

    private static func parseGenerate(_ arguments: [String]) throws(UsageError) -> Command {
        var options = GenerationOptions(inputs: [])
        var quiet = false
        var index = 0
        func value(for option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(message: "\(option) needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--output", "-o": options.outputDirectory = try value(for: argument)
            case "--config": options.configurationPath = try value(for: argument)
            case "--include": options.includes.append(try value(for: argument))
            case "--exclude": options.excludes.append(try value(for: argument))
            case "--check": options.checkOnly = true
            case "--plugin": options.plugins.append(try value(for: argument))
            case "--isolate-plugins": options.isolatePlugins = true
            case "--product-directory": options.productDirectory = try value(for: argument)
            case "--no-extra-files": options.allowsExtraFiles = false
            case "--quiet", "-q": quiet = true
            case "--help", "-h": return .help
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
                options.inputs.append(argument)
            }
            index += 1
        }
        guard !options.inputs.isEmpty else {
            throw UsageError(message: "generate needs at least one schema file or folder")
        }
        return .generate(options, quiet: quiet)
    }
}

enum Usage {
    static let text = """
    OVERVIEW: Generate Swift model types from .value, .adtValue and .object schema files.

    USAGE: valuegen generate [--output DIR] [--config FILE] [--include NAME]... [--exclude NAME]... [--plugin LIBRARY]... [--isolate-plugins] [--check] [--quiet] PATH...
           valuegen plugins inspect LIBRARY

    ARGUMENTS:
      PATH                  A schema file, or a folder searched recursively for them.

    OPTIONS:
      -o, --output DIR      Where to write <SchemaName>.swift files (default: the current folder).
      --config FILE         The configuration for every schema, instead of the valuegen.json
                            found next to the schemas.
      --include NAME        Include a feature in every type (repeatable).
      --exclude NAME        Exclude a feature from every type (repeatable).
      --plugin LIBRARY      Load a generator plugin (a .so or .dylib) for every schema (repeatable),
                            after those listed in valuegen.json.
      --isolate-plugins     Run plugins in child processes, so that a crashing plugin is
                            reported as an error instead of ending the run.
      --product-directory DIR
                            Where plugins named {"product": "Name"} in valuegen.json are built
                            (lib<Name>.so / .dylib); the SwiftPM plugins pass it.
      --no-extra-files      Refuse extra files from features (one Swift file per schema);
                            the build-tool plugin passes it.
      --check               Write nothing; exit 1 listing the generated files that are missing or stale.
      -q, --quiet           Print only diagnostics.
      --version             Print the version.
      -h, --help            Print this help.

    PLUGINS:
      valuegen plugins inspect LIBRARY   Print a plugin's id, version, ABI version, include names
                                         and features.

    EXIT CODES:
      0  success
      1  errors in schema files, or stale files with --check
      2  usage, configuration or plugin library errors
    """
}
