// Compiled with the generated code of Fixtures/Examples (as main.swift) and DriverChecks.swift
// by CompiledExamplesTests, then run: every check prints "ok - <name>" or "FAIL ...", and the
// program exits 1 when any check failed.
import Foundation
import Observation
import ValuegenRuntime

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}()

func json<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self)
}

func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// The key a `keyNotFound` error names, or nil when decoding succeeded or failed otherwise.
func missingKey<T: Decodable>(_ type: T.Type, _ text: String) -> String? {
    do {
        _ = try decode(type, text)
        return nil
    } catch DecodingError.keyNotFound(let key, _) {
        return key.stringValue
    } catch {
        return nil
    }
}

final class Flag: @unchecked Sendable {
    var isSet = false
}

let userId = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
let url = URL(string: "https://example.com/p.jpg")!

section("Address: coding keys, legacy keys, defaults, unknown keys") {
    let address = Address(street: "1 Main St", city: "Springfield", zipCode: "12345")
    let text = try json(address)
    check(text == #"{"city":"Springfield","default":false,"street":"1 Main St","zip code":"12345"}"#, text)
    check(try decode(Address.self, text) == address)
    check(try decode(Address.self, #"{"street":"a","city":"b","zip":"999"}"#).zipCode == "999", "first legacy key")
    check(try decode(Address.self, #"{"street":"a","city":"b","postalCode":"777"}"#).zipCode == "777", "second legacy key")
    check(try decode(Address.self, #"{"street":"a","city":"b","zip code":"1","zip":"2"}"#).zipCode == "1", "the primary key wins")
    let defaults = try decode(Address.self, #"{"street":"a","city":"b","unknown":[1,2]}"#)
    check(defaults.zipCode == "00000" && defaults.default == false, "defaults for missing keys")
    check(missingKey(Address.self, #"{"street":"a"}"#) == "city", "a missing required key throws keyNotFound")
}

section("User: equality ignores %skipEquality, hashing agrees") {
    let user = User(userId: userId, nickname: "@x", email: "x@example.com", authToken: "secret")
    let seen = user.with(lastSeenCache: Date(timeIntervalSince1970: 5))
    check(user == seen)
    check(user.hashValue == seen.hashValue)
    check(user != user.with(nickname: "@y"))
    check(Set([user, seen, user.with(nickname: "@y")]).count == 2)
}

section("User: with replaces one attribute, including setting nil") {
    let user = User(userId: userId, nickname: "@x", email: "x@example.com")
    let renamed = user.with(nickname: "@y")
    check(renamed.nickname == "@y" && renamed.userId == userId && renamed.email == "x@example.com")
    let withStatus = user.with(statusText: "away")
    check(withStatus.statusText == "away")
    check(withStatus.with(statusText: nil).statusText == nil)
}

section("User: description quotes strings and redacts") {
    let user = User(userId: userId, nickname: "@x", email: "x@example.com", authToken: "secret")
    let text = user.description
    check(text.hasPrefix(#"User(userId: E621E1F8-C36C-495A-93FC-0C247A3E6E5F, nickname: "@x", statusText: nil, imageUrl: nil, email: <redacted>, authToken: <redacted>, "#), text)
    check(!text.contains("secret") && !text.contains("x@example.com"), text)
}

section("User: coding round trip with a custom key") {
    let user = User(userId: userId, nickname: "@x", email: "e", authToken: "t", presence: .away(since: Date(timeIntervalSince1970: 0)), addresses: [Address(street: "s", city: "c")])
    let text = try json(user)
    check(text.contains(#""auth_token":"t""#), text)
    check(text.contains(#""presence":{"since":-978307200,"type":"away"}"#), text)
    check(try decode(User.self, text) == user)
    let minimal = try decode(User.self, #"{"userId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","nickname":"n","email":"e"}"#)
    check(minimal.presence == .offline && minimal.friends.isEmpty && minimal.authToken == nil && minimal.createdAt == Date(timeIntervalSince1970: 0))
}

section("User: builder fills defaults and names the missing attribute") {
    var builder = User.builder()
    builder.userId = userId
    builder.nickname = "@x"
    do {
        _ = try builder.build()
        check(false, "build() without email must throw")
    } catch let error as UserBuilder.MissingAttributeError {
        check(error == UserBuilder.MissingAttributeError(typeName: "User", attributeName: "email"), "\(error)")
        check(error.description == "cannot build User: required attribute 'email' was never set", error.description)
    }
    builder.email = "e"
    let user = try builder.build()
    check(user.presence == .offline && user.interests.isEmpty)
    var copy = user.toBuilder()
    copy.nickname = "@z"
    check(try copy.build() == user.with(nickname: "@z"))
}

section("MessageSummary: Remodel types, RMCoding, RMEquality, RMBuilder") {
    let sender = User(userId: userId, nickname: "@x", email: "e")
    let summary = MessageSummary(
        messageId: "m1", senderName: "X", snippet: "hi", unreadCount: -2, isMuted: true, previewHeight: 44,
        sentAt: Date(timeIntervalSince1970: 0), readingTime: 1.5, byteCount: UInt64.max,
        mentionedUserIds: ["a"], participants: [sender], reactionCounts: ["+1": 2], labels: ["x"],
        thumbnailUrl: nil, status: .pending, kind: .text
    )
    let previewHeight: CGFloat = summary.previewHeight
    let byteCount: UInt64 = summary.byteCount
    let unreadCount: Int = summary.unreadCount
    check(previewHeight == 44 && byteCount == .max && unreadCount == -2)
    check(try decode(MessageSummary.self, try json(summary)) == summary)
    var builder = MessageSummary.builder()
    builder.messageId = "m2"
    do {
        _ = try builder.build()
        check(false, "build() without senderName must throw")
    } catch let error as MessageSummaryBuilder.MissingAttributeError {
        check(error.attributeName == "senderName", "\(error)")
    }
}

section("Attachment: ADT coding with type and value") {
    let photo = Attachment.photo(url: url, width: 640, height: 480, caption: nil)
    let text = try json(photo)
    check(text == #"{"height":480,"type":"photo","url":"https://example.com/p.jpg","width":640}"#, text)
    check(try decode(Attachment.self, text) == photo)
    check(try json(Attachment.sticker(42)) == #"{"type":"sticker","value":42}"#)
    check(try decode(Attachment.self, #"{"type":"sticker","value":7}"#) == .sticker(7))
    check(try json(Attachment.deleted) == #"{"type":"deleted"}"#)
    check(try decode(Attachment.self, #"{"type":"deleted"}"#) == .deleted)
    check(try decode(Attachment.self, #"{"type":"voiceNote","url":"https://example.com/v","duration":1.5}"#) == .voiceNote(url: URL(string: "https://example.com/v")!, duration: 1.5, waveform: []), "payload default")
    check(try decode(Attachment.self, #"{"type":"urlPreview","url":"https://example.com"}"#) == .urlPreview(url: URL(string: "https://example.com")!), "optional payloads default to nil")
    let card = Attachment.contactCard(User(userId: userId, nickname: "@x", email: "e"))
    check(try decode(Attachment.self, try json(card)) == card)
    do {
        _ = try decode(Attachment.self, #"{"type":"hologram"}"#)
        check(false, "an unknown type must throw")
    } catch DecodingError.dataCorrupted(let context) {
        check(context.debugDescription == "unknown Attachment tag 'hologram'", context.debugDescription)
    }
}

section("Attachment: description and equality") {
    check(Attachment.sticker(42).description == "Attachment.sticker(42.0)", Attachment.sticker(42).description)
    check(Attachment.deleted.description == "Attachment.deleted")
    check(Attachment.location(latitude: 1, longitude: 2).description == "Attachment.location(latitude: 1.0, longitude: 2.0)")
    check(Attachment.location(latitude: 1, longitude: 2) != .location(latitude: 1, longitude: 3))
    check(Attachment.sticker(1) != .deleted)
}

section("DeliveryStatus and Presence: Remodel ADTs and plain cases") {
    let failed = DeliveryStatus.failed(reason: "offline", retryAt: nil, isPermanent: false)
    check(try decode(DeliveryStatus.self, try json(failed)) == failed)
    check(try json(DeliveryStatus.pending) == #"{"type":"pending"}"#)
    let dnd = Presence.doNotDisturb(until: nil)
    check(dnd == .doNotDisturb(until: nil, message: ""), "case payload default")
    check(try decode(Presence.self, #"{"type":"doNotDisturb"}"#) == dnd)
    check(try json(NotificationLevel.default) == #"{"type":"default"}"#)
    // A plain enumeration (no case has a payload) is its tag alone.
    check(try decode(MessageKind.self, #""voice""#) == .voice)
}

section("Message: nested models, defaults and coding") {
    let message = Message(
        messageId: userId, conversationId: userId, sender: User(userId: userId, nickname: "@x", email: "e"),
        sentAt: Date(timeIntervalSince1970: 0), attachments: [.sticker(1)], reactions: ["+1": [userId]]
    )
    check(message.body == "" && message.status == .pending && message.kind == .text)
    check(try decode(Message.self, try json(message)) == message)
    check(message.with(body: "hello").body == "hello")
}

section("Conversation: change callbacks with veto") {
    let conversation = Conversation(conversationId: userId, participants: [])
    var changes: [String] = []
    conversation.onWillChange { change in
        if case .unreadCount(_, let new) = change, new < 0 {
            return false
        }
        return true
    }
    let token = conversation.onDidChange { change in
        changes.append("\(change)")
    }
    conversation.unreadCount = 3
    conversation.unreadCount = -1
    check(conversation.unreadCount == 3, "the vetoed assignment left the value alone")
    check(changes == ["unreadCount(old: 0, new: 3)"], "\(changes)")
    conversation.removeObserver(token)
    conversation.title = "Team"
    check(conversation.title == "Team" && changes.count == 1, "no calls after removeObserver")
}

section("Conversation: Observation framework sees reads and writes") {
    let conversation = Conversation(conversationId: userId, participants: [])
    let changed = Flag()
    withObservationTracking {
        _ = conversation.title
    } onChange: {
        changed.isSet = true
    }
    conversation.isPinned = true
    check(!changed.isSet, "an attribute that was not read does not trigger")
    conversation.title = "New"
    check(changed.isSet, "an attribute that was read triggers")
}

section("Conversation: description and coding of an object") {
    let conversation = Conversation(conversationId: userId, participants: [], unreadCount: 2)
    check(conversation.description.hasPrefix(##"Conversation(conversationId: E621E1F8-C36C-495A-93FC-0C247A3E6E5F, title: "#general", participants: [], lastMessage: nil, unreadCount: 2"##), conversation.description)
    let copy = try decode(Conversation.self, try json(conversation))
    check(copy.conversationId == userId && copy.unreadCount == 2 && copy.title == "#general" && copy.notificationLevel == .default)
}

section("Settings: object builder, with, redaction") {
    var builder = Settings.builder()
    builder.fontScale = 1.5
    let settings = try builder.build()
    check(settings.theme == "system" && settings.fontScale == 1.5)
    let dark = settings.with(theme: "dark")
    check(dark !== settings && dark.theme == "dark" && settings.theme == "system")
    check(settings.with(pushToken: "tok").description.contains("pushToken: <redacted>"))
}

// MARK: - JSON, Binary and Persistence (ValuegenRuntime) against Coding

/// Foundation's coders configured for the dates the JSON feature writes.
let matchingEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(date.valuegenISO8601String)
    }
    return encoder
}()

let matchingDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = Date(valuegenISO8601String: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        return date
    }
    return decoder
}()

/// Whether two JSON documents hold the same values, whatever their member order and
/// number spelling (`2` and `2.0`).
func sameJSON(_ left: Data, _ right: Data) -> Bool {
    func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case let (a as [String: Any], b as [String: Any]):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        case let (a as [Any], b as [Any]):
            return a.count == b.count && zip(a, b).allSatisfy(same)
        case let (a as String, b as String):
            return a == b
        case let (a as NSNumber, b as NSNumber):
            return a.doubleValue == b.doubleValue
        case (is NSNull, is NSNull):
            return true
        default:
            return false
        }
    }
    guard let a = try? JSONSerialization.jsonObject(with: left, options: [.fragmentsAllowed]),
          let b = try? JSONSerialization.jsonObject(with: right, options: [.fragmentsAllowed]) else { return false }
    return same(a, b)
}

/// The JSON feature and Coding write the same JSON and read each other's; Binary reads back
/// what it writes. Values are compared through their JSON, so objects compare too.
@MainActor func crossCheck<T: JSONCodable & BinaryCodable & Codable>(_ value: T, _ name: String) throws {
    let ours = value.jsonData()
    let foundation = try matchingEncoder.encode(value)
    check(sameJSON(ours, foundation), "\(name): JSON \(String(decoding: ours, as: UTF8.self)) vs Coding \(String(decoding: foundation, as: UTF8.self))")
    check(try T(jsonData: foundation).jsonData() == ours, "\(name): the JSON feature reads Coding's output")
    check(try matchingDecoder.decode(T.self, from: ours).jsonData() == ours, "\(name): Coding reads the JSON feature's output")
    let binary = value.binaryData()
    check(try T(binaryData: binary).jsonData() == ours, "\(name): Binary reads back what it writes")
    // A plain enumeration is a varint after the document's header: no shorter than `"text"`.
    check(binary.count <= ours.count, "\(name): binary \(binary.count) bytes, JSON \(ours.count)")
}

section("JSON feature, Coding and Binary agree on every example type") {
    let sender = User(userId: userId, nickname: "@x", statusText: "away \"now\"", email: "e", authToken: "t", presence: .doNotDisturb(until: Date(timeIntervalSince1970: 1_700_000_000.25), message: "later"), addresses: [Address(street: "1 Main St", city: "Springfield", zipCode: "12345", default: true)], reactionScores: ["+1": 0.5], interests: ["swift"], blockedUserIds: [userId], createdAt: Date(timeIntervalSince1970: 86_400.5))
    try crossCheck(sender, "User")
    try crossCheck(Address(street: "s", city: "c"), "Address")
    let message = Message(messageId: userId, conversationId: userId, sender: sender, sentAt: Date(timeIntervalSince1970: 3), editedAt: Date(timeIntervalSince1970: 4), attachments: [.photo(url: url, width: 1, height: 2, caption: "c"), .voiceNote(url: url, duration: 1.5, waveform: [0.25]), .sticker(7), .contactCard(sender), .urlPreview(url: url, title: nil, thumbnail: Data([1, 2, 3])), .location(latitude: 1, longitude: -2), .deleted], status: .failed(reason: "x", retryAt: nil, isPermanent: true), kind: .photo, reactions: ["+1": [userId]], replyToMessageId: userId)
    try crossCheck(message, "Message")
    try crossCheck(MessageSummary(messageId: "m", senderName: "s", snippet: "hi", unreadCount: 3, isMuted: false, previewHeight: 44.5, sentAt: Date(timeIntervalSince1970: 0), readingTime: 2, byteCount: 9, mentionedUserIds: [], participants: [sender], reactionCounts: ["a": 1], labels: ["l"], thumbnailUrl: url, status: .sent(sentAt: Date(timeIntervalSince1970: 5)), kind: .voice), "MessageSummary")
    for attachment in message.attachments {
        try crossCheck(attachment, "Attachment.\(attachment)")
    }
    for status in [DeliveryStatus.pending, .sent(sentAt: Date(timeIntervalSince1970: 1)), .delivered(deliveredAt: Date(timeIntervalSince1970: 2), recipientCount: 3), .failed(reason: "r", retryAt: Date(timeIntervalSince1970: 9), isPermanent: false)] {
        try crossCheck(status, "DeliveryStatus")
    }
    for kind in [MessageKind.text, .photo, .voice, .system] {
        try crossCheck(kind, "MessageKind")
    }
    for presence in [Presence.online, .away(since: Date(timeIntervalSince1970: 7)), .doNotDisturb(until: nil), .offline] {
        try crossCheck(presence, "Presence")
    }
    for level in [NotificationLevel.default, .all, .mentionsOnly, .muted(until: nil)] {
        try crossCheck(level, "NotificationLevel")
    }
    try crossCheck(Conversation(conversationId: userId, participants: [sender], lastMessage: message, unreadCount: 2), "Conversation")
    try crossCheck(Settings(theme: "dark", mutedConversations: [userId.uuidString: Date(timeIntervalSince1970: 10)], pushToken: "p"), "Settings")
}

section("Recursive ADT: indirect cases hold a value three levels deep through every coder") {
    let quote = QuotedMessage(author: "ann", text: .bold(content: .plain(text: "deep")), sentAt: Date(timeIntervalSince1970: 60))
    let text = RichText.paragraphs(parts: [
        .link(url: url, label: .bold(content: .spoiler(.plain(text: "three")))),
        .quote(quoted: quote),
        .link(url: url, label: nil),
    ])
    try crossCheck(text, "RichText")
    try crossCheck(quote, "QuotedMessage")
    check(try RichText(jsonData: text.jsonData()) == text, "JSON round trip")
    check(try RichText(binaryData: text.binaryData()) == text, "Binary round trip")
    check(try JSONDecoder().decode(RichText.self, from: JSONEncoder().encode(text)) == text, "Coding round trip")
    let changed = RichText.paragraphs(parts: [.link(url: url, label: .bold(content: .spoiler(.plain(text: "four"))))])
    check(text != changed && Set([text, changed, text]).count == 2, "equality and hashing look inside indirect cases")
    check(text.description == #"RichText.paragraphs(parts: [RichText.link(url: https://example.com/p.jpg, label: RichText.bold(content: RichText.spoiler(RichText.plain(text: "three")))), RichText.quote(quoted: QuotedMessage(author: "ann", text: RichText.bold(content: RichText.plain(text: "deep")), sentAt: 1970-01-01 00:01:00 +0000)), RichText.link(url: https://example.com/p.jpg, label: nil)])"#, text.description)
    check(quote.with(author: "bob").text == quote.text, "With keeps the recursive attribute")
    var builder = quote.toBuilder()
    builder.text = text
    check(try builder.build() == quote.with(text: text), "Builder sets the recursive attribute")
}

section("JSON feature: defaults, legacy keys and errors with paths") {
    check(try Address(jsonBytes: Array(#"{"street":"a","city":"b","postalCode":"777"}"#.utf8)).zipCode == "777", "a legacy key")
    check(try Address(jsonBytes: Array(#"{"street":"a","city":"b"}"#.utf8)).zipCode == "00000", "the default")
    do {
        _ = try [Address](jsonBytes: Array(#"[{"street":"a","city":"b"},{"street":"a","city":7}]"#.utf8))
        check(false, "a number where a string belongs must throw")
    } catch {
        check("\(error)" == "expected a string, found a number at byte 48 ($[1].city)", "\(error)")
    }
}

/// The error reading a document of `payloadHex` (after the header and an empty string table)
/// as `T` throws, as its description; nil when it reads.
func binaryError<T: BinaryDecodable>(_ type: T.Type, _ payloadHex: String) -> String? {
    let hex = Array(payloadHex.filter { !$0.isWhitespace })
    let payload = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! }
    do {
        _ = try T(binaryBytes: BinaryFormat.header + [0] + payload)
        return nil
    } catch {
        return "\(error)"
    }
}

section("Binary feature: errors inside an ADT's payload are in field 2") {
    // DeliveryStatus.sent is case 2 (08 04); its payload (12) holds sentAt, field 1, a Date.
    let errors = [
        binaryError(DeliveryStatus.self, "06 08 04 12 02 0A 00"),
        binaryError(DeliveryStatus.self, "07 08 04 12 03 09 00 00"),
        binaryError(DeliveryStatus.self, "04 08 04 12 00"),
        binaryError(DeliveryStatus.self, "02 08 04"),
        // The same in Message's field 8, status (42), before the fields Message requires.
        binaryError(Message.self, "08 42 06 08 04 12 02 0A 00"),
        binaryError(Message.self, "09 42 07 08 04 12 03 09 00 00"),
        binaryError(Message.self, "06 42 04 08 04 12 00"),
        binaryError(Message.self, "04 42 02 08 04"),
        binaryError(Message.self, "04 42 02 08 12"),
    ]
    let expected = [
        "field 1 has wire type length-delimited, expected fixed64 or varint at byte 10 ($.2.1)",
        "a fixed64 value runs past the end of the enclosing value, which ends at byte 13 at byte 11 ($.2.1)",
        "missing field 1 (sentAt) of DeliveryStatus.sent at byte 10 ($.2)",
        "missing the payload of DeliveryStatus.sent at byte 8 ($)",
        "field 1 has wire type length-delimited, expected fixed64 or varint at byte 12 ($.8.2.1)",
        "a fixed64 value runs past the end of the enclosing value, which ends at byte 15 at byte 13 ($.8.2.1)",
        "missing field 1 (sentAt) of DeliveryStatus.sent at byte 12 ($.8.2)",
        "missing the payload of DeliveryStatus.sent at byte 10 ($.8)",
        "unknown DeliveryStatus case number 9 at byte 10 ($.8)",
    ]
    for (error, expected) in zip(errors, expected) {
        check(error == expected, "\(error ?? "no error"), expected \(expected)")
    }
}

section("Matching: a closure per case, exhaustive, rethrowing") {
    func summary(_ reaction: Reaction) -> String {
        reaction.match(
            emoji: { symbol, count in "\(symbol) x\(count)" },
            sticker: { number in "sticker #\(number)" },
            text: { body in "\"\(body)\"" },
            removed: { "removed" }
        )
    }
    check(summary(.emoji(symbol: "👍", count: 3)) == "👍 x3", summary(.emoji(symbol: "👍", count: 3)))
    check(summary(.sticker(42)) == "sticker #42", summary(.sticker(42)))
    check(summary(.text(body: "nice")) == "\"nice\"", summary(.text(body: "nice")))
    check(summary(.removed) == "removed", summary(.removed))

    // Remodel's VoidMatching and BoolMatching become the same generic match.
    var seen: [String] = []
    Reaction.sticker(7).match(emoji: { _, _ in seen.append("emoji") }, sticker: { seen.append("sticker \($0)") }, text: { _ in seen.append("text") }, removed: { seen.append("removed") })
    check(seen == ["sticker 7"], "\(seen)")
    let isVisible: Bool = Reaction.removed.match(emoji: { _, _ in true }, sticker: { _ in true }, text: { _ in true }, removed: { false })
    check(!isVisible)

    struct Rejected: Error, Equatable {}
    do {
        _ = try Reaction.text(body: "").match(emoji: { _, _ in 1 }, sticker: { $0 }, text: { _ in throw Rejected() }, removed: { 0 })
        check(false, "the text closure's error must reach the caller")
    } catch let error as Rejected {
        check(error == Rejected())
    }
}

section("Persistence: save and load in every format") {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("examples-driver-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let user = User(userId: userId, nickname: "@x", email: "e")
    for format in PersistenceFormat.allCases {
        let file = folder.appendingPathComponent("user.\(format.rawValue)")
        try user.save(to: file, format: format)
        check(try User.load(from: file) == user, "\(format)")
    }
    let settings = Settings(theme: "dark")
    try settings.save(to: folder.appendingPathComponent("settings"), format: .binary)
    check(try Settings.load(from: folder.appendingPathComponent("settings")).theme == "dark", "an object")
}

section("Diffing: the attributes of a message that changed, and a delivery status's case or payload") {
    let message = Message(messageId: userId, conversationId: userId, sender: User(userId: userId, nickname: "@x", email: "e"), sentAt: Date(timeIntervalSince1970: 0))
    check(message.changedAttributes(from: message).isEmpty)
    let edited = message.with(body: "hello").with(editedAt: Date(timeIntervalSince1970: 5))
    check(edited.changedAttributes(from: message) == [.body, .editedAt])
    check(Message.Attribute.allCases.count == 11)
    let failed = DeliveryStatus.failed(reason: "offline", retryAt: nil, isPermanent: false)
    check(failed.difference(from: .failed(reason: "offline", retryAt: Date(timeIntervalSince1970: 9), isPermanent: false)) == .sameCase(changed: [.failedRetryAt]))
    check(failed.difference(from: .pending) == .caseChanged)
    check(DeliveryStatus.pending.difference(from: .pending) == .sameCase(changed: []))
    let settings = Settings(theme: "dark")
    let other = Settings(theme: "light", pushToken: "p")
    check(settings.changedAttributes(from: other) == [.theme, .pushToken])
}

/// Generic over a schema protocol: works on every value and object that adopts it.
func latest<T: Timestamped>(_ records: [T]) -> T? {
    records.max { ($0.editedAt ?? $0.createdAt) < ($1.editedAt ?? $1.createdAt) }
}

func serverIds(_ stored: [any Stored]) -> [String] {
    stored.map(\.serverId)
}

section("Protocols: adopted attributes first, generic code over them, every feature sees them") {
    let created = Date(timeIntervalSince1970: 100)
    let first = Announcement(serverId: "a1", createdAt: created, title: "Hello", body: "secret")
    let second = first.with(serverId: "a2").with(editedAt: Date(timeIntervalSince1970: 200))
    check(latest([first, second])?.serverId == "a2")
    let bookmark = Bookmark(serverId: "b1", messageId: userId)
    check(serverIds([first, second, bookmark]) == ["a1", "a2", "b1"])
    // A refined protocol is adopted with the one that refines it.
    let asStored: any Stored = second
    check(asStored.serverId == "a2")
    check(first.description == "Announcement(serverId: \"a1\", createdAt: \(created), editedAt: nil, title: \"Hello\", body: <redacted>, priority: 0)", first.description)
    check(second.changedAttributes(from: first) == [.serverId, .editedAt])
    check(first != second && first == first.with(serverId: "a1"))
    // The protocol's %codingKey holds in the adopting type.
    let json = String(decoding: second.jsonData(), as: UTF8.self)
    check(json.contains("\"edited_at\":") && json.hasPrefix("{\"serverId\":\"a2\""), json)
    try crossCheck(second, "Announcement")
    try crossCheck(bookmark, "Bookmark")
    // The builder requires adopted attributes like its own, and validates.
    var builder = Announcement.builder()
    builder.title = "t"
    do {
        _ = try builder.build()
        check(false, "build() without serverId")
    } catch let error as AnnouncementBuilder.MissingAttributeError {
        check(error.attributeName == "serverId", "\(error)")
    }
    builder.serverId = "s"
    builder.createdAt = created
    builder.priority = 4
    check((try? builder.build()) == nil)
    builder.priority = 3
    check(try builder.build().priority == 3)
    bookmark.note = "later"
    check(bookmark.changedAttributes(from: Bookmark(serverId: "b1", messageId: userId)) == [.note])
}

section("Undo: settings changes undone and redone, grouped, vetoes never recorded") {
    let history = UndoHistory(limit: 10)
    let settings = Settings()
    settings.recordChanges(in: history)
    settings.onWillChange { change in
        if case .fontScale(_, let new) = change { return new > 0 }
        return true
    }
    settings.theme = "dark"
    history.group {
        settings.fontScale = 1.5
        settings.sendsReadReceipts = false
    }
    settings.fontScale = -1
    check(settings.fontScale == 1.5)
    check(history.undoCount == 2)
    history.undo()
    check(settings.fontScale == 1.0 && settings.sendsReadReceipts)
    history.undo()
    check(settings.theme == "system")
    check(!history.canUndo && history.redoCount == 2)
    history.redo()
    history.redo()
    check(settings.theme == "dark" && settings.fontScale == 1.5 && !settings.sendsReadReceipts)
}

finishChecks()
