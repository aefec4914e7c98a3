#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ValuegenPluginSDK

/// The child side of `--isolate-plugins`: loads one plugin library and answers requests from
/// its parent over standard input and output until the input ends. A crash here ends only
/// this process; the parent reports it and starts another worker.
public enum PluginWorker {
    /// Runs the worker loop; returns the process's exit code.
    public static func serve(libraryPath: String, input: Int32 = 0, output requestedOutput: Int32 = 1) -> Int32 {
        // The frames get a descriptor of their own; whatever the plugin prints to standard
        // output goes to standard error instead of into the protocol.
        let output = dup(requestedOutput)
        guard output >= 0, dup2(2, requestedOutput) >= 0 else { return 1 }
        let library: PluginLibrary
        do {
            library = try PluginLibrary.load(libraryPath)
        } catch {
            _ = WorkerProtocol.writeFrame(WorkerProtocol.encode(error: error), to: output)
            return 1
        }
        guard WorkerProtocol.writeFrame(WorkerProtocol.encode(library), to: output) else { return 1 }
        var modules = ModuleTreeCache()
        // The module begin_module took last (ABI 1.3), which the requests that follow leave out.
        var moduleTaken: JSONValue?
        while let frame = WorkerProtocol.readFrame(from: input) {
            let result: PluginOutput
            if let module = WorkerProtocol.moduleOfBeginFrame(frame), let beginModule = library.beginModule {
                let bytes = Array(module)
                let tree = try? JSONParser.parse(bytes)
                result = PluginInvocation.beginModule(moduleBytes: bytes, moduleTree: tree).run(beginModule)
                moduleTaken = tree
            } else if let request = WorkerProtocol.requestOfGenerateModuleFrame(frame), let generateModule = library.generateModule {
                let bytes = Array(request)
                result = PluginInvocation.modulePass(bytes: bytes, tree: try? JSONParser.parse(bytes)).run(generateModule)
            } else {
                var tree = moduleTaken == nil ? modules.parse(frame) : try? JSONParser.parse(frame)
                if let moduleTaken, case .object(var members)? = tree {
                    // Queries of /module/... answer as when the request carried it.
                    members.append(JSONMember(key: "module", value: moduleTaken))
                    tree = .object(members)
                }
                let invocation = PluginInvocation(requestBytes: frame, requestTree: tree, declaredTypes: declaredTypeNames(in: tree), filePaths: Set([tree?["file"]?["path"]?.stringValue].compactMap { $0 }))
                result = invocation.run(library.generate)
            }
            guard WorkerProtocol.writeFrame(WorkerProtocol.encode(result), to: output) else { return 1 }
        }
        return 0
    }

    /// The type names of a request, for checking declarations the plugin attaches.
    private static func declaredTypeNames(in tree: JSONValue?) -> Set<String> {
        guard case .array(let types)? = tree?["types"] else { return [] }
        return Set(types.compactMap { $0["name"]?.stringValue })
    }
}

/// Every request of a run ends in the same module (schemaVersion 2), often much larger than
/// the file's own part: the worker parses it once and reuses the tree while the bytes match.
struct ModuleTreeCache {
    private var moduleBytes: [UInt8] = []
    private var moduleTree: JSONValue?

    /// What the module member starts with; it cannot occur inside a JSON string (the quotes
    /// would be escaped) nor inside the module, so its last occurrence is the module.
    private static let marker = Array(#","module":{"types":["#.utf8)
    private static let key = Array(#","module":"#.utf8)

    mutating func parse(_ request: [UInt8]) -> JSONValue? {
        guard let start = cachedModuleStart(in: request) ?? Self.moduleStart(in: request) else { return try? JSONParser.parse(request) }
        let module = Array(request[(start + Self.key.count)..<(request.count - 1)])
        if moduleTree == nil || module.count != moduleBytes.count || module != moduleBytes {
            guard let tree = try? JSONParser.parse(module) else { return try? JSONParser.parse(request) }
            moduleBytes = module
            moduleTree = tree
        }
        guard let moduleTree, case .object(var members)? = try? JSONParser.parse(Array(request[..<start]) + [UInt8(ascii: "}")]) else {
            return try? JSONParser.parse(request)
        }
        members.append(JSONMember(key: "module", value: moduleTree))
        return .object(members)
    }

    /// Where the module member starts when the request ends in the module seen last: one
    /// comparison of bytes instead of a search.
    private func cachedModuleStart(in request: [UInt8]) -> Int? {
        let length = moduleBytes.count
        guard length > 0, request.count > length + Self.key.count + 1 else { return nil }
        let start = request.count - 1 - length - Self.key.count
        let matches = request.withUnsafeBytes { bytes in
            moduleBytes.withUnsafeBytes { module in
                Self.key.withUnsafeBytes { key in
                    memcmp(bytes.baseAddress! + start, key.baseAddress!, key.count) == 0
                        && memcmp(bytes.baseAddress! + start + key.count, module.baseAddress!, length) == 0
                }
            }
        }
        return matches ? start : nil
    }

    static func moduleStart(in request: [UInt8]) -> Int? {
        let marker = Self.marker
        guard request.count > marker.count, request.last == UInt8(ascii: "}") else { return nil }
        return request.withUnsafeBufferPointer { bytes -> Int? in
            var index = bytes.count - marker.count
            while index >= 0 {
                if bytes[index] == marker[0], memcmp(bytes.baseAddress! + index, marker, marker.count) == 0 {
                    return index
                }
                index -= 1
            }
            return nil
        }
    }
}
