// Compiled with the generated code of ModuleSupportCompileTests' module (as main.swift) and
// DriverChecks.swift, then run: public and internal types share the module's one
// `ValuegenCodingKey` and one `ValuegenMissingAttributeError`, and attributes and types named
// like the key enums Coding used to declare are coded under their own keys.
import Foundation

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()

@MainActor func roundTrip<T: Codable & Equatable>(_ value: T, _ expected: String) throws {
    let data = try encoder.encode(value)
    check(String(decoding: data, as: UTF8.self) == expected, "wrote \(String(decoding: data, as: UTF8.self))")
    check(try JSONDecoder().decode(T.self, from: data) == value, "reads back \(expected)")
}

section("a public value with attributes named CodingKeys and nameLegacy1") {
    let account = Account(accountId: "a1", CodingKeys: 3, name: "Ann", nameLegacy1: "x")
    try roundTrip(account, #"{"CodingKeys":3,"account_id":"a1","name":"Ann","nameLegacy1":"x"}"#)
    let legacy = try JSONDecoder().decode(Account.self, from: Data(#"{"account_id":"a2","nick":"Bo"}"#.utf8))
    check(legacy == Account(accountId: "a2", name: "Bo"), "the legacy key is read: \(legacy)")
}

section("a missing key is reported by its name") {
    do {
        _ = try JSONDecoder().decode(Account.self, from: Data(#"{"name":"Ann"}"#.utf8))
        check(false, "decoding without account_id succeeded")
    } catch DecodingError.keyNotFound(let key, _) {
        check(key.stringValue == "account_id", "the missing key is \(key.stringValue)")
        check(key.intValue == nil, "a key has no integer value")
    }
}

section("an internal ADT whose payload type is named CodingKeys, adjacently tagged") {
    try roundTrip(Wrapper.keyed(CodingKeys(label: "k")), #"{"type":"keyed","value":{"label":"k"}}"#)
    try roundTrip(Wrapper.pair(left: 1, right: 2), #"{"type":"pair","value":{"left":1,"right":2}}"#)
}

section("an externally tagged ADT reads its one member's name as the tag") {
    try roundTrip(Shape.circle(radius: 2), #"{"circle":{"radius":2}}"#)
    try roundTrip(Shape.empty, #""empty""#)
    check((try? JSONDecoder().decode(Shape.self, from: Data(#"{"square":{}}"#.utf8))) == nil, "an unknown tag is refused")
}

section("builders of both access levels throw the one error type") {
    var builder = Account.builder()
    builder.name = "Ann"
    do {
        _ = try builder.build()
        check(false, "building without accountId succeeded")
    } catch let error as CodingKeysBuilder.MissingAttributeError {
        check(error == ValuegenMissingAttributeError(typeName: "Account", attributeName: "accountId"), "\(error)")
        check(error.description == "cannot build Account: required attribute 'accountId' was never set", error.description)
    }
    var inner = CodingKeys.builder()
    check((try? inner.build()) == nil, "an internal builder throws without its label")
    inner.label = "l"
    check(try inner.build() == CodingKeys(label: "l"), "an internal builder builds")
}

finishChecks()
