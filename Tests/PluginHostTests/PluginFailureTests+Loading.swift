import Foundation
import Testing

extension PluginFailureTests {
    /// A library that cannot be used stops the run before anything is generated: one sentence
    /// naming the library, exit code 2. A worker process (--isolate-plugins) reports the same.
    @Suite struct Loading {
        /// Runs `valuegen generate Thing.value --plugin <library>` and expects exactly one error.
        func expectLoadError(_ sentence: String, library: String, isolated: Bool, in folder: URL? = nil) throws {
            let folder = try folder ?? PluginFailureTests.schemaFolder(["Thing.value": PluginFailureTests.thingSchema])
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Thing.value"], plugins: [library], isolated: isolated, in: folder)
            #expect(outcome.standardError == "error: \(sentence)\n")
            #expect(outcome.standardOutput == "")
            #expect(outcome.status == 2 && !outcome.wasKilledBySignal)
            #expect(!PluginFailureTests.exists("out", in: folder), "nothing is generated")
        }

        @Test(arguments: [false, true])
        func missingLibrary(isolated: Bool) throws {
            try expectLoadError(
                "plugin library 'Plugins/libMissing.so' does not exist; check the path given with --plugin or in valuegen.json",
                library: "Plugins/libMissing.so", isolated: isolated)
        }

        /// Named without a folder, as `--plugin libText.so`: the file in the current folder is
        /// the one loaded, not a library of that name from the system's search path.
        @Test(arguments: [false, true])
        func textFileIsNotASharedLibrary(isolated: Bool) throws {
            let folder = try PluginFailureTests.schemaFolder(["Thing.value": PluginFailureTests.thingSchema])
            try Data(String(repeating: "This is a text file, not a shared library.\n", count: 4).utf8)
                .write(to: folder.appendingPathComponent("libText.so"))
            #if os(Linux)
            try expectLoadError(
                "plugin library 'libText.so' could not be loaded as a shared library (invalid ELF header); build it as one, e.g. with `swiftc -emit-library` or `cc -shared -fPIC`",
                library: "libText.so", isolated: isolated, in: folder)
            #else
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Thing.value"], plugins: ["libText.so"], isolated: isolated, in: folder)
            #expect(outcome.standardError.hasPrefix("error: plugin library 'libText.so' could not be loaded as a shared library ("))
            #expect(outcome.status == 2)
            #endif
        }

        @Test(arguments: [false, true])
        func libraryWithoutTheEntryPoint(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("no_entry_point.c", named: "NoEntryPoint")
            try expectLoadError(
                "plugin library '\(library)' does not export valuegen_plugin_negotiate; export it with @_cdecl(\"valuegen_plugin_negotiate\") in Swift, or as a non-static function with default visibility in C (extern \"C\" in C++)",
                library: library, isolated: isolated)
        }

        @Test(arguments: [false, true])
        func pluginRefusingThisHostsMajor(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("refuses_host_abi.c", named: "RefusesHostABI")
            try expectLoadError(
                "plugin library '\(library)' was built for plugin ABI 2.0 and refused this valuegen's ABI 1.0 (it needs a host with plugin ABI 2); use a valuegen that speaks plugin ABI 2, or a version of the plugin built against this valuegen's PluginSDK",
                library: library, isolated: isolated)
        }

        @Test(arguments: [false, true])
        func pluginClaimingMajor2(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("claims_abi_major_2.c", named: "ClaimsABIMajor2")
            try expectLoadError(
                "plugin library '\(library)' was built for plugin ABI 2.0, but this valuegen speaks ABI 1.0; use a valuegen that speaks plugin ABI 2, or a version of the plugin built against this valuegen's PluginSDK",
                library: library, isolated: isolated)
        }

        /// The descriptor claims this ABI but is shorter than ABI 1.0's (it ends before
        /// `generate`): the host never reads past struct_size. LP64 sizes.
        @Test(arguments: [false, true])
        func descriptorSmallerThanABI10(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("descriptor_too_small.c", named: "DescriptorTooSmall")
            try expectLoadError(
                "plugin library '\(library)' returned a valuegen_plugin of 56 bytes, smaller than the 64 bytes of ABI 1.0; rebuild it against the current valuegen_plugin.h",
                library: library, isolated: isolated)
        }
    }
}
