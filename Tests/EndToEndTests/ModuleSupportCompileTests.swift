import Foundation
import Testing
import ValuegenCore

/// The declarations the module support file holds once for the whole module — Coding's
/// `ValuegenCodingKey` and Builder's `ValuegenMissingAttributeError` — serve schema files of
/// every access level in one run, and the names Coding's per-type key enums used to take
/// (`CodingKeys`, `nameLegacy1`) are free: a module with a public and an internal folder is
/// generated, compiled with warnings as errors, and run.
@Suite struct ModuleSupportCompileTests {
    @Test func oneKeyTypeAndOneErrorTypeServeEveryAccessLevel() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        let publicModels = models.appendingPathComponent("Public")
        let internalModels = models.appendingPathComponent("Internal")
        try TestSupport.write(#"{"accessLevel": "public", "defaultIncludes": ["Coding", "Builder"]}"#, to: publicModels.appendingPathComponent("valuegen.json"))
        try TestSupport.write(#"{"accessLevel": "internal", "defaultIncludes": ["Coding", "Builder"]}"#, to: internalModels.appendingPathComponent("valuegen.json"))
        try TestSupport.write("""
        Account {
          %codingKey name="account_id"
          accountId: String
          CodingKeys: Int = 0
          %codingLegacyKey name="nick"
          name: String
          nameLegacy1: String = ""
        }
        """, to: publicModels.appendingPathComponent("Account.value"))
        try TestSupport.write("""
        CodingKeys {
          label: String
        }
        """, to: internalModels.appendingPathComponent("CodingKeys.value"))
        try TestSupport.write("""
        %type name=CodingKeys
        %coding representation=adjacent
        Wrapper {
          %singleAttributeSubtype attributeType="CodingKeys"
          Keyed
          %caseKey name="pair"
          Pair {
            left: Int
            right: Int
          }
        }
        """, to: internalModels.appendingPathComponent("Wrapper.adtValue"))
        try TestSupport.write("""
        %coding representation=external
        Shape {
          Circle {
            radius: Double
          }
          Empty
        }
        """, to: internalModels.appendingPathComponent("Shape.adtValue"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let support = try String(contentsOf: generated.appendingPathComponent("ValuegenModuleSupport.swift"), encoding: .utf8)
        #expect(support.contains("public struct ValuegenMissingAttributeError"))
        #expect(support.contains("\nstruct ValuegenCodingKey: CodingKey, Sendable {"))
        let run = try TestSupport.runDriver("ModuleSupportDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
