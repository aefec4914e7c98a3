import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

@Suite("Finding bytes that are not UTF-8")
struct UTF8ValidationTests {
    private func firstInvalid(_ bytes: [UInt8]) -> (offset: Int, line: Int, column: Int)? {
        UTF8Validation.firstInvalidByte(in: bytes).map { ($0.offset, $0.location.line, $0.location.column) }
    }

    @Test func acceptsWellFormedText() {
        #expect(firstInvalid(Array("User { größe: Int } # ☕️ 𝄞 中文\n".utf8)) == nil)
        #expect(firstInvalid([]) == nil)
    }

    @Test func findsAByteThatCannotStartASequence() {
        #expect(firstInvalid([0x55, 0xFF, 0x20]).map { [$0.offset, $0.line, $0.column] } == [1, 1, 2])
        #expect(firstInvalid([0x41, 0x80]).map { [$0.offset, $0.line, $0.column] } == [1, 1, 2])
    }

    @Test func countsLinesAndColumnsInBytes() {
        // "ab\nçx" then a stray continuation byte: line 2, after the two bytes of "ç" and "x".
        #expect(firstInvalid([0x61, 0x62, 0x0A, 0xC3, 0xA7, 0x78, 0xA7]).map { [$0.offset, $0.line, $0.column] } == [6, 2, 4])
    }

    @Test func refusesOverlongEncodings() {
        #expect(firstInvalid([0xC0, 0xAF]) != nil) // "/" in two bytes
        #expect(firstInvalid([0xE0, 0x80, 0xAF]) != nil) // "/" in three bytes
        #expect(firstInvalid([0xF0, 0x80, 0x80, 0xAF]) != nil) // "/" in four bytes
    }

    @Test func refusesSurrogatesAndScalarsAboveTheUnicodeRange() {
        #expect(firstInvalid([0xED, 0xA0, 0x80]) != nil) // U+D800
        #expect(firstInvalid([0xF4, 0x90, 0x80, 0x80]) != nil) // U+110000
        #expect(firstInvalid([0xF5, 0x80, 0x80, 0x80]) != nil)
    }

    @Test func refusesASequenceCutShortByTheEndOfTheFile() {
        #expect(firstInvalid([0x61, 0xE2, 0x98]).map { [$0.offset, $0.line, $0.column] } == [1, 1, 2])
    }

    @Test func refusesASequenceCutShortByANewline() {
        #expect(firstInvalid([0xC3, 0x0A]).map { [$0.offset, $0.line, $0.column] } == [0, 1, 1])
    }
}
