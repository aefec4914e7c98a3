/// Files of the whole module (`Emitter.emitModuleFile`, `VALUEGEN_EMIT_MODULE_FILE`): each path
/// written once per run, as module declarations are. The same path with the same contents from
/// several types, files or features lands once; with other contents it is an error on the later
/// schema file in path order, naming the earlier one, and that file generates nothing. A kept
/// file joins the extra files of the first schema file without errors that emitted it, so the
/// rules of extra files (the build-tool plugin's refusal, one owner per path) apply to it too.
enum ModuleFiles {
    static func collect(into files: inout [GeneratedFile]) {
        var kept: [String: (file: ExtraFile, schema: String)] = [:]
        for index in files.indices.sorted(by: { files[$0].source.path < files[$1].source.path }) where files[index].contents != nil {
            let schema = files[index].source.path
            var conflicts: [Diagnostic] = []
            var fromThisFile: [ExtraFile] = []
            for moduleFile in files[index].moduleFiles {
                if let earlier = kept[moduleFile.path] ?? fromThisFile.first(where: { $0.path == moduleFile.path }).map({ ($0, schema) }) {
                    if earlier.file.contents != moduleFile.contents {
                        let place = earlier.schema == schema ? "this file" : earlier.schema
                        conflicts.append(Diagnostic(.error, "\(moduleFile.origin) emitted the module file '\(moduleFile.path)' with other contents than \(earlier.file.origin) emitted for it in \(place); a module file is written once per run, so emit the same contents everywhere or use another path", path: schema))
                    }
                    continue
                }
                fromThisFile.append(moduleFile)
            }
            if conflicts.isEmpty {
                for moduleFile in fromThisFile {
                    kept[moduleFile.path] = (moduleFile, schema)
                }
                files[index].extraFiles += fromThisFile
            } else {
                files[index].diagnostics += conflicts
                files[index].contents = nil
                files[index].extraFiles = []
            }
        }
    }
}
