import Foundation
import Testing
import ValuegenRuntime

/// The room a writer makes for a long array: after its first elements, room for the rest at
/// their rate (`JSONWriter.reserveForElements`), so that a list page is not copied at each
/// doubling of the buffer. What is written never depends on it.
@Suite("JSON writer room")
struct JSONWriterRoomTests {
    /// `count` strings of `length` bytes, each different.
    static func strings(_ count: Int, length: Int, from first: Int = 0) -> [String] {
        (first..<first + count).map { index in
            let number = String(index)
            return number + String(repeating: "x", count: max(0, length - number.utf8.count))
        }
    }

    /// The array as JSON, written by hand: `["…","…"]`.
    static func expectedJSON(_ strings: [String]) -> String {
        "[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }

    @Test func aLongArrayIsWrittenIntoRoomMadeOnceForTheRest() {
        // 20,000 elements of 42 bytes written: 860 KB. Doubling from 256 KB would have left it
        // 4 MB of room (the buffer goes to the huge pages' size past 256 KB).
        let strings = Self.strings(20_000, length: 40)
        let bytes = strings.jsonBytes()
        #expect(String(decoding: bytes, as: UTF8.self) == Self.expectedJSON(strings))
        #expect(bytes.capacity >= bytes.count && bytes.capacity <= bytes.count + bytes.count / 4 + 8192, "capacity \(bytes.capacity) for \(bytes.count) bytes")
    }

    @Test func elementsLongerOrShorterThanTheFirstAreWrittenAllTheSame() {
        // The first sixteen short and the rest long: the estimate falls short, and the buffer
        // grows as it did without one.
        let growing = Self.strings(16, length: 1) + Self.strings(30_000, length: 60, from: 16)
        #expect(String(decoding: growing.jsonBytes(), as: UTF8.self) == Self.expectedJSON(growing))
        // The first sixteen long and the rest short: room to spare, never written.
        // The first sixteen long and the rest short: room to spare, never written, and no more
        // than 256 MB of it (the estimate here is 6 GB).
        let shrinking = Self.strings(16, length: 200_000) + Self.strings(30_000, length: 2, from: 16)
        let bytes = shrinking.jsonBytes()
        #expect(String(decoding: bytes, as: UTF8.self) == Self.expectedJSON(shrinking))
        #expect(bytes.capacity <= bytes.count + 256 << 20, "capacity \(bytes.capacity) for \(bytes.count) bytes")
    }

    @Test func shortAndNestedArraysAreWrittenAsBefore() {
        // Fewer elements than are written before an estimate, and a rest under 256 KB.
        for count in [0, 1, 15, 16, 17, 100] {
            let strings = Self.strings(count, length: 10)
            #expect(String(decoding: strings.jsonBytes(), as: UTF8.self) == Self.expectedJSON(strings))
        }
        // Arrays inside a long array: each inner one estimates for its own elements.
        let nested = (0..<3_000).map { Self.strings(20, length: 12, from: $0 * 20) }
        let expected = "[" + nested.map(Self.expectedJSON).joined(separator: ",") + "]"
        #expect(String(decoding: nested.jsonBytes(), as: UTF8.self) == expected)
    }
}
