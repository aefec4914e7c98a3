// Compiled with the generated code of IntegerKeyCompileTests' module (as main.swift) and
// DriverChecks.swift, then run: dictionaries keyed by integers through the JSON feature, Coding
// (Foundation's coders), Foundation's own Codable for `[Int: T]`, Dictionary and Binary.
import Foundation
import ValuegenRuntime

let sortedEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()

func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
}

/// JSON text as Foundation's tree, for comparing documents whatever their members' order.
func tree(_ data: Data) throws -> NSObject {
    try JSONSerialization.jsonObject(with: data) as! NSObject
}

/// The JSON feature's error for `json`, as `path: message at offset`.
func jsonError<T: JSONCodable>(_ type: T.Type, _ json: String) -> String {
    do {
        _ = try T(jsonData: Data(json.utf8))
        return "no error"
    } catch {
        return "\(error.pathDescription): \(error.message) at \(error.offset)"
    }
}

/// Coding's error for `json`, as `path: description`.
func codingError<T: Decodable>(_ type: T.Type, _ json: String) -> String {
    do {
        _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        return "no error"
    } catch DecodingError.dataCorrupted(let context) {
        return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    } catch {
        return "\(error)"
    }
}

/// What Foundation's synthesized Codable reads from the same document: `[Int: T]` is the key
/// type it reads from an object itself.
struct FoundationFeed: Codable, Equatable {
    var events: [Int: FoundationEvent]
    var counts: [Int: Int]
    var small: [Int: String]?
    var byName: [String: [Int: Double]]
    var label: String
}

struct FoundationEvent: Codable, Equatable {
    var title: String
    var tags: [Int: String]
}

extension Feed {
    var asFoundation: FoundationFeed {
        FoundationFeed(
            events: Dictionary(uniqueKeysWithValues: events.map { (Int($0.key), FoundationEvent(title: $0.value.title, tags: Dictionary(uniqueKeysWithValues: $0.value.tags.map { (Int($0.key), $0.value) }))) }),
            counts: counts,
            small: small.map { Dictionary(uniqueKeysWithValues: $0.map { (Int($0.key), $0.value) }) },
            byName: byName,
            label: label
        )
    }
}

let document = #"""
{"label":"feed","events":{"138586341":{"title":"Launch","tags":{"-1":"x","7":"y"}},"2":{"title":"Two","tags":{}},"-9223372036854775808":{"title":"Min","tags":{}}},"counts":{"10":1,"9":2,"+3":3,"007":7},"small":{"255":"max","0":"zero"},"byName":{"a":{"1":1.5,"-2":0.25}}}
"""#

let expected = Feed(
    events: [
        138_586_341: Event(title: "Launch", tags: [-1: "x", 7: "y"]),
        2: Event(title: "Two"),
        .min: Event(title: "Min"),
    ],
    counts: [10: 1, 9: 2, 3: 3, 7: 7],
    small: [255: "max", 0: "zero"],
    byName: ["a": [1: 1.5, -2: 0.25]],
    label: "feed"
)

section("the JSON feature and Coding read one document to the same value, as Foundation reads [Int: T]") {
    let ours = try Feed(jsonData: Data(document.utf8))
    let coded = try JSONDecoder().decode(Feed.self, from: Data(document.utf8))
    check(ours == expected, "JSON feature read \(ours)")
    check(coded == expected, "Coding read \(coded)")
    let foundation = try JSONDecoder().decode(FoundationFeed.self, from: Data(document.utf8))
    check(foundation == expected.asFoundation, "Foundation's Codable read \(foundation)")
}

section("both write objects with decimal member names, which each reads back") {
    let json = expected.jsonData()
    check(text(json) == #"{"events":{"-9223372036854775808":{"title":"Min","tags":{}},"2":{"title":"Two","tags":{}},"138586341":{"title":"Launch","tags":{"-1":"x","7":"y"}}},"counts":{"3":3,"7":7,"9":2,"10":1},"small":{"0":"zero","255":"max"},"byName":{"a":{"-2":0.25,"1":1.5}},"label":"feed"}"#, "JSON feature wrote \(text(json))")
    let coded = try sortedEncoder.encode(expected)
    check(try tree(json).isEqual(try tree(coded)), "JSON \(text(json)) and Coding \(text(coded)) differ")
    check(try Feed(jsonData: coded) == expected, "the JSON feature reads Coding's output")
    check(try JSONDecoder().decode(Feed.self, from: json) == expected, "Coding reads the JSON feature's output")
    // Coding writes what Foundation's own Codable writes for the same dictionaries keyed by Int.
    let foundation = try sortedEncoder.encode(expected.asFoundation)
    check(coded == foundation, "Coding wrote \(text(coded)), Foundation \(text(foundation))")
}

section("Coding reads the arrays of keys and values it wrote before, as Foundation writes [Int64: T]") {
    struct Before: Codable {
        var events: [Int64: Event]
        var small: [UInt8: String]?
        var label: String
    }
    let legacy = try JSONEncoder().encode(Before(events: [5: Event(title: "Five")], small: [1: "one"], label: "old"))
    check(text(legacy).contains(#""events":[5,{"#), "Foundation wrote \(text(legacy))")
    check(try JSONDecoder().decode(Feed.self, from: legacy) == Feed(events: [5: Event(title: "Five")], small: [1: "one"], label: "old"), "read the arrays")
}

section("a legacy key and a missing optional") {
    let json = #"{"events":{},"old_small":{"1":"a"},"label":""}"#
    check(try Feed(jsonData: Data(json.utf8)) == Feed(events: [:], small: [1: "a"], label: ""), "JSON reads the legacy key")
    check(try JSONDecoder().decode(Feed.self, from: Data(json.utf8)) == Feed(events: [:], small: [1: "a"], label: ""), "Coding reads the legacy key")
    let none = Feed(events: [:], label: "")
    check(text(none.jsonData()) == #"{"events":{},"counts":{},"byName":{},"label":""}"#, text(none.jsonData()))
    check(try JSONDecoder().decode(Feed.self, from: none.jsonData()) == none, "Coding reads a missing optional")
}

section("an ADT's payload attribute") {
    let day = Timeline.day(entries: [2: "b", 1: "a"])
    check(text(day.jsonData()) == #"{"type":"day","entries":{"1":"a","2":"b"}}"#, text(day.jsonData()))
    let coded = try sortedEncoder.encode(day)
    check(text(coded) == #"{"entries":{"1":"a","2":"b"},"type":"day"}"#, text(coded))
    check(try Timeline(jsonData: coded) == day, "the JSON feature reads Coding's output")
    check(try JSONDecoder().decode(Timeline.self, from: day.jsonData()) == day, "Coding reads the JSON feature's output")
    check(try Timeline(propertyListValue: day.propertyListValue) == day, "property list")
    check(try Timeline(binaryData: day.binaryData()) == day, "binary")
}

section("property lists and binary round-trip, and the tree is the JSON feature's document") {
    let plist = try PropertyListSerialization.data(fromPropertyList: expected.propertyListValue, format: .binary, options: 0)
    check(try Feed(propertyListValue: try PropertyListSerialization.propertyList(from: plist, format: nil)) == expected, "through a binary property list")
    check(try Feed(propertyListValue: try tree(Data(document.utf8))) == expected, "JSONSerialization's tree of the document")
    let treeJSON = try JSONSerialization.data(withJSONObject: expected.propertyListValue)
    check(try tree(treeJSON).isEqual(try tree(expected.jsonData())), "the tree's JSON is the JSON feature's")
    check(try Feed(binaryData: expected.binaryData()) == expected, "binary")
}

section("a member name that holds no key") {
    check(jsonError(Feed.self, #"{"events":{"1x":{"title":""}},"label":""}"#) == #"$.events.1x: expected a member name holding an integer, found "1x" at 11"#, jsonError(Feed.self, #"{"events":{"1x":{"title":""}},"label":""}"#))
    check(jsonError(Feed.self, #"{"events":{},"small":{"256":"x"},"label":""}"#) == #"$.small.256: member name "256" is out of the range of UInt8 at 22"#, jsonError(Feed.self, #"{"events":{},"small":{"256":"x"},"label":""}"#))
    check(codingError(Feed.self, #"{"events":{"1x":{"title":""}},"label":""}"#) == #"events.1x: expected a member name holding an integer, found "1x""#, codingError(Feed.self, #"{"events":{"1x":{"title":""}},"label":""}"#))
    check(codingError(Feed.self, #"{"events":{},"small":{"256":"x"},"label":""}"#) == #"small.256: member name "256" is out of the range of UInt8"#, codingError(Feed.self, #"{"events":{},"small":{"256":"x"},"label":""}"#))
    // Foundation refuses such a name for [Int: T] too.
    check((try? JSONDecoder().decode(FoundationFeed.self, from: Data(#"{"events":{"1x":{"title":"","tags":{}}},"counts":{},"byName":{},"label":""}"#.utf8))) == nil, "Foundation refuses it")
}

finishChecks()
