import Foundation
import Testing

/// The worker protocol survives what plugins do with the process they run in.
@Suite struct IsolationProtocolTests {
    /// A plugin that prints to standard output must not corrupt the frames the worker sends
    /// its parent over the same descriptor: the output is identical to the in-process run.
    @Test func aPluginPrintingToStandardOutputDoesNotCorruptTheProtocol() throws {
        let library = try PluginBuilder.cPlugin(named: "PrintsToStdout", sources: [
            PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/Broken/prints_to_stdout.c").path,
        ])
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("User includes(Chatty) {\n  a: Int\n}\n".utf8).write(to: folder.appendingPathComponent("User.value"))

        let inProcess = try ProcessRunner.valuegen(["generate", "User.value", "--plugin", library, "-o", "InProcess", "-q"], in: folder)
        let isolated = try ProcessRunner.valuegen(["generate", "User.value", "--plugin", library, "-o", "Isolated", "-q", "--isolate-plugins"], in: folder)
        #expect(inProcess.status == 0)
        #expect(isolated.status == 0, "\(isolated.standardError)")
        #expect(isolated.standardOutput == "", "the plugin's print went to the worker's standard error, not ours")
        let expected = try Data(contentsOf: folder.appendingPathComponent("InProcess/User.swift"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("Isolated/User.swift")) == expected)
    }
}
