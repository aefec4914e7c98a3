/// The rule for paths of extra files that features and plugins emit: they stay inside the
/// output folder.
public enum ExtraFilePath {
    /// Whether the path is relative, `/`-separated, non-empty, and has no `..`, `.` or empty
    /// component and no backslash, so that joining it to the output folder stays inside it.
    public static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { component in
            !component.isEmpty && component != "." && component != ".."
        }
    }
}
