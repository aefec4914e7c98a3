import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models import-openapi DOCUMENT
/// --target NAME [--output FOLDER] [--include GLOB]... [--exclude GLOB]... [--constraints]`:
/// `valuegen import openapi` into one target's folder (`Sources/<Target>/Schemas` unless
/// `--output` names another folder inside the target), so that the schemas are imported once,
/// committed, and generated at build time by ValuegenBuildPlugin (docs/Import.md).
struct ImportOpenAPI {
    static let verb = "import-openapi"
    static let usage = "generate-models import-openapi DOCUMENT --target NAME [--output FOLDER] [--include GLOB]... [--exclude GLOB]... [--constraints] [--quiet]"

    var document: String
    var target: String
    /// The folder inside the target: `Schemas`, `API/Schemas`.
    var output = "Schemas"
    /// What goes to `valuegen import openapi` as it is: `--include`, `--exclude`,
    /// `--constraints`, `--quiet`.
    var passed: [String] = []

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        var documents: [String] = []
        var targets: [String] = []
        var output: String?
        var passed: [String] = []
        var index = 0
        func value(of option: String) throws -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("-") else {
                throw UsageError(description: "\(option) needs a value; write \(Self.usage)")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--target": targets.append(try value(of: argument))
            case "--output": output = try value(of: argument)
            case "--include", "--exclude": passed += [argument, try value(of: argument)]
            case "--constraints", "--quiet", "-q": passed.append(argument)
            case _ where argument.hasPrefix("-"):
                throw UsageError(description: "unknown option '\(argument)' for import-openapi; write \(Self.usage)")
            default: documents.append(argument)
            }
            index += 1
        }
        guard documents.count == 1 else {
            throw UsageError(description: "import-openapi reads one OpenAPI document, \(documents.isEmpty ? "and none was given" : "not \(documents.count)"); write \(Self.usage)")
        }
        guard targets.count == 1 else {
            throw UsageError(description: "import-openapi writes into one target: name it with --target NAME\(targets.isEmpty ? "" : ", once (given \(targets.joined(separator: ", ")))"); write \(Self.usage)")
        }
        if let output, output.hasPrefix("/") || output.split(separator: "/").contains("..") || output.isEmpty {
            throw UsageError(description: "--output '\(output)' must be a folder inside the target, such as Schemas or API/Schemas")
        }
        self.document = documents[0]
        self.target = targets[0]
        self.output = output ?? "Schemas"
        self.passed = passed
    }

    /// The `valuegen` arguments for a target whose folder is `targetDirectory`; the document is
    /// read from the package's folder.
    func valuegenArguments(targetDirectory: URL, packageDirectory: URL) -> [String] {
        let document = self.document.hasPrefix("/") ? self.document : packageDirectory.appendingPathComponent(self.document).path
        return ["import", "openapi", document, "--output", targetDirectory.appendingPathComponent(output).path] + passed
    }
}
