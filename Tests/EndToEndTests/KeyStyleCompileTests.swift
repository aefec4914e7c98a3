import Foundation
import Testing
import ValuegenCore

/// Keys computed from a key style reach every coding feature alike: a module with
/// `"codingKeys": "snake_case"` (and one type overriding it with `%codingKeys`) is generated
/// with Coding and JSON, compiled with ValuegenRuntime and run; the same value gives the same
/// JSON through Foundation's JSONEncoder and through ValuegenRuntime, and each reads the other's.
@Suite struct KeyStyleCompileTests {
    @Test func snakeCaseKeysAreTheSameThroughCodingAndJSON() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"codingKeys": "snake_case", "defaultIncludes": ["Coding", "JSON"]}"#, to: models.appendingPathComponent("valuegen.json"))
        try TestSupport.write("""
        Account {
          accountID: String
          imageURL: String?
          http2Enabled: Bool = false
          %codingKey name="e-mail"
          emailAddress: String
          %codingLegacyKey name="logins"
          loginCount: Int = 0
          lastEvent: Event?
          preferences: Preferences
          accountTaxIDs: [String] = []
          HTTPSURLs: [String] = []
        }
        """, to: models.appendingPathComponent("Account.value"))
        try TestSupport.write("""
        Event {
          SignedIn {
            deviceName: String
            isTrusted: Bool
          }
          SignedOut
        }
        """, to: models.appendingPathComponent("Event.adtValue"))
        try TestSupport.write("""
        %codingKeys style=kebab-case
        Preferences {
          darkMode: Bool
          fontSize: Int
        }
        """, to: models.appendingPathComponent("Preferences.value"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        // The plural acronyms' keys changed (issue 23): each says so.
        #expect(report.diagnostics.map(\.message) == [
            #"the snake_case key of 'accountTaxIDs' is now "account_tax_ids" (a plural acronym is one word); earlier versions of valuegen wrote "account_tax_i_ds": add %codingKey name=account_tax_i_ds to keep the old key, or %codingKey name=account_tax_ids to keep the new one without this warning ("adoptPluralAcronymKeys": true in valuegen.json keeps every new one)"#,
            #"the snake_case key of 'HTTPSURLs' is now "https_urls" (a plural acronym is one word); earlier versions of valuegen wrote "httpsur_ls": add %codingKey name=httpsur_ls to keep the old key, or %codingKey name=https_urls to keep the new one without this warning ("adoptPluralAcronymKeys": true in valuegen.json keeps every new one)"#,
        ])
        let run = try TestSupport.runDriver("KeyStyleDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }

    /// valuegen.json's `caseKeys` reaches the generated tags, as `%caseKeys` does; `%caseKey`
    /// still wins (what the tags do at run time is CodingDialectsCompileTests' part).
    @Test func theConfigurationsCaseKeysSpellTheTags() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"caseKeys": "snake_case", "defaultIncludes": ["Coding", "JSON"]}"#, to: models.appendingPathComponent("valuegen.json"))
        try TestSupport.write("Status {\n  PastDue\n  %caseKey name=ok\n  Succeeded\n}\n", to: models.appendingPathComponent("Status.adtValue"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let text = try String(contentsOf: generated.appendingPathComponent("Status.swift"), encoding: .utf8)
        #expect(text.contains(#"writer.writeString("past_due")"#) && text.contains(#"try container.encode("past_due")"#))
        #expect(text.contains(#"writer.writeString("ok")"#) && !text.contains(#""pastDue""#))
    }
}
