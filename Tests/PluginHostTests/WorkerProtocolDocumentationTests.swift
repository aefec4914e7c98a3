import Foundation
import Testing
import ValuegenPluginSDK
@testable import ValuegenPluginHost

/// The two frames of the worker protocol that docs/PluginABI.md shows ("Isolation") are what
/// the host reads: the handshake decodes to the descriptor it describes, and the answer
/// decodes to its emissions, diagnostics and refusals and encodes back to the same JSON.
@Suite struct WorkerProtocolDocumentationTests {
    static let marker = "```json tested-by=Tests/PluginHostTests/WorkerProtocolDocumentationTests.swift\n"

    static func frames() throws -> [[UInt8]] {
        let page = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/PluginABI.md"), encoding: .utf8)
        return page.components(separatedBy: marker).dropFirst().map { Array($0.components(separatedBy: "\n```")[0].utf8) }
    }

    @Test func theHandshakeThePageShowsIsRead() throws {
        let frames = try Self.frames()
        try #require(frames.count == 2)
        let worker = try WorkerProtocol.decodeHandshake(frames[0]).get()
        #expect(worker.descriptor.id == "com.example.fake")
        #expect(worker.descriptor.version == "1.2.0")
        #expect(worker.descriptor.includeNames == ["Fake", "RMFake"])
        #expect(worker.descriptor.defaultKinds == [.value])
        #expect(worker.descriptor.supportedKinds == [.value, .adtValue, .object])
        #expect((worker.abiMajor, worker.abiMinor, worker.featureBits) == (1, 0, 1))
    }

    @Test func theAnswerThePageShowsIsReadAndWrittenBack() throws {
        let frames = try Self.frames()
        try #require(frames.count == 2)
        let output = try #require(WorkerProtocol.decodeOutput(frames[1]))
        var expected = PluginOutput(status: 0)
        expected.emissions = [.importModule("Foundation"), .declaration(typeName: "User", code: "extension User {}\n"), .file(path: "fakes/User.json", contents: "{}")]
        expected.diagnostics = [PluginOutput.Diagnostic(severity: .warning, message: "…", line: 3, column: 5)]
        expected.refusals = ["attached code to 'Ghost', which this file does not declare"]
        #expect(output == expected)
        #expect(try JSONParser.parse(WorkerProtocol.encode(output)) == JSONParser.parse(frames[1]))
    }
}
