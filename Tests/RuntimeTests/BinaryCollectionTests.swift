import Foundation
import Testing
import ValuegenRuntime

@Suite struct BinaryCollectionTests {
    // MARK: - Optional

    @Test func writesNilAsAnEmptyPayloadAndAValueAsItsOwnPayload() throws {
        #expect(binaryPayloadHex(Int?.none) == "00")
        #expect(binaryPayloadHex(Int?.some(5)) == "01 0A")
        #expect(binaryPayloadHex(String?.some("")) == "01 00")
        #expect(binaryPayloadHex(Int??.some(nil)) == "01 00")
        #expect(binaryPayloadHex(Int??.none) == "00")
        #expect(try binaryRoundTrip(Int??.some(nil)) == .some(nil))
        #expect(try binaryRoundTrip(Int??.none) == .none)
        #expect(try binaryRoundTrip(Int??.some(-7)) == -7)
    }

    @Test func refusesAnOptionalWhosePayloadHasBytesLeftOver() {
        expectBinaryError(Int?.self, binaryDocument("02 0A 00"), "1 byte is left over at the end of a length-delimited value", at: 7)
        expectBinaryError(Int?.self, binaryDocument("01 80"), "a varint runs past the end of the enclosing value, which ends at byte 7", at: 6)
    }

    // MARK: - Arrays

    @Test func writesArraysAsACountAndTheElements() throws {
        #expect(binaryPayloadHex([Int]()) == "01 00")
        #expect(binaryPayloadHex([1, 2, -1]) == "04 03 02 04 01")
        #expect(binaryPayloadHex(["a", ""]) == "04 02 01 61 00")
        #expect(binaryPayloadHex([1.0]) == "09 01 00 00 00 00 00 00 F0 3F")
        #expect(binaryPayloadHex([Int?.none, 3]) == "04 02 00 01 06")
    }

    @Test func roundTripsNestedArrays() throws {
        let nested: [[[Int]]] = [[], [[]], [[1, Int.min], [Int.max]], [[0]]]
        #expect(try binaryRoundTrip(nested) == nested)
        let optionals: [String?] = [nil, "x", nil, ""]
        #expect(try binaryRoundTrip(optionals) == optionals)
        let big = (0..<100_000).map { $0 * 7919 - 50_000 }
        #expect(try binaryRoundTrip(big) == big)
    }

    @Test func refusesCountsThatCannotFitBeforeAllocating() {
        // 2^60 elements announced in a payload of 9 bytes: refused without reserving anything.
        expectBinaryError([Int].self, binaryDocument("09 80 80 80 80 80 80 80 80 10"), "1152921504606846976 elements cannot fit in the remaining 0 bytes", at: 6)
        expectBinaryError([Double].self, binaryDocument("09 02 00 00 00 00 00 00 F0 3F"), "2 elements cannot fit in the remaining 8 bytes", at: 6)
        expectBinaryError([Float].self, binaryDocument("04 01 00 00 80"), "1 element cannot fit in the remaining 3 bytes", at: 6)
        expectBinaryError([String: Int].self, binaryDocument("02 01 00"), "1 element cannot fit in the remaining 1 byte", at: 6)
        expectBinaryError(Set<Int>.self, binaryDocument("03 FF FF 03"), "65535 elements cannot fit in the remaining 0 bytes", at: 6)
    }

    @Test func refusesAnArrayWithBytesAfterItsLastElement() {
        expectBinaryError([Int].self, binaryDocument("03 01 02 00"), "1 byte is left over at the end of a length-delimited value", at: 8)
        expectBinaryError([Int].self, binaryDocument("04 01 02 00 00"), "2 bytes are left over at the end of a length-delimited value", at: 8)
    }

    @Test func refusesAnElementThatRunsPastItsArray() {
        // The array says 2 bytes; its element's length says 3: the element may not read the
        // array's neighbour.
        expectBinaryError([[String]].self, binaryDocument("02 01 03 01 00 00"), "a length-delimited value of 3 bytes runs past the end of the enclosing value, which ends at byte 8", at: 7, path: [0])
    }

    @Test func errorsInElementsHaveTheirIndexInThePath() {
        expectBinaryError([Int8].self, binaryDocument("04 02 02 D8 04"), "300 is out of the range of Int8", at: 8, path: [1])
        expectBinaryError([[Bool]].self, binaryDocument("08 02 02 01 01 03 02 01 05"), "expected a Bool (0 or 1), found 5", at: 13, path: [1, 1])
    }

    // MARK: - Sets

    @Test func writesSetsInTheByteOrderOfTheirElements() throws {
        // "a" is 01 61, "b" 01 62, "ab" 02 61 62: shorter strings first, as their length leads.
        #expect(binaryPayloadHex(Set(["b", "ab", "a"])) == "08 03 01 61 01 62 02 61 62")
        #expect(binaryPayloadHex(Set([-1, 1, 0])) == "04 03 00 01 02")
        #expect(binaryPayloadHex(Set<Int>()) == "01 00")
    }

    @Test func writesEqualSetsAsEqualBytesWhateverTheirOrder() throws {
        var generator = SeededGenerator(seed: 1)
        let words = (0..<500).map { _ in String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 36) }
        var first = Set<String>()
        var second = Set<String>(minimumCapacity: 4096)
        for word in words { first.insert(word) }
        for word in words.reversed() { second.insert(word) }
        #expect(first.binaryBytes() == second.binaryBytes())
        #expect(try binaryRoundTrip(first) == first)
    }

    @Test func keepsAnElementThatAppearsTwiceOnce() throws {
        #expect(try Set<Int>(binaryBytes: binaryDocument("04 03 02 02 04")) == [1, 2])
    }

    // MARK: - Dictionaries

    @Test func writesDictionariesInTheByteOrderOfTheirKeys() throws {
        // Keys -1, 1, 3 are the zigzag varints 01, 02, 06.
        #expect(binaryPayloadHex([3: "c", 1: "a", -1: "m"]) == "0A 03 01 01 6D 02 01 61 06 01 63")
        #expect(binaryPayloadHex([String: Double]()) == "01 00")
        #expect(binaryPayloadHex(["chess": 2.5]) == "0F 01 05 63 68 65 73 73 00 00 00 00 00 00 04 40")
    }

    @Test func roundTripsNestedDictionaries() throws {
        let nested: [String: [Int: [String]]] = ["": [:], "b": [1: ["x"], -5: []], "a": [Int.min: ["", "y"]]]
        #expect(try binaryRoundTrip(nested) == nested)
        let uuids = [UUID(): [Date(timeIntervalSinceReferenceDate: 3)], UUID(): []]
        #expect(try binaryRoundTrip(uuids) == uuids)
        var generator = SeededGenerator(seed: 2)
        var large: [Int: Double] = [:]
        for _ in 0..<10_000 { large[Int.random(in: Int.min...Int.max, using: &generator)] = .random(in: 0...1, using: &generator) }
        #expect(try binaryRoundTrip(large) == large)
    }

    @Test func writesEqualDictionariesAsEqualBytesWhateverTheirOrder() {
        var first: [String: Int] = [:]
        var second: [String: Int] = Dictionary(minimumCapacity: 4096)
        for index in 0..<300 { first["key \(index)"] = index }
        for index in (0..<300).reversed() { second["key \(index)"] = index }
        #expect(first.binaryBytes() == second.binaryBytes())
    }

    @Test func keepsTheLastValueOfAKeyThatAppearsTwice() throws {
        #expect(try [Int: Int](binaryBytes: binaryDocument("05 02 02 02 02 04")) == [1: 2])
    }

    @Test func errorsInEntriesHaveTheEntryIndexInThePath() {
        expectBinaryError([String: Bool].self, binaryDocument("07 02 01 61 01 01 62 07"), "expected a Bool (0 or 1), found 7", at: 12, path: [1])
        expectBinaryError([String: Bool].self, binaryDocument("04 01 01 FE 00"), "a string is not valid UTF-8", at: 8, path: [0])
    }
}
