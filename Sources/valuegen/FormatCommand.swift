import ValuegenCore

/// `valuegen format [--check] [--to-swift-syntax] PATH...`: rewrites schema files in the
/// canonical layout, as swift-format does for Swift. Folders are searched like `generate` does.
///
/// Exit status: 0 when every file is formatted (or, with `--check`, already was); 1 when a file
/// has errors or, with `--check`, is not formatted; 2 for a usage or file-system error.
enum FormatCommand {
    static let name = "format"
    static let usage = "usage: valuegen format [--check] [--to-swift-syntax] PATH..."

    struct Options: Equatable {
        var check = false
        var toSwiftSyntax = false
        var paths: [String] = []
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        for argument in arguments {
            switch argument {
            case "--check":
                options.check = true
            case "--to-swift-syntax":
                options.toSwiftSyntax = true
            case _ where argument.hasPrefix("-") && argument != "-":
                return .failure(UsageError(message: "unknown option '\(argument)' for format"))
            default:
                options.paths.append(argument)
            }
        }
        guard !options.paths.isEmpty else {
            return .failure(UsageError(message: "format needs at least one schema file or folder"))
        }
        return .success(options)
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Usage.format)
            return 0
        }
        let options: Options
        switch parse(arguments) {
        case .success(let parsed):
            options = parsed
        case .failure(let error):
            Console.error("error: \(error.message)\n\(usage)")
            return 2
        }
        let schemas: [SchemaDiscovery.Found]
        do {
            schemas = try SchemaDiscovery.find(options.paths)
        } catch {
            Console.error(error.description)
            return 2
        }
        var status: Int32 = 0
        var rewritten = 0
        for schema in schemas {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(schema.path)
            } catch {
                Console.error(error.description)
                status = 2
                continue
            }
            let result = SchemaFormatter.format(SchemaSource(path: schema.path, bytes: bytes), toSwiftSyntax: options.toSwiftSyntax)
            for diagnostic in result.diagnostics {
                Console.error(diagnostic.description)
            }
            guard let formatted = result.bytes else {
                status = max(status, 1)
                continue
            }
            if result.isUnchanged {
                continue
            }
            if options.check {
                let command = options.toSwiftSyntax ? "valuegen format --to-swift-syntax" : "valuegen format"
                Console.error("\(schema.path): error: not formatted; run '\(command)' without --check")
                status = max(status, 1)
                continue
            }
            do {
                if try FileSystem.writeIfChanged(formatted, to: schema.path) == .written {
                    rewritten += 1
                    print("Formatted \(schema.path)")
                }
            } catch {
                Console.error(error.description)
                status = 2
            }
        }
        if !options.check {
            print("Rewrote \(rewritten) of \(schemas.count) schema file\(schemas.count == 1 ? "" : "s").")
        }
        return status
    }
}
