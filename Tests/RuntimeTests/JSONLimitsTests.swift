import Foundation
import Testing
import ValuegenRuntime

@Suite("JSON limits")
struct JSONLimitsTests {
    private static let depthMessage = "nesting deeper than 512 levels"

    @Test func theDepthLimitIs512() throws {
        #expect(JSONReader.maximumDepth == 512)
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try decode(NestedArrays.self, deepest)
        _ = try decode(AnyJSONValue.self, deepest)
        let tooDeep = "[" + deepest + "]"
        expectError(NestedArrays.self, tooDeep, Self.depthMessage, at: 512, path: Array(repeating: .index(0), count: 512))
    }

    @Test func arraysNested100000DeepAreRefusedWithoutExhaustingTheStack() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let path = Array(repeating: JSONPathComponent.index(0), count: 512)
        expectError(NestedArrays.self, json, Self.depthMessage, at: 512, path: path)
        expectError(AnyJSONValue.self, json, Self.depthMessage, at: 512, path: path)
        // Unclosed, as a truncated or hostile document would be.
        expectError(AnyJSONValue.self, String(repeating: "[", count: 100_000), Self.depthMessage, at: 512, path: path)
        // Deep inside a member that a model skips.
        expectError(Team.self, #"{"unknown":"# + json + "}", Self.depthMessage, at: 11 + 511, path: [.key("unknown")] + path.dropLast())
    }

    @Test func objectsNested100000DeepAreRefusedWithoutExhaustingTheStack() {
        let json = String(repeating: #"{"a":"#, count: 100_000) + "{}" + String(repeating: "}", count: 100_000)
        let path = Array(repeating: JSONPathComponent.key("a"), count: 512)
        expectError(NestedObjects.self, json, Self.depthMessage, at: 512 * 5, path: path)
        expectError(AnyJSONValue.self, json, Self.depthMessage, at: 512 * 5, path: path)
        let mixed = String(repeating: #"[{"a":"#, count: 50_000)
        expectError(AnyJSONValue.self, mixed, Self.depthMessage, at: 256 * 6, path: Array(repeating: [JSONPathComponent.index(0), .key("a")], count: 256).flatMap { $0 })
    }

    @Test func aReaderCanReadAgainAfterADeepDocumentFails() throws {
        // Nothing is left behind by the refusal: the next document reads to the limit again.
        _ = try? decode(AnyJSONValue.self, String(repeating: "[", count: 1000))
        _ = try decode(NestedArrays.self, String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
    }

    @Test func hugeStringsAreReadAndWrittenWhole() throws {
        let unit = "abcdefghij0123456789é😀 \u{7F}~"
        let count = 50_000_000 / unit.utf8.count
        let text = String(repeating: unit, count: count)
        #expect(text.utf8.count >= 49_999_000)
        var json: [UInt8] = [0x22]
        json.append(contentsOf: text.utf8)
        json.append(0x22)
        let read = try String(jsonBytes: json)
        #expect(read.utf8.count == text.utf8.count)
        #expect(read == text)
        #expect(text.jsonBytes() == json)

        // With escapes the reader takes its other path.
        let escapedUnit = #"line\n\"quoted\"\u00e9\ud83d\ude00\\"#
        let escapedJSON = Array(("\"" + String(repeating: escapedUnit, count: 10_000_000 / escapedUnit.utf8.count) + "\"").utf8)
        let unescaped = try String(jsonBytes: escapedJSON)
        #expect(unescaped == String(repeating: "line\n\"quoted\"é😀\\", count: 10_000_000 / escapedUnit.utf8.count))
    }

    @Test func hugeArraysAndObjectsAreRead() throws {
        let numbers = Array(0..<1_000_000)
        #expect(try [Int](jsonBytes: numbers.jsonBytes()) == numbers)
        var members: [String: Int] = [:]
        for index in 0..<100_000 {
            members["key\(index)"] = index
        }
        #expect(try [String: Int](jsonBytes: members.jsonBytes()) == members)
    }
}
