/// Prints Swift source with four-space indentation, the way Xcode writes it.
///
/// Every generator prints through one of these, so indentation and blank lines are decided
/// in one place.
public struct CodePrinter: Sendable {
    /// The text printed so far; every line ends with a newline.
    public private(set) var text: String = ""
    private var indentation: String = ""

    public init() {}

    /// Prints one line at the current indentation; an empty line gets no trailing spaces.
    public mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += indentation
            text += content
            text += "\n"
        }
    }

    /// Prints every line of a multi-line string at the current indentation.
    public mutating func lines(_ content: String) {
        for line in content.split(separator: "\n", omittingEmptySubsequences: false) {
            self.line(String(line))
        }
    }

    /// Prints `/// line` for each doc comment line.
    public mutating func docComment(_ comments: [String]) {
        for comment in comments {
            line(comment.isEmpty ? "///" : "/// " + comment)
        }
    }

    /// Prints the body one level deeper.
    public mutating func indented(_ body: (inout CodePrinter) -> Void) {
        let outer = indentation
        indentation += "    "
        body(&self)
        indentation = outer
    }

    /// Prints `header {`, the body one level deeper, and `}`.
    public mutating func block(_ header: String, _ body: (inout CodePrinter) -> Void) {
        line(header + " {")
        indented(body)
        line("}")
    }
}
