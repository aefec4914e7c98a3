import ValuegenPluginHost
import ValuegenPluginSDK

/// `valuegen plugins inspect LIBRARY`: loads a plugin and prints what it says about itself.
enum InspectPluginCommand {
    static func run(_ path: String) -> Int32 {
        let library: PluginLibrary
        do {
            library = try PluginLibrary.load(path)
        } catch {
            Console.error("error: \(error)")
            return 2
        }
        let descriptor = library.descriptor
        func kinds(_ set: Set<ModelKind>) -> String {
            let names = ModelKind.allCases.filter(set.contains).map { "." + $0.fileExtension }
            return names.isEmpty ? "none" : names.joined(separator: ", ")
        }
        var features: [String] = []
        if library.isThreadSafe { features.append("thread-safe") }
        if library.emitsExtraFiles { features.append("extra-files") }
        if library.readsModule { features.append("reads-module") }
        if library.takesModuleOnce { features.append("module-once") }
        if descriptor.hasModulePass { features.append("module-pass") }
        // Shown only when declared (ABI 1.1), so a 1.0 plugin's description is as it was.
        let members = descriptor.generatedMemberNames.isEmpty ? "" : "\nmember names:    \(descriptor.generatedMemberNames.joined(separator: ", "))"
        // Shown only when declared (ABI 1.2); a plugin that reads none says so.
        let annotations = descriptor.annotationNames.map { names in "\nannotations:     \(names.isEmpty ? "none" : names.map { "%" + $0 }.joined(separator: ", "))" } ?? ""
        print("""
        path:            \(path)
        id:              \(descriptor.id)
        version:         \(descriptor.version)
        ABI:             \(library.abiMajor).\(library.abiMinor) (this valuegen: \(HostABI.major).\(HostABI.minor))
        include names:   \(descriptor.includeNames.joined(separator: ", "))
        default for:     \(kinds(descriptor.defaultKinds))
        supports:        \(kinds(descriptor.supportedKinds))
        features:        \(features.isEmpty ? "none" : features.joined(separator: ", "))\(members)\(annotations)
        """)
        return 0
    }
}
