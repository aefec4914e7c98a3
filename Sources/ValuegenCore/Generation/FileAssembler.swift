import ValuegenPluginSDK

/// Puts the contributions of every feature together into one Swift file, in a fixed order:
/// the header, the imports (sorted), the file's protocols, then each type in declaration order with its own
/// declaration first and each feature's code after it under a `// MARK: -` header.
enum FileAssembler {
    static func render(_ request: GenerationRequest, contributions: [ContributionCollector]) -> String {
        var text = header(for: request.file.name)
        let imports = Set(request.imports + contributions.flatMap(\.imports)).sorted()
        // A file that needs UIKit is compiled only where UIKit can be imported (iOS, tvOS,
        // visionOS, Mac Catalyst); elsewhere swiftc parses it and compiles nothing.
        let needsUIKit = imports.contains("UIKit")
        if needsUIKit {
            text += "\n#if canImport(UIKit)\n"
        }
        if !imports.isEmpty {
            text += "\n"
            for module in imports {
                text += "import \(module)\n"
            }
        }
        for declaration in request.protocols {
            text += "\n"
            text += normalized(ProtocolDeclaration.render(declaration, access: request.accessLevel.modifier))
        }
        for type in request.types {
            var isFirstBlock = true
            for contribution in contributions {
                for declaration in contribution.declarations where declaration.typeName == type.name {
                    text += "\n"
                    if !isFirstBlock {
                        text += "// MARK: - \(type.name): \(contribution.featureName)\n\n"
                    }
                    isFirstBlock = false
                    text += normalized(declaration.code)
                }
            }
        }
        if needsUIKit {
            text += "\n#endif\n"
        }
        return text
    }

    /// The first line of every generated file.
    static func header(for schemaName: String) -> String {
        SwiftTypeScanner.generatedFileMarker + "\(ValuegenVersion.current)\(headerSchemaPrefix)\(schemaName)\(headerEnd)\n"
    }

    private static let headerSchemaPrefix = " from "
    private static let headerEnd = ". Do not edit: change the schema and regenerate."

    /// The schema file name a generated file's first line names, whichever version of valuegen
    /// wrote it; nil when the line is not that header.
    static func schemaName(inHeader line: Substring) -> String? {
        guard line.hasPrefix(SwiftTypeScanner.generatedFileMarker), line.hasSuffix(headerEnd) else { return nil }
        let rest = line.dropFirst(SwiftTypeScanner.generatedFileMarker.count).dropLast(headerEnd.count)
        guard let from = rest.range(of: headerSchemaPrefix), !rest[..<from.lowerBound].contains(" ") else { return nil }
        let name = rest[from.upperBound...]
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }

    /// The code with exactly one trailing newline and no trailing spaces on any line.
    /// Code from the CodePrinter is already clean and passes through after one scan.
    static func normalized(_ code: String) -> String {
        var code = code
        let isClean = code.withUTF8 { bytes -> Bool in
            guard bytes.count >= 1, bytes[bytes.count - 1] == UInt8(ascii: "\n") else { return false }
            if bytes.count >= 2 && (bytes[bytes.count - 2] == UInt8(ascii: "\n") || bytes[bytes.count - 2] == UInt8(ascii: " ")) {
                return false
            }
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "\n") && previous == UInt8(ascii: " ") {
                    return false
                }
                previous = byte
            }
            return true
        }
        if isClean {
            return code
        }
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var line = line
            while line.last == " " { line = line.dropLast() }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
