// Compiled with the generated code of KeyStyleCompileTests' snake_case module (as main.swift)
// and DriverChecks.swift, then run: Coding (Foundation) and JSON (ValuegenRuntime) write the
// same keys, computed when generating, and read each other's output.
import Foundation
import ValuegenRuntime

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()

/// Both write the expected JSON (the JSON feature in declaration order, Foundation sorted),
/// and each reads the other's back to the same value.
@MainActor func crossCheck<T: JSONCodable & Codable & Equatable>(_ value: T, ours expected: String, foundation expectedFoundation: String) throws {
    let ours = value.jsonData()
    let foundation = try encoder.encode(value)
    check(String(decoding: ours, as: UTF8.self) == expected, "JSON feature wrote \(String(decoding: ours, as: UTF8.self))")
    check(String(decoding: foundation, as: UTF8.self) == expectedFoundation, "Coding wrote \(String(decoding: foundation, as: UTF8.self))")
    check(try T(jsonData: foundation) == value, "the JSON feature reads Coding's output")
    check(try JSONDecoder().decode(T.self, from: ours) == value, "Coding reads the JSON feature's output")
}

section("snake_case keys, %codingKey and a kebab-case type, through Coding and JSON") {
    let account = Account(accountID: "a1", imageURL: "https://example.com/a.png", http2Enabled: true, emailAddress: "a@example.com", loginCount: 3, lastEvent: .signedIn(deviceName: "phone", isTrusted: true), preferences: Preferences(darkMode: true, fontSize: 12))
    try crossCheck(
        account,
        ours: #"{"account_id":"a1","image_url":"https://example.com/a.png","http2_enabled":true,"e-mail":"a@example.com","login_count":3,"last_event":{"type":"signedIn","device_name":"phone","is_trusted":true},"preferences":{"dark-mode":true,"font-size":12},"account_tax_ids":[],"https_urls":[]}"#,
        foundation: #"{"account_id":"a1","account_tax_ids":[],"e-mail":"a@example.com","http2_enabled":true,"https_urls":[],"image_url":"https:\/\/example.com\/a.png","last_event":{"device_name":"phone","is_trusted":true,"type":"signedIn"},"login_count":3,"preferences":{"dark-mode":true,"font-size":12}}"#
    )
    try crossCheck(Event.signedOut, ours: #"{"type":"signedOut"}"#, foundation: #"{"type":"signedOut"}"#)
}

section("a plural acronym is one word, unlike Foundation's convertToSnakeCase") {
    let taxed = Account(accountID: "a4", emailAddress: "d@example.com", preferences: Preferences(darkMode: false, fontSize: 10), accountTaxIDs: ["t1"], HTTPSURLs: ["https://x"])
    check(String(decoding: taxed.jsonData(), as: UTF8.self).contains(#""account_tax_ids":["t1"],"https_urls":["https://x"]"#), String(decoding: taxed.jsonData(), as: UTF8.self))
    // What Foundation's key strategy makes of the same names (docs/Language.md says so).
    struct Synthesized: Codable {
        var accountTaxIDs: [String]
        var HTTPSURLs: [String]
    }
    let snake = JSONEncoder()
    snake.keyEncodingStrategy = .convertToSnakeCase
    snake.outputFormatting = [.sortedKeys]
    let foundation = String(decoding: try snake.encode(Synthesized(accountTaxIDs: [], HTTPSURLs: [])), as: UTF8.self)
    check(foundation == #"{"account_tax_i_ds":[],"h_ttpsur_ls":[]}"#, foundation)
}

section("legacy keys are read as written, by both") {
    let legacy = Data(#"{"account_id":"a2","e-mail":"b@example.com","logins":7,"preferences":{"dark-mode":false,"font-size":10}}"#.utf8)
    let expected = Account(accountID: "a2", imageURL: nil, emailAddress: "b@example.com", loginCount: 7, lastEvent: nil, preferences: Preferences(darkMode: false, fontSize: 10))
    check(try Account(jsonData: legacy) == expected, "the JSON feature reads the legacy key")
    check(try JSONDecoder().decode(Account.self, from: legacy) == expected, "Coding reads the legacy key")
}

section("the attribute's own name is no longer a key") {
    let camel = Data(#"{"accountID":"a3","e-mail":"c@example.com","preferences":{"dark-mode":false,"font-size":10}}"#.utf8)
    check((try? Account(jsonData: camel)) == nil, "the JSON feature does not read accountID")
    check((try? JSONDecoder().decode(Account.self, from: camel)) == nil, "Coding does not read accountID")
}

finishChecks()
