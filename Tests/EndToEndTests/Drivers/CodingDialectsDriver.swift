// Compiled with the generated code of CodingDialectsCompileTests' module (as main.swift) and
// DriverChecks.swift, then run: every ADT representation, unknown cases, transient attributes,
// date styles and lenient integers, through Coding (Foundation), JSON and Binary alike.
import Foundation
import ValuegenRuntime

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}()

func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
}

/// The JSON feature writes `ours` (members in declaration order), Coding `foundation` (sorted
/// keys); each reads the other's output back to the value, and Binary reads back what it writes.
@MainActor func crossCheck<T: JSONCodable & BinaryCodable & Codable & Equatable & Sendable>(_ value: T, ours: String, foundation: String, _ line: Int = #line) throws {
    let json = value.jsonData()
    let coded = try encoder.encode(value)
    check(text(json) == ours, "JSON feature wrote \(text(json))", line: line)
    check(text(coded) == foundation, "Coding wrote \(text(coded))", line: line)
    check(try T(jsonData: coded) == value, "the JSON feature reads Coding's output", line: line)
    check(try JSONDecoder().decode(T.self, from: json) == value, "Coding reads the JSON feature's output", line: line)
    do {
        let back = try T(binaryData: value.binaryData())
        check(back == value, "Binary read back \(back)", line: line)
    } catch {
        check(false, "Binary failed to read what it wrote: \(error)", line: line)
    }
}

/// Both read `json` (Coding re-encoded with sorted keys gives `foundation`); the JSON feature
/// writes back exactly the bytes it read.
@MainActor func passesThrough<T: JSONCodable & BinaryCodable & Codable & Equatable & Sendable>(_ type: T.Type, _ json: String, foundation: String, _ line: Int = #line) throws {
    let ours = try T(jsonData: Data(json.utf8))
    check(text(ours.jsonData()) == json, "the JSON feature wrote back \(text(ours.jsonData()))", line: line)
    let theirs = try encoder.encode(try JSONDecoder().decode(T.self, from: Data(json.utf8)))
    check(text(theirs) == foundation, "Coding wrote back \(text(theirs))", line: line)
    // Through Binary and back, the JSON is still the same.
    let binary = try T(binaryData: ours.binaryData())
    check(binary == ours, "Binary keeps the unknown case", line: line)
    check(text(binary.jsonData()) == json, "JSON after Binary is \(text(binary.jsonData()))", line: line)
}

/// The JSON feature's error for `json`, as `path: message`.
func jsonError<T: JSONCodable>(_ type: T.Type, _ json: String) -> String {
    do {
        _ = try T(jsonData: Data(json.utf8))
        return "no error"
    } catch {
        return "\(error.pathDescription): \(error.message)"
    }
}

func codingFails<T: Decodable>(_ type: T.Type, _ json: String) -> Bool {
    (try? JSONDecoder().decode(T.self, from: Data(json.utf8))) == nil
}

section("plain enumerations are bare strings") {
    try crossCheck(Priority.high, ours: #""high""#, foundation: #""high""#)
    try crossCheck(State.closed, ours: #""closed_for_good""#, foundation: #""closed_for_good""#)
    check(jsonError(Priority.self, #""urgent""#) == #"$: unknown Priority tag 'urgent'"#, jsonError(Priority.self, #""urgent""#))
    check(codingFails(Priority.self, #""urgent""#), "Coding refuses an unknown tag")
    check(codingFails(Priority.self, #"{"type":"high"}"#), "Coding refuses the tagged form")
}

section("a plain enumeration keeps an unknown tag") {
    try crossCheck(State.other(UnknownCase(tag: "archived")), ours: #""archived""#, foundation: #""archived""#)
    check(try State(jsonData: Data(#""archived""#.utf8)) == .other(UnknownCase(tag: "archived")), "read into the unknown case")
    check(try JSONDecoder().decode(State.self, from: Data(#""archived""#.utf8)) == .other(UnknownCase(tag: "archived")), "Coding too")
}

section("adjacently tagged, with a discriminator, a content key and a case key") {
    try crossCheck(Shape.circle(radius: 2.5), ours: #"{"kind":"CIRCLE","data":{"radius":2.5}}"#, foundation: #"{"data":{"radius":2.5},"kind":"CIRCLE"}"#)
    try crossCheck(Shape.label("hi"), ours: #"{"kind":"label","data":"hi"}"#, foundation: #"{"data":"hi","kind":"label"}"#)
    try crossCheck(Shape.note(nil), ours: #"{"kind":"note"}"#, foundation: #"{"kind":"note"}"#)
    try crossCheck(Shape.note("n"), ours: #"{"kind":"note","data":"n"}"#, foundation: #"{"data":"n","kind":"note"}"#)
    try crossCheck(Shape.empty, ours: #"{"kind":"empty"}"#, foundation: #"{"kind":"empty"}"#)
    // The content before the tag is read once the tag is known.
    check(try Shape(jsonData: Data(#"{"data":{"radius":3},"kind":"CIRCLE"}"#.utf8)) == .circle(radius: 3), "content first")
    check(jsonError(Shape.self, #"{"data":{"radius":"x"},"kind":"CIRCLE"}"#).hasPrefix("$.data.radius: "), jsonError(Shape.self, #"{"data":{"radius":"x"},"kind":"CIRCLE"}"#))
    check(jsonError(Shape.self, #"{"kind":"CIRCLE"}"#) == #"$: missing member "data" with the payload of Shape.circle"#, jsonError(Shape.self, #"{"kind":"CIRCLE"}"#))
    check(jsonError(Shape.self, #"{"data":1}"#) == #"$: missing member "kind" naming the case of Shape"#, jsonError(Shape.self, #"{"data":1}"#))
    check(jsonError(Shape.self, #"{"kind":"empty","kind":"label"}"#) == #"$.kind: member "kind" of Shape is repeated"#, jsonError(Shape.self, #"{"kind":"empty","kind":"label"}"#))
}

section("a transient payload attribute is neither written nor read") {
    try crossCheck(Shape.square(side: 1.5), ours: #"{"kind":"square","data":{"side":1.5}}"#, foundation: #"{"data":{"side":1.5},"kind":"square"}"#)
    let read = try Shape(jsonData: Shape.square(side: 1.5, cachedArea: 4).jsonData())
    check(read == .square(side: 1.5, cachedArea: 0), "decoded with its default: \(read)")
}

section("an adjacently tagged unknown case keeps its tag and content") {
    try passesThrough(Shape.self, #"{"kind":"TRIANGLE","data":{"sides":[3,4,5],"fill":null}}"#, foundation: #"{"data":{"fill":null,"sides":[3,4,5]},"kind":"TRIANGLE"}"#)
    try passesThrough(Shape.self, #"{"kind":"point"}"#, foundation: #"{"kind":"point"}"#)
}

section("externally tagged") {
    try crossCheck(Media.image(url: "https://example.com/a.png", width: 640), ours: #"{"image":{"url":"https://example.com/a.png","width":640}}"#, foundation: #"{"image":{"url":"https://example.com/a.png","width":640}}"#)
    try crossCheck(Media.count(3), ours: #"{"count":3}"#, foundation: #"{"count":3}"#)
    try crossCheck(Media.nothing, ours: #""nothing""#, foundation: #""nothing""#)
    check(try Media(jsonData: Data(#"{"nothing":{}}"#.utf8)) == .nothing, "a case without payload in the object form")
    check(jsonError(Media.self, #"{"count":1,"image":{}}"#) == #"$.image: an externally tagged Media has one member, named for its case; found another, "image""#, jsonError(Media.self, #"{"count":1,"image":{}}"#))
    check(jsonError(Media.self, "{}") == "$: an externally tagged Media needs a member named for its case; found none", jsonError(Media.self, "{}"))
    check(codingFails(Media.self, #"{"count":1,"image":{}}"#), "Coding refuses two members")
}

section("an externally tagged unknown case keeps its tag and content") {
    try passesThrough(Media.self, #"{"video":{"length":12.5,"codecs":["h264"]}}"#, foundation: #"{"video":{"codecs":["h264"],"length":12.5}}"#)
    try passesThrough(Media.self, #""audio""#, foundation: #""audio""#)
}

section("internally tagged with another discriminator") {
    try crossCheck(Event.click(x: 1, y: 2), ours: #"{"event":"click","x":1,"y":2}"#, foundation: #"{"event":"click","x":1,"y":2}"#)
    try crossCheck(Event.message("hello"), ours: #"{"event":"message","value":"hello"}"#, foundation: #"{"event":"message","value":"hello"}"#)
    check(jsonError(Event.self, #"{"x":1}"#) == #"$: missing member "event" naming the case of Event"#, jsonError(Event.self, #"{"x":1}"#))
}

section("an internally tagged unknown case keeps the whole object") {
    // The tag first (read in one pass) and elsewhere (two passes).
    try passesThrough(Event.self, #"{"event":"scroll","dy":3,"nested":{"deep":[1,{"a":"b"}]}}"#, foundation: #"{"dy":3,"event":"scroll","nested":{"deep":[1,{"a":"b"}]}}"#)
    try passesThrough(Event.self, #"{"dy":-1,"event":"scroll"}"#, foundation: #"{"dy":-1,"event":"scroll"}"#)
    // Known tags around it still read as before.
    let list = try [Event](jsonData: Data(#"[{"event":"click","x":1,"y":2},{"event":"zoom","f":2},{"y":4,"x":3,"event":"click"}]"#.utf8))
    check(list == [.click(x: 1, y: 2), .unrecognized(UnknownCase(tag: "zoom", json: try RawJSON(#"{"event":"zoom","f":2}"#))), .click(x: 3, y: 4)], "\(list)")
}

/// A hand-written message around an ADT: field 1 strings, field 2 the item. Strings that repeat
/// in field 1 fill the document's string table before the item is written, so an item written
/// into an envelope sits in a document whose table differs from the one it was read from.
struct Envelope<Item: BinaryCodable & Equatable>: BinaryCodable, Equatable {
    var labels: [String]
    var item: Item

    init(labels: [String], item: Item) {
        self.labels = labels
        self.item = item
    }

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        let message = writer.beginMessage()
        writer.writeField(1, labels)
        writer.writeField(2, item)
        writer.endMessage(message)
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var labels: [String] = []
        var item: Item?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: labels = try reader.read([String].self)
            case 2: item = try reader.read(Item.self)
            default: break
            }
        }
        guard let item else { throw reader.error("missing field 2 (item) of Envelope") }
        self.init(labels: labels, item: item)
    }
}

section("a binary unknown case keeps the strings its payload refers to, in any document") {
    // Binary names cases by number, so Shape (case 3: label) is a newer app's version of
    // Event (cases 1 and 2): an older app reads Shape's labels as unknown Event cases. The
    // labels repeat, so the third and fourth are references into the source's string table.
    let shapes: [Shape] = [.label("alpha-one"), .label("beta-two"), .label("alpha-one"), .label("beta-two")]
    let source = shapes.binaryData()
    let events = try [Event](binaryData: source)
    check(events.allSatisfy { if case .unrecognized(let unknown) = $0 { unknown.binaryCaseNumber == 3 } else { false } }, "read as unknown cases: \(events)")
    check(try [Shape](binaryData: events.binaryData()) == shapes, "written back into a document of their own")
    // A payload without references is written back byte for byte, as it was read.
    check(try Event(binaryData: shapes[0].binaryData()).binaryData() == shapes[0].binaryData(), "no references, the same bytes")
    // Written back inside another document, whose table starts with other strings.
    let other = Envelope(labels: ["other-one", "other-one", "other-two", "other-two"], item: events).binaryData()
    let read = try Envelope<[Shape]>(binaryData: other)
    check(read.item == shapes, "the newer app reads the labels the older one passed on: \(read.item)")
    check(read.labels == ["other-one", "other-one", "other-two", "other-two"], "and the envelope's own strings: \(read.labels)")
    // Passed on once more: the older app reads the unknown cases with the strings it was given
    // and writes them into a third document.
    let passedOn = try Envelope<[Event]>(binaryData: other)
    check(passedOn.item == events, "the unknown cases read back equal: \(passedOn.item)")
    let third = Envelope(labels: ["third-label", "third-label", "beta-two", "beta-two"], item: passedOn.item).binaryData()
    check(try Envelope<[Shape]>(binaryData: third).item == shapes, "after two older apps")
    check(try Envelope<[Event]>(binaryData: third).binaryData() == third, "an older app writes back what it read")
}

section("the string table of an unknown case's payload is field 5 of its message") {
    // docs/BinaryFormat.md, "Unknown cases": case 3, field 2 a reference to string 0, field 5
    // the strings ["abc"].
    let passed = Event.unrecognized(UnknownCase(binaryCaseNumber: 3, binaryPayload: BinaryRawField(wireType: .lengthDelimited, bytes: [0xFF, 0x00], stringTable: ["abc"])))
    let bytes: [UInt8] = [0x56, 0x47, 0x42, 0x01, 0x00, 0x0D, 0x08, 0x06, 0x12, 0x02, 0xFF, 0x00, 0x2A, 0x05, 0x01, 0x03, 0x61, 0x62, 0x63]
    check(passed.binaryBytes() == bytes, "wrote \(passed.binaryBytes())")
    check(try Shape(binaryBytes: bytes) == .label("abc"), "a reader that knows the case reads the payload with field 5's strings")
    check(try Event(binaryBytes: bytes) == passed, "one that does not keeps them")
    // Field 5 before field 2, as a reader accepts it.
    let reordered: [UInt8] = [0x56, 0x47, 0x42, 0x01, 0x00, 0x0D, 0x08, 0x06, 0x2A, 0x05, 0x01, 0x03, 0x61, 0x62, 0x63, 0x12, 0x02, 0xFF, 0x00]
    check(try Shape(binaryBytes: reordered) == .label("abc"), "field 5 first")
    check(try Event(binaryBytes: reordered) == passed, "field 5 first, kept")
    // A case with attributes reads its message payload with them too: Media.image, url a
    // reference to string 0, width 1.
    let image: [UInt8] = [0x56, 0x47, 0x42, 0x01, 0x00, 0x11, 0x08, 0x02, 0x12, 0x06, 0x0A, 0x02, 0xFF, 0x00, 0x10, 0x02, 0x2A, 0x05, 0x01, 0x03, 0x61, 0x62, 0x63]
    check(try Media(binaryBytes: image) == .image(url: "abc", width: 1), "a message payload")
}

let created = Date(timeIntervalSince1970: 1_714_564_800)
let record = Record(
    id: 42, created: created, updated: Date(timeIntervalSince1970: 1_714_564_800.25), birthday: Date(timeIntervalSince1970: 946_684_800),
    stamps: [created, Date(timeIntervalSince1970: 1.5)], state: .open, priority: .low, shape: .empty, media: .count(1), event: .message("m")
)

section("date styles, transient attributes and every representation in one value") {
    try crossCheck(
        record,
        ours: #"{"id":42,"created":1714564800,"updated":1714564800250,"birthday":"2000-01-01","stamps":[1714564800,1.5],"state":"open","priority":"low","shape":{"kind":"empty"},"media":{"count":1},"event":{"event":"message","value":"m"}}"#,
        foundation: #"{"birthday":"2000-01-01","created":1714564800,"event":{"event":"message","value":"m"},"id":42,"media":{"count":1},"priority":"low","shape":{"kind":"empty"},"stamps":[1714564800,1.5],"state":"open","updated":1714564800250}"#
    )
    let cached = Record(
        id: record.id, created: record.created, updated: record.updated, birthday: record.birthday, stamps: record.stamps, cache: "filled", scratch: 7,
        state: record.state, priority: record.priority, shape: record.shape, media: record.media, event: record.event
    )
    let read = try Record(jsonData: cached.jsonData())
    check(read.cache == "none" && read.scratch == nil, "transient attributes get their defaults: \(read.cache) \(String(describing: read.scratch))")
    let decoded = try JSONDecoder().decode(Record.self, from: try encoder.encode(cached))
    check(decoded.cache == "none" && decoded.scratch == nil, "Coding too")
    let binary = try Record(binaryData: cached.binaryData())
    check(binary.cache == "none" && binary.scratch == nil, "Binary too")
}

section("lenient integers accept strings holding one") {
    let lenient = #"{"id":"42","created":1714564800,"birthday":"2000-01-01","state":"open","priority":"low","shape":{"kind":"empty"},"media":"nothing","event":{"event":"message","value":"m"}}"#
    check(try Record(jsonData: Data(lenient.utf8)).id == 42, "the JSON feature reads \"42\"")
    check(try JSONDecoder().decode(Record.self, from: Data(lenient.utf8)).id == 42, "Coding reads \"42\"")
    let wrong = lenient.replacingOccurrences(of: #""42""#, with: #""4x2""#)
    check(jsonError(Record.self, wrong).hasPrefix("$.id: "), jsonError(Record.self, wrong))
    check(codingFails(Record.self, wrong), "Coding refuses \"4x2\"")
}

/// Both features read `json` to `expected`: the same bytes, the same value.
@MainActor func bothRead<T: JSONCodable & Decodable & Equatable>(_ json: String, as expected: T, _ line: Int = #line) {
    check(try T(jsonData: Data(json.utf8)) == expected, "the JSON feature read \(String(describing: try? T(jsonData: Data(json.utf8))))", line: line)
    check(try JSONDecoder().decode(T.self, from: Data(json.utf8)) == expected, "Coding read \(String(describing: try? JSONDecoder().decode(T.self, from: Data(json.utf8))))", line: line)
}

/// Coding's error for `json`, as `path: description`.
func codingError<T: Decodable>(_ type: T.Type, _ json: String) -> String {
    do {
        _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        return "no error"
    } catch let DecodingError.dataCorrupted(context) {
        return context.codingPath.map(\.stringValue).joined(separator: ".") + ": " + context.debugDescription
    } catch {
        return "\(error)"
    }
}

section("an untagged ADT writes the payload alone") {
    try crossCheck(Expandable.id("cus_1"), ours: #""cus_1""#, foundation: #""cus_1""#)
    try crossCheck(Expandable.customer(id: "cus_1", name: "Ann", created: created, tier: 2), ours: #"{"id":"cus_1","name":"Ann","created":1714564800,"tier":2}"#, foundation: #"{"created":1714564800,"id":"cus_1","name":"Ann","tier":2}"#)
    try crossCheck(Expandable.numbers([1, 2]), ours: "[1,2]", foundation: "[1,2]")
    try crossCheck(Loose.count(nil), ours: "null", foundation: "null")
    try crossCheck(Loose.anything(try RawJSON(#"{"x":[true]}"#)), ours: #"{"x":[true]}"#, foundation: #"{"x":[true]}"#)
}

section("both features read the first case that fits from the same bytes") {
    bothRead(#"  "cus_2" "#, as: Expandable.id("cus_2"))
    bothRead("{\n  \"id\": \"cus_3\",\n  \"name\": \"Bo\",\n  \"extra\": {\"nested\": [1]}\n}", as: Expandable.customer(id: "cus_3", name: "Bo", created: nil, tier: 0))
    bothRead("[ ]", as: Expandable.numbers([]))
    bothRead("7", as: Loose.count(7))
    bothRead(#"{"name":"n","more":1}"#, as: Loose.named(name: "n"))
    bothRead(#""s""#, as: Loose.anything(try RawJSON(#""s""#)))
    // An object no earlier case fits, indented: the same compact value through both.
    bothRead("{\n  \"a\": [1, 2],\n  \"b\": {\"c\": null}\n}", as: Loose.anything(try RawJSON(#"{"a":[1,2],"b":{"c":null}}"#)))
    bothRead(#"[1.5]"#, as: Loose.anything(try RawJSON("[1.5]")))
}

section("no case fits: one error naming each case and why, at the value") {
    check(jsonError(Expandable.self, "true") == #"$: no case of Expandable fits the value; tried id (expected a string, found a boolean), customer (expected an object, found a boolean), numbers (expected an array, found a boolean)"#, jsonError(Expandable.self, "true"))
    let payment = #"{"id":"p","customer":{"id":"c","name":"n","created":"yesterday"},"status":"ok"}"#
    check(jsonError(Payment.self, payment) == #"$.customer: no case of Expandable fits the value; tried id (expected a string, found an object), customer (at .created: expected a number, found a string), numbers (expected an array, found an object)"#, jsonError(Payment.self, payment))
    check(codingError(Payment.self, payment) == #"customer: no case of Expandable fits the value; tried id (Expected to decode String but found a dictionary instead.), customer (at .created: Expected to decode Double but found a string instead.), numbers (Expected to decode Array<Any> but found a dictionary instead.)"#, codingError(Payment.self, payment))
    let nameless = #"{"id":"p","customer":{"id":"c"},"status":"ok"}"#
    check(jsonError(Payment.self, nameless).contains(#"customer (missing member "name")"#), jsonError(Payment.self, nameless))
    check(codingError(Payment.self, nameless).contains(#"customer (missing member "name")"#), codingError(Payment.self, nameless))
}

section("case tags in a key style, and %caseKey over it") {
    try crossCheck(PaymentStatus.pastDue, ours: #""past_due""#, foundation: #""past_due""#)
    try crossCheck(PaymentStatus.requiresPaymentMethod, ours: #""requires_payment_method""#, foundation: #""requires_payment_method""#)
    try crossCheck(PaymentStatus.succeeded, ours: #""ok""#, foundation: #""ok""#)
    // The case's own name is not its tag: an unknown one.
    bothRead(#""pastDue""#, as: PaymentStatus.other(UnknownCase(tag: "pastDue")))
    try crossCheck(
        Payment(id: "p1", customer: .id("cus_1"), source: .named(name: "card"), status: .pastDue),
        ours: #"{"id":"p1","customer":"cus_1","source":{"name":"card"},"status":"past_due"}"#,
        foundation: #"{"customer":"cus_1","id":"p1","source":{"name":"card"},"status":"past_due"}"#
    )
}

section("unknown cases read from indented input equal those read from compact input, through both") {
    // Members in sorted order, as Coding writes them; both keep the value without white space.
    for (indented, compact) in [
        ("{\n  \"dy\": 3,\n  \"event\": \"scroll\",\n  \"nested\": {\n    \"deep\": [1, {\"a\": \"b c\"}]\n  }\n}", #"{"dy":3,"event":"scroll","nested":{"deep":[1,{"a":"b c"}]}}"#),
    ] {
        let ours = try Event(jsonData: Data(indented.utf8))
        check(ours == (try JSONDecoder().decode(Event.self, from: Data(indented.utf8))), "JSON and Coding read \(ours)")
        check(ours == (try Event(jsonData: Data(compact.utf8))), "indented and compact read \(ours)")
        check(text(ours.jsonData()) == compact, "written back as \(text(ours.jsonData()))")
    }
    let media = "{\n  \"video\": {\n    \"codecs\": [\"h264\"],\n    \"length\": 12.5\n  }\n}"
    check(try Media(jsonData: Data(media.utf8)) == JSONDecoder().decode(Media.self, from: Data(media.utf8)), "externally tagged")
    check(text(try Media(jsonData: Data(media.utf8)).jsonData()) == #"{"video":{"codecs":["h264"],"length":12.5}}"#, "externally tagged, written back")
    let shape = "{\n  \"kind\": \"TRIANGLE\",\n  \"data\": {\"fill\": null, \"sides\": [3, 4, 5]}\n}"
    check(try Shape(jsonData: Data(shape.utf8)) == JSONDecoder().decode(Shape.self, from: Data(shape.utf8)), "adjacently tagged")
}

finishChecks()
