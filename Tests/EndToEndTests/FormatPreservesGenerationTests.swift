import Foundation
import Testing
import ValuegenCore

/// The promise that makes `valuegen format` safe: generating from the formatted files gives
/// byte for byte the Swift that generating from the originals gives (the same header line
/// too, since the file keeps its name), with and without `--to-swift-syntax`; and formatting
/// twice changes nothing more.
@Suite struct FormatPreservesGenerationTests {
    static let settings = GenerationSettings(defaultIncludes: ["JSON", "Binary"])

    /// Every output of the module by file name: its Swift, or its diagnostics' messages
    /// without positions when it has errors (a layout moves lines, not meanings).
    private static func generate(_ files: [SchemaText], settings: GenerationSettings = settings) -> [String: String] {
        let generated = GeneratorPipeline().generate(module: files.map { SchemaSource(path: $0.path, text: $0.text) }, settings: settings, swiftTypeNames: [])
        var outputs: [String: String] = [:]
        for file in generated {
            outputs[file.source.path] = file.contents ?? file.diagnostics.filter { $0.severity == .error }.map { "\($0.severity): \($0.message)" }.joined(separator: "\n")
        }
        return outputs
    }

    /// Formats every file that formats; files with errors stay as they are.
    private static func format(_ files: [SchemaText], toSwiftSyntax: Bool) -> (files: [SchemaText], changed: Int) {
        var changed = 0
        let formatted = files.map { file in
            let result = SchemaFormatter.format(SchemaSource(path: file.path, text: file.text), toSwiftSyntax: toSwiftSyntax)
            guard let bytes = result.bytes else { return file }
            if !result.isUnchanged { changed += 1 }
            return SchemaText(path: file.path, text: String(decoding: bytes, as: UTF8.self))
        }
        return (formatted, changed)
    }

    private static func expectSameGeneration(_ files: [SchemaText], settings: GenerationSettings = settings, _ comment: @autoclosure () -> String = "", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (plain: Int, swift: Int) {
        let expected = generate(files, settings: settings)
        var changes: [Int] = []
        for toSwiftSyntax in [false, true] {
            let (formatted, changed) = format(files, toSwiftSyntax: toSwiftSyntax)
            changes.append(changed)
            let actual = generate(formatted, settings: settings)
            for path in expected.keys.sorted() where actual[path].map(withoutSchemaPositions) != expected[path].map(withoutSchemaPositions) {
                let text = formatted.first { $0.path == path }?.text ?? ""
                Issue.record("\(comment()) \(path) generates differently after formatting (toSwiftSyntax: \(toSwiftSyntax)):\n\(text)", sourceLocation: sourceLocation)
            }
            let again = format(formatted, toSwiftSyntax: toSwiftSyntax)
            #expect(again.changed == 0, "\(comment()) formatting is not idempotent (toSwiftSyntax: \(toSwiftSyntax))", sourceLocation: sourceLocation)
        }
        return (changes[0], changes[1])
    }

    /// The generated text without where its expression defaults stand in the schema, which
    /// moves with the layout as it must: the line of `#sourceLocation(file:line:)`, and the
    /// column, the spaces before the expression on the line after it.
    private static func withoutSchemaPositions(_ text: String) -> String {
        var lines: [Substring] = []
        var afterDirective = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#sourceLocation(file:") {
                lines.append("#sourceLocation(file:)")
                afterDirective = true
            } else {
                lines.append(afterDirective ? line.drop { $0 == " " } : line)
                afterDirective = false
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test func everyExampleFixtureGeneratesTheSameAfterFormatting() throws {
        let files = try MutantTypecheckTests.exampleModule()
        #expect(files.count >= 9)
        let changed = Self.expectSameGeneration(files)
        #expect(changed.plain >= 6)
    }

    static let remodelModule = [
        SchemaText(path: "Remodel/RMUser.value", text: """
            # Copyright 2025 Example Inc.

            %type name=RMAccountKind library=Accounts

            # A user, as a Remodel project writes one.
            RMUser includes(RMBuilder, RMCoding) {
              # The user's name.
              NSString *name
              %nullable
              NSURL *homePage   # may be missing
              NSInteger age
              BOOL isActive
              CGFloat rating
              NSArray<NSString *> *tags
              NSDictionary<NSString *, NSNumber *> *scores
              NSSet<NSString *> *roles
              %nullable
              NSDate *lastSeen
              RMAccountKind *kind
              RMAddress *address
            }
            """),
        SchemaText(path: "Remodel/RMAddress.value", text: """
            RMAddress   includes(RMCoding)  {
                NSString*  street
                %nullable
                  NSString *city
              NSUInteger number
              unsigned long long code
            }
            """),
        SchemaText(path: "Remodel/RMEvent.adtValue", text: """
            RMEvent includes(RMCoding) {
              Created { NSDate *at  }
              %singleAttributeSubtype attributeType="NSNumber *"
              Count
              Renamed {
                NSString *from
                NSString *to
              }
              Deleted   # gone for good
            }
            """),
    ]

    @Test func remodelStyleSchemasGenerateTheSameAfterFormattingAndConvertingToSwiftStyle() {
        let expected = Self.generate(Self.remodelModule)
        #expect(expected.values.allSatisfy { $0.hasPrefix("// Generated by Valuegen") }, "the Remodel fixtures must generate: \(expected.values.filter { !$0.hasPrefix("// Generated by Valuegen") })")
        let changed = Self.expectSameGeneration(Self.remodelModule)
        #expect(changed.plain == 3)
        #expect(changed.swift == 3)
        let converted = Self.format(Self.remodelModule, toSwiftSyntax: true).files
        #expect(!converted.contains { $0.text.contains("*") && !$0.text.contains("attributeType=\"NSNumber *\"") })
    }

    /// Many schemas: mutants of the examples (valid and not), each also laid out badly on
    /// purpose — one-line bodies, odd indentation and spacing — the way hand-edited files are.
    @Test func mutantsOfTheExamplesLaidOutBadlyGenerateTheSameAfterFormatting() throws {
        let module = try MutantTypecheckTests.exampleModule()
        var mutator = SchemaMutator(seed: 0xF0_2A7)
        var random = SplitMix64(seed: 0xF0_2A7)
        var changed = 0
        for number in 0..<120 {
            var mutant = mutator.mutant(number: number, of: module)
            for index in mutant.files.indices {
                mutant.files[index].text = Self.scramble(mutant.files[index].text, using: &random)
            }
            changed += Self.expectSameGeneration(mutant.files, "mutant \(number) (\(mutant.description)):").plain
        }
        #expect(changed > 500)
    }

    /// The same schema with its spaces changed where the language does not care about them.
    static func scramble(_ text: String, using random: inout SplitMix64) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = String(line)
            let trimmed = line.drop { $0 == " " }
            let indent = String(repeating: " ", count: Int.random(in: 0...5, using: &random))
            line = indent + trimmed
            if !line.contains("\""), !line.contains("#"), !line.contains("%"), !line.contains("=") {
                line = line.replacingOccurrences(of: ": ", with: Bool.random(using: &random) ? ":" : " :  ")
                line = line.replacingOccurrences(of: ", ", with: Bool.random(using: &random) ? "," : " ,  ")
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                line += "   "
            }
            if Int.random(in: 0..<6, using: &random) == 0 {
                line += "\n\n"
            }
            return line
        }.joined(separator: "\n")
    }
}
