import Foundation
import ValuegenPluginSDK

/// Finds the schema files named on the command line: files as given, folders searched
/// recursively (hidden folders such as `.build` skipped), in a sorted, stable order.
public enum SchemaDiscovery {
    /// A schema file and the folder the search for it started from, where the search for
    /// its `valuegen.json` stops.
    public struct Found: Sendable, Equatable {
        public var path: String
        public var root: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// What a search of the inputs found.
    public struct Discovered: Sendable, Equatable {
        public var schemas: [Found]
        /// The module's hand-written Swift files, sorted: those named on the command line,
        /// those in the folders searched for schemas, and those beside a schema file named on
        /// its own.
        public var swiftFiles: [String]
    }

    public static func find(_ inputs: [String]) throws(Failure) -> [Found] {
        try discover(inputs, swiftFiles: false).schemas
    }

    /// One walk of each folder for the schema files and, when asked, the Swift files.
    public static func discover(_ inputs: [String], swiftFiles wantsSwiftFiles: Bool) throws(Failure) -> Discovered {
        var found: [Found] = []
        var seen: Set<String> = []
        var swiftFiles: Set<String> = []
        // Each folder beside a named schema file is listed once, however many are named in it.
        var listedFolders: Set<String> = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw Failure(description: "\(input): error: no such file or folder")
            }
            if isDirectory.boolValue {
                let files = files(in: input, swiftFiles: wantsSwiftFiles)
                for path in files.schemas where seen.insert(path).inserted {
                    found.append(Found(path: path, root: input))
                }
                swiftFiles.formUnion(files.swift)
            } else if input.hasSuffix(".swift") {
                // A Swift file of the module: its type names count as declared.
                if wantsSwiftFiles { swiftFiles.insert(input) }
            } else {
                guard SchemaSource(path: input, bytes: []).kind != nil else {
                    throw Failure(description: "\(input): error: \(SchemaSource.notASchemaFileMessage)")
                }
                let folder = (input as NSString).deletingLastPathComponent
                if seen.insert(input).inserted {
                    found.append(Found(path: input, root: folder))
                }
                if wantsSwiftFiles, listedFolders.insert(folder).inserted {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
                    for name in names where name.hasSuffix(".swift") && !name.hasPrefix(".") {
                        swiftFiles.insert(folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))
                    }
                }
            }
        }
        return Discovered(schemas: found, swiftFiles: swiftFiles.sorted())
    }

    /// A folder's schema files and (when asked) Swift files, hidden folders skipped, sorted.
    private static func files(in folder: String, swiftFiles wantsSwiftFiles: Bool) -> (schemas: [String], swift: [String]) {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return ([], []) }
        var schemas: [String] = []
        var swift: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let path = folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
            if SchemaSource(path: path, bytes: []).kind != nil {
                schemas.append(path)
            } else if wantsSwiftFiles, name.hasSuffix(".swift") {
                swift.append(path)
            }
        }
        return (schemas.sorted(), swift.sorted())
    }
}
