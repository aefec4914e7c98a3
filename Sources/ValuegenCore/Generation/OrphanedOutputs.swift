import Foundation

/// A generated file whose schema file is gone (`OrphanedOutputs`).
public struct OrphanedOutput: Sendable, Equatable {
    /// The generated file, in the output folder.
    public var path: String
    /// The schema file name its header names.
    public var schemaName: String
}

/// Generated files whose schema is gone: after `Store.value` is deleted, the `Store.swift` an
/// earlier run wrote. A run removes them (with `--check`, reports them as stale), so that the
/// output folder holds what the schemas generate and nothing else.
///
/// Only a file valuegen wrote is ever touched, and only one that belongs to this run:
/// - it lies in the output folder itself (a schema's file is never in a subfolder; extra and
///   module files from plugins carry no header of valuegen's and are never touched);
/// - its first line is the header valuegen writes atop a schema's file, naming a schema file
///   whose output has this file's name (a hand-written file, a renamed copy, or a plugin's
///   file that imitates the header are left alone), and the module support file is not one;
/// - no schema of the run generates a file of that name (one with errors included: its
///   previous output stays until the schema is fixed);
/// - no schema file of that name lies beside a schema file the run was given on its own, so
///   that runs over single files (`valuegen generate Models/A.value`, as a build system calls
///   it per file) can share an output folder without removing each other's files.
enum OrphanedOutputs {
    typealias Orphan = OrphanedOutput

    /// `generated`: the names of every file the run writes into the output folder, or would
    /// write without errors.
    static func find(in outputDirectory: String, generated: Set<String>, inputs: [String]) -> [Orphan] {
        let folder = outputDirectory.isEmpty ? "." : outputDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let foldersOfFileInputs = Set(inputs.filter { !isDirectory($0) }.map { ($0 as NSString).deletingLastPathComponent })
        var orphans: [Orphan] = []
        for name in names.sorted() where name.hasSuffix(".swift") && !name.hasPrefix(".") && !generated.contains(name) && name != ModuleSupportFile.fileName {
            let path = (outputDirectory as NSString).appendingPathComponent(name)
            guard isRegularFile(path),
                  let schemaName = schemaName(inHeaderOf: path),
                  SchemaFileNaming.outputFileName(forSchemaNamed: schemaName) == name,
                  !foldersOfFileInputs.contains(where: { FileManager.default.fileExists(atPath: ($0.isEmpty ? "." : $0) + "/" + schemaName) })
            else { continue }
            orphans.append(Orphan(path: path, schemaName: schemaName))
        }
        return orphans
    }

    /// The schema named by the file's first line, read without reading the whole file.
    private static func schemaName(inHeaderOf path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 512),
              let newline = start.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: start[start.startIndex..<newline], as: UTF8.self)
        return FileAssembler.schemaName(inHeader: line[...])
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Not a folder, and not a symbolic link (whose target may be anyone's).
    private static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }
}
