import ValuegenCore

/// What the command line asks for.
enum Command {
    case help
    case version
    case generate(GenerationOptions, quiet: Bool)
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

    USAGE: valuegen generate [--output DIR] [--config FILE] [--include NAME]... [--exclude NAME]... [--check] [--quiet] PATH...

    ARGUMENTS:
      PATH                  A schema file, or a folder searched recursively for them.

    OPTIONS:
      -o, --output DIR      Where to write <SchemaName>.swift files (default: the current folder).
      --config FILE         The configuration for every schema, instead of the valuegen.json
                            found next to the schemas.
      --include NAME        Include a feature in every type (repeatable).
      --exclude NAME        Exclude a feature from every type (repeatable).
      --check               Write nothing; exit 1 listing the generated files that are missing or stale.
      -q, --quiet           Print only diagnostics.
      --version             Print the version.
      -h, --help            Print this help.

    EXIT CODES:
      0  success
      1  errors in schema files, or stale files with --check
      2  usage or configuration errors
    """
}
