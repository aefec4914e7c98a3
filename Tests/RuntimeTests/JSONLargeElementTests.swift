import Testing
import ValuegenRuntime

/// An element as wide as a value with many attributes held inline (well over the 128 bytes from
/// which an array is sized from the bytes left): an `{"id": …, "name": …}` object, the id
/// repeated into the rest of its storage.
private struct WideElement: JSONDecodable, Equatable {
    var id: Int
    var name: String
    var padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)

    init(id: Int, name: String) {
        self.id = id
        self.name = name
        padding = (id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id)
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var id: Int?
        var name: String?
        try reader.readObject { reader, key throws(JSONError) in
            if key.matches("id") {
                id = try Int(from: &reader)
            } else if key.matches("name") {
                name = try String(from: &reader)
            }
        }
        guard let id, let name else { throw reader.error("missing member") }
        self.init(id: id, name: name)
    }

    static func == (left: WideElement, right: WideElement) -> Bool {
        left.id == right.id && left.name == right.name && left.padding.15 == right.padding.15
    }
}

@Suite("JSON arrays of large elements")
struct JSONLargeElementTests {
    /// Elements of ids from 1,000 on: all of one length in JSON when their names are.
    private static func elements(_ count: Int, nameLength: (Int) -> Int = { _ in 8 }) -> [WideElement] {
        (0..<count).map { WideElement(id: 1_000 + $0, name: String(repeating: "n", count: nameLength($0))) }
    }

    private static func json(_ elements: [WideElement]) -> String {
        "[" + elements.map { #"{"id":\#($0.id),"name":"\#($0.name)"}"# }.joined(separator: ",") + "]"
    }

    @Test func everyLengthReadsTheSameElements() throws {
        #expect(MemoryLayout<WideElement>.stride >= 128)
        for count in [0, 1, 3, 4, 5, 8, 9, 36, 37, 100, 1_000] {
            let expected = Self.elements(count)
            let read = try decode([WideElement].self, Self.json(expected))
            #expect(read == expected, "\(count) elements")
        }
    }

    @Test func aListThatEndsItsPageIsSizedFromTheBytesLeft() throws {
        // Sized at the fourth element, then at most eight times what it holds each time: 4,
        // 36, 324, then the 676 left; doubling would have reached 1,024 from 512.
        let read = try decode([WideElement].self, Self.json(Self.elements(1_000)))
        #expect(read.count == 1_000)
        #expect(read.capacity >= 1_000 && read.capacity < 1_010, "capacity \(read.capacity)")
    }

    @Test func aShortListBeforeMuchElseTakesLittleRoom() throws {
        // The bytes left are mostly the tail: the guess is capped at eight times the elements read.
        struct Page: JSONDecodable {
            var list: [WideElement]
            init(from reader: inout JSONReader) throws(JSONError) {
                var list: [WideElement] = []
                try reader.readObject { reader, key throws(JSONError) in
                    if key.matches("list") {
                        list = try [WideElement](from: &reader)
                    }
                }
                self.list = list
            }
        }
        let tail = "[" + Array(repeating: "0", count: 200_000).joined(separator: ",") + "]"
        let page = try decode(Page.self, #"{"list":\#(Self.json(Self.elements(5))),"tail":\#(tail)}"#)
        #expect(page.list == Self.elements(5))
        #expect(page.list.capacity < 40, "capacity \(page.list.capacity)")
    }

    @Test func elementsLongerThanTheFirstOnesStillFit() throws {
        // The first four are short, so the first guess is far too many; the later ones are
        // long, so the second guess is too few: the array grows again, by half at least.
        let expected = Self.elements(300) { $0 < 4 ? 1 : 400 }
        #expect(try decode([WideElement].self, Self.json(expected)) == expected)
        let shrinking = Self.elements(300) { $0 < 4 ? 400 : 1 }
        #expect(try decode([WideElement].self, Self.json(shrinking)) == shrinking)
    }

    @Test func anErrorAfterTheArrayWasSizedNamesItsElement() {
        var elements = Self.json(Self.elements(50))
        elements.replace(#"{"id":1040,"#, with: #"{"id":"1040","#)
        expectError([WideElement].self, elements, "expected an integer, found a string", at: offset(of: #""1040""#, in: elements), path: [.index(40), .key("id")])
        var truncated = Self.json(Self.elements(50))
        truncated.removeLast()
        expectError([WideElement].self, truncated, "unexpected end of the document in an array", at: truncated.utf8.count)
    }
}
