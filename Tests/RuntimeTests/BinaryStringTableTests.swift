import Foundation
import Testing
import ValuegenRuntime

/// docs/BinaryFormat.md, "The string table": a repeated short string is written once in the
/// header's table and referred to by index.
@Suite struct BinaryStringTableTests {
    // MARK: - Writing

    @Test func writesARepeatedStringOnceInlineThenAsReferences() throws {
        let strings = ["abc", "abc", "abc"]
        let documented = "56 47 42 01  01 03 61 62 63  0B 03 03 61 62 63 02 FF 00 02 FF 00"
        #expect(hexString(strings.binaryBytes()) == hexString(hexBytes(documented)))
        #expect(try [String](binaryBytes: hexBytes(documented)) == strings)
    }

    @Test func writesStringsOfOneOrTwoBytesAndOfMoreThan32BytesInline() throws {
        #expect(hexString(["ab", "ab"].binaryBytes()) == "56 47 42 01 00 07 02 02 61 62 02 61 62")
        let long = String(repeating: "x", count: 33)
        #expect([long, long].binaryBytes()[4] == 0, "33 bytes: no table")
        let longest = String(repeating: "y", count: 32)
        let bytes = [longest, longest].binaryBytes()
        #expect(Array(bytes[4...6]) == [1, 32, 0x79], "32 bytes: in the table")
        #expect(try [String](binaryBytes: bytes) == [longest, longest])
    }

    @Test func writesAReferenceOnlyWhenItIsShorter() throws {
        // 128 strings take the one-byte indices; a 3-byte string would then take as many bytes
        // as a reference (03 FF 80 01 is four), a 4-byte string one more.
        var strings = (0..<128).flatMap { index in Array(repeating: "s\(1000 + index)", count: 2) }
        strings += ["zzz", "zzz", "wwww", "wwww"]
        let bytes = strings.binaryBytes()
        #expect(hexString(Array(bytes.suffix(17))) == "03 7A 7A 7A 03 7A 7A 7A 04 77 77 77 77 03 FF 80 01")
        #expect(try [String](binaryBytes: bytes) == strings)
    }

    @Test func aWriterMadeByHandWritesEveryStringInline() {
        var writer = BinaryWriter()
        writer.writeString("abc")
        writer.writeString("abc")
        #expect(hexString(writer.bytes) == "03 61 62 63 03 61 62 63")
    }

    @Test func forgetsStringsSeenOnceAfter4096Others() throws {
        // Every 20 new strings a repeated one, so that the array's strings are never skipped
        // (below): the strings seen once are "first", "rep" and the others.
        func document(othersBetween: Int) -> [UInt8] {
            let others = (0..<othersBetween).flatMap { $0 % 20 == 0 ? ["rep", "other \($0)"] : ["other \($0)"] }
            return (["first"] + others + ["first"]).binaryBytes()
        }
        // 4094 others between: "first" is still remembered, and its second time a reference
        // (to string 1 of the table; "rep" is string 0).
        let remembered = document(othersBetween: 4094)
        #expect(Array(remembered[4...8]) == [2, 3] + Array("rep".utf8))
        #expect(hexString(Array(remembered.suffix(3))) == "02 FF 01")
        // 4095: every string seen once was forgotten when the 4097th came.
        let forgotten = document(othersBetween: 4095)
        #expect(forgotten[4] == 1)
        #expect(Array(forgotten.suffix(6)) == [5] + Array("first".utf8))
        #expect(try [String](binaryBytes: forgotten).last == "first")
    }

    @Test func skipsTheLookUpOfStringsThatKeepBeingNew() throws {
        // 32 new strings in a row: the next 224 are written inline unlooked-at, so "abc" twice
        // among them stays inline; looked up again after them, it becomes a reference.
        func document(newBetween: Int) -> [String] {
            let new = (0..<32).map { "new \($0)" }
            let between = (0..<newBetween).map { "between \($0)" }
            return new + ["abc", "abc"] + between + ["abc", "abc"]
        }
        let lookedUpAgain = document(newBetween: 222)
        let bytes = lookedUpAgain.binaryBytes()
        #expect(Array(bytes[4...8]) == [1, 3] + Array("abc".utf8))
        #expect(hexString(Array(bytes.suffix(7))) == "03 61 62 63 02 FF 00")
        #expect(try [String](binaryBytes: bytes) == lookedUpAgain)
        // One fewer between: the first of the last two is the 224th skipped, the second new.
        let stillSkipped = document(newBetween: 221)
        #expect(stillSkipped.binaryBytes()[4] == 0)
        #expect(try [String](binaryBytes: stillSkipped.binaryBytes()) == stillSkipped)
    }

    @Test func skipsTheLookUpsOfOneFieldOnly() throws {
        // The nicknames (field 2) are new 32 times in a row and then skipped, so "dup" twice
        // stays inline; the URLs, which repeat, are looked up all along and are references.
        let url = URL(string: "https://a.example/u")!
        let users = (0..<32).map { BinaryUser(userId: $0, nickname: "user \($0)", imageUrl: url) }
            + [BinaryUser(userId: 32, nickname: "dup", imageUrl: url), BinaryUser(userId: 33, nickname: "dup", imageUrl: url)]
        let bytes = users.binaryBytes()
        #expect(Array(bytes[4...6]) == [1, 19, UInt8(ascii: "h")], "the table: the URL only")
        #expect(try [BinaryUser](binaryBytes: bytes) == users)
    }

    // MARK: - References wherever a String payload is

    @Test func refersToStringsInNestedMessagesArraysAndDictionaries() throws {
        let user = BinaryUser(userId: 1, nickname: "Ada", friends: [BinaryUser(userId: 2, nickname: "Ada")])
        let documented = "56 47 42 01  01 03 41 64 61  1A 08 02 12 03 41 64 61 22 0E 01 0C 08 04 12 02 FF 00 22 01 00 2A 01 00 2A 01 00"
        #expect(hexString(user.binaryBytes()) == hexString(hexBytes(documented)))
        #expect(try BinaryUser(binaryBytes: hexBytes(documented)) == user)
    }

    @Test func refersToStringsInOptionalsAndADTPayloads() throws {
        let optionals: [String?] = ["opt", nil, "opt"]
        #expect(hexString(optionals.binaryBytes()) == "56 47 42 01 01 03 6F 70 74 0B 03 04 03 6F 70 74 00 03 02 FF 00")
        #expect(try [String?](binaryBytes: optionals.binaryBytes()) == optionals)
        let shapes: [BinaryShape] = [.label("hello"), .label("hello")]
        #expect(hexString(shapes.binaryBytes()) == "56 47 42 01 01 05 68 65 6C 6C 6F 12 02 09 08 04 12 05 68 65 6C 6C 6F 06 08 04 12 02 FF 00")
        #expect(try [BinaryShape](binaryBytes: shapes.binaryBytes()) == shapes)
        let urls = [URL(string: "https://a.io")!, URL(string: "https://a.io")!]
        #expect(try [URL](binaryBytes: urls.binaryBytes()) == urls)
        #expect(urls.binaryBytes()[4] == 1)
    }

    @Test func sortsSetsByTheirStringsNotByTheirReferences() throws {
        // The second set's "pear" and "apple" are references (indices 0 and 1), "kiwi" is new;
        // they are in the order of their strings written inline: kiwi, pear (04 …), apple (05 …).
        let documented = "56 47 42 01  02 04 70 65 61 72 05 61 70 70 6C 65  1F 02 10 03 03 66 69 67 04 70 65 61 72 05 61 70 70 6C 65 0C 03 04 6B 69 77 69 02 FF 00 02 FF 01"
        let sets: [Set<String>] = [["apple", "pear", "fig"], ["pear", "apple", "kiwi"]]
        #expect(hexString(sets.binaryBytes()) == hexString(hexBytes(documented)))
        var reordered = Set<String>(minimumCapacity: 64)
        for word in ["kiwi", "apple", "pear"] { reordered.insert(word) }
        var first = Set<String>(minimumCapacity: 100)
        for word in ["fig", "pear", "apple"] { first.insert(word) }
        #expect(hexString([first, reordered].binaryBytes()) == hexString(hexBytes(documented)))
        #expect(try [Set<String>](binaryBytes: hexBytes(documented)) == sets)
    }

    @Test func sortsDictionariesByTheirKeysNotByTheirReferences() throws {
        let documented = "56 47 42 01  02 05 78 2D 6B 65 79 05 79 2D 6B 65 79  1B 02 0F 02 05 78 2D 6B 65 79 02 05 79 2D 6B 65 79 04 09 02 02 FF 00 08 02 FF 01 06"
        let dictionaries: [[String: Int]] = [["x-key": 1, "y-key": 2], ["y-key": 3, "x-key": 4]]
        #expect(hexString(dictionaries.binaryBytes()) == hexString(hexBytes(documented)))
        #expect(try [[String: Int]](binaryBytes: hexBytes(documented)) == dictionaries)
        // Equal values: the first in the order of the keys is written inline.
        let values = ["b-key": "same", "a-key": "same"]
        #expect(hexString(values.binaryBytes()) == "56 47 42 01 01 04 73 61 6D 65 15 02 05 61 2D 6B 65 79 04 73 61 6D 65 05 62 2D 6B 65 79 02 FF 00")
    }

    @Test func writesEqualCollectionsOfRepeatedStringsAsEqualBytesWhateverTheirOrder() throws {
        var generator = SeededGenerator(seed: 4)
        let words = (0..<60).map { "word \($0)" }
        // The same entries, inserted in two orders into dictionaries of two capacities.
        let entries: [[(String, [String])]] = (0..<200).map { _ in
            let keys = Set((0..<Int.random(in: 0...6, using: &generator)).map { _ in words.randomElement(using: &generator)! })
            return keys.sorted().map { ($0, [words.randomElement(using: &generator)!]) }
        }
        func records(reversed: Bool) -> [[String: [String]]] {
            entries.map { entries in
                var record: [String: [String]] = reversed ? Dictionary(minimumCapacity: 32) : [:]
                for (key, value) in reversed ? entries.reversed() : entries {
                    record[key] = value
                }
                return record
            }
        }
        let first = records(reversed: false)
        let second = records(reversed: true)
        #expect(first.binaryBytes() == second.binaryBytes())
        #expect(try [[String: [String]]](binaryBytes: first.binaryBytes()) == first)
        let sets = (0..<200).map { _ in Set((0..<Int.random(in: 0...8, using: &generator)).map { _ in words.randomElement(using: &generator)! }) }
        let rebuilt = sets.map { set in
            var copy = Set<String>(minimumCapacity: 64)
            for word in set.sorted().reversed() { copy.insert(word) }
            return copy
        }
        #expect(sets.binaryBytes() == rebuilt.binaryBytes())
        #expect(try [Set<String>](binaryBytes: sets.binaryBytes()) == sets)
    }

    // MARK: - Reading

    @Test func skipsUnknownFieldsThatHoldReferencesAndStaysInStep() throws {
        // The second profile's name refers to a string first written in the first's email,
        // which a version 1 reader skips; zip codes and tags are references it skips too.
        let profiles = [
            ProfileV2(id: 1, name: "Ann", email: "shared@x.io", tags: ["tag-a"]),
            ProfileV2(id: 2, name: "shared@x.io", tags: ["tag-a"]),
            ProfileV2(id: 3, name: "Bo", email: "shared@x.io", tags: ["tag-a", "tag-a"]),
        ]
        let bytes = profiles.binaryBytes()
        #expect(bytes[4] == 3, "shared@x.io, 00000 and tag-a are in the table")
        #expect(try [ProfileV1](binaryBytes: bytes) == [ProfileV1(id: 1, name: "Ann"), ProfileV1(id: 2, name: "shared@x.io"), ProfileV1(id: 3, name: "Bo")])
        #expect(try [ProfileV2](binaryBytes: bytes) == profiles)
    }

    @Test func readsAReferenceWithAnIndexOfTwoBytes() throws {
        let strings = (0..<130).map { "string \($0)" }
        let table: [UInt8] = [0x82, 0x01] + strings.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }
        let bytes = BinaryFormat.header + table + hexBytes("05 01 03 FF 81 01")
        #expect(try [String](binaryBytes: bytes) == ["string 129"])
    }

    @Test func dataIsNeverAReference() throws {
        #expect(try Data(binaryBytes: binaryDocument("02 FF 00", strings: ["abc"])) == Data([0xFF, 0x00]))
        #expect(binaryPayloadHex([Data([0x61, 0x62, 0x63]), Data([0x61, 0x62, 0x63])]) == "09 02 03 61 62 63 03 61 62 63")
    }

    @Test func refusesAReferencePastTheTable() {
        expectBinaryError(String.self, BinaryFormat.header + hexBytes("01 03 61 62 63 02 FF 01"), "string reference 1 is past the end of the string table (1 string)", at: 11)
        expectBinaryError(String.self, binaryDocument("02 FF 00"), "string reference 0 is past the end of the string table (0 strings)", at: 7)
        expectBinaryError(String.self, binaryDocument("03 FF 80 01"), "string reference 128 is past the end of the string table (0 strings)", at: 7)
        expectBinaryError([String: Int].self, binaryDocument("05 01 02 FF 04 02", strings: ["abc"]), "string reference 4 is past the end of the string table (1 string)", at: 13, path: [0])
    }

    @Test func refusesAMalformedReference() {
        expectBinaryError(String.self, binaryDocument("01 FF"), "a varint runs past the end of the enclosing value, which ends at byte 7", at: 7)
        expectBinaryError(String.self, binaryDocument("03 FF 00 00", strings: ["abc"]), "1 byte is left over at the end of a length-delimited value", at: 12)
        expectBinaryError(String.self, binaryDocument("03 FF 80 00", strings: ["abc"]), "a varint is not in its shortest form (it ends in a zero byte)", at: 11)
        expectBinaryError(BinaryUser.self, binaryDocument("07 08 02 12 03 FF 80 00", strings: ["abc"]), "a varint is not in its shortest form (it ends in a zero byte)", at: 15, path: [2])
    }

    @Test func refusesAMalformedTable() {
        expectBinaryError(String.self, [0x56, 0x47, 0x42, 0x01, 0x80], "a varint runs past the end of the data", at: 4)
        expectBinaryError(String.self, [0x56, 0x47, 0x42, 0x01, 0x05, 0x01, 0x61], "a string table of 5 strings cannot fit in the remaining 2 bytes", at: 4)
        expectBinaryError(String.self, [0x56, 0x47, 0x42, 0x01, 0x01, 0x05, 0x61], "a length-delimited value of 5 bytes runs past the end of the data", at: 5)
        expectBinaryError(String.self, hexBytes("56 47 42 01 02 01 61 02 C3 28 00"), "string 1 of the string table is not valid UTF-8", at: 8)
        expectBinaryError(String.self, hexBytes("56 47 42 01 01 02 FF 00 00"), "string 0 of the string table is not valid UTF-8", at: 6)
    }

    @Test func roundTripsManyDocumentsOfRepeatedStrings() throws {
        var generator = SeededGenerator(seed: 12)
        let pool = (0..<300).map { index in String(repeating: "é", count: index % 7) + "w\(index)" }
        for _ in 0..<200 {
            let users = (0..<Int.random(in: 0...30, using: &generator)).map { index in
                BinaryUser(
                    userId: index,
                    nickname: pool.randomElement(using: &generator)!,
                    imageUrl: Bool.random(using: &generator) ? URL(string: "https://x.io/\(Int.random(in: 0...3, using: &generator))") : nil,
                    friends: Bool.random(using: &generator) ? [BinaryUser(userId: -index, nickname: pool.randomElement(using: &generator)!)] : [],
                    scores: Dictionary(uniqueKeysWithValues: pool.shuffled(using: &generator).prefix(Int.random(in: 0...4, using: &generator)).map { ($0, Double(Int.random(in: -50...50, using: &generator)) / 4) })
                )
            }
            let bytes = users.binaryBytes()
            #expect(try [BinaryUser](binaryBytes: bytes) == users)
            #expect(try [BinaryUser](binaryBytes: bytes).binaryBytes() == bytes, "canonical")
        }
    }
}
