import Foundation

/// An error or warning the Swift compiler reported.
struct CompilerDiagnostic: Sendable, CustomStringConvertible {
    var path: String
    var line: Int
    var column: Int
    var severity: String
    var message: String

    var description: String { "\((path as NSString).lastPathComponent):\(line):\(column): \(severity): \(message)" }
}

/// Runs the compiler's front end over generated Swift files in one module, with
/// `ValuegenRuntime` importable, and reads back its diagnostics. Only the primary files'
/// bodies are checked; the others are read for their declarations, as the compiler does for
/// each file of a module in batch mode. Much faster than a `swiftc -typecheck` per module,
/// which pays for loading Foundation and for checking every body again each time.
struct SwiftTypechecker: Sendable {
    /// Holds `ValuegenRuntime.swiftmodule`.
    var modulesFolder: URL

    /// The modules SwiftPM built beside the test bundle (`swift test` builds ValuegenRuntime
    /// for RuntimeTests); when they are not there, ValuegenRuntime's interface is built into
    /// `scratch`.
    static func locatingRuntime(scratch: URL) throws -> SwiftTypechecker {
        let products = try TestSupport.valuegenExecutable.deletingLastPathComponent()
        for folder in [products.appendingPathComponent("Modules"), products] {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("ValuegenRuntime.swiftmodule").path) {
                return SwiftTypechecker(modulesFolder: folder)
            }
        }
        let sources = try TestSupport.files(in: TestSupport.repositoryRoot.appendingPathComponent("Sources/ValuegenRuntime"))
            .filter { $0.hasSuffix(".swift") }
            .map { TestSupport.repositoryRoot.appendingPathComponent("Sources/ValuegenRuntime/\($0)").path }
        let module = scratch.appendingPathComponent("ValuegenRuntime.swiftmodule")
        let build = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-emit-module", "-parse-as-library", "-module-name", "ValuegenRuntime", "-emit-module-path", module.path] + sources)
        guard build.status == 0 else { throw TestFailure("building ValuegenRuntime's module failed:\n\(build.standardError)") }
        return SwiftTypechecker(modulesFolder: scratch)
    }

    /// Typechecks `primaries` in one module with `context`; the diagnostics of the primaries.
    /// Without `bodies`, only declarations are checked: types, signatures, conformances.
    /// A diagnostic the compiler could not place in a file has the path `<unknown>`.
    /// `searchPaths` are more folders of modules (a C module map's).
    func typecheck(primaries: [String], context: [String] = [], searchPaths: [String] = [], bodies: Bool) throws -> [CompilerDiagnostic] {
        let arguments = ["swiftc", "-frontend", "-typecheck", "-parse-as-library", "-module-name", "Mutants",
                         "-swift-version", "6", "-disable-objc-interop", "-diagnostic-style", "llvm", "-no-color-diagnostics",
                         "-I", modulesFolder.path] + searchPaths.flatMap { ["-I", $0] }
            + (bodies ? [] : ["-experimental-skip-all-function-bodies"])
            + primaries.flatMap { ["-primary-file", $0] } + context
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), arguments)
        let diagnostics = Self.diagnostics(in: result.standardError + result.standardOutput)
        if result.status != 0, !diagnostics.contains(where: { $0.severity == "error" }) {
            return [CompilerDiagnostic(path: "<unknown>", line: 0, column: 0, severity: "error", message: "swiftc failed with status \(result.status): \(result.standardError.prefix(2000))")]
        }
        return diagnostics
    }

    /// `path:line:column: severity: message` lines; snippets and notes' context are skipped.
    static func diagnostics(in output: String) -> [CompilerDiagnostic] {
        var found: [CompilerDiagnostic] = []
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            if parts.count == 5, let row = Int(parts[1]), let column = Int(parts[2]) {
                let severity = parts[3].trimmingCharacters(in: .whitespaces)
                guard ["error", "warning", "note"].contains(severity) else { continue }
                found.append(CompilerDiagnostic(path: String(parts[0]), line: row, column: column, severity: severity, message: parts[4].trimmingCharacters(in: .whitespaces)))
            } else if parts.count >= 3, parts[0] == "<unknown>", parts[2].trimmingCharacters(in: .whitespaces) == "error" {
                found.append(CompilerDiagnostic(path: "<unknown>", line: 0, column: 0, severity: "error", message: parts.dropFirst(3).joined(separator: ":").trimmingCharacters(in: .whitespaces)))
            }
        }
        return found
    }
}
