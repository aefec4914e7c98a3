// tweets: a page of search results as Twitter's API wrote it (simdjson's twitter.json):
// indented, snake_case, 64-bit ids as numbers above 2^53 and as strings, texts with quotes,
// CRLF, accented Latin, CJK and emoji (raw UTF-8, or \u escapes with surrogate pairs for a
// third of the statuses), "\/" in every URL, a user of 40 keys in every status, and whole
// statuses nested under "retweeted_status".

enum TweetDocument {
    static let style = JSONStyle(layout: .indented(2), escapesSlashes: true, upperCaseEscapes: true)
    static let summary = "2-space indented, 64-bit ids, escapes and non-ASCII, \\/ in URLs, 40-key users, nested retweets"

    /// About 4 MB at scale 1.
    static func document(scale: Double) -> JSONNode {
        var random = WorldRandom(seed: 2301)
        let authors = (0..<max(1, Int(150 * scale))).map { _ in Author(&random) }
        let statuses: [JSONNode] = (0..<max(1, Int(600 * scale))).map { _ in
            let retweeted = random.chance(30) ? Status(&random, authors, retweeting: nil) : nil
            return Status(&random, authors, retweeting: retweeted).node
        }
        let maxId = random.snowflake()
        let query = "%E4%B8%80"
        return [
            "statuses": .array(statuses),
            "search_metadata": [
                "completed_in": .double(0.087),
                "max_id": .integer(maxId),
                "max_id_str": .string(String(maxId)),
                "next_results": .string("?max_id=\(maxId - 1)&q=\(query)&count=100&include_entities=1"),
                "query": .string(query),
                "refresh_url": .string("?since_id=\(maxId)&q=\(query)&include_entities=1"),
                "count": .integer(statuses.count),
                "since_id": .integer(0),
                "since_id_str": .string("0"),
            ],
        ]
    }

    static func createdAt(_ random: inout WorldRandom) -> String {
        let day = random.pick(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        let month = random.pick(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        let time = [random.int(0...23), random.int(0...59), random.int(0...59)].map { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(day) \(month) \(random.int(10...28)) \(time.joined(separator: ":")) +0000 \(random.int(2008...2014))"
    }

    /// A user as a status holds it: 40 keys, of which TwitterUser reads 13.
    struct Author {
        let id: Int
        let screenName: String
        let name: String
        let node: JSONNode

        init(_ random: inout WorldRandom) {
            id = random.int(10_000...3_000_000_000)
            let script = random.pick(Script.allCases)
            let escapes = random.chance(33)
            screenName = random.word(.english) + "_" + random.alphanumeric(random.int(3...8))
            name = random.sentence(script, words: random.int(1...3))
            let url: String? = random.chance(40) ? random.shortURL() : nil
            let image = "\(random.int(100_000...999_999_999))/\(random.alphanumeric(8))_normal.jpeg"
            node = [
                "id": .integer(id),
                "id_str": .string(String(id)),
                "name": .string(name, escapesNonASCII: escapes),
                "screen_name": .string(screenName),
                "location": .string(random.chance(30) ? "" : random.word(script), escapesNonASCII: escapes),
                "description": .string(random.sentence(script, words: random.int(0...25)), escapesNonASCII: escapes),
                "url": .stringOrNull(url),
                "entities": [
                    "url": ["urls": .array(url.map { [TweetDocument.link($0, at: 0, &random)] } ?? [])],
                    "description": ["urls": []],
                ],
                "protected": .bool(random.chance(3)),
                "followers_count": .integer(random.int(0...2_000_000)),
                "friends_count": .integer(random.int(0...5000)),
                "listed_count": .integer(random.int(0...3000)),
                "created_at": .string(TweetDocument.createdAt(&random)),
                "favourites_count": .integer(random.int(0...100_000)),
                "utc_offset": random.chance(50) ? .integer(32400) : .null,
                "time_zone": random.chance(50) ? .string("Tokyo") : .null,
                "geo_enabled": .bool(random.chance(40)),
                "verified": .bool(random.chance(5)),
                "statuses_count": .integer(random.int(1...500_000)),
                "lang": .string(script == .cjk ? "ja" : "en"),
                "contributors_enabled": .bool(false),
                "is_translator": .bool(false),
                "is_translation_enabled": .bool(false),
                "profile_background_color": .string(random.hex(6).uppercased()),
                "profile_background_image_url": .string("http://abs.twimg.com/images/themes/theme1/bg.png"),
                "profile_background_image_url_https": .string("https://abs.twimg.com/images/themes/theme1/bg.png"),
                "profile_background_tile": .bool(random.chance(20)),
                "profile_image_url": .string("http://pbs.twimg.com/profile_images/" + image),
                "profile_image_url_https": .string("https://pbs.twimg.com/profile_images/" + image),
                "profile_banner_url": .string("https://pbs.twimg.com/profile_banners/\(id)/\(random.int(1_300_000_000...1_410_000_000))"),
                "profile_link_color": .string(random.hex(6).uppercased()),
                "profile_sidebar_border_color": .string(random.hex(6).uppercased()),
                "profile_sidebar_fill_color": .string(random.hex(6).uppercased()),
                "profile_text_color": .string(random.hex(6).uppercased()),
                "profile_use_background_image": .bool(random.chance(80)),
                "default_profile": .bool(random.chance(30)),
                "default_profile_image": .bool(random.chance(5)),
                "following": .bool(false),
                "follow_request_sent": .bool(false),
                "notifications": .bool(false),
            ]
        }
    }

    /// A link of the entities: the short URL, where it leads, and how it is shown.
    static func link(_ url: String, at start: Int, _ random: inout WorldRandom) -> JSONNode {
        let path = "\(random.word(.english))/\(random.int(1...99_999))"
        return [
            "url": .string(url),
            "expanded_url": .string("https://example.com/" + path),
            "display_url": .string("example.com/" + path),
            "indices": .integers([start, start + url.count]),
        ]
    }

    /// A status, and the text a retweet of it quotes.
    struct Status {
        let node: JSONNode
        let text: String
        let author: Author

        init(_ random: inout WorldRandom, _ authors: [Author], retweeting retweeted: Status?) {
            author = random.pick(authors)
            let script = random.pick(Script.allCases)
            let escapes = random.chance(33)
            let id = random.snowflake()
            var text = random.sentence(script, words: random.int(4...(script == .cjk ? 30 : 24)))
            let tags = (0..<random.int(0...2)).map { _ in random.word(script == .cjk ? .cjk : .english) }
            let mentioned = (0..<random.int(0...2)).map { _ in random.pick(authors) }
            let links = (0..<random.int(0...2)).map { _ in random.shortURL() }
            if random.chance(15) { text += "\r\n" + random.sentence(script, words: random.int(2...8)) }
            text += tags.map { " #" + $0 }.joined()
            text = mentioned.map { "@" + $0.screenName + " " }.joined() + text
            text += links.map { " " + $0 }.joined()
            if let retweeted {
                text = "RT @\(retweeted.author.screenName): " + retweeted.text
            }
            self.text = text
            let replyTo: Author? = random.chance(20) ? random.pick(authors) : nil
            let replyId: Int? = replyTo.map { _ in random.snowflake() }
            var entities: [(key: String, value: JSONNode)] = [
                ("hashtags", .array(tags.map { ["text": .string($0, escapesNonASCII: escapes), "indices": .integers([random.int(0...100), random.int(100...140)])] })),
                ("symbols", []),
                ("urls", .array(links.map { TweetDocument.link($0, at: random.int(0...120), &random) })),
                ("user_mentions", .array(mentioned.map { [
                    "screen_name": .string($0.screenName),
                    "name": .string($0.name, escapesNonASCII: escapes),
                    "id": .integer($0.id),
                    "id_str": .string(String($0.id)),
                    "indices": .integers([random.int(0...40), random.int(40...60)]),
                ] })),
            ]
            if random.chance(15) { entities.append(("media", [TweetDocument.media(&random)])) }
            var members: [(key: String, value: JSONNode)] = [
                ("metadata", ["result_type": "recent", "iso_language_code": .string(script == .cjk ? "ja" : "en")]),
                ("created_at", .string(TweetDocument.createdAt(&random))),
                ("id", .integer(id)),
                ("id_str", .string(String(id))),
                ("text", .string(text, escapesNonASCII: escapes)),
                ("source", .string(random.pick(TweetDocument.sources))),
                ("truncated", .bool(random.chance(5))),
                ("in_reply_to_status_id", .integerOrNull(replyId)),
                ("in_reply_to_status_id_str", .stringOrNull(replyId.map { String($0) })),
                ("in_reply_to_user_id", .integerOrNull(replyTo?.id)),
                ("in_reply_to_user_id_str", .stringOrNull(replyTo.map { String($0.id) })),
                ("in_reply_to_screen_name", .stringOrNull(replyTo?.screenName)),
                ("user", author.node),
                ("geo", .null),
                ("coordinates", .null),
                ("place", .null),
                ("contributors", .null),
            ]
            if let retweeted { members.append(("retweeted_status", retweeted.node)) }
            members += [
                ("retweet_count", .integer(random.chance(60) ? 0 : random.int(1...50_000))),
                ("favorite_count", .integer(random.chance(60) ? 0 : random.int(1...90_000))),
                ("entities", .object(entities)),
                ("favorited", .bool(random.chance(10))),
                ("retweeted", .bool(random.chance(10))),
                ("lang", .string(script == .cjk ? "ja" : random.pick(["en", "fr", "es"]))),
            ]
            node = .object(members)
        }
    }

    static let sources = [
        "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>",
        "<a href=\"http://twitter.com/download/android\" rel=\"nofollow\">Twitter for Android</a>",
        "web",
        "<a href=\"https://about.twitter.com/products/tweetdeck\" rel=\"nofollow\">TweetDeck</a>",
    ]

    /// A photo of the entities, which TweetEntities skips.
    static func media(_ random: inout WorldRandom) -> JSONNode {
        let id = random.snowflake()
        let url = random.shortURL()
        let size: (Int, Int, String) -> JSONNode = { width, height, resize in
            ["w": .integer(width), "h": .integer(height), "resize": .string(resize)]
        }
        return [
            "id": .integer(id),
            "id_str": .string(String(id)),
            "indices": .integers([random.int(0...60), random.int(60...140)]),
            "media_url": .string("http://pbs.twimg.com/media/\(random.alphanumeric(15)).jpg"),
            "media_url_https": .string("https://pbs.twimg.com/media/\(random.alphanumeric(15)).jpg"),
            "url": .string(url),
            "display_url": .string("pic.twitter.com/" + random.alphanumeric(10)),
            "expanded_url": .string("http://twitter.com/\(random.alphanumeric(8))/status/\(id)/photo/1"),
            "type": "photo",
            "sizes": [
                "medium": size(600, 450, "fit"),
                "large": size(1024, 768, "fit"),
                "thumb": size(150, 150, "crop"),
                "small": size(340, 255, "fit"),
            ],
        ]
    }
}
