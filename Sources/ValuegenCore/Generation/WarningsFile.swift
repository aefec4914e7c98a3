/// `--warnings-file FILE`: the warnings of the last run that had any, written so that a build
/// system shows them on every build until they are fixed, not only on the build that
/// regenerated.
///
/// SwiftPM (6.3.1) prints a build command's output only when the command runs, and runs it only
/// when one of its inputs changed; swiftc does not replay a warning of a file it does not
/// compile again either. So the build plugin lists this file among the command's inputs, and a
/// run with warnings rewrites it, even with the same text: the next build sees a changed input,
/// runs the command again, and its warnings are printed again (the outputs keep their bytes, so
/// nothing recompiles). A run without warnings leaves the file alone, so once the warnings are
/// fixed the next build runs nothing.
public enum WarningsFile {
    public static func record(_ diagnostics: [Diagnostic], at path: String) throws(FileSystem.Failure) {
        let warnings = diagnostics.filter { $0.severity == .warning }
        guard !warnings.isEmpty else { return }
        try FileSystem.rewrite(Array(warnings.map { $0.description + "\n" }.joined().utf8), to: path)
    }
}
