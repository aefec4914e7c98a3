import Foundation
import Testing
@testable import ValuegenRuntime

// URLs read from JSON (JSONReader+URLs.swift): the same values and errors as `URL(string:)`
// gave before the reader remembered them and took the strict parser's road, on every URL of
// the recorded API responses and on mutations of them.

/// A URL read as the reader read every URL before: `URL(string:)` of the string, the same error.
struct ReferenceURL: JSONDecodable, Equatable {
    var url: URL

    init(from reader: inout JSONReader) throws(JSONError) {
        url = try reader.readString(converting: { URL(string: $0) }, orFail: { "expected a URL, found \"\($0)\"" })
    }
}

/// The bytes of a value's own storage: equal for two `URL`s only when they share one.
func storageBytes(of url: URL) -> [UInt8] {
    withUnsafeBytes(of: url) { Array($0) }
}

/// What a URL answers, beyond `==`: its strings (`dataRepresentation` is the string it was given
/// before any percent-encoding), its parts, decoded and not.
func describedParts(of url: URL?) -> [String?] {
    guard let url else { return [] }
    return [
        url.absoluteString, url.relativeString, String(decoding: url.dataRepresentation, as: UTF8.self),
        url.scheme, url.host, url.port.map(String.init), url.user, url.password, url.path, url.relativePath,
        url.query, url.fragment, url.lastPathComponent,
        url.baseURL?.absoluteString, url.isFileURL.description, url.hasDirectoryPath.description,
    ]
}

/// A JSON array of the strings, each written as JSONWriter writes it (`\/` in URLs).
func jsonArray(_ strings: [String]) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginArray()
    for string in strings {
        writer.writeString(string)
    }
    writer.endArray()
    return writer.bytes
}

/// Asserts that reading the document as `[URL]` gives exactly what the reference reading gives:
/// the same URLs, or the same error.
func expectURLsReadAsBefore(_ json: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let read = Result { () throws(JSONError) in try [URL](jsonBytes: json) }
    let reference = Result { () throws(JSONError) in try [ReferenceURL](jsonBytes: json).map(\.url) }
    switch (read, reference) {
    case let (.success(urls), .success(expected)):
        #expect(urls == expected, sourceLocation: sourceLocation)
        #expect(urls.map(describedParts(of:)) == expected.map(describedParts(of:)), sourceLocation: sourceLocation)
    case let (.failure(error), .failure(expected)):
        #expect(error == expected, sourceLocation: sourceLocation)
    default:
        Issue.record("read \(read), before \(reference), from \(String(decoding: json, as: UTF8.self).prefix(300))", sourceLocation: sourceLocation)
    }
}

/// Mutations of recorded URLs, as broken as servers and users make them: spaces, `%` with and
/// without hex digits, non-ASCII, brackets, template braces, controls, cut and doubled parts,
/// empty and very long strings.
func mutatedURLs(count: Int, seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    let insertions = [
        " ", "%", "%2", "%zz", "%41", "%E9", "é", "日本", "😀", "[", "]", "[::1]", "[v1.x]", "#", "##", "?", "??",
        "{", "}", "{/name}", "|", "\\", "^", "`", "\"", "<", ">", "~", ":", "::", "@", "@@", "//", "\t", "\n",
        "\u{0}", "\u{7F}", ":99999", ":abc", ":", "xn--", "..", "/./", "a:b", "%00", "+", "&", "=", ";", "'",
    ]
    let seeds = RecordedURLs.strings
    var corpus: [String] = []
    while corpus.count < count {
        var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &random)].utf8)
        for _ in 0...Int.random(in: 0..<3, using: &random) {
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1, 2:
                let position = Int.random(in: 0..<(bytes.count + 1), using: &random)
                bytes.insert(contentsOf: Array(insertions[Int.random(in: 0..<insertions.count, using: &random)].utf8), at: position)
            case 3:
                guard !bytes.isEmpty else { continue }
                let start = Int.random(in: 0..<bytes.count, using: &random)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + Int.random(in: 0..<12, using: &random)))
            case 4:
                bytes = Array(bytes.prefix(Int.random(in: 0..<(bytes.count + 1), using: &random)))
            case 5:
                let start = Int.random(in: 0..<(bytes.count + 1), using: &random)
                bytes.insert(contentsOf: bytes[start...], at: start)
            default:
                let index = Int.random(in: 0..<(bytes.count + 1), using: &random)
                if index < bytes.count { bytes[index] = UInt8(truncatingIfNeeded: 0x20 + Int.random(in: 0..<0x60, using: &random)) }
            }
        }
        // Invalid UTF-8 made by a cut is left out: a JSON string cannot hold it.
        guard let string = String(validating: bytes, as: UTF8.self) else { continue }
        corpus.append(string)
    }
    corpus.append("")
    corpus.append("https://example.com/" + String(repeating: "segment/", count: 20_000))
    corpus.append("https://example.com/" + String(repeating: "é", count: 3_000))
    return corpus
}

@Suite struct JSONURLTests {
    @Test func everyRecordedURLIsMadeAsURLStringMakesIt() {
        for string in RecordedURLs.strings {
            let url = URL(faithfulTo: string)
            let expected = URL(string: string)
            #expect(url == expected, "\(string)")
            #expect(describedParts(of: url) == describedParts(of: expected), "\(string)")
        }
    }

    @Test func everyMutatedURLIsMadeAsURLStringMakesIt() {
        for string in mutatedURLs(count: 20_000, seed: 38) {
            let url = URL(faithfulTo: string)
            let expected = URL(string: string)
            #expect(url == expected, "\(string.debugDescription)")
            #expect(describedParts(of: url) == describedParts(of: expected), "\(string.debugDescription)")
        }
    }

    @Test func recordedURLsReadFromJSONAsBefore() {
        // Each twice, the second time from the reader's memory, and escaped as servers write
        // them (`\/`) and not.
        let strings = RecordedURLs.strings + RecordedURLs.strings.reversed()
        expectURLsReadAsBefore(jsonArray(strings))
        expectURLsReadAsBefore(Array(("[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8))
    }

    @Test func mutatedURLsReadFromJSONAsBeforeWithTheSameErrors() {
        var random = SeededGenerator(seed: 3838)
        let corpus = mutatedURLs(count: 4_000, seed: 383)
        // Small documents of URLs that repeat, each ending at its first refused URL (the error
        // is compared), or read whole.
        for _ in 0..<2_000 {
            let strings = (0..<(1 + Int.random(in: 0..<8, using: &random))).map { _ in corpus[Int.random(in: 0..<40, using: &random)] }
            expectURLsReadAsBefore(jsonArray(strings))
        }
        for start in stride(from: 0, to: corpus.count, by: 50) {
            expectURLsReadAsBefore(jsonArray(Array(corpus[start..<min(corpus.count, start + 50)])))
        }
    }

    @Test func aRepeatedURLStringSharesOneURL() throws {
        let urls = try decode([URL].self, #"["https://api.github.com/users/a", "https://api.github.com/users/b", "https://api.github.com/users/a"]"#)
        #expect(urls[0] == urls[2])
        #expect(storageBytes(of: urls[0]) == storageBytes(of: urls[2]))
        #expect(storageBytes(of: urls[0]) != storageBytes(of: urls[1]))
    }

    @Test func documentsDoNotShareURLs() throws {
        let json = #"["https://api.github.com/users/a"]"#
        let first = try decode([URL].self, json)
        let second = try decode([URL].self, json)
        #expect(first == second)
        #expect(storageBytes(of: first[0]) != storageBytes(of: second[0]))
    }

    @Test func theSameURLEscapedOtherwiseReadsEqual() throws {
        let urls = try decode([URL].self, #"["https:\/\/example.com\/a", "https://example.com/a", "https:\u002F\u002Fexample.com/a"]"#)
        #expect(urls.allSatisfy { $0 == URL(string: "https://example.com/a") })
    }

    @Test func moreURLsThanSlotsStayRight() throws {
        // More distinct URLs than slots, then all of them again: whatever was replaced is made again.
        let strings = (0..<500).map { "https://api.github.com/repos/o/r/issues/\($0)" }
        let urls = try [URL](jsonBytes: jsonArray(strings + strings))
        #expect(urls.map(\.absoluteString) == strings + strings)
    }

    @Test func urlsAPageKeepsRepeatingStayAmongURLsThatDoNot() throws {
        // A page of issues: each has seven URLs of its own and its author's thirteen, the authors
        // a few dozen. Each author URL is made about once, whatever shares its bucket.
        var strings: [String] = []
        // The authors in a fixed pseudo-random order (a linear congruential generator).
        var state: UInt64 = 38
        let authors = (0..<40).map { author in (0..<13).map { "https://api.github.com/users/user-\(author)/\($0)" } }
        for issue in 0..<1_600 {
            strings += (0..<7).map { "https://api.github.com/repos/o/r/issues/\(issue)/\($0)" }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            strings += authors[Int(state >> 33) % authors.count]
        }
        let urls = try [URL](jsonBytes: jsonArray(strings))
        #expect(urls.map(\.absoluteString) == strings)
        let authorStrings = Set(authors.joined())
        let authorStorages = Set(zip(strings, urls).filter { authorStrings.contains($0.0) }.map { storageBytes(of: $0.1) })
        // 520 author URLs; those seen before the slots grew are made again (1,033 here). Growing
        // on the URLs found alone, the slots never grew for such a page: 18,844 were made.
        #expect(authorStorages.count < 1_200)
    }

    @Test func theSlotsGrowWithRepeatedURLsUpToTheirMost() throws {
        func slots(afterReading strings: [String]) throws -> Int {
            try jsonArray(strings).withUnsafeBytes { buffer in
                var reader = JSONReader(bytes: buffer)
                _ = try [URL](from: &reader)
                return reader.documentURLs?.slotCount ?? 0
            }
        }
        #expect(try slots(afterReading: []) == 0)
        #expect(try slots(afterReading: ["https://example.com/a", "https://example.com/a"]) == DocumentURLs.firstSlotCount)
        // URLs that repeat grow the slots; URLs that all differ do not.
        let repeating = (0..<100).flatMap { ["https://example.com/\($0)", "https://example.com/\($0)"] }
        #expect(try slots(afterReading: repeating) == 4 * DocumentURLs.firstSlotCount)
        #expect(try slots(afterReading: (0..<20_000).map { "https://example.com/\($0)" }) == DocumentURLs.firstSlotCount)
        let manyRepeating = (0..<20_000).flatMap { ["https://example.com/\($0)", "https://example.com/\($0)"] }
        #expect(try slots(afterReading: manyRepeating) == DocumentURLs.mostSlots)
    }

    /// The table of the reader after reading the strings as `[URL]`, and the URLs read.
    func tableAfterReading(_ strings: [String]) throws -> (table: DocumentURLs?, urls: [URL]) {
        try jsonArray(strings).withUnsafeBytes { buffer in
            var reader = JSONReader(bytes: buffer)
            let urls = try [URL](from: &reader)
            return (reader.documentURLs, urls)
        }
    }

    @Test func urlsThatAllDifferAreMostlyReadWithoutTheTable() throws {
        let strings = (0..<20_000).map { "https://files.example/accounts/avatars/\($0)/original.png" }
        let (read, urls) = try tableAfterReading(strings)
        #expect(urls.map(\.absoluteString) == strings)
        #expect(urls == strings.map { URL(string: $0)! })
        let table = try #require(read)
        #expect(table.quietJudgements >= DocumentURLs.quietJudgementsBeforeReadingAlone)
        // Eight judgements of 65 URLs offered, then 455 read alone and 65 offered, again and
        // again: one URL in eight offered after the first 520, about 45 judgements in all (some
        // more when another string's let-go bit makes one less quiet); every URL offered to the
        // table would be judged 307 times.
        #expect(table.judgements >= DocumentURLs.quietJudgementsBeforeReadingAlone)
        #expect(table.judgements < 60)
    }

    @Test func urlsThatRepeatAreNeverReadWithoutTheTable() throws {
        let pairs = (0..<5_000).flatMap { ["https://example.com/\($0)", "https://example.com/\($0)"] }
        let (table, urls) = try tableAfterReading(pairs)
        #expect(try #require(table).quietJudgements == 0)
        #expect(try #require(table).urlsToReadAlone == 0)
        // Most pairs share one URL (574 of 5,000 do not: their bucket was full of URLs found
        // again, and a new URL is then not kept).
        let madeTwice = stride(from: 0, to: urls.count, by: 2).filter { storageBytes(of: urls[$0]) != storageBytes(of: urls[$0 + 1]) }
        #expect(madeTwice.count < pairs.count / 2 / 5)
    }

    @Test func urlsThatStartRepeatingAfterAllDifferingAreSharedAgain() throws {
        // A page whose first URLs all differ, then the same few again and again: once read
        // alone, URLs are offered to the table again, and the repeated ones end up shared.
        let unique = (0..<2_000).map { "https://example.com/unique/\($0)" }
        let repeated = (0..<3_000).map { "https://example.com/user/\($0 % 5)" }
        let (read, urls) = try tableAfterReading(unique + repeated)
        #expect(urls.map(\.absoluteString) == unique + repeated)
        #expect(try #require(read).urlsToReadAlone == 0)
        let last = urls.suffix(500)
        let storages = Set(last.map(storageBytes(of:)))
        #expect(storages.count == 5)
    }

    @Test func refusedURLErrorsPointAtTheString() {
        expectError([URL].self, #"["https://a.example/x", "", "https://a.example/x"]"#, #"expected a URL, found """#, at: 24, path: [.index(1)])
        for json in [#"["https://a.example/x", 12]"#, #"["https://a.example/\x"]"#, #"["https://a.example/x", "https://a.example/x"#, "[\"https://a.example/\u{1}\"]"] {
            expectURLsReadAsBefore(Array(json.utf8))
        }
    }
}
