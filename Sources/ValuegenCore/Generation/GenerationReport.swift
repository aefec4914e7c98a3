/// What a run did, for the CLI to print and turn into an exit code.
public struct GenerationReport: Sendable {
    /// Problems with the command line, a configuration or a plugin library: nothing was generated.
    public var usageErrors: [String] = []
    /// Diagnostics of the schema files, in file order.
    public var diagnostics: [Diagnostic] = []
    /// Output files written, left alone because their bytes did not change, and (with
    /// `--check`) missing or different from what would be generated.
    public var written: [String] = []
    public var unchanged: [String] = []
    public var stale: [String] = []
    /// Generated files whose schema is gone (`OrphanedOutputs`): removed by the run, or with
    /// `--check` left in place and reported, and then the run fails as for a stale file.
    public var removed: [OrphanedOutput] = []
    public var orphaned: [OrphanedOutput] = []
    /// Output files that could not be written.
    public var writeErrors: [String] = []

    public var hasSchemaErrors: Bool {
        diagnostics.contains { $0.severity == .error } || !writeErrors.isEmpty
    }

    /// 0 success, 1 schema or generation errors (or stale files with `--check`), 2 usage or configuration errors.
    public var exitCode: Int32 {
        if !usageErrors.isEmpty { return 2 }
        if hasSchemaErrors || !stale.isEmpty || !orphaned.isEmpty { return 1 }
        return 0
    }
}
