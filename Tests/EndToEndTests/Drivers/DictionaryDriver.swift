// Compiled with the generated code of DictionaryCompileTests' module (as main.swift) and
// DriverChecks.swift, then run: the Dictionary feature beside JSON, for values, an object and
// every ADT representation: round trips (in memory and through binary property lists), the same
// tree as the JSON feature's output, reading what JSONSerialization gives, legacy keys and
// defaults, transient attributes, date styles, lenient integers, unknown cases and errors.
import Foundation
import ValuegenRuntime

/// A dictionary through a binary property list and back, as Foundation reads it.
func throughPropertyList(_ value: Any) throws -> Any {
    let data = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
    return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
}

/// JSON text as Foundation's tree, for comparing trees whatever the members' order.
func jsonTree(_ data: Data) throws -> NSObject {
    try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as! NSObject
}

/// The JSON Foundation writes for a property-list tree, as a tree again.
func jsonTree(ofPropertyList value: Any) throws -> NSObject {
    try jsonTree(JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
}

/// The property-list value equals `expected` (neither holding a date or data), compared as
/// Foundation compares the JSON trees it makes of them.
func same(_ value: Any, _ expected: Any) -> Bool {
    guard let value = try? jsonTree(ofPropertyList: value), let expected = try? jsonTree(ofPropertyList: expected) else { return false }
    return value.isEqual(expected)
}

/// The value reads back from its own tree, from that tree after a binary property list, and
/// from what JSONSerialization makes of the JSON feature's output; JSONSerialization writes the
/// tree as the same JSON as the JSON feature.
@MainActor func roundTrips<T: DictionaryCodable & JSONCodable & Equatable>(_ value: T, _ line: Int = #line) throws {
    let tree = value.propertyListValue
    check(try T(propertyListValue: tree) == value, "read back from its tree", line: line)
    check(try T(propertyListValue: try throughPropertyList(tree)) == value, "read back through a binary property list", line: line)
    check(try T(propertyListValue: try jsonTree(value.jsonData())) == value, "read from JSONSerialization's tree of the JSON feature's output", line: line)
    let json = try jsonTree(value.jsonData())
    let fromTree = try jsonTree(ofPropertyList: tree)
    check(json.isEqual(fromTree), "JSON \(json) and the tree's JSON \(fromTree) differ", line: line)
}

/// `$.path: message`, or "no error".
func dictionaryError<T: DictionaryDecodable>(_ type: T.Type, _ value: Any) -> String {
    do {
        _ = try T(propertyListValue: value)
        return "no error"
    } catch {
        return error.description
    }
}

let created = Date(timeIntervalSince1970: 1_714_566_896)
let birthday = Date(timeIntervalSince1970: 1_714_521_600)
let record = Record(
    id: 7, created: created, updated: Date(timeIntervalSince1970: 1_714_566_896.5), birthday: birthday,
    stamps: [created], cache: "none", scratch: nil, state: .closed, priority: .high,
    shape: .circle(radius: 2.5), media: .image(url: "a.png", width: 3), event: .click(x: 1, y: 2)
)

section("a value's dictionary holds its coding keys, date styles and ADTs, not its transient attributes") {
    let dictionary = record.dictionaryRepresentation
    check(same(dictionary["created"]!, 1_714_566_896.0), "seconds since 1970: \(dictionary["created"]!)")
    check(same(dictionary["updated"]!, 1_714_566_896_500.0), "milliseconds since 1970: \(dictionary["updated"]!)")
    check(dictionary["birthday"] as? String == "2024-05-01", "a date format: \(dictionary["birthday"]!)")
    check(dictionary["cache"] == nil && dictionary["scratch"] == nil, "transient attributes are left out")
    check(dictionary["state"] as? String == "closed_for_good", "a case key: \(dictionary["state"]!)")
    check(same(dictionary["shape"]!, ["kind": "CIRCLE", "data": ["radius": 2.5]]), "adjacently tagged: \(dictionary["shape"]!)")
    check(same(dictionary["media"]!, ["image": ["url": "a.png", "width": 3]]), "externally tagged: \(dictionary["media"]!)")
    check(same(dictionary["event"]!, ["event": "click", "x": 1, "y": 2]), "internally tagged: \(dictionary["event"]!)")
    check(try Record(dictionary: dictionary) == record, "reads back")
    try roundTrips(record)
}

section("every ADT representation round-trips and agrees with JSON") {
    for shape: Shape in [.circle(radius: 1), .square(side: 2, cachedArea: 0), .label("l"), .note(nil), .note("n"), .empty] {
        try roundTrips(shape)
    }
    for media: Media in [.image(url: "u", width: 1), .count(3), .caption("c"), .nothing] {
        try roundTrips(media)
    }
    for event: Event in [.click(x: 1, y: 2), .message("m")] {
        try roundTrips(event)
    }
    try roundTrips(State.open)
    try roundTrips(Priority.low)
    check(same(Shape.note(nil).propertyListValue, ["kind": "note"]), "a nil single payload has no content")
    check(same(Shape.label("l").propertyListValue, ["kind": "label", "data": "l"]), "a single payload under the content key")
    check(same(Event.message("m").propertyListValue, ["event": "message", "value": "m"]), "internally tagged single payload")
    check(same(Media.count(3).propertyListValue, ["count": 3]), "externally tagged single payload")
    check(Media.nothing.propertyListValue as? String == "nothing", "a case without payload is its tag")
    check(Priority.high.propertyListValue as? String == "high", "a plain enumeration is a bare string")
}

section("an externally tagged nil single payload is its tag alone") {
    check(Media.caption(nil).propertyListValue as? String == "caption", "\(Media.caption(nil).propertyListValue)")
    check(try Media(propertyListValue: "caption") == .caption(nil), "reads back")
    check(try Media(propertyListValue: ["caption": NSNull()]) == .caption(nil), "JSON's {\"caption\": null} reads too")
    check(try throughPropertyList(Media.caption(nil).propertyListValue) as? String == "caption", "a property list holds it")
}

section("legacy keys in order, defaults, null as absent") {
    check(try Address(dictionary: ["street": "s", "zip code": "1", "zip": "2"]).zipCode == "1", "the primary key wins")
    check(try Address(dictionary: ["street": "s", "postcode": "3", "zip": "2"]).zipCode == "2", "earlier legacy keys win")
    check(try Address(dictionary: ["street": "s", "zip code": NSNull(), "postcode": "3"]).zipCode == "3", "null counts as absent")
    check(try Address(dictionary: ["street": "s"]).zipCode == "00000", "the default")
    check(try Profile(dictionary: ["user_name": "u", "age": 3]).name == "u", "a required attribute's legacy key")
    let profile = try Profile(dictionary: ["name": "n", "age": 3])
    check(profile.score == 1.5 && profile.tags.isEmpty && profile.home == nil, "defaults and nil optionals")
    check(profile.dictionaryRepresentation["home"] == nil, "a nil optional is left out")
}

section("values read from Foundation's trees, standard types included") {
    let profile = Profile(
        name: "n", age: -3, score: 2, tags: ["a"], scores: ["x": 0.5], home: Address(street: "s", zipCode: "9"),
        addresses: [Address(street: "t", zipCode: "1")], website: URL(string: "https://example.com/a"),
        identifier: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), avatar: nil, seen: nil, flags: [true, false], small: 65535
    )
    try roundTrips(profile)
    let withDataAndDate = profile.with(avatar: Data([1, 2, 3])).with(seen: created)
    let tree = withDataAndDate.propertyListValue
    check(try Profile(propertyListValue: try throughPropertyList(tree)) == withDataAndDate, "Data and Date are property-list values")
    check(try Profile(propertyListValue: try jsonTree(withDataAndDate.jsonData())) == withDataAndDate, "base64 and ISO 8601 strings read too")
    let dictionary = withDataAndDate.dictionaryRepresentation
    check(dictionary["avatar"] is Data && dictionary["seen"] is Date, "written as Data and Date")
    check(dictionary["website"] as? String == "https://example.com/a", "a URL is a string")
    check(try Profile(dictionary: ["name": "n", "age": 3.0]).age == 3, "an integral Double is an integer")
}

section("lenient integers") {
    var dictionary = record.dictionaryRepresentation
    dictionary["id"] = "42"
    check(try Record(dictionary: dictionary).id == 42, "a string holding an integer")
    dictionary["id"] = "4x"
    check(dictionaryError(Record.self, dictionary) == #"$.id: expected an integer or a string holding one, found "4x""#, dictionaryError(Record.self, dictionary))
}

section("unknown cases keep their tag and content; null is left out") {
    let shape = try Shape(jsonData: Data(#"{"kind":"hexagon","data":{"sides":6,"gone":null,"list":[1,null]}}"#.utf8))
    check(same(shape.propertyListValue, ["kind": "hexagon", "data": ["sides": 6, "list": [1]]]), "\(shape.propertyListValue)")
    check(try Shape(propertyListValue: shape.propertyListValue) == .other(UnknownCase(tag: "hexagon", json: try RawJSON(#"{"list":[1],"sides":6}"#))), "read back")
    _ = try throughPropertyList(shape.propertyListValue)
    let event = try Event(jsonData: Data(#"{"event":"scroll","dy":3}"#.utf8))
    check(same(event.propertyListValue, ["event": "scroll", "dy": 3]), "internally tagged: the whole object")
    check(try Event(propertyListValue: event.propertyListValue) == .unrecognized(UnknownCase(tag: "scroll", json: try RawJSON(#"{"dy":3,"event":"scroll"}"#))), "read back")
    let media = try Media(jsonData: Data(#"{"video":{"length":3.5}}"#.utf8))
    check(same(media.propertyListValue, ["video": ["length": 3.5]]), "externally tagged: tag and content")
    check(try Media(propertyListValue: "sound") == .unrecognized(UnknownCase(tag: "sound")), "a bare unknown tag")
    check(try State(propertyListValue: "archived") == .other(UnknownCase(tag: "archived")), "a plain enumeration's unknown tag")
    check(State.other(UnknownCase(tag: "archived")).propertyListValue as? String == "archived", "written back")
}

section("errors name the key path") {
    check(dictionaryError(Profile.self, ["name": "n", "age": 300]) == "$.age: expected an integer that fits Int8, found 300", dictionaryError(Profile.self, ["name": "n", "age": 300]))
    check(dictionaryError(Profile.self, ["name": "n", "age": 2.5]) == "$.age: expected an integer, found 2.5", dictionaryError(Profile.self, ["name": "n", "age": 2.5]))
    check(dictionaryError(Profile.self, ["name": "n", "age": true]) == "$.age: expected an integer, found a boolean", dictionaryError(Profile.self, ["name": "n", "age": true]))
    check(dictionaryError(Profile.self, ["name": "n", "age": NSNull()]) == "$.age: expected an integer, found null", dictionaryError(Profile.self, ["name": "n", "age": NSNull()]))
    check(dictionaryError(Profile.self, ["age": 1]) == #"$: missing member "name""#, dictionaryError(Profile.self, ["age": 1]))
    let nested: [String: Any] = ["name": "n", "age": 1, "addresses": [["street": "a"], ["street": 5]]]
    check(dictionaryError(Profile.self, nested) == "$.addresses[1].street: expected a string, found 5", dictionaryError(Profile.self, nested))
    let scores: [String: Any] = ["name": "n", "age": 1, "scores": ["zip code": "x"]]
    check(dictionaryError(Profile.self, scores) == #"$.scores["zip code"]: expected a number, found a string"#, dictionaryError(Profile.self, scores))
    var bad = record.dictionaryRepresentation
    bad["shape"] = ["kind": "CIRCLE", "data": ["radius": "x"]]
    check(dictionaryError(Record.self, bad) == "$.shape.data.radius: expected a number, found a string", dictionaryError(Record.self, bad))
    bad = record.dictionaryRepresentation
    bad["priority"] = "urgent"
    check(dictionaryError(Record.self, bad) == "$.priority: unknown Priority tag 'urgent'", dictionaryError(Record.self, bad))
    bad = record.dictionaryRepresentation
    bad["media"] = ["image": ["url": "u"]]
    check(dictionaryError(Record.self, bad) == #"$.media.image: missing member "width""#, dictionaryError(Record.self, bad))
    bad["media"] = ["image": ["url": "u", "width": 1], "count": 2]
    check(dictionaryError(Record.self, bad) == "$.media: an externally tagged Media has one member, named for its case; found 2", dictionaryError(Record.self, bad))
    bad = record.dictionaryRepresentation
    bad["event"] = ["x": 1]
    check(dictionaryError(Record.self, bad) == #"$.event: missing member "event" naming the case of Event"#, dictionaryError(Record.self, bad))
    bad = record.dictionaryRepresentation
    bad["birthday"] = "May 1"
    check(dictionaryError(Record.self, bad) == #"$.birthday: expected a date in the format "yyyy-MM-dd", found "May 1""#, dictionaryError(Record.self, bad))
    check(dictionaryError(Profile.self, "n") == "$: expected a dictionary, found a string", dictionaryError(Profile.self, "n"))
}

section("an object reads and writes its dictionary") {
    let counter = try Counter(dictionary: ["count": 3, "label": "c"])
    check(counter.count == 3 && counter.label == "c", "read")
    check(same(counter.dictionaryRepresentation, ["count": 3, "label": "c"]), "\(counter.dictionaryRepresentation)")
    check(try Counter(dictionary: [:]).count == 0, "the default")
    _ = try throughPropertyList(counter.propertyListValue)
}

finishChecks()
