import ValuegenPluginSDK

/// The Swift of a schema protocol: `public protocol Timestamped: Identified` with a read-only
/// requirement per attribute it declares itself, so that code can be generic over the types
/// that adopt it. The file assembler writes it before the file's types.
enum ProtocolDeclaration {
    static func render(_ declaration: ModelProtocol, access: String) -> String {
        var printer = CodePrinter()
        printer.docComment(declaration.comments)
        let refines = declaration.refines.isEmpty ? "" : ": " + declaration.refines.joined(separator: ", ")
        let header = "\(access)protocol \(declaration.name)\(refines)"
        guard !declaration.attributes.isEmpty else {
            printer.line(header + " {}")
            return printer.text
        }
        printer.block(header) { body in
            for attribute in declaration.attributes {
                body.docComment(attribute.comments)
                body.line("var \(attribute.swiftName): \(attribute.type.swift) { get }")
            }
        }
        return printer.text
    }
}

extension ModelType {
    /// `: Timestamped, Identified` after the type's name when it adopts schema protocols.
    var adoptionClause: String {
        protocols.isEmpty ? "" : ": " + protocols.joined(separator: ", ")
    }
}
