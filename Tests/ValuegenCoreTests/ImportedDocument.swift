@testable import ValuegenCore

/// What `OpenAPIImport` makes of a small document with the given `components/schemas`: the
/// files' texts by name, and the warnings as printed.
struct ImportedDocument {
    var files: [String: String]
    var warnings: [String]

    init(_ schemas: String, version: String = "3.1.0", options: OpenAPIImport.Options = OpenAPIImport.Options()) throws {
        let document = #"{"openapi": "\#(version)", "info": {"title": "T", "version": "1"}, "components": {"schemas": \#(schemas)}}"#
        let result = try OpenAPIImport.run(document: Array(document.utf8), path: "api.json", options: options)
        files = Dictionary(uniqueKeysWithValues: result.files.map { ($0.name, String(decoding: $0.bytes, as: UTF8.self)) })
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
