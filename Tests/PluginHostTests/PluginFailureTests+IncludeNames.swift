import Foundation
import Testing

extension PluginFailureTests {
    /// An include name selects exactly one feature: a plugin may not take a name another
    /// plugin or a built-in feature answers to. Found before anything is generated; exit code 2.
    @Suite struct IncludeNames {
        func expectConflict(_ sentence: String, libraries: [String]) throws {
            let folder = try PluginFailureTests.schemaFolder(["Thing.value": PluginFailureTests.thingSchema])
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Thing.value"], plugins: libraries, isolated: false, in: folder)
            #expect(outcome.standardError == "error: \(sentence)\n")
            #expect(outcome.status == 2 && !outcome.wasKilledBySignal)
            #expect(!PluginFailureTests.exists("out", in: folder), "nothing is generated")
        }

        @Test func twoPluginsAnsweringTheSameNameAreBothNamed() throws {
            let first = try PluginFailureTests.brokenPlugin("fails_silently.c", named: "FirstBroken", defines: ["BROKEN_ID=\"dev.valuegen.test.first\""])
            let second = try PluginFailureTests.brokenPlugin("fails_silently.c", named: "SecondBroken", defines: ["BROKEN_ID=\"dev.valuegen.test.second\""])
            try expectConflict(
                "plugin 'dev.valuegen.test.first' (\(first)) and plugin 'dev.valuegen.test.second' (\(second)) both answer to the include name 'Broken'; load only one of them",
                libraries: [first, second])
        }

        @Test func twoPluginsWithTheSameIdAreBothNamed() throws {
            let first = try PluginFailureTests.brokenPlugin("fails_silently.c", named: "SameIdFirst", defines: ["BROKEN_NAME=\"Broken\""])
            let second = try PluginFailureTests.brokenPlugin("fails_silently.c", named: "SameIdSecond", defines: ["BROKEN_NAME=\"Cracked\""])
            try expectConflict(
                "plugin 'dev.valuegen.test.broken' (\(first)) and plugin 'dev.valuegen.test.broken' (\(second)) have the same id 'dev.valuegen.test.broken'; load only one of them",
                libraries: [first, second])
        }

        /// A plugin may take a built-in feature's name (IncludeNameShadowingTests): it is
        /// reported once, as a warning, and generation goes on.
        func expectShadowing(_ sentence: String, library: String) throws {
            let folder = try PluginFailureTests.schemaFolder(["Thing.value": PluginFailureTests.thingSchema.replacingOccurrences(of: "includes(Broken)", with: "")])
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try PluginFailureTests.generate(["Thing.value"], plugins: [library], isolated: false, in: folder)
            #expect(outcome.standardError == "\(library): warning: \(sentence)\n")
            #expect(outcome.status == 0)
        }

        @Test func pluginClaimingABuiltInName() throws {
            let library = try PluginFailureTests.brokenPlugin("generates_nothing.c", named: "ClaimsBuilder", defines: ["BROKEN_NAME=\"Builder\""])
            try expectShadowing(
                "plugin 'dev.valuegen.test.broken' (\(library)) answers to 'Builder', which the built-in feature 'Builder' answers to too; here 'Builder' names the plugin, and the built-in stays available as 'valuegen.Builder' (to keep 'Builder' for the built-in, give the plugin another name with \"as\" in its valuegen.json entry)",
                library: library)
        }

        @Test func pluginClaimingARemodelAliasOfABuiltInFeature() throws {
            let library = try PluginFailureTests.brokenPlugin("generates_nothing.c", named: "ClaimsGenericMatching", defines: ["BROKEN_NAME=\"GenericMatching\""])
            try expectShadowing(
                "plugin 'dev.valuegen.test.broken' (\(library)) answers to 'GenericMatching', which the built-in feature 'Matching' answers to too; here 'GenericMatching' names the plugin, and the built-in stays available as 'valuegen.GenericMatching' (to keep 'GenericMatching' for the built-in, give the plugin another name with \"as\" in its valuegen.json entry)",
                library: library)
        }
    }
}
