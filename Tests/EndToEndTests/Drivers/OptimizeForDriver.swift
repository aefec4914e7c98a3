// Compiled by OptimizeForCodeSizeCompileTests (as main.swift) with DriverChecks.swift, linking
// two modules of the same schemas: SpeedModels, generated as valuegen.json leaves it, and
// SizeModels, generated with "optimizeFor": "codeSize". Each document is read by both: the same
// value (its description) and the same bytes written back, or the same error (message, byte
// and path).
import Foundation
import ValuegenRuntime
import SpeedModels
import SizeModels

/// What reading the document gives: the value and what it writes, or the error; the value's
/// description without a module name, should one appear in it.
func outcome<T: JSONCodable & CustomStringConvertible>(_ type: T.Type, _ json: [UInt8]) -> (text: String, isValue: Bool) {
    do {
        let value = try T(jsonBytes: json)
        let written = String(decoding: value.jsonBytes(), as: UTF8.self)
        let again = try T(jsonBytes: value.jsonBytes())
        let description = value.description.replacingOccurrences(of: "SpeedModels.", with: "").replacingOccurrences(of: "SizeModels.", with: "")
        return ("\(description)\nwrites \(written)\nreads back \(again.description == value.description)", true)
    } catch {
        return ("error \(error)", false)
    }
}

var values = 0
var errors = 0
var variantsReadAlike = 0
/// SplitMix64, so that the variants are the same on every run.
var randomState: UInt64 = 2_026

@MainActor func random(_ below: Int) -> Int {
    randomState &+= 0x9E37_79B9_7F4A_7C15
    var z = randomState
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(below))
}

/// The document with one change: a letter written as an escape (`\u0061`), a byte left out or
/// doubled, or a space put in.
@MainActor func variant(of json: [UInt8]) -> [UInt8] {
    guard !json.isEmpty else { return json }
    var bytes = json
    let index = random(bytes.count)
    switch random(4) {
    case 0 where bytes[index].isLetter:
        bytes.replaceSubrange(index...index, with: Array(#"\u00"#.utf8) + Array(String(bytes[index], radix: 16).utf8))
    case 1:
        bytes.remove(at: index)
    case 2:
        bytes.insert(bytes[index], at: index)
    default:
        bytes.insert(UInt8(ascii: " "), at: index)
    }
    return bytes
}

extension UInt8 {
    var isLetter: Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) }
}

/// Both modules read each document alike, and 40 variants of each.
@MainActor func same<Speed: JSONCodable & CustomStringConvertible, Size: JSONCodable & CustomStringConvertible>(
    _ speed: Speed.Type, _ size: Size.Type, _ documents: [String], line: Int = #line
) {
    for json in documents {
        let bySpeed = outcome(speed, Array(json.utf8))
        let bySize = outcome(size, Array(json.utf8))
        check(bySpeed.text == bySize.text, "\(json)\n  speed:    \(bySpeed.text)\n  codeSize: \(bySize.text)", line: line)
        if bySize.isValue {
            values += 1
        } else {
            errors += 1
        }
        for _ in 0..<40 {
            let changed = variant(of: Array(json.utf8))
            let speedRead = outcome(speed, changed)
            let sizeRead = outcome(size, changed)
            check(speedRead.text == sizeRead.text, "\(String(decoding: changed, as: UTF8.self))\n  speed:    \(speedRead.text)\n  codeSize: \(sizeRead.text)", line: line)
            variantsReadAlike += speedRead.text == sizeRead.text ? 1 : 0
        }
    }
}

func read<T: JSONDecodable>(_ type: T.Type, _ json: String) throws -> T {
    try T(jsonBytes: Array(json.utf8))
}

func failure<T: JSONDecodable>(_ type: T.Type, _ json: String) -> String {
    do {
        _ = try T(jsonBytes: Array(json.utf8))
        return "no error"
    } catch {
        return "\(error)"
    }
}

let required = #""id":1,"name":"Ann","e-mail":"ann@example.com","history":[]"#

section("values: required, optional, defaulted, coding and legacy keys, explicit nil") {
    same(SpeedModels.Profile.self, SizeModels.Profile.self, [
        "{\(required)}",
        #"{"id":2,"name":"Bo","nickname":"b","zip code":"75001","e-mail":"bo@example.com","note":"hi","score":2.25,"tags":["a","b"],"home":{"street_name":"Main","city":"Rome","postal_lines":["1","2"]},"history":[{"street_name":"Old"},{"street_name":"Older","postal_lines":null}],"counts":{"x":1,"y":-2},"naïve":true,"名前":"ボ","a_rather_long_key_of_many_bytes":99,"say \"hi\"\\now":"quoted"}"#,
        // Legacy keys: the primary wins wherever it stands, an earlier legacy key over a later one.
        #"{\#(required),"postalCode":"p","zip":"z"}"#,
        #"{\#(required),"postalCode":"p"}"#,
        #"{"zip":"z","zip code":"primary",\#(required),"postalCode":"p"}"#,
        #"{"id":1,"name":"Ann","mail":"legacy@example.com","history":[]}"#,
        #"{"id":1,"name":"Ann","mail":"legacy@example.com","e-mail":"primary@example.com","history":[]}"#,
        #"{"id":1,"name":"Ann","mail":null,"e-mail":null,"history":[]}"#,
        #"{"id":1,"name":"Ann","history":[]}"#,
        #"{\#(required),"zip code":null,"zip":"z"}"#,
        // An explicit nil is nil; a missing one takes the default; null elsewhere is absent.
        #"{\#(required),"note":null}"#,
        #"{\#(required),"note":"set","nickname":null,"score":null,"tags":null,"home":null}"#,
        // Keys with escapes, and one with other bytes that look the same (no match).
        #"{"i\u0064":1,"na\u006de":"A","e\u002dmail":"x","hist\u006fry":[],"zip\u0020code":"z","na\u00efve":false,"\u540d\u524d":"N","a_rather_long_key_of_many_byte\u0073":1,"say \"hi\"\\n\u006fw":"q"}"#,
        #"{\#(required),"nai\u0308ve":true,"zip\u0000code":"nul"}"#,
        // The same marks in another order: canonically equivalent, other bytes (no match),
        // written with escapes or without; in the order of the name, a match.
        #"{\#(required),"c\u0301\u0327":1}"#, "{\(required),\"c\u{301}\u{327}\":2}", #"{\#(required),"c\u0327\u0301":3}"#,
        // Unknown members, of any value, and the transient attribute's key.
        #"{"extra":{"id":"x","name":[1,{"e-mail":2}]},\#(required),"zip codes":"no","cache":"ignored","":0,"id2":[]}"#,
        // Members twice: the last one read.
        #"{\#(required),"id":7,"zip":"a","zip code":"b","zip":"c","note":null,"note":"again"}"#,
        // Whitespace everywhere.
        " { \"id\" : 1 ,\n\t\"name\" : \"Ann\" , \"e-mail\":\"x\" , \"history\" : [ ] } ",
        // Errors: their message, byte and path.
        #"{"id":"1","name":"Ann","e-mail":"x","history":[]}"#,
        #"{"id":1,"name":"Ann","e-mail":"x","history":[{"street_name":"ok"},{"street_name":5}]}"#,
        #"{"id":1,"name":"Ann","e-mail":"x","history":[],"home":{"city":"Rome"}}"#,
        #"{"id":1,"name":"Ann","history":[],"e-mail":"x","counts":{"a":"b"}}"#,
        #"{"id":1,"e-mail":"x","history":[]}"#,
        #"{"id":1,"name":null,"e-mail":"x","history":[]}"#,
        #"{"id":1,"name":"Ann","e-mail":"x","history":null}"#,
        #"{"id":1,"name":"Ann","e-mail":"x","history":[],}"#,
        #"{"id":1 "name":"Ann"}"#,
        #"{"id":1,"name":"Ann","e-mail":"x","history":[],"x":tru}"#,
        #"{"id":1,"na\q":"Ann"}"#,
        #"{"id":1,"name":"Ann","e-mail":"x","history":[]"#,
        "[]", "null", "", "{",
    ])
    same(SpeedModels.Address.self, SizeModels.Address.self, [
        #"{"street_name":"Main","city":"Rome","postal_lines":["a","b"]}"#,
        #"{"street_name":"Main"}"#,
        #"{"streetName":"Main"}"#,
        #"{"street_name":"Main","postal_lines":[1]}"#,
    ])
    same(SpeedModels.Card.self, SizeModels.Card.self, [#"{"number":"4111","cvc":null}"#, #"{"cvc":"1"}"#])

    let legacy = try read(SizeModels.Profile.self, #"{\#(required),"postalCode":"p","zip":"z"}"#)
    check(legacy.zipCode == "z", "the earlier legacy key wins: \(legacy.zipCode)")
    let primary = try read(SizeModels.Profile.self, #"{"zip":"z","zip code":"primary",\#(required)}"#)
    check(primary.zipCode == "primary", "the primary key wins: \(primary.zipCode)")
    let mail = try read(SizeModels.Profile.self, #"{"id":1,"name":"Ann","mail":"legacy","history":[]}"#)
    check(mail.email == "legacy", "a required attribute read from its legacy key: \(mail.email)")
    check(failure(SizeModels.Profile.self, #"{"id":1,"name":"Ann","history":[]}"#) == #"missing member "e-mail" at byte 34 ($)"#,
          failure(SizeModels.Profile.self, #"{"id":1,"name":"Ann","history":[]}"#))
    let explicitNil = try read(SizeModels.Profile.self, #"{\#(required),"note":null}"#)
    check(explicitNil.note == nil, "an explicit null is nil: \(String(describing: explicitNil.note))")
    check(String(decoding: explicitNil.jsonBytes(), as: UTF8.self).contains(#""note":null"#), "and is written")
    check(try read(SizeModels.Profile.self, "{\(required)}").note == "none", "a missing one takes the default")
    let escaped = try read(SizeModels.Profile.self, #"{"i\u0064":3,"na\u006de":"A","e\u002dmail":"x","hist\u006fry":[],"\u540d\u524d":"N"}"#)
    check(escaped.id == 3 && escaped.name == "A" && escaped.localName == "N", "keys with escapes match: \(escaped)")
    let lookalike = try read(SizeModels.Profile.self, #"{\#(required),"nai\u0308ve":true}"#)
    check(lookalike.naive == nil, "a key with other bytes than the name does not match it, whatever it looks like")
    let reordered = try read(SizeModels.Profile.self, #"{\#(required),"c\u0301\u0327":1}"#)
    check(reordered.marks == nil, "nor does one with the same marks in another order")
    check(try read(SizeModels.Profile.self, #"{\#(required),"c\u0327\u0301":3}"#).marks == 3, "the name's bytes, written with escapes, match")
}

section("an object") {
    same(SpeedModels.Settings.self, SizeModels.Settings.self, [
        #"{"fontSize":12}"#,
        #"{"theme":"dark","fontSize":14,"muted":null,"home":{"street_name":"s"}}"#,
        #"{"theme":"dark"}"#,
        #"{"fontSize":"12"}"#,
        #"{"fontSize":1,"fontSize":2,"muted":true}"#,
    ])
}

section("internally tagged, with guesses") {
    same(SpeedModels.Shape.self, SizeModels.Shape.self, [
        #"{"type":"circle","radius":2}"#, #"{"radius":2,"type":"circle"}"#, #"{"width":3,"type":"rect"}"#,
        #"{"height":2,"width":3,"type":"rect"}"#, #"{"type":"rect","width":3,"height":null}"#,
        #"{"type":"place","value":{"street_name":"s"}}"#, #"{"value":{"street_name":"s"},"type":"place"}"#,
        #"{"type":"point"}"#, #"{"type":"point","radius":1}"#, #"{"radius":1,"type":"point"}"#,
        #"{"type":"hexagon","sides":6}"#, #"{"sides":6,"type":"hexagon"}"#,
        #"{"typ\u0065":"circle","radi\u0075s":1}"#, #"{"radi\u0075s":1,"type":"circle"}"#,
        #"{"type":"circle","radius":1,"extra":[1,{"type":"rect"}]}"#, #"{"type":"rect","width":1,"width":2}"#,
        #"{"type":"circl\u0065","radius":2}"#, #"{"type":"\u0070oint"}"#, #"{"type":"Circle","radius":2}"#,
        #"{"type":"circle"}"#, #"{"type":"circle","radius":"x"}"#, #"{"type":"circle","type":"rect"}"#, #"{"radius":1}"#,
        #"{"type":1,"radius":2}"#, #"{"type":null}"#,
        #"{"type":"place","value":{"city":"c"}}"#, #"{"type":"place"}"#, #"{"type":"circle","radius":1,}"#,
    ])
}

section("internally tagged, without guesses") {
    same(SpeedModels.Event.self, SizeModels.Event.self, [
        #"{"kind":"opened","at":1}"#, #"{"at":1,"kind":"closed","by":"me"}"#, #"{"kind":"reset","at":3}"#,
        #"{"kind":"opened","at":1,"by":null}"#, #"{"kind":"closed","at":1,"by":"a","by":"b"}"#,
        #"{"kind":"opened"}"#, #"{"kind":"opened","at":true}"#, #"{"kind":"other"}"#,
        #"{"kind":"r\u0065set"}"#, #"{"kind":"Reset"}"#, #"{"kind":["reset"]}"#, #"{"kind":""}"#,
    ])
}

section("externally tagged") {
    same(SpeedModels.Media.self, SizeModels.Media.self, [
        #"{"image":{"url":"u","width":3}}"#, #"{"image":{"url":"u"}}"#, #"{"image":{"width":3,"url":"u","x":[]}}"#,
        #"{"count":4}"#, #""nothing""#, #"{"nothing":null}"#, #"{"video":{"x":1}}"#, #""video""#,
        #"{"image":{"width":3}}"#, #"{"image":{"url":1}}"#, #"{}"#, #"{"image":{"url":"u"},"count":1}"#,
        // Tags with escapes, outside ASCII, and canonically equivalent to one (another key).
        #"{"im\u0061ge":{"url":"u"}}"#, #""n\u006fthing""#, #"{"c\u006funt":2}"#,
        "{\"clich\u{E9}\":{\"url\":\"s\"}}", #"{"clich\u00e9":{"url":"s"}}"#, #"{"cliche\u0301":{"url":"s"}}"#, "{\"cliche\u{301}\":{\"url\":\"s\"}}",
        "\"clich\u{E9}\"", #""Nothing""#, #""""#, "5", "null", "[]", #"{"count":"4"}"#, #"{"nothing":1}"#,
    ])
}

section("adjacently tagged") {
    same(SpeedModels.Figure.self, SizeModels.Figure.self, [
        #"{"kind":"CIRCLE","data":{"radius":1}}"#, #"{"data":{"radius":1},"kind":"CIRCLE"}"#,
        #"{"kind":"square","data":{"side":2,"length":"L"}}"#, #"{"kind":"square","data":{"length":"L","side":2,"label":"a"}}"#,
        #"{"kind":"label","data":"x"}"#, #"{"kind":"empty"}"#, #"{"kind":"triangle","data":[1]}"#,
        #"{"kind":"square"}"#, #"{"kind":"square","data":{"label":"x"}}"#, #"{"kind":"CIRCLE","data":{"radius":"r"}}"#,
        #"{"kind":"\u0043IRCLE","data":{"radius":1}}"#, #"{"data":"x","kind":"l\u0061bel"}"#, #"{"kind":"circle","data":{"radius":1}}"#,
        #"{"data":[1],"kind":"triangle"}"#, #"{"kind":"triangle"}"#, #"{"kind":5,"data":{}}"#,
    ])
}

section("untagged") {
    same(SpeedModels.Expandable.self, SizeModels.Expandable.self, [
        #""cus_1""#, #"{"id":"c","name":"N"}"#, #"{"id":"c","name":"N","tier":2}"#, #"{"na\u006de":"N","id":"c","x":1}"#,
        "[1,2]", #"{"id":"c"}"#, "5", #"{"id":"c","name":"N","tier":"2"}"#,
    ])
}

section("payloads=flattened") {
    same(SpeedModels.PaymentMethod.self, SizeModels.PaymentMethod.self, [
        #"{"type":"card","number":"4111","cvc":"123"}"#, #"{"number":"4111","type":"card"}"#,
        #"{"type":"voucher","voucherCode":"V"}"#, #"{"type":"voucher","voucherCode":"V","code":"C"}"#,
        #"{"type":"cash"}"#, #"{"type":"crypto","coin":"btc"}"#,
        #"{"type":"card"}"#, #"{"type":"card","number":4}"#, #"{"type":"voucher"}"#, #"{"number":"1"}"#,
        #"{"type":"c\u0061sh"}"#, #"{"voucherCode":"V","type":"vouch\u0065r"}"#, #"{"type":"Cash"}"#, #"{"type":true}"#,
    ])
}

section("plain ADTs: tags outside ASCII, canonically equivalent spellings, escapes") {
    same(SpeedModels.Status.self, SizeModels.Status.self, [
        #""active""#, #""PAST_DUE""#, "\"caf\u{E9}\"",
        // With escapes; decomposed, as bytes or escapes: canonically equivalent to "café".
        #""\u0061ctive""#, #""PAST\u005fDUE""#, #""caf\u00e9""#, #""caf\u00E9""#, "\"cafe\u{301}\"", #""cafe\u0301""#,
        // Unknown tags, kept.
        #""past_due""#, #""Active""#, #""cafe""#, "\"caf\u{E9} \"", #""caf\u00e9\u0301""#, #""""#, #""\u00e9""#,
        // Other types, and broken strings.
        "5", "null", "true", #"{"active":1}"#, #"["active"]"#, #""active"#, #""caf\u00""#, "",
    ])
    same(SpeedModels.Level.self, SizeModels.Level.self, [
        #""K""#, #""low""#, "\"na\u{EF}ve\"", "\"\u{C5}\"",
        // The Kelvin sign is K; an i with a diaeresis after it is ï; Å is also the Angstrom
        // sign, or A with a ring above.
        #""\u212a""#, "\"\u{212A}\"", #""nai\u0308ve""#, "\"nai\u{308}ve\"", #""\u212b""#, #""A\u030a""#, "\"A\u{30A}\"", #""\u004b""#,
        // Unknown tags: errors.
        #""k""#, #""high""#, #""naive""#, #""A""#, #""low ""#, #""""#, #""Kelvin""#,
        "1.5", "null", "{}", #"["K"]"#, #""K"#,
    ])

    // A switch over the literals compares as Swift does, and so does the table.
    let spellings = ["\"cafe\u{301}\"", #""cafe\u0301""#, #""caf\u00e9""#]
    for spelling in spellings {
        let status = try read(SizeModels.Status.self, spelling)
        check("\(status)" == "\(SizeModels.Status.cafe)", "\(spelling) is café: \(status)")
    }
    let kelvin = try read(SizeModels.Level.self, #""\u212a""#)
    check("\(kelvin)" == "\(SizeModels.Level.kelvin)", "the Kelvin sign is K: \(kelvin)")
    let unknown = try read(SizeModels.Status.self, #""past_due""#)
    check("\(unknown)".contains("past_due"), "an unknown tag is kept: \(unknown)")
    check(failure(SizeModels.Level.self, #""k""#) == failure(SpeedModels.Level.self, #""k""#) && failure(SizeModels.Level.self, #""k""#).contains("'k'"),
          failure(SizeModels.Level.self, #""k""#))
    // A member's key is matched byte for byte, in both shapes: a decomposed "cliché" is another case.
    let still = try read(SizeModels.Media.self, #"{"cliche\u0301":{"url":"s"}}"#)
    check(!"\(still)".contains("still"), "a key canonically equivalent to a tag is another tag: \(still)")
}

section("nested values and arrays") {
    let profile = #"{"id":1,"name":"Ann","e-mail":"a","history":[{"street_name":"s"}]}"#
    same(SpeedModels.Order.self, SizeModels.Order.self, [
        #"{"profile":\#(profile),"shapes":[{"type":"circle","radius":1},{"width":2,"type":"rect"},{"type":"point"}],"event":{"kind":"reset"},"media":[{"count":1},"nothing"],"figure":{"kind":"empty"},"customer":"c","methods":[{"type":"cash"},{"number":"1","type":"card"}],"settings":{"fontSize":3}}"#,
        #"{"profile":\#(profile),"shapes":[],"figure":{"kind":"label","data":"l"},"customer":{"id":"c","name":"n"},"methods":[]}"#,
        #"{"profile":\#(profile),"shapes":[{"type":"circle","radius":1},{"type":"circle","radius":"x"}],"figure":{"kind":"empty"},"customer":"c","methods":[]}"#,
        #"{"profile":\#(profile),"shapes":[],"figure":{"kind":"empty"},"customer":"c","methods":[{"type":"voucher","code":7}]}"#,
        #"{"profile":{"id":1},"shapes":[],"figure":{"kind":"empty"},"customer":"c","methods":[]}"#,
        #"{"shapes":[],"figure":{"kind":"empty"},"customer":"c","methods":[],"settings":{"theme":"t"}}"#,
        #"{"profile":\#(profile),"shapes":[],"figure":{"kind":"empty"},"customer":"c","methods":[],"status":"cafe\u0301","levels":["K","\u212a","low","A\u030a","na\u00efve"]}"#,
        #"{"profile":\#(profile),"shapes":[],"figure":{"kind":"empty"},"customer":"c","methods":[],"status":"gone","levels":[],"media":[{"clich\u00e9":{"url":"s"}},"nothing"]}"#,
        #"{"profile":\#(profile),"shapes":[],"figure":{"kind":"empty"},"customer":"c","methods":[],"status":"active","levels":["low","k"]}"#,
        #"{"profile":\#(profile),"shapes":[],"figure":{"kind":"empty"},"customer":"c","methods":[],"status":1}"#,
        #"{"profile":\#(profile),"shapes":[],"figure":{"kind":"empty"},"customer":"c","methods":[],"status":null,"levels":null}"#,
    ])
}

print("\(variantsReadAlike) variants read alike")
print("\(values) values and \(errors) errors read alike")
finishChecks()
