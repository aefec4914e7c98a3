import Foundation
import Testing
import ValuegenCore

/// The error catalogue of docs/Language.md ("Errors and warnings", up to "Command line"; not
/// "Protocols", whose rows need the protocols of other files) cannot drift: each row whose
/// input is one schema file (`line`<br>`line`, alone or *(in `User`)* / *(in `Status`)* for a
/// body, with no `…` standing for more) and whose diagnostic cell is the diagnostics alone is
/// generated, and valuegen's first diagnostics must be exactly those lines (a row may leave out
/// the ones that follow from the first, such as the unterminated body of `T: {`). The file is
/// the one the first diagnostic names.
@Suite struct ErrorCatalogueTests {
    struct Row {
        var line: Int
        var schema: String
        var path: String
        var diagnostics: [String]
    }

    /// The rows that can be run, and how many rows of the catalogue's tables could not.
    static func rows() throws -> (runnable: [Row], others: Int) {
        let markdown = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/Language.md"), encoding: .utf8)
        var runnable: [Row] = []
        var others = 0
        var inTable = false
        var skipping = false
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line == "### Command line" { break }
            if line.hasPrefix("#") { skipping = line == "#### Protocols" }
            if line == "| Input | Diagnostic |" { inTable = !skipping; continue }
            guard inTable, line.hasPrefix("|") else { inTable = false; continue }
            if line.hasPrefix("|---") { continue }
            let cells = cells(of: String(line))
            if cells.count == 2, let row = row(input: cells[0], diagnostic: cells[1], line: index + 1) {
                runnable.append(row)
            } else {
                others += 1
            }
        }
        return (runnable, others)
    }

    @Test func everyRunnableRowGivesTheDiagnosticsItShows() throws {
        let (rows, others) = try Self.rows()
        #expect(rows.count >= 130, "only \(rows.count) rows of the catalogue are runnable (\(others) others)")
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (number, row) in rows.enumerated() {
            let schemas = folder.appendingPathComponent("\(number)/Schemas")
            try TestSupport.write(row.schema, to: schemas.appendingPathComponent(row.path))
            let report = GenerationRun().run(GenerationOptions(inputs: [schemas.path], outputDirectory: folder.appendingPathComponent("\(number)/Generated").path))
            let diagnostics = (report.usageErrors + report.diagnostics.map(\.description)).map { $0.replacingOccurrences(of: schemas.path + "/", with: "") }
            #expect(Array(diagnostics.prefix(row.diagnostics.count)) == row.diagnostics, "docs/Language.md:\(row.line): valuegen reports:\n\(diagnostics.joined(separator: "\n"))")
        }
    }

    /// The cells of a table row; `\|` is a `|` inside a cell.
    private static func cells(of line: String) -> [String] {
        line.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|")
            .map { $0.replacingOccurrences(of: "\u{0}", with: "|").trimmingCharacters(in: .whitespaces) }
    }

    /// `code`<br>`code`… alone, or nil when the cell holds anything else.
    private static func codeLines(_ cell: String) -> [String]? {
        let parts = cell.components(separatedBy: "<br>")
        guard parts.allSatisfy({ $0.count >= 2 && $0.hasPrefix("`") && $0.hasSuffix("`") && !$0.dropFirst().dropLast().contains("`") }) else { return nil }
        return parts.map { String($0.dropFirst().dropLast()) }
    }

    private static func row(input: String, diagnostic: String, line: Int) -> Row? {
        guard let diagnostics = codeLines(diagnostic), let first = diagnostics.first,
              let path = first.split(separator: ":").first.map(String.init),
              DocumentationSample.schemaExtensions.contains((path as NSString).pathExtension), !path.contains("/") else { return nil }
        var input = input
        var body: String?
        for type in ["User", "Status"] where input.hasSuffix(" *(in `\(type)`)*") {
            input = String(input.dropLast(" *(in `\(type)`)*".count))
            body = type
        }
        guard let lines = codeLines(input), !lines.contains(where: { $0.contains("…") }) else { return nil }
        guard let type = body else { return Row(line: line, schema: lines.joined(separator: "\n") + "\n", path: path, diagnostics: diagnostics) }
        guard path == (type == "User" ? "User.value" : "Status.adtValue") else { return nil }
        return Row(line: line, schema: "\(type) {\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n}\n", path: path, diagnostics: diagnostics)
    }
}
