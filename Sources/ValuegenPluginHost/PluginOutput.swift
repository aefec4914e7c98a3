import ValuegenPluginSDK

/// What one `generate` call of a plugin produced, copied out of the plugin's memory. The
/// same value comes back from a plugin run in-process and from one run in a worker process.
public struct PluginOutput: Sendable, Equatable {
    public enum Emission: Sendable, Equatable {
        case importModule(String)
        case declaration(typeName: String, code: String)
        case file(path: String, contents: String)
        /// ABI 1.1: code for the module support file, de-duplicated by key.
        case moduleDeclaration(key: String, code: String)
        /// ABI 1.1: an import of the module support file.
        case moduleImport(String)
        /// ABI 1.2: a file of the whole module, written once per run.
        case moduleFile(path: String, contents: String)
    }

    public struct Diagnostic: Sendable, Equatable {
        public var severity: DiagnosticSeverity
        public var message: String
        /// From 1; 0 for the file as a whole.
        public var line: Int
        public var column: Int
        /// The schema file it is about (`diagnose_in`, ABI 1.4); nil for the call's own file,
        /// or, in a module pass, the run.
        public var path: String? = nil

        public var location: SourceLocation? {
            line > 0 ? SourceLocation(line: line, column: max(column, 1)) : nil
        }
    }

    /// The VALUEGEN_STATUS_* generate returned.
    public var status: Int32
    public var emissions: [Emission] = []
    public var diagnostics: [Diagnostic] = []
    /// What the plugin handed over that the host refused (text that is not UTF-8, an unsafe
    /// path, a type the file does not declare), as sentences naming the problem.
    public var refusals: [String] = []
}
