// Compiled with the generated code of FlattenedPayloadsCompileTests' module (as main.swift) and
// DriverChecks.swift, then run: an internally tagged ADT whose single values are flattened
// (`%coding payloads=flattened`) written and read by JSON, Coding (JSONEncoder, JSONDecoder)
// and Dictionary, each reading the others' output, the tag first or last; its errors' paths.
import Foundation
import ValuegenRuntime

func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// `message at byte N ($.path)`, or "no error".
func jsonError<T: JSONDecodable>(_ type: T.Type, _ json: String) -> String {
    do {
        _ = try T(jsonBytes: Array(json.utf8))
        return "no error"
    } catch {
        return error.description
    }
}

/// The value read through every feature from `json` (Foundation's tree of it for Dictionary).
@MainActor func readsEverywhere<T: JSONCodable & Codable & DictionaryCodable & Equatable>(_ json: String, as expected: T, _ line: Int = #line) throws {
    let data = Data(json.utf8)
    check(try T(jsonData: data) == expected, "JSON reads \(json)", line: line)
    check(try JSONDecoder().decode(T.self, from: data) == expected, "JSONDecoder reads \(json)", line: line)
    check(try T(propertyListValue: JSONSerialization.jsonObject(with: data)) == expected, "Dictionary reads \(json)", line: line)
}

/// What each feature writes reads back through every feature.
@MainActor func roundTrips<T: JSONCodable & Codable & DictionaryCodable & Equatable>(_ value: T, _ line: Int = #line) throws {
    try readsEverywhere(text(value.jsonBytes()), as: value, line)
    try readsEverywhere(String(decoding: JSONEncoder().encode(value), as: UTF8.self), as: value, line)
    let tree = try JSONSerialization.data(withJSONObject: value.propertyListValue)
    try readsEverywhere(String(decoding: tree, as: UTF8.self), as: value, line)
}

let ach = PaymentMethod.ach(AchDetails(bankAccountNumber: "123", ownerName: "Ann", checkoutAttemptId: "a1"))
let card = PaymentMethod.card(CardDetails(number: "4111", cvc: nil))
let marker = PaymentMethod.marker(Marker(note: nil))
let paypal = PaymentMethod.other(UnknownCase(tag: "paypal", json: try! RawJSON(#"{"type":"paypal","email":"a@b"}"#)))

section("JSON writes the tag first, then the value's members, in one object") {
    check(text(ach.jsonBytes()) == #"{"type":"ach","bankAccountNumber":"123","ownerName":"Ann","checkoutAttemptId":"a1"}"#, text(ach.jsonBytes()))
    check(text(card.jsonBytes()) == #"{"type":"scheme","number":"4111"}"#, text(card.jsonBytes()))
    check(text(marker.jsonBytes()) == #"{"type":"marker"}"#, text(marker.jsonBytes()))
    let payment = Payment(method: card, methods: [ach, marker, .voucher(code: "V"), .cash], backup: card)
    let expected = #"{"method":{"type":"scheme","number":"4111"},"methods":[{"type":"ach","bankAccountNumber":"123","ownerName":"Ann","checkoutAttemptId":"a1"},{"type":"marker"},{"type":"voucher","code":"V"},{"type":"cash"}],"backup":{"type":"scheme","number":"4111"}}"#
    check(text(payment.jsonBytes()) == expected, text(payment.jsonBytes()))
}

section("Dictionary writes the value's members beside the tag") {
    let tree = ach.propertyListValue as? [String: Any]
    check(tree?["type"] as? String == "ach" && tree?["bankAccountNumber"] as? String == "123" && tree?.count == 4, "\(String(describing: tree))")
}

section("every feature reads every feature's output") {
    for value in [ach, card, marker, .voucher(code: "V"), .cash] {
        try roundTrips(value)
    }
    try roundTrips(Payment(method: ach, methods: [card, marker, .cash], backup: nil))
}

section("the tag first or last") {
    let details = AchDetails(bankAccountNumber: "9", ownerName: nil, checkoutAttemptId: "none")
    try readsEverywhere(#"{"type":"ach","bankAccountNumber":"9"}"#, as: PaymentMethod.ach(details))
    try readsEverywhere(#"{"bankAccountNumber":"9","type":"ach"}"#, as: PaymentMethod.ach(details))
    try readsEverywhere(#"{"bankAccountNumber":"9","extra":[1,{"type":"x"}],"type":"ach"}"#, as: PaymentMethod.ach(details))
    try readsEverywhere(#"{"type":"ach","extra":{"type":"x","note":"a \"type\""},"bankAccountNumber":"9"}"#, as: PaymentMethod.ach(details))
    try readsEverywhere(#"{"code":"V","type":"voucher"}"#, as: PaymentMethod.voucher(code: "V"))
    try readsEverywhere(#"{"method":{"number":"1","type":"scheme"},"methods":[]}"#, as: Payment(method: .card(CardDetails(number: "1", cvc: nil)), methods: [], backup: nil))
}

section("an unknown tag is kept whole and written back as read") {
    // Foundation's coders reorder its members: JSON alone gives back the bytes.
    check(try PaymentMethod(jsonBytes: paypal.jsonBytes()) == paypal, text(paypal.jsonBytes()))
    let json = #"{"email":"a@b","type":"paypal"}"#
    let value = try PaymentMethod(jsonBytes: Array(json.utf8))
    check(value == .other(UnknownCase(tag: "paypal", json: try RawJSON(json))), "\(value)")
    check(text(value.jsonBytes()) == json, text(value.jsonBytes()))
}

section("errors say where") {
    check(jsonError(PaymentMethod.self, #"{"bankAccountNumber":"1"}"#) == #"missing member "type" naming the case of PaymentMethod at byte 0 ($)"#, jsonError(PaymentMethod.self, #"{"bankAccountNumber":"1"}"#))
    check(jsonError(Payment.self, #"{"methods":[],"method":{"type":"scheme","number":5}}"#) == "expected a string, found a number at byte 49 ($.method.number)", jsonError(Payment.self, #"{"methods":[],"method":{"type":"scheme","number":5}}"#))
    check(jsonError(Payment.self, #"{"methods":[],"method":{"type":"ach"}}"#).hasSuffix("($.method)"), jsonError(Payment.self, #"{"methods":[],"method":{"type":"ach"}}"#))
    check(jsonError(PaymentMethod.self, #"{"type":"ach","type":"scheme","number":"1"}"#).hasPrefix(#"the member "type" appears twice"#), jsonError(PaymentMethod.self, #"{"type":"ach","type":"scheme","number":"1"}"#))
    check(jsonError(PaymentMethod.self, #"{"type":7}"#).hasPrefix("expected a string"), jsonError(PaymentMethod.self, #"{"type":7}"#))
    // Read in one pass with the tag first, a second tag is still found.
    check(jsonError(PaymentMethod.self, #"{"type":"ach","bankAccountNumber":"1","type":"scheme"}"#).hasPrefix(#"the member "type" appears twice"#), jsonError(PaymentMethod.self, #"{"type":"ach","bankAccountNumber":"1","type":"scheme"}"#))
    check(jsonError(PaymentMethod.self, #"{"type":"ach","bankAccountNumber":"1","typ\u0065":"scheme"}"#).hasPrefix(#"the member "type" appears twice"#), jsonError(PaymentMethod.self, #"{"type":"ach","bankAccountNumber":"1","typ\u0065":"scheme"}"#))
    do {
        _ = try JSONDecoder().decode(Payment.self, from: Data(#"{"methods":[],"method":{"type":"scheme","number":5}}"#.utf8))
        check(false, "JSONDecoder read a number as a string")
    } catch let DecodingError.typeMismatch(_, context) {
        check(context.codingPath.map(\.stringValue) == ["method", "number"], "\(context.codingPath)")
    }
}

finishChecks()
