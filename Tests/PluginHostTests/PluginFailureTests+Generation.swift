import Foundation
import Testing

extension PluginFailureTests {
    /// A plugin that loads but fails on a schema file: its diagnostics at the schema's lines,
    /// or one error naming the plugin and its library; no Swift file for that schema; exit
    /// code 1. The same whether the plugin runs in-process or in a worker process.
    @Suite struct Generation {
        /// Runs `valuegen generate Thing.value --plugin <library>` and expects these lines on
        /// standard error and nothing generated.
        func expectGenerationErrors(_ lines: [String], library: String, isolated: Bool) throws {
            let folder = try PluginFailureTests.schemaFolder(["Thing.value": PluginFailureTests.thingSchema])
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Thing.value"], plugins: [library], isolated: isolated, in: folder)
            #expect(outcome.errorLines == lines)
            #expect(outcome.status == 1 && !outcome.wasKilledBySignal)
            #expect(!PluginFailureTests.exists("out/Thing.swift", in: folder))
        }

        /// The plugin found the lines with valuegen.query/1; a diagnostic without a line is
        /// about the file as a whole and comes first.
        @Test(arguments: [false, true])
        func failedWithDiagnosticsAtTheSchemasLines(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("fails_with_diagnostics.c", named: "FailsWithDiagnostics")
            try expectGenerationErrors([
                "Thing.value: warning: Broken is a test plugin",
                "Thing.value:2:1: error: 'Thing' needs a %brokenKey annotation for Broken",
                "Thing.value:2:1: note: Broken reads the key from this annotation",
                "Thing.value:3:3: error: Broken cannot use 'name', which is String",
            ], library: library, isolated: isolated)
        }

        @Test(arguments: [false, true])
        func failedWithoutDiagnostics(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("fails_silently.c", named: "FailsSilently")
            try expectGenerationErrors([
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) failed without reporting why",
            ], library: library, isolated: isolated)
        }

        @Test(arguments: [false, true])
        func internalError(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("internal_error.c", named: "InternalError")
            try expectGenerationErrors([
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) reported an internal error; this is a bug in the plugin, not in the schema",
            ], library: library, isolated: isolated)
        }

        /// The plugin checks that emit() refused the text with VALUEGEN_STATUS_INVALID_ARGUMENT.
        @Test(arguments: [false, true])
        func textThatIsNotUTF8(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("invalid_utf8.c", named: "InvalidUTF8")
            try expectGenerationErrors([
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) emitted text that is not valid UTF-8",
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) reported a diagnostic whose message is not valid UTF-8",
            ], library: library, isolated: isolated)
        }

        /// A NUL is valid UTF-8 but would land in the Swift file; the plugin checks that emit()
        /// refused it with VALUEGEN_STATUS_INVALID_ARGUMENT.
        @Test(arguments: [false, true])
        func textWithANulByte(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("emits_nul.c", named: "EmitsNul")
            try expectGenerationErrors([
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) emitted text with a NUL byte at offset 18 of 38; pass text_length without the terminating NUL, and no NUL inside the text",
            ], library: library, isolated: isolated)
        }

        /// The plugin checks that emit() refused the path with VALUEGEN_STATUS_INVALID_ARGUMENT;
        /// nothing is written anywhere.
        @Test(arguments: [("/tmp/valuegen-escaped.txt", "Absolute"), ("../escaped.txt", "Parent"), ("docs/../../escaped.txt", "Inner")], [false, true])
        func extraFileOutsideTheOutputFolder(path: (String, String), isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin(
                "unsafe_extra_file_path.c", named: "UnsafeExtraFilePath\(path.1)", defines: ["BROKEN_PATH=\"\(path.0)\""])
            try expectGenerationErrors([
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) emitted the file '\(path.0)', which is not a relative path inside the output folder (no leading '/', no '..')",
            ], library: library, isolated: isolated)
            #expect(!FileManager.default.fileExists(atPath: "/tmp/valuegen-escaped.txt"))
        }

        /// FAILED after a refused emission: the second message says why, instead of "without
        /// reporting why".
        @Test(arguments: [false, true])
        func failedAfterARefusedEmissionNamesTheRefusal(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("fails_after_refusal.c", named: "FailsAfterRefusal")
            try expectGenerationErrors([
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) emitted the file '/tmp/valuegen-refused.txt', which is not a relative path inside the output folder (no leading '/', no '..')",
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) failed after the host refused its emission (the refusal is reported above); a refused emission is a bug in the plugin, which should return VALUEGEN_STATUS_INTERNAL_ERROR",
            ], library: library, isolated: isolated)
        }

        /// The plugin checks that emit() refused the emission with VALUEGEN_STATUS_INVALID_ARGUMENT. LP64 sizes.
        @Test(arguments: [false, true])
        func emissionSmallerThanABI10(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("emission_too_small.c", named: "EmissionTooSmall")
            try expectGenerationErrors([
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) emitted a valuegen_emission of 32 bytes, smaller than the 40 bytes of ABI 1.0",
            ], library: library, isolated: isolated)
        }

        /// The plugin checks that emit() refused the declaration with VALUEGEN_STATUS_INVALID_ARGUMENT.
        @Test(arguments: [false, true])
        func declarationAttachedToAnUndeclaredType(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("undeclared_type.c", named: "UndeclaredType")
            try expectGenerationErrors([
                "Thing.value: error: plugin 'dev.valuegen.test.broken' (\(library)) attached code to 'Ghost', which this file does not declare",
            ], library: library, isolated: isolated)
        }
    }
}
