/// Prints Swift source with four-space indentation, the way Xcode writes it.
///
/// Every generator prints through one of these, so indentation and blank lines are decided
/// in one place.
public struct CodePrinter: Sendable {
    // UTF-8 bytes rather than a String: appending to an array is a copy, appending to a
    // String also re-validates and re-counts, and printing is most of a generator's work.
    private var bytes: [UInt8] = []
    private var indentation = 0

    /// An empty printer at indentation level zero.
    public init() {}

    /// The text printed so far; every line ends with a newline.
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Prints one line at the current indentation; an empty line gets no trailing spaces.
    public mutating func line(_ content: String = "") {
        if !content.isEmpty {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation))
            var content = content
            content.withUTF8 { bytes.append(contentsOf: $0) }
        }
        bytes.append(UInt8(ascii: "\n"))
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
        indentation += 4
        body(&self)
        indentation -= 4
    }

    /// Prints `opening` (a line ending in `{ parameters in`), the body one level deeper,
    /// and `}`: a trailing closure.
    public mutating func closure(_ opening: String, _ body: (inout CodePrinter) -> Void) {
        line(opening)
        indented(body)
        line("}")
    }

    /// Prints `header {`, the body one level deeper, and `}`.
    public mutating func block(_ header: String, _ body: (inout CodePrinter) -> Void) {
        line(header + " {")
        indented(body)
        line("}")
    }
}
