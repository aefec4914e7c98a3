import Foundation
import Testing
import ValuegenCore

/// Values that hold themselves (issue 25), compiled and run: a comment and its parent, a
/// status and the status it retweets, its replies and its quoted statuses, with `%storage
/// indirect`, through Coding, JSON, Binary, Dictionary, Equality, Description, Diffing and
/// Validation; and chains 10,000 deep, read (each reader's depth error), compared, hashed,
/// described and released without overflowing the stack.
@Suite struct RecursiveValueCompileTests {
    @Test func aValueThatHoldsItselfWorksThroughEveryFeatureAndDeepChainsAreSafe() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        let features = #"["Coding", "JSON", "Binary", "Dictionary", "Equality", "Description", "Diffing", "Validation", "With", "Builder"]"#
        try TestSupport.write(#"{"defaultIncludes": \#(features)}"#, to: models.appendingPathComponent("valuegen.json"))
        try TestSupport.write("""
        # A comment, and the comment it answers.
        %storage indirect
        Comment {
          %nonEmpty
          text: String
          parent: Comment?
        }

        """, to: models.appendingPathComponent("Comment.value"))
        try TestSupport.write("""
        # A status; a retweet holds the status it retweets.
        %storage indirect
        %codingKeys style=snake_case
        Status {
          id: Int
          text: String
          retweetedStatus: Status?
          replies: [Status] = []
          quoted: [String: Status] = [:]
        }

        """, to: models.appendingPathComponent("Status.value"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("RecursiveValueDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
