import ValuegenCore

/// `valuegen compat`: compares two versions of a module's schemas and classifies every change
/// (docs/Compatibility.md), like `buf breaking`.
///
/// Exit status: 0 when nothing breaks (or only categories `--allow` accepts), 1 for breaking
/// changes, 2 when the versions cannot be compared (usage, configuration, git or schema errors).
enum CompatCommand {
    static let name = "compat"

    static let usage = """
    OVERVIEW: Compare two versions of a module's schemas and classify every change.

    USAGE: valuegen compat [options] OLD NEW
           valuegen compat [options] --against REV PATH...

    ARGUMENTS:
      OLD NEW               Two folders (or schema files) holding the old and the new version.
      PATH                  With --against: the working tree's schema files or folders.

    OPTIONS:
      --against REV         Compare the working tree with the same paths at the git revision REV
                            (a commit, branch or tag), read with the git on the PATH.
      --allow KIND          Accept a breaking category (repeatable): binary-wire, json-wire,
                            persistence, swift-source.
      --direction WHICH     The readers whose breaking findings fail the check: both (default),
                            old-data (new code reading data written before the change) or
                            new-data (old code reading data written after it); findings about
                            the others are printed as warnings.
      --format FORMAT       text (default): one path:line:column line per finding, then a
                            summary; json: one JSON object (docs/Compatibility.md).
      --fix                 Write the %binaryField number= lines that keep renumbered Binary
                            fields where they were (the file is parsed again and must declare
                            the same, plus the pins), then compare again.
      --config FILE, --include NAME, --exclude NAME, --plugin LIBRARY, --product-directory DIR
                            As for 'valuegen generate', for both versions.
      -h, --help            Print this help.

    CATEGORIES:
      binary-wire           binaryData() no longer reads right across the change        (breaking)
      json-wire             JSON no longer reads right across the change                (breaking)
      persistence           files saved with Persistence no longer read right           (breaking)
      swift-source          code using the old types no longer compiles                 (breaking)
      value-range           data reads while its values fit the new type, others are
                            a clear error naming the attribute                          (warning)
      persistence-safe      files saved with Persistence still read right
      additive              nothing that worked stops working

    Each data finding says which readers it concerns: new code reading data written
    before the change (old-data), old code reading data written after it (new-data),
    or both; --format json gives it as "direction", with the "formats" it concerns.

    EXIT CODES:
      0  no breaking change, or only allowed ones (or about other readers than --direction's)
      1  breaking changes
      2  usage, configuration, git or schema errors
    """

    enum Format: String {
        case text, json
    }

    struct Parsed {
        var options = CompatibilityOptions()
        var format = Format.text
        var help = false
    }

    static func parse(_ arguments: [String]) -> Result<Parsed, UsageError> {
        var parsed = Parsed()
        var paths: [String] = []
        var index = 0
        func value(for name: String, attached: String?) -> String? {
            if let attached { return attached.isEmpty ? nil : attached }
            guard index < arguments.count, !arguments[index].hasPrefix("--") else { return nil }
            index += 1
            return arguments[index - 1]
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                paths.append(argument)
                continue
            }
            let (name, attached) = CommandLineParser.splitAttachedValue(argument)
            switch name {
            case "--help", "-h":
                parsed.help = true
                return .success(parsed)
            case "--fix":
                parsed.options.fix = true
            case "--against", "--allow", "--direction", "--format", "--config", "--include", "--exclude", "--plugin", "--product-directory":
                guard let text = value(for: name, attached: attached) else {
                    return .failure(UsageError(message: "\(name) needs a value"))
                }
                switch name {
                case "--against": parsed.options.revision = text
                case "--allow":
                    guard let kind = CompatibilityKind(rawValue: text), kind.isBreaking else {
                        let breaking = CompatibilityKind.allCases.filter(\.isBreaking).map(\.rawValue)
                        let extended = breaking.filter { $0.hasPrefix(text) }
                        let hint = extended.count == 1 ? "; did you mean '\(extended[0])'?" : Suggestion.hint(for: text, among: breaking, otherwise: "")
                        return .failure(UsageError(message: "--allow takes a breaking category (\(breaking.joined(separator: ", "))), not '\(text)'\(hint)"))
                    }
                    parsed.options.allowed.insert(kind)
                case "--direction":
                    guard let direction = ReadingDirection(rawValue: text) else {
                        return .failure(UsageError(message: "--direction is both, old-data or new-data, not '\(text)'"))
                    }
                    parsed.options.direction = direction
                case "--format":
                    guard let format = Format(rawValue: text) else {
                        return .failure(UsageError(message: "--format is text or json, not '\(text)'"))
                    }
                    parsed.format = format
                case "--config": parsed.options.generation.configurationPath = text
                case "--include": parsed.options.generation.includes.append(text)
                case "--exclude": parsed.options.generation.excludes.append(text)
                case "--plugin": parsed.options.generation.plugins.append(text)
                default: parsed.options.generation.productDirectory = text
                }
            default:
                let known = ["--against", "--allow", "--direction", "--format", "--fix", "--config", "--include", "--exclude", "--plugin", "--product-directory", "--help"]
                return .failure(UsageError(message: "unknown option '\(name)' for compat\(Suggestion.hint(for: name, among: known, otherwise: ""))"))
            }
        }
        if parsed.options.revision != nil {
            guard !paths.isEmpty else {
                return .failure(UsageError(message: "compat --against REV needs at least one schema file or folder of the working tree"))
            }
            parsed.options.newInputs = paths
        } else {
            guard paths.count == 2 else {
                return .failure(UsageError(message: "compat needs the old and the new version (two folders), or --against REV and the paths to compare"))
            }
            parsed.options.oldInputs = [paths[0]]
            parsed.options.newInputs = [paths[1]]
        }
        return .success(parsed)
    }

    static func run(_ arguments: [String], executable: String?) -> Int32 {
        let parsed: Parsed
        switch parse(arguments) {
        case .success(let value): parsed = value
        case .failure(let error):
            Console.error("error: \(error.message)\nRun 'valuegen compat --help' for usage.")
            return 2
        }
        if parsed.help {
            print(usage)
            return 0
        }
        var options = parsed.options
        options.generation.workerExecutable = executable
        let report = CompatibilityCheck.run(options)
        switch parsed.format {
        case .json:
            print(report.json, terminator: "")
        case .text:
            if report.errors.isEmpty {
                print(report.text, terminator: "")
            } else {
                Console.error(report.text.dropLast().description)
            }
        }
        return report.exitCode
    }
}
