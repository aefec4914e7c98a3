import Foundation
import Testing

/// The commands the docs show but the tests cannot run (builds, benchmarks, CI scripts; ```` ```sh
/// ```` blocks) are real: every program is a tool, a product of Package.swift, a script of the
/// repository or a file an earlier command of the block wrote; every path into the repository
/// exists (one whose first two components are a folder of it: `Sources/Models` is a user's);
/// and every `--option` is one the program knows (valuegen's usage lists it, a
/// benchmark's or the command plugin's sources read it, a script's text names it).
@Suite struct DocumentationCommandTests {
    @Test func everyCommandShownIsReal() throws {
        let checker = try DocumentationCommandChecker()
        let samples = try DocumentationSampleTests.samples().filter { $0.kind == .commands }
        #expect(samples.count >= 10)
        for sample in samples {
            for problem in checker.problems(in: sample.text) {
                Issue.record("\(sample): \(problem)")
            }
        }
    }

    @Test func refusesWhatIsNotReal() throws {
        let checker = try DocumentationCommandChecker()
        #expect(checker.problems(in: "swift run -c release valuegen-benchmark 5000") == [])
        #expect(checker.problems(in: "valuegen generate Models --output Generated --plugin ./libFake.so") == [])
        #expect(checker.problems(in: "valuegen generate Models --outptu Generated") == ["valuegen does not know the option '--outptu'"])
        #expect(checker.problems(in: "swift build -c release --product valuegen-benchmarks") == ["'valuegen-benchmarks' is not a product of Package.swift"])
        #expect(checker.problems(in: ".build/release/valuegen-compile-benchmark 10 --instructions --rounds 3") == ["valuegen-compile-benchmark does not know the option '--rounds'"])
        #expect(checker.problems(in: "Tests/Fuzz/run-fuzzer.sh pipeline 300") == ["'Tests/Fuzz/run-fuzzer.sh' is not a tool, a product or a script of the repository"])
        #expect(checker.problems(in: "cc -shared -o libX.so Fixtures/Plugins/Nothing/x.c") == ["'Fixtures/Plugins/Nothing/x.c' does not exist in the repository"])
    }
}

/// Checks command lines without running them (DocumentationCommandTests).
struct DocumentationCommandChecker {
    static let tools: Set<String> = ["swiftc", "cc", "cargo", "mkdir", "rm", "cp", "cd", "find", "git", "valgrind"]
    static let repositoryFolders = ["Sources/", "Tests/", "Fixtures/", "PluginSDK/", "Plugins/", "docs/", ".ci/"]

    /// valuegen's usage: its help and every command's.
    var valuegenUsage: String
    var manifest: String

    init() throws {
        let valuegen = try TestSupport.valuegenExecutable
        var usage = ""
        for command in [["--help"], ["generate", "--help"], ["format", "--help"], ["compat", "--help"], ["import", "openapi", "--help"], ["plugins", "inspect", "--help"]] {
            let result = try runProcess(valuegen, command)
            usage += result.standardOutput + result.standardError
        }
        valuegenUsage = usage
        manifest = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// What is not real in a block of commands, one sentence each.
    func problems(in block: String) -> [String] {
        var problems: [String] = []
        var written: Set<String> = []
        var folder = ""
        // A line that starts with white space continues the one before (`\` or a usage's wrapping).
        let lines = block.replacingOccurrences(of: "\\\n", with: " ").replacingOccurrences(of: "\n ", with: " ").split(separator: "\n")
        for line in lines {
            let withoutComment = line.range(of: " #").map { String(line[..<$0.lowerBound]) } ?? String(line)
            for command in withoutComment.components(separatedBy: "&&") {
                var words = command.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
                while let first = words.first, first.contains("="), !first.hasPrefix("-") { words.removeFirst() }
                guard let program = words.first else { continue }
                problems += check(program: program, words: Array(words.dropFirst()), command: command, written: written, folder: folder)
                for word in words.dropFirst() {
                    let path = word.trimmingCharacters(in: CharacterSet(charactersIn: "()"))
                    guard path.contains("/"), !path.hasPrefix("/"), Self.isRepositoryPath(folder + path), !path.contains("<"), !path.contains("[") else { continue }
                    if !exists(folder + path) { problems.append("'\(folder + path)' does not exist in the repository") }
                }
                if program == "cd", let target = words.dropFirst().first { folder += target + "/" }
                if let output = words.firstIndex(of: "-o").map({ $0 + 1 }), output < words.count { written.insert(words[output]) }
            }
        }
        return problems
    }

    private func check(program: String, words: [String], command: String, written: Set<String>, folder: String) -> [String] {
        let options = Self.options(in: command)
        switch program {
        case "valuegen":
            return unknown(options, in: valuegenUsage, of: "valuegen")
        case "swift":
            return checkSwift(words, options: options)
        case _ where Self.tools.contains(program) || written.contains(program):
            return []
        case _ where program.hasSuffix("/release/valuegen") || program.hasSuffix("/debug/valuegen"):
            return unknown(options, in: valuegenUsage, of: "valuegen")
        case _ where program.contains("/release/") || program.contains("/debug/"):
            let product = (program as NSString).lastPathComponent
            guard let sources = executableSources(product) else { return ["'\(product)' is not an executable product of Package.swift"] }
            return unknown(options, in: sources, of: product, quoted: true)
        default:
            let script = TestSupport.repositoryRoot.appendingPathComponent(folder + program)
            guard FileManager.default.isExecutableFile(atPath: script.path), let text = try? String(contentsOf: script, encoding: .utf8) else {
                return ["'\(program)' is not a tool, a product or a script of the repository"]
            }
            return unknown(options, in: text, of: program)
        }
    }

    private func checkSwift(_ words: [String], options: [String]) -> [String] {
        guard let subcommand = words.first else { return ["'swift' alone is not a command"] }
        var problems: [String] = []
        var products: [String] = []
        if let product = words.firstIndex(of: "--product").map({ $0 + 1 }), product < words.count { products.append(words[product]) }
        switch subcommand {
        case "build", "test":
            break
        case "run":
            var index = 1
            while index < words.count, words[index].hasPrefix("-") { index += ["-c", "--scratch-path"].contains(words[index]) ? 2 : 1 }
            if index < words.count {
                products.append(words[index])
                if words[index] == "valuegen" { problems += unknown(Self.options(in: words[(index + 1)...].joined(separator: " ")), in: valuegenUsage, of: "valuegen") }
            }
        case "package":
            let plugin = (try? TestSupport.files(in: TestSupport.repositoryRoot.appendingPathComponent("Plugins/ValuegenCommandPlugin")))?
                .compactMap { try? String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Plugins/ValuegenCommandPlugin/\($0)"), encoding: .utf8) }
                .joined() ?? ""
            guard let verb = words.first(where: { !$0.hasPrefix("-") && $0 != "package" }), manifest.contains("verb: \"\(verb)\"") else {
                return ["the command plugin has no verb in '\(words.joined(separator: " "))'"]
            }
            problems += unknown(options.filter { $0 != "--allow-writing-to-package-directory" }, in: plugin + valuegenUsage, of: "generate-models")
        default:
            return ["'swift \(subcommand)' is not a command these docs use"]
        }
        for product in products where !manifest.contains("(name: \"\(product)\"") {
            problems.append("'\(product)' is not a product of Package.swift")
        }
        return problems
    }

    /// The sources of an executable product's target, or nil when there is no such product.
    private func executableSources(_ product: String) -> String? {
        guard let declaration = manifest.range(of: ".executable(name: \"\(product)\", targets: [\""),
              let target = manifest[declaration.upperBound...].split(separator: "\"").first,
              let targetStart = manifest.range(of: "name: \"\(target)\""),
              let path = manifest[targetStart.upperBound...].range(of: "path: \"").map({ manifest[$0.upperBound...].prefix { $0 != "\"" } }) else { return nil }
        let folder = TestSupport.repositoryRoot.appendingPathComponent(String(path))
        return ((try? TestSupport.files(in: folder)) ?? []).filter { $0.hasSuffix(".swift") }
            .compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    private func unknown(_ options: [String], in text: String, of program: String, quoted: Bool = false) -> [String] {
        options.filter { !text.contains(quoted ? "\"\($0)" : $0) }.map { "\(program) does not know the option '\($0)'" }
    }

    /// A path into the repository: its first two components are a folder of it
    /// (`Fixtures/Plugins/…`, not a user's `Sources/Models/…`).
    static func isRepositoryPath(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard components.count >= 2, repositoryFolders.contains(where: { path.hasPrefix($0) }) else { return false }
        return FileManager.default.fileExists(atPath: TestSupport.repositoryRoot.appendingPathComponent("\(components[0])/\(components[1])").path)
    }

    private func exists(_ path: String) -> Bool {
        let url = TestSupport.repositoryRoot.appendingPathComponent(path)
        guard path.contains("*") else { return FileManager.default.fileExists(atPath: url.path) }
        let folder = url.deletingLastPathComponent()
        let pattern = url.lastPathComponent.replacingOccurrences(of: ".", with: "\\.").replacingOccurrences(of: "*", with: ".*")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.range(of: "^\(pattern)$", options: .regularExpression) != nil }
    }

    /// The `--options` of a command, placeholders' brackets and all.
    static func options(in command: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: "(?<![\\w-])--[A-Za-z][A-Za-z0-9-]*")
        return regex.matches(in: command, range: NSRange(command.startIndex..., in: command)).map { String(command[Range($0.range, in: command)!]) }
    }
}
