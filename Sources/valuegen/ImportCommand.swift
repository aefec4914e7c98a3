import ValuegenCore

/// `valuegen import openapi DOCUMENT --output DIR`: writes a `.value` or `.adtValue` schema file
/// for each type of an OpenAPI document's `components/schemas` (docs/Import.md).
///
/// Exit status: 0 when the files are written (warnings say what was imported as the nearest
/// faithful type); 2 for a usage error or a document that cannot be imported, and then nothing
/// is written.
enum ImportCommand {
    static let name = "import"

    static let usage = """
    OVERVIEW: Write schema files for the schemas of an OpenAPI 3.0 or 3.1 document.

    USAGE: valuegen import openapi DOCUMENT --output DIR [--include GLOB]... [--exclude GLOB]... [--constraints] [--quiet]

    ARGUMENTS:
      DOCUMENT              An OpenAPI document in JSON (YAML: convert it first, with
                            yq -o=json, or Python's PyYAML).

    OPTIONS:
      -o, --output DIR      Where to write the schema files, one per type of components/schemas,
                            named after it (Pet.value, PetStatus.adtValue); each includes JSON.
      --include GLOB        Import only the components whose names match GLOB (* any run of
                            characters, ? one), and those they refer to; repeatable. A glob
                            that matches no component is an error.
      --exclude GLOB        Never import the components whose names match GLOB (repeatable);
                            where another refers to one, it is RawJSON, with a warning.
      --constraints         Check the document's constraints (minimum, maxLength, pattern…)
                            with the rules %range, %length and %pattern.
      -q, --quiet           Print only warnings and errors, not the summary.
      -h, --help            Print this help.

    Whatever the mapping cannot express is imported as the nearest faithful type (RawJSON at
    worst), with a warning naming its JSON pointer; docs/Import.md has the table.

    EXIT CODES:
      0  the schema files are written
      2  usage errors, or a document that cannot be imported (nothing is written)
    """

    struct Options: Equatable {
        var document = ""
        var output = ""
        var quiet = false
        var importOptions = OpenAPIImport.Options()
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        guard arguments.first == "openapi" else {
            let given = arguments.first.map { "'\($0)'" } ?? "nothing"
            return .failure(UsageError(message: "import reads OpenAPI documents: write 'valuegen import openapi DOCUMENT --output DIR', not \(given)"))
        }
        var options = Options()
        var documents: [String] = []
        var index = 1
        while index < arguments.count {
            let (name, attached) = CommandLineParser.splitAttachedValue(arguments[index])
            index += 1
            switch name {
            case "--output", "-o":
                if let attached {
                    options.output = attached
                } else if index < arguments.count {
                    options.output = arguments[index]
                    index += 1
                }
                guard !options.output.isEmpty else {
                    return .failure(UsageError(message: "--output needs a value"))
                }
            case "--include", "--exclude":
                let value: String
                if let attached {
                    value = attached
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    value = ""
                }
                guard !value.isEmpty else {
                    return .failure(UsageError(message: "\(name) needs a glob, for example \(name) 'Payment*'"))
                }
                if name == "--include" {
                    options.importOptions.selection.include.append(value)
                } else {
                    options.importOptions.selection.exclude.append(value)
                }
            case "--constraints":
                options.importOptions.checksConstraints = true
            case "--quiet", "-q":
                options.quiet = true
            case _ where name.hasPrefix("-") && name != "-":
                return .failure(UsageError(message: "unknown option '\(name)' for import openapi"))
            default:
                documents.append(name)
            }
        }
        guard documents.count == 1 else {
            return .failure(UsageError(message: documents.isEmpty ? "import openapi needs a document" : "import openapi reads one document, not \(documents.count)"))
        }
        guard !options.output.isEmpty else {
            return .failure(UsageError(message: "import openapi needs --output DIR"))
        }
        options.document = documents[0]
        return .success(options)
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let options: Options
        switch parse(arguments) {
        case .success(let parsed):
            options = parsed
        case .failure(let error):
            Console.error("error: \(error.message)\nRun 'valuegen import --help' for usage.")
            return 2
        }
        let result: OpenAPIImport.Result
        do {
            let bytes = try FileSystem.read(options.document)
            result = try OpenAPIImport.run(document: bytes, path: options.document, options: options.importOptions)
        } catch let error as FileSystem.Failure {
            Console.error(error.description)
            return 2
        } catch let error as OpenAPIImport.Failure {
            Console.error("\(options.document): error: \(error.message)")
            return 2
        } catch {
            Console.error("\(options.document): error: \(error)")
            return 2
        }
        for warning in result.warnings {
            Console.error("\(options.document): warning: \(warning)")
        }
        let outcome: ImportedFolder.Outcome
        do {
            outcome = try ImportedFolder.write(result.files, to: options.output)
        } catch {
            Console.error(error.description)
            return 2
        }
        if !options.quiet {
            let count = result.componentCount == result.documentComponentCount ? "\(result.componentCount)" : "\(result.componentCount) of \(result.documentComponentCount)"
            var summary = "Imported \(count) components of \(options.document) as \(result.files.count) schema files in \(options.output) (\(outcome.written.count) written or changed\(outcome.removed.isEmpty ? "" : ", \(outcome.removed.count) of an earlier import removed"))"
            if result.aliasCount > 0 {
                summary += "; \(result.aliasCount) scalar, array or map components are written where they are used"
            }
            if !result.rawComponents.isEmpty {
                summary += "; \(result.rawComponents.count) imported as RawJSON"
            }
            print(summary + "; \(result.warnings.count) warnings.")
        }
        return 0
    }
}
