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
        while let request = WorkerProtocol.readFrame(from: input) {
            let tree = try? JSONParser.parse(request)
            let invocation = PluginInvocation(requestBytes: request, requestTree: tree, declaredTypes: declaredTypeNames(in: tree))
            let result = invocation.run(library.generate)
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
