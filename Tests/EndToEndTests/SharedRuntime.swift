import Foundation

/// ValuegenRuntime as the generated programs of the end-to-end tests link it: a static
/// library and its module, compiled from Sources/ValuegenRuntime once per test process and
/// shared by every test that builds a program. One compile of the runtime costs more CPU than
/// most programs that link it (about 20 s, one frontend per file); twenty tests each compiled
/// their own. Nothing writes into its folder once it is built, and the folder is removed when
/// the process exits.
enum SharedRuntime {
    /// The folder holding `libValuegenRuntime.a` and `ValuegenRuntime.swiftmodule`, built on
    /// first use; a test that asks while another builds it waits for that build.
    static func folder() throws -> URL {
        try built.get()
    }

    private static let location = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-tests-runtime-\(getpid())")

    private static let built: Result<URL, any Error> = Result {
        atexit { try? FileManager.default.removeItem(at: SharedRuntime.location) }
        try FileManager.default.createDirectory(at: location, withIntermediateDirectories: true)
        let sources = try TestSupport.files(in: TestSupport.repositoryRoot.appendingPathComponent("Sources/ValuegenRuntime"))
            .filter { $0.hasSuffix(".swift") }
            .map { TestSupport.repositoryRoot.appendingPathComponent("Sources/ValuegenRuntime/\($0)").path }
        // Whole-module: one frontend reads the 100 files once, half the CPU of one per file.
        let build = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-wmo", "-emit-library", "-static", "-emit-module", "-parse-as-library", "-module-name", "ValuegenRuntime", "-o", location.appendingPathComponent("libValuegenRuntime.a").path, "-emit-module-path", location.appendingPathComponent("ValuegenRuntime.swiftmodule").path] + sources)
        guard build.status == 0 else { throw TestFailure("building ValuegenRuntime failed:\n\(build.standardError)") }
        return location
    }
}
