import Foundation
import Testing
import ValuegenPluginHost

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
                "plugin library 'libText.so' could not be loaded (invalid ELF header); build it as a shared library, e.g. with `swiftc -emit-library` or `cc -shared -fPIC`",
                library: "libText.so", isolated: isolated, in: folder)
            #else
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Thing.value"], plugins: ["libText.so"], isolated: isolated, in: folder)
            #expect(outcome.standardError.hasPrefix("error: plugin library 'libText.so' could not be loaded ("))
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
                "plugin library '\(library)' was built for plugin ABI 2.0 and refused this valuegen's ABI 1.4 (it needs a host with plugin ABI 2); use a valuegen that speaks plugin ABI 2, or a version of the plugin built against this valuegen's PluginSDK",
                library: library, isolated: isolated)
        }

        @Test(arguments: [false, true])
        func pluginClaimingMajor2(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("claims_abi_major_2.c", named: "ClaimsABIMajor2")
            try expectLoadError(
                "plugin library '\(library)' was built for plugin ABI 2.0, but this valuegen speaks ABI 1.4; use a valuegen that speaks plugin ABI 2, or a version of the plugin built against this valuegen's PluginSDK",
                library: library, isolated: isolated)
        }

        /// The descriptor claims this ABI but is shorter than ABI 1.0's (it ends before
        /// `generate`): the host never reads past struct_size. LP64 sizes.
        @Test(arguments: [false, true])
        func descriptorSmallerThanABI10(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("descriptor_too_small.c", named: "DescriptorTooSmall")
            try expectLoadError(
                "plugin library '\(library)' returned a valuegen_plugin whose struct_size is 56, smaller than the 64 bytes of ABI 1.0; set struct_size to sizeof(valuegen_plugin) (MemoryLayout<valuegen_plugin>.size in Swift), and build against the current valuegen_plugin.h",
                library: library, isolated: isolated)
        }

        /// ABI 1.0's size with this header's minor (1.4): loaded, as a 1.0 descriptor, with a
        /// warning that what 1.1 to 1.4 added is not read. Not an error: it worked before.
        @Test(arguments: [false, true])
        func descriptorOfABI10SizeClaimingALaterMinorIsLoadedWithAWarning(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("claims_minor_without_its_fields.c", named: "ClaimsMinorWithoutFields")
            let folder = try PluginFailureTests.schemaFolder(["Thing.value": PluginFailureTests.thingSchema], #function + "\(isolated)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Thing.value"], plugins: [library], isolated: isolated, in: folder)
            #expect(outcome.errorLines == [
                "\(library): warning: plugin library '\(library)' says it was built for plugin ABI 1.4, but its valuegen_plugin's struct_size, 64, is too small to hold what ABI 1.1 added, so its member_names, annotation_names, begin_module and generate_module are not read; set struct_size to sizeof(valuegen_plugin) (MemoryLayout<valuegen_plugin>.size in Swift)",
            ])
            #expect(outcome.status == 0)
        }

        /// VALUEGEN_FEATURE_MODULE_ONCE without a begin_module to take the module: loaded, with
        /// a warning, and it gets the module in every request as before.
        @Test(arguments: [false, true])
        func moduleOnceWithoutBeginModuleIsLoadedWithAWarning(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("generates_nothing.c", named: "ModuleOnceWithoutBegin", defines: ["BROKEN_FEATURES=0xCu"])
            let folder = try PluginFailureTests.schemaFolder(["Thing.value": PluginFailureTests.thingSchema], #function + "\(isolated)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Thing.value"], plugins: [library], isolated: isolated, in: folder)
            #expect(outcome.errorLines == [
                "\(library): warning: plugin library '\(library)' sets VALUEGEN_FEATURE_MODULE_ONCE but its begin_module is NULL, so it gets the module in every request; set begin_module to the function that takes the module, or leave the bit out",
            ])
            #expect(outcome.status == 0)
            #expect(!(try PluginLibrary.load(library).takesModuleOnce))
        }

        #if os(Linux)
        /// dlopen names the symbol; the message says to link what defines it, not to build a
        /// shared library, which it already is.
        @Test(arguments: [false, true])
        func libraryUsingAnUndefinedSymbol(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("undefined_symbol.c", named: "UndefinedSymbol")
            try expectLoadError(
                "plugin library '\(library)' could not be loaded (undefined symbol: broken_missing_helper); it uses the symbol 'broken_missing_helper', which no loaded library defines; link the library that defines it when building the plugin (-l<name>, with -L<folder> and an rpath), or define it in the plugin",
                library: library, isolated: isolated)
        }

        /// A Swift plugin built without linking ValuegenPluginSDK: the module is read from the
        /// mangled name.
        @Test(arguments: [false, true])
        func swiftPluginMissingThePluginSDK(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("undefined_symbol.c", named: "UndefinedSwiftSymbol", defines: ["BROKEN_SWIFT_SYMBOL"])
            try expectLoadError(
                "plugin library '\(library)' could not be loaded (undefined symbol: $s17ValuegenPluginSDK13missingHelperyyF); it uses '$s17ValuegenPluginSDK13missingHelperyyF' from Swift module ValuegenPluginSDK, which no loaded library defines; link the ValuegenPluginSDK library (link it with -lValuegenPluginSDK and its folder with -L, or build the plugin as a SwiftPM product that depends on ValuegenPluginSDK) when building the plugin",
                library: library, isolated: isolated)
        }

        @Test(arguments: [false, true])
        func libraryNeedingALibraryThatIsGone(isolated: Bool) throws {
            let dependency = try PluginBuilder.source("broken_dependency.c", "int broken_dependency_answer(void);\nint broken_dependency_answer(void) { return 42; }\n")
            let dependencyLibrary = try PluginBuilder.cPlugin(named: "BrokenDependency\(isolated)", sources: [dependency])
            let folder = URL(fileURLWithPath: dependencyLibrary).deletingLastPathComponent().path
            let library = try PluginBuilder.cPlugin(
                named: "NeedsMissingLibrary\(isolated)", sources: [PluginFailureTests.brokenFolder.appendingPathComponent("needs_missing_library.c").path],
                flags: ["-Wl,--no-as-needed", "-L", folder, "-lBrokenDependency\(isolated)"])
            try FileManager.default.removeItem(atPath: dependencyLibrary)
            try expectLoadError(
                "plugin library '\(library)' could not be loaded (libBrokenDependency\(isolated).so: cannot open shared object file: No such file or directory); it needs 'libBrokenDependency\(isolated).so', which the loader cannot find; install it, or build the plugin with an rpath to its folder (-Xlinker -rpath -Xlinker <folder>), or add the folder to LD_LIBRARY_PATH",
                library: library, isolated: isolated)
        }
        #endif

        @Test(arguments: [false, true])
        func includeNameThatIsNotAnIdentifier(isolated: Bool) throws {
            let library = try PluginFailureTests.brokenPlugin("generates_nothing.c", named: "SpacedIncludeName", defines: ["BROKEN_NAME=\"My Plugin\""])
            try expectLoadError(
                "plugin library '\(library)' returned an invalid descriptor: include name 1, \"My Plugin\", is not an identifier (letters, digits and '_', not starting with a digit); fix the plugin's valuegen_plugin",
                library: library, isolated: isolated)
        }
    }
}
