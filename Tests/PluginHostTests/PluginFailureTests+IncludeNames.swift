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

        @Test func pluginClaimingABuiltInName() throws {
            let library = try PluginFailureTests.brokenPlugin("fails_silently.c", named: "ClaimsBuilder", defines: ["BROKEN_NAME=\"Builder\""])
            try expectConflict(
                "plugin 'dev.valuegen.test.broken' (\(library)) answers to 'Builder', which the built-in feature 'Builder' already answers to; give the plugin another include name",
                libraries: [library])
        }

        @Test func pluginClaimingARemodelAliasOfABuiltInFeature() throws {
            let library = try PluginFailureTests.brokenPlugin("fails_silently.c", named: "ClaimsGenericMatching", defines: ["BROKEN_NAME=\"GenericMatching\""])
            try expectConflict(
                "plugin 'dev.valuegen.test.broken' (\(library)) answers to 'GenericMatching', which the built-in feature 'Matching' already answers to; give the plugin another include name",
                libraries: [library])
        }
    }
}
