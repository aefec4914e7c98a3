@testable import ValuegenCore

/// What `OpenAPIImport` makes of a small document with the given `components/schemas`: the
/// files' texts by name, after the header every imported file starts with, and the warnings as
/// printed.
struct ImportedDocument {
    var files: [String: String]
    var warnings: [String]

    struct MissingHeader: Error, CustomStringConvertible {
        var description: String
    }

    init(_ schemas: String, version: String = "3.1.0", options: OpenAPIImport.Options = OpenAPIImport.Options()) throws {
        let document = #"{"openapi": "\#(version)", "info": {"title": "T", "version": "1"}, "components": {"schemas": \#(schemas)}}"#
        let result = try OpenAPIImport.run(document: Array(document.utf8), path: "api.json", options: options)
        let header = ImportedSchemaWriter.header + "\n\n"
        files = try Dictionary(uniqueKeysWithValues: result.files.map { file in
            let text = String(decoding: file.bytes, as: UTF8.self)
            guard text.hasPrefix(header) else {
                throw MissingHeader(description: "\(file.name) does not start with the import's header:\n\(text)")
            }
            return (file.name, String(text.dropFirst(header.count)))
        })
        warnings = result.warnings.map(\.description)
    }

    /// The message of the failure importing `text` as a whole document, nil when it imports.
    static func failure(_ text: String, path: String = "api.json", options: OpenAPIImport.Options = OpenAPIImport.Options()) -> String? {
        do {
            _ = try OpenAPIImport.run(document: Array(text.utf8), path: path, options: options)
            return nil
        } catch {
            return error.message
        }
    }
}
