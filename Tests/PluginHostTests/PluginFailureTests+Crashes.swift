#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

extension PluginFailureTests {
    /// A plugin that crashes takes down the process that loaded it. With --isolate-plugins
    /// that is a worker: the crash becomes an error naming the plugin, the schema file and
    /// the signal, and every other schema file is still generated, with the plugin's code.
    @Suite struct Crashes {
        static let schemas = [
            "Crash.value": "Crash {\n  x: Int\n}\n",
            "Early.value": "Early {\n  x: Int\n}\n",
            "Late.value": "Late {\n  x: Int\n}\n",
        ]

        enum Way: String, CaseIterable, Sendable {
            case writeThroughNull, abort

            var defines: [String] { self == .abort ? ["BROKEN_CRASH_WITH_ABORT"] : [] }
            var signal: Int32 { self == .abort ? SIGABRT : SIGSEGV }
            var signalName: String { self == .abort ? "SIGABRT" : "SIGSEGV" }
        }

        static func crashingPlugin(_ way: Way) throws -> String {
            try PluginFailureTests.brokenPlugin("crashes.c", named: "Crashes\(way.rawValue)", defines: way.defines)
        }

        @Test(arguments: Way.allCases)
        func isolatedCrashIsReportedAndTheOtherFilesAreGenerated(_ way: Way) throws {
            let library = try Self.crashingPlugin(way)
            let folder = try PluginFailureTests.schemaFolder(Self.schemas)
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Crash.value", "Early.value", "Late.value"], plugins: [library], isolated: true, in: folder)

            let signal = "signal \(way.signal), \(way.signalName): \(String(cString: strsignal(way.signal)))"
            #expect(outcome.errorLines == [
                "Crash.value: error: plugin 'dev.valuegen.test.broken' (\(library)) crashed (\(signal)) while generating Crash.value; the other schema files are still generated",
            ])
            #expect(outcome.status == 1 && !outcome.wasKilledBySignal)
            #expect(!PluginFailureTests.exists("out/Crash.swift", in: folder))
            for name in ["Early", "Late"] {
                let generated = try String(contentsOf: folder.appendingPathComponent("out/\(name).swift"), encoding: .utf8)
                #expect(generated.contains("// MARK: - \(name): Broken\n\nextension \(name) {}\n"), "\(name).swift has the plugin's code")
            }
        }

        /// Without isolation nothing can catch the crash: the generator itself dies of the signal.
        @Test func crashWithoutIsolationEndsTheGenerator() throws {
            let library = try Self.crashingPlugin(.writeThroughNull)
            let folder = try PluginFailureTests.schemaFolder(Self.schemas)
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Crash.value", "Early.value"], plugins: [library], isolated: false, in: folder)
            #expect(outcome.wasKilledBySignal && outcome.status == SIGSEGV)
        }
    }
}
