import Foundation
import Testing

/// No code block of README.md or docs/ escapes the tests: each is fenced and marked with a
/// kind a test reads, or with why none does (`fragment`, `measured`, `rust,ignore`);
/// DocumentationSample lists the kinds. docs/PluginSDKReference.md is left out: SDKReferenceTests
/// generates it from the SDK's declarations and doc comments, so its blocks are those
/// declarations.
@Suite struct DocumentationCensusTests {
    static let generatedDocuments: Set<String> = ["docs/PluginSDKReference.md"]

    /// The blocks that suites of their own read, found by their info strings, and how many of
    /// each those suites read: a new block with one of these info strings fails here until its
    /// suite reads it too, and a new info string until it is listed.
    static let readElsewhere: [String: Int] = [
        "rust": 3,                                                                          // RustExampleDocumentationTests
        "text request": 2, "json request": 3, "jsonc request": 1,                           // RequestSchemaTests
        "json saved": 1,                                                                    // SaveStampTests
        "text tested-by=Tests/PluginHostTests/ExamplePluginTests.swift": 1,
        "swift tested-by=Tests/PluginHostTests/ExamplePluginTests.swift": 2,
        "text tested-by=Tests/PluginHostTests/RustPluginTests.swift": 1,
        "json tested-by=Tests/PluginHostTests/WorkerProtocolDocumentationTests.swift": 2,
        "text tested-by=Tests/RuntimeTests/BinaryMessageTests.swift": 1,
        "kotlin tested-by=Tests/PluginHostTests/ModulePassTests.swift": 1,
    ]

    static func blocks() throws -> [DocumentationBlock] {
        try DocumentationSampleTests.documents.filter { !generatedDocuments.contains($0) }.flatMap { document in
            let markdown = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            return DocumentationBlock.blocks(in: markdown, document: document)
        }
    }

    @Test func everyBlockIsTestedOrSaysWhyNot() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 200, "only \(blocks.count) code blocks found: is the Markdown parsed?")
        for block in blocks {
            if block.isIndented {
                Issue.record("\(block): an indented code block; fence it and mark its kind (DocumentationSample lists them):\n\(block.text.prefix(200))")
            } else if case .testedBy(let path) = DocumentationSample.kind(of: block.words) {
                let test = try? String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
                #expect(test?.contains("```" + block.words.joined(separator: " ")) == true, "\(block): \(path) does not compare the block (it names no block ```\(block.words.joined(separator: " ")))")
            } else if DocumentationSample.kind(of: block.words) == nil {
                Issue.record("\(block): the block ```\(block.words.joined(separator: " ")) is of no kind a test reads; mark it as DocumentationSample says (or `fragment` if it is one):\n\(block.text.prefix(200))")
            }
        }
    }

    @Test func everyBlockReadElsewhereIsOneItsSuiteReads() throws {
        var counts: [String: Int] = [:]
        for block in try Self.blocks() {
            switch DocumentationSample.kind(of: block.words) {
            case .testedElsewhere?, .testedBy?: counts[block.words.joined(separator: " "), default: 0] += 1
            default: continue
            }
        }
        #expect(counts == Self.readElsewhere, "blocks that suites of their own read, by info string; a suite that reads a new one lists it in DocumentationCensusTests.readElsewhere")
    }

    @Test func findsIndentedAndFencedBlocksAsCommonMarkDoes() {
        let markdown = """
            Text:

                indented code

            - a list item

              its second paragraph

                  code in the item

            1. A step:

               ```swift runtime
               let x = 1
               ```

            Text with ```` ```swift ```` in it, then tildes:

            ~~~c
            int x;
            ~~~
            """
        let blocks = DocumentationBlock.blocks(in: markdown, document: "Test.md")
        #expect(blocks.map(\.line) == [3, 9, 13, 19])
        #expect(blocks.map(\.isIndented) == [true, true, false, false])
        #expect(blocks.map(\.text) == ["indented code", "code in the item", "let x = 1", "int x;"])
        #expect(blocks[3].words == ["c"])
        #expect(blocks[2].words == ["swift", "runtime"])
        #expect(DocumentationSample.kind(of: ["swift"]) == nil)
        #expect(DocumentationSample.kind(of: []) == nil)
        #expect(DocumentationSample.kind(of: ["c", "fragment"]) == .fragment)
        #expect(DocumentationSample.kind(of: ["c", "from=PluginSDK/include/valuegen_plugin.h"]) == .excerpt(path: "PluginSDK/include/valuegen_plugin.h"))
    }
}
