import Foundation

/// A code block of a Markdown document: fenced (``` or ~~~), with the words of its info string
/// (```` ```swift runtime ```` has `["swift", "runtime"]`), or indented by four spaces, which
/// has none.
/// DocumentationSample says what the words mean; DocumentationCensusTests that every block has
/// a meaning.
struct DocumentationBlock: Sendable, CustomStringConvertible {
    var document: String
    /// The line of the opening fence, or of the first line of an indented block.
    var line: Int
    var words: [String]
    var isIndented: Bool
    var text: String

    var description: String { "\(document):\(line)" }

    /// The code blocks of a Markdown document, in order. A line indented four spaces more than
    /// the list item it is in, after a blank line, starts an indented block, as in CommonMark.
    static func blocks(in markdown: String, document: String) -> [DocumentationBlock] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [DocumentationBlock] = []
        var listIndentation = 0
        var previousIsBlank = true
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indentation = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indentation)
            // A fence: backticks (or tildes) and an info string without one (```` ```swift ```` in
            // prose is not).
            if let fence = ["```", "~~~"].first(where: { content.hasPrefix($0) }), !content.drop(while: { $0 == fence.first }).contains("`") {
                let words = content.dropFirst(3).split(separator: " ").map(String.init)
                var body: [String] = []
                let opening = index + 1
                index += 1
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != fence {
                    body.append(String(lines[index].dropFirst(min(indentation, lines[index].prefix { $0 == " " }.count))))
                    index += 1
                }
                index += 1
                blocks.append(DocumentationBlock(document: document, line: opening, words: words, isIndented: false, text: body.joined(separator: "\n")))
                previousIsBlank = false
                continue
            }
            if content.isEmpty {
                previousIsBlank = true
                index += 1
                continue
            }
            if previousIsBlank, indentation >= listIndentation + 4 {
                let opening = index + 1
                var body: [String] = []
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty || lines[index].prefix(while: { $0 == " " }).count >= listIndentation + 4 {
                    body.append(String(lines[index].dropFirst(listIndentation + 4)))
                    index += 1
                }
                while body.last?.isEmpty == true { body.removeLast() }
                blocks.append(DocumentationBlock(document: document, line: opening, words: [], isIndented: true, text: body.joined(separator: "\n")))
                previousIsBlank = true
                continue
            }
            if let marker = listMarkerWidth(content) {
                listIndentation = indentation + marker
            } else if previousIsBlank, indentation < listIndentation {
                listIndentation = indentation
            }
            previousIsBlank = false
            index += 1
        }
        return blocks
    }

    /// The width of a list item's marker and the space after it (`- `, `12. `), or nil.
    private static func listMarkerWidth(_ line: Substring) -> Int? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") { return 2 }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") || line.dropFirst(digits.count).hasPrefix(") ") else { return nil }
        return digits.count + 2
    }
}
