import ValuegenPluginSDK

extension SchemaSource {
    /// Where `word` is written as a whole word on the line of `location`, skipping the
    /// occurrence at `location` itself (an attribute named like its type): lets a diagnostic
    /// about one name of an attribute's type point at that name rather than the attribute.
    func location(ofWord word: String, onLineOf location: SourceLocation) -> SourceLocation? {
        guard !word.isEmpty, let line = lineRange(location.line) else { return nil }
        let target = Array(word.utf8)
        var index = line.lowerBound
        while index + target.count <= line.upperBound {
            let column = index - line.lowerBound + 1
            if bytes[index..<index + target.count].elementsEqual(target),
               index == line.lowerBound || !SwiftLexicalBytes.isIdentifierByte(bytes[index - 1]),
               index + target.count == line.upperBound || !SwiftLexicalBytes.isIdentifierByte(bytes[index + target.count]),
               column != location.column {
                return SourceLocation(line: location.line, column: column)
            }
            index += 1
        }
        return nil
    }

    /// Where `text` starts on the line of `location`, at or after its column.
    func location(ofText text: String, onLineOf location: SourceLocation) -> SourceLocation? {
        guard !text.isEmpty, let line = lineRange(location.line) else { return nil }
        let target = Array(text.utf8)
        var index = line.lowerBound + max(0, location.column - 1)
        while index + target.count <= line.upperBound {
            if bytes[index..<index + target.count].elementsEqual(target) {
                return SourceLocation(line: location.line, column: index - line.lowerBound + 1)
            }
            index += 1
        }
        return nil
    }

    /// The byte range of a 1-based line, without its line break.
    private func lineRange(_ number: Int) -> Range<Int>? {
        var line = 1
        var start = 0
        if number > 1 {
            var found = false
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                line += 1
                if line == number {
                    start = offset + 1
                    found = true
                    break
                }
            }
            guard found else { return nil }
        }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return start..<end
    }
}
