// Compiled by NoneSomeCasesCompileTests (as main.swift) with DriverChecks.swift and the
// generated code of its ADTs whose cases are named none and some, once as JSON's "optimizeFor"
// speed generates them and once as codeSize does; then run. Each case is read from its
// document by the JSON feature and by Coding, written back to the same bytes by JSON, and
// round-trips through Coding, Binary and (tagged ADTs) property lists; unknown tags (the unknown case named
// none among them) are kept. The cases are written `Type.none`, never `.none`, so that no
// comparison here can mean Optional's.
import Foundation
import ValuegenRuntime

/// JSON and Coding read `json` as `expected`, JSON writes `expected` back as `json` (unless
/// `writes` says what it writes instead), and the value round-trips through Coding and Binary.
@MainActor func readsWithoutPropertyLists<T: JSONCodable & BinaryCodable & Codable & Equatable & Sendable>(_ json: String, _ expected: T, writes written: String? = nil, line: Int = #line) {
    check(try T(jsonBytes: Array(json.utf8)) == expected, "JSON reads \(json) as \(expected)", line: line)
    check(try JSONDecoder().decode(T.self, from: Data(json.utf8)) == expected, "Coding reads \(json) as \(expected)", line: line)
    let ours = String(decoding: expected.jsonBytes(), as: UTF8.self)
    check(ours == (written ?? json), "JSON writes \(expected) as \(ours)", line: line)
    check(try JSONDecoder().decode(T.self, from: JSONEncoder().encode(expected)) == expected, "\(expected) through Coding", line: line)
    check(try T(binaryBytes: expected.binaryBytes()) == expected, "\(expected) through Binary", line: line)
}

/// The same, and the value round-trips through property lists (Dictionary, which codes tagged
/// ADTs only).
@MainActor func reads<T: JSONCodable & BinaryCodable & DictionaryCodable & Codable & Equatable & Sendable>(_ json: String, _ expected: T, writes written: String? = nil, line: Int = #line) {
    readsWithoutPropertyLists(json, expected, writes: written, line: line)
    check(try T(propertyListValue: expected.propertyListValue) == expected, "\(expected) through a property list", line: line)
}

/// JSON and Coding read `json`, whose tag no case has, as the unknown case (`unknown` finds its
/// value) keeping `tag`, and JSON writes it back as it was.
@MainActor func keepsUnknown<T: JSONCodable & Codable & Sendable>(_ json: String, _ type: T.Type, tag: String, _ unknown: (T) -> UnknownCase?, line: Int = #line) {
    do {
        let ours = try T(jsonBytes: Array(json.utf8))
        check(unknown(ours)?.tag == tag, "JSON reads \(json) as \(ours)", line: line)
        check(String(decoding: ours.jsonBytes(), as: UTF8.self) == json, "JSON writes back \(String(decoding: ours.jsonBytes(), as: UTF8.self))", line: line)
        let theirs = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        check(unknown(theirs)?.tag == tag, "Coding reads \(json) as \(theirs)", line: line)
    } catch {
        check(false, "\(json) does not read: \(error)", line: line)
    }
}

section("bare strings") {
    reads(#""none""#, Presence.none)
    reads(#""some""#, Presence.some)
    reads(#""all""#, Presence.all)
    reads(#""none""#, PresenceKept.none)
    reads(#""some""#, PresenceKept.some)
    keepsUnknown(#""mystery""#, PresenceKept.self, tag: "mystery") { if case .unrecognized(let unknown) = $0 { unknown } else { nil } }
    reads(#""some""#, PresenceOrNone.some)
    reads(#""all""#, PresenceOrNone.all)
    keepsUnknown(#""mystery""#, PresenceOrNone.self, tag: "mystery") { if case .none(let unknown) = $0 { unknown } else { nil } }
    keepsUnknown(#""none""#, PresenceOrNone.self, tag: "none") { if case .none(let unknown) = $0 { unknown } else { nil } }
}

section("internally tagged") {
    reads(#"{"type":"none"}"#, InternalPlain.none)
    reads(#"{"type":"some","value":3}"#, InternalPlain.some(3))
    reads(#"{"value":3,"type":"some"}"#, InternalPlain.some(3), writes: #"{"type":"some","value":3}"#)
    reads(#"{"type":"pair","first":1,"second":"x"}"#, InternalPlain.pair(first: 1, second: "x"))
    reads(#"{"type":"none","reason":"gone"}"#, InternalPayload.none(reason: "gone"))
    reads(#"{"reason":"gone","type":"none"}"#, InternalPayload.none(reason: "gone"), writes: #"{"type":"none","reason":"gone"}"#)
    reads(#"{"type":"some"}"#, InternalPayload.some)
    keepsUnknown(#"{"type":"mystery","x":1}"#, InternalPayload.self, tag: "mystery") { if case .unrecognized(let unknown) = $0 { unknown } else { nil } }
    reads(#"{"type":"some","value":"s"}"#, InternalUnknownNone.some("s"))
    reads(#"{"type":"all"}"#, InternalUnknownNone.all)
    keepsUnknown(#"{"type":"mystery","x":1}"#, InternalUnknownNone.self, tag: "mystery") { if case .none(let unknown) = $0 { unknown } else { nil } }
}

section("externally tagged") {
    reads(#""none""#, ExternalPlain.none)
    // A case without payload is also read from a member named for it, whatever its value.
    check(try ExternalPlain(jsonBytes: Array(#"{"none":{}}"#.utf8)) == ExternalPlain.none)
    check(try ExternalPlain(jsonBytes: Array(#"{"none":null}"#.utf8)) == ExternalPlain.none)
    check(try ExternalPayload(jsonBytes: Array(#"{"some":1}"#.utf8)) == ExternalPayload.some)
    reads(#"{"some":3}"#, ExternalPlain.some(3))
    reads(#"{"pair":{"first":1,"second":"x"}}"#, ExternalPlain.pair(first: 1, second: "x"))
    reads(#"{"none":{"reason":"gone"}}"#, ExternalPayload.none(reason: "gone"))
    reads(#""some""#, ExternalPayload.some)
    keepsUnknown(#"{"mystery":1}"#, ExternalPayload.self, tag: "mystery") { if case .unrecognized(let unknown) = $0 { unknown } else { nil } }
    keepsUnknown(#""mystery""#, ExternalPayload.self, tag: "mystery") { if case .unrecognized(let unknown) = $0 { unknown } else { nil } }
    reads(#"{"some":"s"}"#, ExternalUnknownNone.some("s"))
    reads(#""all""#, ExternalUnknownNone.all)
    keepsUnknown(#"{"mystery":[1]}"#, ExternalUnknownNone.self, tag: "mystery") { if case .none(let unknown) = $0 { unknown } else { nil } }
    keepsUnknown(#""mystery""#, ExternalUnknownNone.self, tag: "mystery") { if case .none(let unknown) = $0 { unknown } else { nil } }
    keepsUnknown(#"{"none":{}}"#, ExternalUnknownNone.self, tag: "none") { if case .none(let unknown) = $0 { unknown } else { nil } }
}

section("adjacently tagged") {
    reads(#"{"type":"none"}"#, AdjacentPlain.none)
    reads(#"{"type":"some","value":3}"#, AdjacentPlain.some(3))
    reads(#"{"value":3,"type":"some"}"#, AdjacentPlain.some(3), writes: #"{"type":"some","value":3}"#)
    reads(#"{"type":"pair","value":{"first":1,"second":"x"}}"#, AdjacentPlain.pair(first: 1, second: "x"))
    reads(#"{"type":"none","value":{"reason":"gone"}}"#, AdjacentPayload.none(reason: "gone"))
    reads(#"{"value":{"reason":"gone"},"type":"none"}"#, AdjacentPayload.none(reason: "gone"), writes: #"{"type":"none","value":{"reason":"gone"}}"#)
    reads(#"{"type":"some"}"#, AdjacentPayload.some)
    keepsUnknown(#"{"type":"mystery","value":1}"#, AdjacentPayload.self, tag: "mystery") { if case .unrecognized(let unknown) = $0 { unknown } else { nil } }
    reads(#"{"type":"some","value":"s"}"#, AdjacentUnknownNone.some("s"))
    reads(#"{"type":"all"}"#, AdjacentUnknownNone.all)
    keepsUnknown(#"{"type":"mystery","value":1}"#, AdjacentUnknownNone.self, tag: "mystery") { if case .none(let unknown) = $0 { unknown } else { nil } }
}

section("untagged") {
    readsWithoutPropertyLists("3", Loose.some(3))
    readsWithoutPropertyLists(#"{"reason":"gone"}"#, Loose.none(reason: "gone"))
    readsWithoutPropertyLists(#""s""#, LooseText.none("s"))
    readsWithoutPropertyLists(#"{"value":1}"#, LooseText.some(value: 1))
}

finishChecks()
