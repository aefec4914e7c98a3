import Foundation

/// Writing an import into its folder, where it may meet an earlier import of the document and
/// schema files written by hand. Every imported file starts with `ImportedSchemaWriter.header`:
/// an earlier import's file that no component produces any more is removed, and a file without
/// the header is never touched unless the import writes a file of the same name.
public enum ImportedFolder {
    public struct Outcome: Equatable, Sendable {
        /// Files written or changed, by name.
        public var written: [String] = []
        /// Files of an earlier import that no component produces any more, removed.
        public var removed: [String] = []
    }

    public static func write(_ files: [(name: String, bytes: [UInt8])], to folder: String) throws(FileSystem.Failure) -> Outcome {
        try FileSystem.createDirectory(folder)
        var outcome = Outcome()
        for file in files {
            if try FileSystem.writeIfChanged(file.bytes, to: folder + "/" + file.name) == .written {
                outcome.written.append(file.name)
            }
        }
        let kept = Set(files.map(\.name))
        let present: [String]
        do {
            present = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw FileSystem.Failure(description: "\(folder): error: cannot list the output folder: \(error.localizedDescription)")
        }
        let header = Array((ImportedSchemaWriter.header + "\n").utf8)
        for name in present where !kept.contains(name) && (name.hasSuffix(".value") || name.hasSuffix(".adtValue")) {
            let path = folder + "/" + name
            guard let bytes = try FileSystem.readIfPresent(path), bytes.starts(with: header) else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw FileSystem.Failure(description: "\(path): error: cannot remove this file of an earlier import, which no component produces any more: \(error.localizedDescription)")
            }
            outcome.removed.append(name)
        }
        return outcome
    }
}
