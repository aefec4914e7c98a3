import Foundation
import Testing
import ValuegenCore

/// The code of README.md and docs/ that is not a schema compiles or is what it quotes
/// (DocumentationSample says how each block is marked): Swift that uses the runtime with the
/// document's schemas, Swift written against the PluginSDK, Package.swift manifests, C files
/// of plugins, and quotations of the repository's files. One typecheck a document, so the
/// suite stays fast.
@Suite struct DocumentationCodeTests {
    static func samples(_ kind: (DocumentationSample.Kind) -> Bool) throws -> [String: [DocumentationSample]] {
        Dictionary(grouping: try DocumentationSampleTests.samples().filter { kind($0.kind) }, by: \.document)
    }

    @Test func everyQuotationIsInTheFileItQuotes() throws {
        let samples = try DocumentationSampleTests.samples()
        for sample in samples {
            guard case .excerpt(let path) = sample.kind else { continue }
            let file = TestSupport.repositoryRoot.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
                for declaration in try Self.undeclared(sample.text, in: file) {
                    Issue.record("\(sample): no file of \(path) declares '\(declaration)'")
                }
                continue
            }
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                Issue.record("\(sample): quotes \(path), which does not exist")
                continue
            }
            if let mismatch = DocumentationSample.excerptMismatch(sample.text, in: text) {
                Issue.record("\(sample): \(path) differs from the quotation from \(mismatch) on")
            }
        }
        #expect(samples.contains { if case .excerpt = $0.kind { true } else { false } })
    }

    @Test func everyOutputShownIsAssertedByItsTest() throws {
        var linesOfPath: [String: [[UInt8]]] = [:]
        for sample in try DocumentationSampleTests.samples() {
            guard case .asserted(let path) = sample.kind else { continue }
            if linesOfPath[path] == nil {
                let url = TestSupport.repositoryRoot.appendingPathComponent(path)
                let files = ((try? TestSupport.files(in: url)) ?? []).filter { $0.hasSuffix(".swift") }.map { url.appendingPathComponent($0) }
                let text = try? (files.isEmpty ? [url] : files).map({ try String(contentsOf: $0, encoding: .utf8) }).joined(separator: "\n")
                linesOfPath[path] = text?.replacingOccurrences(of: "\\\"", with: "\"").split(separator: "\n").map { Array($0.utf8) } ?? []
            }
            guard let lines = linesOfPath[path], !lines.isEmpty else {
                Issue.record("\(sample): names the test \(path), which does not exist")
                continue
            }
            for expected in sample.text.split(separator: "\n") where !Self.someLine(of: lines, contains: expected) {
                Issue.record("\(sample): no line of \(path) expects '\(expected)'")
            }
        }
    }

    /// Whether one of `lines` holds the pieces of `expected` between its `…`s, in order.
    static func someLine(of lines: [[UInt8]], contains expected: Substring) -> Bool {
        let pieces = expected.components(separatedBy: "…").map { Array($0.trimmingCharacters(in: .whitespaces).utf8) }.filter { !$0.isEmpty }
        return lines.contains { line in
            var rest = line[...]
            for piece in pieces {
                guard let start = rest.firstRange(of: piece) else { return false }
                rest = rest[start.upperBound...]
            }
            return true
        }
    }

    /// Each document's `swift runtime` blocks and the Swift its schema blocks generate, in one
    /// module with ValuegenRuntime.
    @Test func theRuntimeSamplesCompileWithTheirSchemas() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let typechecker = try SwiftTypechecker.locatingRuntime(scratch: folder)
        let all = try DocumentationSampleTests.samples()
        let documents = try Self.samples { $0 == .runtimeSwift }
        #expect(!documents.isEmpty)
        for (document, blocks) in documents.sorted(by: { $0.key < $1.key }) {
            let module = folder.appendingPathComponent(document.replacingOccurrences(of: "/", with: "-"))
            let schemas = module.appendingPathComponent("Schemas")
            let generated = module.appendingPathComponent("Generated")
            for (index, schema) in all.enumerated() where schema.document == document {
                guard case .schema(let path, compiles: true) = schema.kind, !path.hasPrefix("Sample."), all.dropFirst(index + 1).first?.kind != .diagnostics else { continue }
                try TestSupport.write(schema.text + "\n", to: schemas.appendingPathComponent(path))
            }
            var files: [String] = []
            if FileManager.default.fileExists(atPath: schemas.path) {
                let report = GenerationRun().run(GenerationOptions(inputs: [schemas.path], outputDirectory: generated.path))
                let errors = report.usageErrors + report.diagnostics.filter { $0.severity == .error }.map(\.description) + report.writeErrors
                #expect(errors.isEmpty, "\(document): its schemas do not generate together:\n\(errors.joined(separator: "\n"))")
                files = try TestSupport.files(in: generated).map { generated.appendingPathComponent($0).path }
            }
            files += try Self.write(blocks, to: module, header: "import Foundation\nimport ValuegenRuntime\n\n")
            let errors = try typechecker.typecheck(primaries: files, bodies: true).filter { $0.severity == "error" }
            #expect(errors.isEmpty, "\(document): the runtime samples do not compile:\n\(Self.describe(errors, of: blocks))")
        }
    }

    /// Each document's `swift plugin` blocks, in one module with ValuegenPluginSDK.
    @Test func thePluginSamplesCompileAgainstTheSDK() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let typechecker = try SwiftTypechecker.locatingRuntime(scratch: folder)
        let documents = try Self.samples { $0 == .pluginSwift }
        #expect(!documents.isEmpty)
        for (document, blocks) in documents.sorted(by: { $0.key < $1.key }) {
            let module = folder.appendingPathComponent(document.replacingOccurrences(of: "/", with: "-"))
            let files = try Self.write(blocks, to: module, header: "import ValuegenPluginSDK\n\n")
            let header = TestSupport.repositoryRoot.appendingPathComponent("PluginSDK/include").path
            let errors = try typechecker.typecheck(primaries: files, searchPaths: [header], bodies: true).filter { $0.severity == "error" }
            #expect(errors.isEmpty, "\(document): the plugin samples do not compile:\n\(Self.describe(errors, of: blocks))")
        }
    }

    /// Every `swift manifest` block, against the toolchain's PackageDescription.
    @Test func theManifestsCompile() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifests = try Self.samples { $0 == .manifestSwift }.values.flatMap { $0 }
        #expect(!manifests.isEmpty)
        let swiftc = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["which", "swiftc"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let manifestAPI = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/pm/ManifestAPI").path
        for manifest in manifests {
            let file = folder.appendingPathComponent("\(manifest.line)/Package.swift")
            try TestSupport.write(manifest.text + "\n", to: file)
            let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck", "-I", manifestAPI, "-package-description-version", "6.0", "-module-name", "Manifest", file.path])
            #expect(result.status == 0, "\(manifest): the manifest does not compile:\n\(result.standardError)")
        }
    }

    /// Every configuration a document shows loads without a diagnostic, unless it names
    /// plugins (which only a built plugin can satisfy: the plugins' pages build theirs).
    @Test func theConfigurationsLoad() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configurations = try DocumentationSampleTests.samples().filter {
            if case .file(let path) = $0.kind { DocumentationSample.configurationNames.contains((path as NSString).lastPathComponent) } else { false }
        }
        #expect(!configurations.isEmpty)
        for configuration in configurations where !configuration.text.contains("\"plugins\"") {
            guard case .file(let path) = configuration.kind else { continue }
            let schemas = folder.appendingPathComponent("\(configuration.line)/Schemas")
            try TestSupport.write(configuration.text + "\n", to: schemas.appendingPathComponent((path as NSString).lastPathComponent))
            try TestSupport.write("Sample {\n  name: String\n}\n", to: schemas.appendingPathComponent("Sample.value"))
            let report = GenerationRun().run(GenerationOptions(inputs: [schemas.path], outputDirectory: folder.appendingPathComponent("\(configuration.line)/Generated").path))
            let diagnostics = report.usageErrors + report.diagnostics.map(\.description) + report.writeErrors
            #expect(diagnostics.isEmpty, "\(configuration): valuegen reports:\n\(diagnostics.joined(separator: "\n"))")
        }
    }

    /// Every C file a document shows, with the plugin header, as strictly as the examples.
    @Test func theCFilesCompileWithTheHeader() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try DocumentationSampleTests.samples().filter { if case .file(let path) = $0.kind { path.hasSuffix(".c") } else { false } }
        #expect(!files.isEmpty)
        for sample in files {
            let file = folder.appendingPathComponent("\(sample.line).c")
            try TestSupport.write(sample.text + "\n", to: file)
            let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", "-I", TestSupport.repositoryRoot.appendingPathComponent("PluginSDK/include").path, file.path])
            #expect(result.status == 0, "\(sample): does not compile:\n\(result.standardError)")
        }
    }

    /// The lines of a listing of declarations that begin no line of the Swift files of
    /// `folder`: compared without indentation, a `//` comment at their end, or the `{` that
    /// opens a body; a line `}` or `…` stands for itself.
    static func undeclared(_ listing: String, in folder: URL) throws -> [String] {
        let sources = try TestSupport.files(in: folder).filter { $0.hasSuffix(".swift") }
        var lines: Set<String> = []
        for source in sources {
            for line in try String(contentsOf: folder.appendingPathComponent(source), encoding: .utf8).split(separator: "\n") {
                lines.insert(declaration(line))
            }
        }
        return listing.split(separator: "\n").map(declaration).filter { !$0.isEmpty && $0 != "}" && $0 != "…" && !lines.contains($0) }
    }

    private static func declaration(_ line: Substring) -> String {
        var text = line.replacingOccurrences(of: "\\s+//\\s.*$", with: "", options: .regularExpression).trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(" {") { text.removeLast(2) }
        return text
    }

    /// The Rust descriptor WritingPlugins.md gives for the latest minor (a ```` ```rust,ignore ````
    /// block, since it is not the example's code) has the C header's fields at the header's
    /// offsets, and ends where the header's struct does: the comment `1.N ends at SIZE` on its
    /// last field is `sizeof(valuegen_plugin)`.
    @Test func theRustDescriptorHasTheHeadersLayout() throws {
        let page = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/WritingPlugins.md"), encoding: .utf8)
        let block = try #require(DocumentationBlock.blocks(in: page, document: "docs/WritingPlugins.md").first { $0.words == ["rust,ignore"] && $0.text.contains("pub struct ValuegenPlugin {") })
        let field = try NSRegularExpression(pattern: "^\\s*(\\w+): [^/]*//\\s*(\\d+)")
        var fields: [(name: String, offset: String)] = []
        for line in block.text.split(separator: "\n").map(String.init) {
            guard let match = field.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
            fields.append((String(line[Range(match.range(at: 1), in: line)!]), String(line[Range(match.range(at: 2), in: line)!])))
        }
        let size = try #require(block.text.split(separator: "\n").last { $0.contains(" ends at ") }.flatMap { $0.split(separator: " ").last.map(String.init) })
        #expect(fields.count >= 15)
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("layout.c")
        try TestSupport.write("""
            #include <stddef.h>
            #include <stdio.h>
            #include "valuegen_plugin.h"
            int main(void) {
            \(fields.map { "    printf(\"\($0.name) %zu\\n\", offsetof(valuegen_plugin, \($0.name)));" }.joined(separator: "\n"))
                printf("size %zu\\n", sizeof(valuegen_plugin));
                return 0;
            }

            """, to: program)
        let executable = folder.appendingPathComponent("layout")
        let build = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["cc", "-std=c99", "-I", TestSupport.repositoryRoot.appendingPathComponent("PluginSDK/include").path, "-o", executable.path, program.path])
        try #require(build.status == 0, "a field the page names is not in valuegen_plugin.h:\n\(build.standardError)")
        let shown = fields.map { "\($0.name) \($0.offset)\n" }.joined() + "size \(size)\n"
        #expect(try runProcess(executable, []).standardOutput == shown, "WritingPlugins.md gives other offsets than valuegen_plugin.h on this machine")
    }

    /// Writes each block to a file of its own, named after its line; the files' paths.
    private static func write(_ blocks: [DocumentationSample], to folder: URL, header: String) throws -> [String] {
        try blocks.map { block in
            let file = folder.appendingPathComponent("Line\(block.line).swift")
            try TestSupport.write(header + block.text + "\n", to: file)
            return file.path
        }
    }

    /// The compiler's errors, each with the document's line it is on.
    private static func describe(_ errors: [CompilerDiagnostic], of blocks: [DocumentationSample]) -> String {
        errors.map { error in
            let name = (error.path as NSString).lastPathComponent
            guard name.hasPrefix("Line"), let line = Int(name.dropFirst(4).dropLast(6)), let block = blocks.first(where: { $0.line == line }) else { return error.description }
            // The file starts with the header's import lines, then the block's first line.
            let headerLines = 2 + (block.kind == .runtimeSwift ? 1 : 0)
            return "\(block.document):\(block.line + error.line - headerLines): \(error.severity): \(error.message)"
        }.joined(separator: "\n")
    }
}
