import ValuegenPluginSDK

/// Writes an imported type as the text of its schema file, before `SchemaFormatter` lays it out
/// as `valuegen format` does: descriptions as comments, `%codingKeys`/`%caseKeys` styles where
/// one fits, `%codingKey`/`%caseKey` where none does, dates' `%coding`, and the JSON feature.
enum ImportedSchemaWriter {
    /// The features every imported type includes: it is read from and written to JSON.
    static let includes = "JSON"

    /// The first line of every imported file: how a later import knows the file is its own, to
    /// remove it when no component produces it any more (`ImportedFolder`). A blank line
    /// follows, so it documents no type.
    static let header = "# Imported by valuegen import openapi: importing again rewrites this file, or removes it when no component produces it."

    static func fileName(of type: ImportedType) -> String {
        type.name + (type.isValue ? ".value" : ".adtValue")
    }

    static func text(of type: ImportedType) -> String {
        var lines = [header, ""]
        if usesRawJSON(type) {
            lines.append("%type name=RawJSON library=ValuegenRuntime sendable=true")
            lines.append("")
        }
        comment(type.documentation, indent: "", into: &lines)
        if type.isIndirect {
            lines.append("%storage indirect")
        }
        switch type.shape {
        case .value(let attributes):
            if let style = keyStyle(attributes) {
                lines.append("%codingKeys style=\(style.rawValue)")
            }
            lines.append("\(type.name) includes(\(includes)) {")
            write(attributes, style: keyStyle(attributes), indent: "  ", into: &lines)
        case .enumeration(let cases, let style):
            if let style {
                lines.append("%caseKeys style=\(style.rawValue)")
            }
            lines.append("\(type.name) includes(\(includes)) {")
            for enumerationCase in cases {
                if let value = enumerationCase.value {
                    if OpenAPISchemaMapper.spell(style, SwiftLanguage.lowerCamelCase(enumerationCase.subtypeName)) != value {
                        lines.append("  %caseKey name=\(quoted(value))")
                    }
                } else {
                    lines.append("  %unknownCase")
                }
                lines.append("  \(enumerationCase.subtypeName)")
            }
        case .union(let union):
            let attributes = union.cases.flatMap { unionCase -> [ImportedAttribute] in
                if case .attributes(let members) = unionCase.payload { return members }
                return []
            }
            let style = keyStyle(attributes)
            if let discriminator = union.discriminator {
                // A tagged union's single values are components it holds whole, beside the tag.
                let holdsWhole = union.cases.contains { if case .single = $0.payload { return true } else { return false } }
                lines.append("%coding representation=internal discriminator=\(quoted(discriminator))" + (holdsWhole ? " payloads=flattened" : ""))
            } else {
                lines.append("%coding representation=untagged")
            }
            if let caseStyle = union.caseKeyStyle {
                lines.append("%caseKeys style=\(caseStyle.rawValue)")
            }
            if let style {
                lines.append("%codingKeys style=\(style.rawValue)")
            }
            lines.append("\(type.name) includes(\(includes)) {")
            for unionCase in union.cases {
                comment(unionCase.documentation, indent: "  ", into: &lines)
                if let tag = unionCase.tag, OpenAPISchemaMapper.spell(union.caseKeyStyle, SwiftLanguage.lowerCamelCase(unionCase.subtypeName)) != tag {
                    lines.append("  %caseKey name=\(quoted(tag))")
                }
                switch unionCase.payload {
                case .unknown:
                    lines.append("  %unknownCase")
                    lines.append("  \(unionCase.subtypeName)")
                case .single(let type):
                    lines.append("  %singleAttributeSubtype attributeType=\(quoted(type.spelling))")
                    lines.append("  \(unionCase.subtypeName)")
                case .attributes(let members) where members.isEmpty:
                    lines.append("  \(unionCase.subtypeName)")
                case .attributes(let members):
                    lines.append("  \(unionCase.subtypeName) {")
                    write(members, style: style, indent: "    ", into: &lines)
                    lines.append("  }")
                }
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func write(_ attributes: [ImportedAttribute], style: CodingKeyStyle?, indent: String, into lines: inout [String]) {
        for attribute in attributes {
            comment(attribute.documentation, indent: indent, into: &lines)
            if OpenAPISchemaMapper.spell(style, attribute.name) != attribute.key {
                lines.append("\(indent)%codingKey name=\(quoted(attribute.key))")
            }
            for rule in attribute.rules {
                lines.append(indent + rule)
            }
            if let dateStyle = attribute.type.dateStyle {
                lines.append("\(indent)%coding \(dateStyle.argument)")
            }
            lines.append("\(indent)\(attribute.name): \(attribute.type.spelling)\(attribute.isOptional ? "?" : "")")
        }
    }

    /// The key style that spells the most keys, nil when their names as written do as well.
    static func keyStyle(_ attributes: [ImportedAttribute]) -> CodingKeyStyle? {
        ImportNames.bestStyle(for: attributes.map { ($0.name, $0.key) }, spell: OpenAPISchemaMapper.spell)
    }

    private static func usesRawJSON(_ type: ImportedType) -> Bool {
        switch type.shape {
        case .value(let attributes):
            return attributes.contains { $0.type.usesRawJSON }
        case .enumeration:
            return false
        case .union(let union):
            return union.cases.contains { unionCase in
                switch unionCase.payload {
                case .single(let type): return type.usesRawJSON
                case .attributes(let members): return members.contains { $0.type.usesRawJSON }
                case .unknown: return false
                }
            }
        }
    }

    /// A description as `#` lines: a schema file's comments become the doc comments of what
    /// follows them.
    private static func comment(_ text: String?, indent: String, into lines: inout [String]) {
        guard let text else { return }
        var paragraph = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop(while: { $0 == " " || $0 == "\r" || $0 == "\t" }).reversed())
        }
        while paragraph.last?.isEmpty == true { paragraph.removeLast() }
        while paragraph.first?.isEmpty == true { paragraph.removeFirst() }
        for line in paragraph {
            lines.append(line.isEmpty ? "\(indent)#" : "\(indent)# \(line)")
        }
    }

    /// A quoted annotation value: `\"` for a quote, `\\` for a backslash.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for character in value {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += " "
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
