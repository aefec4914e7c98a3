// Recorded payloads of a third API (issue 38): Mastodon's home timeline, notifications and
// followers, made of MastodonKit's recorded objects (RecordedExcerpt.swift) varied as a server
// varies them: new ids (snowflakes for statuses), dates with their milliseconds, counts, the
// accounts and the URLs that hold their names and ids. Members, their order, nulls and texts
// are the recorded ones; Mastodon sends its JSON compact. What repeats, repeats as on a real
// page: a home timeline's statuses come from a few dozen followed accounts, through one
// application; one's notifications are mostly about one's own statuses.
import Foundation

extension RecordedPayloads {
    static var mastodonShapes: [WorldShape] { [
        WorldShape("mastodon-timeline", [MastodonStatus].self, summary: "Mastodon home timeline (MastodonKit fixtures): compact, 60 accounts (5 URLs each), a boost in five holding a whole status, attachments, mentions, tags, emojis, dates with milliseconds (dateFormat)", style: JSONStyle(layout: .compact), document: { mastodonTimeline(count: Int(3_000 * $0)) }),
        WorldShape("mastodon-notifications", [MastodonNotification].self, summary: "Mastodon notifications (MastodonKit fixtures): favourites, boosts and mentions of one's statuses with the status, follows without", style: JSONStyle(layout: .compact), document: { mastodonNotifications(count: Int(2_500 * $0)) }),
        WorldShape("mastodon-followers", [MastodonAccount].self, summary: "Mastodon followers (MastodonKit fixtures): accounts that all differ, 5 URLs each", style: JSONStyle(layout: .compact), document: { mastodonFollowers(count: Int(10_000 * $0)) }),
    ] }

    static let mastodonInstance = "https://mastodon.technology"

    // MARK: - Pages

    static func mastodonTimeline(count: Int) -> JSONNode {
        var random = WorldRandom(seed: 3_839)
        let accounts = (0..<60).map { mastodonAccount($0, &random) }
        return .array((0..<max(1, count)).map { index in
            let status = mastodonStatus(index, accounts, &random)
            guard random.chance(20) else { return status }
            // A boost: the boosting account's status holds the boosted one (only the
            // notification's recorded status has a "reblog" member).
            let boosted = mastodonStatus(index, accounts, &random, template: mastodonRecordedStatus)
            return mastodonStatus(index, accounts, &random, template: mastodonRecordedNotificationStatus)
                .varied(members: ["reblog": boosted, "content": "", "url": .null])
        })
    }

    static func mastodonNotifications(count: Int) -> JSONNode {
        var random = WorldRandom(seed: 3_840)
        let accounts = (0..<60).map { mastodonAccount($0, &random) }
        let me = accounts[0]
        let notification = JSONNode(parsing: RecordedExcerpt.mastodonNotification)
        return .array((0..<max(1, count)).map { index in
            let type = random.pick(["favourite", "favourite", "reblog", "mention", "follow"])
            let from = random.pick(accounts.dropFirst().map { $0 })
            let varied = notification.varied(members: [
                "id": .string(String(90_000_000 - index)),
                "type": .string(type),
                "created_at": .string(mastodonDate(&random)),
                "account": from,
                // A mention is the other account's status; the rest are about one's own.
                "status": mastodonStatus(index, type == "mention" ? [from] : [me], &random, template: mastodonRecordedNotificationStatus),
            ])
            return type == "follow" ? varied.removing("status") : varied
        })
    }

    static func mastodonFollowers(count: Int) -> JSONNode {
        var random = WorldRandom(seed: 3_841)
        return .array((0..<max(1, count)).map { mastodonAccount($0, &random) })
    }

    // MARK: - Objects

    static var mastodonRecordedStatus: JSONNode { JSONNode(parsing: RecordedExcerpt.mastodonStatus) }
    static var mastodonRecordedNotificationStatus: JSONNode { JSONNode(parsing: RecordedExcerpt.mastodonNotification).member("status") }

    /// The recorded account as another one: its name in its URL and handle, its id in its images'.
    static func mastodonAccount(_ index: Int, _ random: inout WorldRandom) -> JSONNode {
        let recorded = JSONNode(parsing: RecordedExcerpt.mastodonStatus).member("account")
        let username = random.word(.english) + "_" + random.alphanumeric(random.int(2...8))
        let id = random.int(1...900_000)
        // A third of the accounts are on other servers: their handle names the server.
        let acct = random.chance(33) ? "\(username)@\(random.word(.latin)).social" : username
        return recorded.varied(
            strings: [("/@ornithocoder", "/@\(username)"), ("/cats/3/", "/cats/\(id)/"), ("/cats/1/", "/cats/\(id)/header/")],
            members: [
                "id": .string(String(id)),
                "username": .string(username),
                "acct": .string(acct),
                "display_name": .string(random.word(.latin).capitalized + " " + random.word(.english).capitalized),
                "locked": .bool(random.chance(10)),
                "created_at": .string(mastodonDate(&random)),
                "followers_count": .integer(random.int(0...20_000)),
                "following_count": .integer(random.int(0...2_000)),
                "statuses_count": .integer(random.int(0...50_000)),
            ]
        )
    }

    /// A status by one of `accounts` from a recorded status (the timeline's by default, whose
    /// members are set; the notification's holds nulls and a "reblog").
    static func mastodonStatus(_ index: Int, _ accounts: [JSONNode], _ random: inout WorldRandom, template: JSONNode = mastodonRecordedStatus) -> JSONNode {
        let id = String(109_000_000_000_000_000 + random.int(0...999_999_999_999_999))
        let account = random.pick(accounts)
        let accountURL = account.member("url").text
        let reply = random.chance(25)
        var members: [String: JSONNode] = [
            "id": .string(id),
            "created_at": .string(mastodonDate(&random)),
            "account": account,
            "content": .string(template.member("content").text + " #\(index)"),
            "url": .string("\(accountURL)/\(id)"),
            "uri": .string("\(accountURL.replacingOccurrences(of: "/@", with: "/users/"))/statuses/\(id)"),
            "emojis": .array(random.chance(15) ? [mastodonEmoji(&random)] : []),
            "media_attachments": .array((0..<(random.chance(20) ? random.int(1...2) : 0)).map { _ in mastodonAttachment(&random) }),
            "mentions": .array((0..<(random.chance(20) ? random.int(1...2) : 0)).map { _ in mastodonMention(random.pick(accounts)) }),
            "tags": .array((0..<(random.chance(15) ? random.int(1...3) : 0)).map { _ in mastodonTag(&random) }),
            "reblogs_count": .integer(random.int(0...40)),
            "favourites_count": .integer(random.int(0...120)),
        ]
        if template.member("in_reply_to_id").isNull == false {
            members["in_reply_to_id"] = reply ? .string(String(108_000_000_000_000_000 + random.int(0...999_999_999_999_999))) : .null
            members["in_reply_to_account_id"] = reply ? .string(String(random.int(1...900_000))) : .null
            members["replies_count"] = .integer(random.int(0...30))
        }
        return template.varied(members: members)
    }

    static func mastodonAttachment(_ random: inout WorldRandom) -> JSONNode {
        let media = random.int(1...9_999_999)
        return JSONNode(parsing: RecordedExcerpt.mastodonAttachment).varied(
            strings: [("/cats/3/", "/cats/\(media)/"), ("/cats/4/", "/cats/\(media)/small/")],
            members: ["id": .string(String(media)), "description": .string(random.sentence(.english, words: random.int(3...12)))]
        )
    }

    /// A mention of the account.
    static func mastodonMention(_ account: JSONNode) -> JSONNode {
        JSONNode(parsing: RecordedExcerpt.mastodonMention).varied(members: [
            "id": account.member("id"), "username": account.member("username"), "acct": account.member("acct"), "url": account.member("url"),
        ])
    }

    static let mastodonTagNames = ["mastodon", "swift", "fediverse", "photography", "caturday", "opensource", "music", "books"]

    static func mastodonTag(_ random: inout WorldRandom) -> JSONNode {
        let name = random.pick(mastodonTagNames)
        return JSONNode(parsing: RecordedExcerpt.mastodonTag).varied(strings: [("/tag/mastodonkit", "/tag/\(name)")], members: ["name": .string(name)])
    }

    static let mastodonEmojiNames = ["blobcat", "mastodon", "ablobwave", "verified", "rainbowflag", "thinking_rust"]

    /// One of a server's custom emojis: its name, and its number and image in its URLs.
    static func mastodonEmoji(_ random: inout WorldRandom) -> JSONNode {
        let index = random.int(0...mastodonEmojiNames.count - 1)
        let digest = String(UInt64(index + 1) &* (0x9E37_79B9_7F4A_7C15 as UInt64), radix: 16)
        return JSONNode(parsing: RecordedExcerpt.mastodonEmoji).varied(
            strings: [("/000/000/435/", "/000/000/\(400 + index)/"), ("61371621aea40c9e", digest)],
            members: ["shortcode": .string(mastodonEmojiNames[index])]
        )
    }

    /// A time as Mastodon writes it, with milliseconds.
    static func mastodonDate(_ random: inout WorldRandom) -> String {
        let parts = [random.int(1...12), random.int(1...28), random.int(0...23), random.int(0...59), random.int(0...59)]
            .map { $0 < 10 ? "0\($0)" : "\($0)" }
        let milliseconds = random.int(0...999)
        let fraction = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(random.int(2017...2025))-\(parts[0])-\(parts[1])T\(parts[2]):\(parts[3]):\(parts[4]).\(fraction)Z"
    }
}

extension JSONNode {
    /// This object without its member `key`.
    func removing(_ key: String) -> JSONNode {
        guard case .object(let pairs) = self else { preconditionFailure("a recorded value is not an object") }
        return .object(pairs.filter { $0.key != key })
    }
}
