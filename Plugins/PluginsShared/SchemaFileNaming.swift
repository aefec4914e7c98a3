// Shared by the valuegen CLI (through ValuegenCore) and the SwiftPM plugins, the way
// swift-openapi-generator shares PluginsShared: one real file, symlinked into each target.

/// Which files are schemas and what each one generates.
enum SchemaFileNaming {
    /// The schema file extensions, without the dot.
    static let extensions = ["value", "adtValue", "object"]

    /// The configuration file looked for next to the schemas (and in a SwiftPM target's folder).
    static let configurationFileName = "valuegen.json"

    /// The one file per run that holds the declarations features share across the module
    /// (module declarations), beside the per-schema files. The build plugin declares it as an
    /// output of every target it runs on; `valuegen generate` writes it when something was
    /// emitted into it (or with `--module-support-file`, always).
    static let moduleSupportFileName = "ValuegenModuleSupport.swift"

    /// The schema's extension, when the file name ends in one.
    static func schemaExtension(of fileName: String) -> String? {
        extensions.first { fileName.hasSuffix("." + $0) && fileName.count > $0.count + 1 }
    }

    /// `User.value` → `User.swift`: the one Swift file a schema file generates.
    static func outputFileName(forSchemaNamed fileName: String) -> String {
        guard let schemaExtension = schemaExtension(of: fileName) else { return fileName + ".swift" }
        return String(fileName.dropLast(schemaExtension.count + 1)) + ".swift"
    }
}
