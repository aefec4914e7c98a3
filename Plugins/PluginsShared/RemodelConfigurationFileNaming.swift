// Shared by the valuegen CLI (through ValuegenCore) and the SwiftPM plugins, the way
// swift-openapi-generator shares PluginsShared: one real file, symlinked into each target.

/// Facebook Remodel's configuration files, one per schema kind, and where Remodel looks for
/// them: in the folder it starts from and then in each parent folder up to the file system's
/// root, the nearest one winning. valuegen starts from each schema's own folder, so the CLI,
/// the build plugin (which lists the files as build inputs) and the command plugin find the
/// same file for a schema however they are given it.
enum RemodelConfigurationFileNaming {
    /// The file Remodel reads for schemas with this extension (without the dot).
    static func fileName(forSchemaExtension schemaExtension: String) -> String? {
        switch schemaExtension {
        case "value": return ".valueObjectConfig"
        case "adtValue": return ".algebraicTypeConfig"
        case "object": return ".objectConfig"
        default: return nil
        }
    }

    /// The nearest file with this name in the folder or one of its parents. The folder is an
    /// absolute path; `exists` answers for a path whether a file is there.
    static func nearest(_ fileName: String, fromFolder folder: String, exists: (String) -> Bool) -> String? {
        for candidate in folders(from: folder) {
            let path = candidate == "/" ? "/" + fileName : candidate + "/" + fileName
            if exists(path) {
                return path
            }
        }
        return nil
    }

    /// The absolute folder and its parents, nearest first, ending at "/"; `.` and `..`
    /// components are resolved by their spelling, as Remodel's `path.resolve` does.
    static func folders(from folder: String) -> [String] {
        var components: [Substring] = []
        for component in folder.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        var folders: [String] = []
        while !components.isEmpty {
            folders.append("/" + components.joined(separator: "/"))
            components.removeLast()
        }
        folders.append("/")
        return folders
    }
}
