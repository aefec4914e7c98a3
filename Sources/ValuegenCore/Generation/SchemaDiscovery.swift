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

    public static func find(_ inputs: [String]) throws(Failure) -> [Found] {
        var found: [Found] = []
        var seen: Set<String> = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw Failure(description: "\(input): error: no such file or folder")
            }
            if isDirectory.boolValue {
                for path in schemaFiles(in: input) where seen.insert(path).inserted {
                    found.append(Found(path: path, root: input))
                }
            } else if input.hasSuffix(".swift") {
                // A Swift file of the module: its type names count as declared (see swiftFiles).
                continue
            } else {
                guard SchemaSource(path: input, bytes: []).kind != nil else {
                    throw Failure(description: "\(input): error: \(SchemaSource.notASchemaFileMessage)")
                }
                if seen.insert(input).inserted {
                    found.append(Found(path: input, root: (input as NSString).deletingLastPathComponent))
                }
            }
        }
        return found
    }

    /// The module's hand-written Swift files: those named on the command line, those in the
    /// folders searched for schemas, and those beside a schema file named on its own.
    public static func swiftFiles(for inputs: [String]) -> [String] {
        var found: Set<String> = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                found.formUnion(files(in: input) { $0.hasSuffix(".swift") })
            } else if input.hasSuffix(".swift") {
                found.insert(input)
            } else {
                let folder = (input as NSString).deletingLastPathComponent
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
                for name in names where name.hasSuffix(".swift") && !name.hasPrefix(".") {
                    found.insert(folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))
                }
            }
        }
        return found.sorted()
    }

    private static func schemaFiles(in folder: String) -> [String] {
        files(in: folder) { SchemaSource(path: $0, bytes: []).kind != nil }
    }

    private static func files(in folder: String, matching isWanted: (String) -> Bool) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let path = folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
            if isWanted(path) {
                paths.append(path)
            }
        }
        return paths.sorted()
    }
}
