import Foundation

/// A schema file's lines, each with what it holds: enough structure for a mutation to find a
/// type, a subtype or an attribute and rewrite its line. It reads the formatting the examples
/// use (one declaration per line, types starting in the first column), not the whole language.
struct SchemaOutline {
    enum Role: Equatable {
        /// `User includes(Builder) {`, in the first column.
        case typeHeader(name: String)
        /// `Pending`, `Sent {` or `Location { latitude: Double }` in an ADT's body.
        case subtype(name: String)
        case swiftAttribute(SwiftAttributeLine)
        case remodelAttribute(RemodelAttributeLine)
        /// `%name ...`, before a declaration or at the top of the file.
        case annotation
        /// Comments, blank lines and closing braces.
        case other
    }

    /// One type: its header's line and the line of the `}` that closes it.
    struct TypeBlock {
        var name: String
        var header: Int
        var end: Int
        var isADT: Bool
    }

    var lines: [String]
    var roles: [Role]
    var blocks: [TypeBlock]

    init(_ text: String, isADT: Bool) {
        lines = text.components(separatedBy: "\n")
        roles = []
        blocks = []
        var depth = 0
        var openBlock: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let role: Role
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("}") {
                role = .other
            } else if trimmed.hasPrefix("%") {
                role = .annotation
            } else if depth == 0, let name = SchemaOutline.leadingIdentifier(of: line), line.hasPrefix(name), trimmed.contains("{") {
                role = .typeHeader(name: name)
                blocks.append(TypeBlock(name: name, header: index, end: index, isADT: isADT))
            } else if depth == 1, isADT, let name = SchemaOutline.leadingIdentifier(of: trimmed),
                      trimmed == name || trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces).hasPrefix("{") {
                role = .subtype(name: name)
            } else if let attribute = SwiftAttributeLine(line) {
                role = .swiftAttribute(attribute)
            } else if let attribute = RemodelAttributeLine(line) {
                role = .remodelAttribute(attribute)
            } else {
                role = .other
            }
            roles.append(role)
            depth = max(0, depth + SchemaOutline.braceBalance(of: line))
            if depth == 0, let open = openBlock {
                blocks[open].end = index
                openBlock = nil
            }
            if case .typeHeader = role, depth > 0 { openBlock = blocks.count - 1 }
        }
        if let open = openBlock { blocks[open].end = lines.count - 1 }
    }

    var text: String { lines.joined(separator: "\n") }

    /// The type block that holds a line.
    func block(containing line: Int) -> TypeBlock? {
        blocks.first { $0.header <= line && line <= $0.end }
    }

    /// The attribute names of a block, in both styles.
    func attributeNames(in block: TypeBlock) -> Set<String> {
        var names: Set<String> = []
        for index in block.header...block.end {
            switch roles[index] {
            case .swiftAttribute(let attribute): names.insert(attribute.name)
            case .remodelAttribute(let attribute): names.insert(attribute.name)
            default: break
            }
        }
        return names
    }

    /// The first line of what documents or annotates the declaration at `line`: the comment
    /// and annotation lines directly above it.
    func leadingLines(of line: Int) -> Int {
        var first = line
        while first > 0 {
            let above = lines[first - 1].trimmingCharacters(in: .whitespaces)
            guard above.hasPrefix("#") || above.hasPrefix("%") else { break }
            if above.hasPrefix("%"), SchemaOutline.isFileAnnotation(above) { break }
            first -= 1
        }
        return first
    }

    static func isFileAnnotation(_ trimmed: String) -> Bool {
        trimmed.hasPrefix("%type ") || trimmed.hasPrefix("%library ") || trimmed.hasPrefix("%import ")
    }

    static func leadingIdentifier(of text: some StringProtocol) -> String? {
        guard let first = text.first, first.isLetter || first == "_" else { return nil }
        return String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// `{` minus `}` outside string literals and comments.
    static func braceBalance(of line: String) -> Int {
        var balance = 0
        for (character, isCode) in codeCharacters(of: line) where isCode {
            if character == "{" { balance += 1 }
            if character == "}" { balance -= 1 }
        }
        return balance
    }

    /// Each character of a line, and whether it is code rather than part of a string literal;
    /// stops at a `#` comment.
    static func codeCharacters(of line: String) -> [(Character, Bool)] {
        var result: [(Character, Bool)] = []
        var inString = false
        var escaped = false
        let characters = Array(line)
        for (index, character) in characters.enumerated() {
            if inString {
                result.append((character, false))
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            if character == "#", index + 1 >= characters.count || characters[index + 1] != "\"" { break }
            if character == "\"" { inString = true }
            result.append((character, character != "\""))
        }
        return result
    }

    /// Every whole-word occurrence of `word` in `text`, as ranges.
    static func wordRanges(of word: String, in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var searchStart = text.startIndex
        while let range = text.range(of: word, range: searchStart..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            let isWordCharacter: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWordCharacter(before), !isWordCharacter(after) { ranges.append(range) }
            searchStart = range.upperBound
        }
        return ranges
    }

    static func replacingWords(_ word: String, with replacement: String, in text: String) -> String {
        var result = text
        for range in wordRanges(of: word, in: text).reversed() {
            result.replaceSubrange(range, with: replacement)
        }
        return result
    }
}

/// `  name: Type = default   # comment`
struct SwiftAttributeLine: Equatable {
    var indent: String
    var name: String
    var type: String
    var defaultValue: String?
    var comment: String?

    init?(_ line: String) {
        let indent = String(line.prefix { $0 == " " || $0 == "\t" })
        let body = line.dropFirst(indent.count)
        guard !indent.isEmpty, let name = SchemaOutline.leadingIdentifier(of: body) else { return nil }
        let afterName = body.dropFirst(name.count).drop { $0 == " " }
        guard afterName.first == ":" else { return nil }
        let rest = String(afterName.dropFirst())
        let code = SchemaOutline.codeCharacters(of: rest)
        let codeText = String(code.map(\.0))
        let commentText = rest.dropFirst(codeText.count).trimmingCharacters(in: .whitespaces)
        var depth = 0
        var equals: String.Index?
        for (offset, (character, isCode)) in code.enumerated() where isCode {
            if "([<{".contains(character) { depth += 1 }
            if ")]>}".contains(character) { depth -= 1 }
            if character == "=", depth == 0 {
                equals = codeText.index(codeText.startIndex, offsetBy: offset)
                break
            }
        }
        self.indent = indent
        self.name = name
        if let equals {
            type = codeText[..<equals].trimmingCharacters(in: .whitespaces)
            defaultValue = codeText[codeText.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        } else {
            type = codeText.trimmingCharacters(in: .whitespaces)
            defaultValue = nil
        }
        comment = commentText.isEmpty ? nil : commentText
        guard !type.isEmpty, !type.contains("{"), !type.contains("}") else { return nil }
    }

    var rendered: String {
        var line = "\(indent)\(name): \(type)"
        if let defaultValue { line += " = \(defaultValue)" }
        if let comment { line += "   \(comment)" }
        return line
    }
}

/// `  NSString *name`, `  BOOL isMuted`, `  MessageKind(NSUInteger) kind`
struct RemodelAttributeLine: Equatable {
    var indent: String
    /// Everything before the name, `*` included: `NSString *`.
    var type: String
    var name: String

    init?(_ line: String) {
        let indent = String(line.prefix { $0 == " " || $0 == "\t" })
        let body = line.dropFirst(indent.count).trimmingCharacters(in: .whitespaces)
        guard !indent.isEmpty, !body.contains(":"), !body.contains("{"), !body.contains("#") else { return nil }
        let name = String(body.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
        let type = body.dropLast(name.count).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.first?.isNumber == false, !type.isEmpty else { return nil }
        self.indent = indent
        self.type = type.hasSuffix("*") ? String(type.dropLast()).trimmingCharacters(in: .whitespaces) + " *" : type
        self.name = name
    }

    var rendered: String {
        type.hasSuffix("*") ? "\(indent)\(type)\(name)" : "\(indent)\(type) \(name)"
    }
}
