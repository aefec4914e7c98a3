// The texts of the world-shaped documents: English, accented Latin, CJK and emoji (some
// astral, some joined sequences), quotes, URLs and CRLF line ends, as users type them.
enum Script: CaseIterable {
    case english, latin, cjk
}

extension WorldRandom {
    static let englishWords = [
        "the", "a", "release", "build", "server", "today", "great", "new", "just", "finally", "fixed",
        "bug", "in", "with", "for", "our", "team", "launch", "coffee", "weekend", "music", "game",
        "love", "this", "is", "what", "happens", "when", "you", "deploy", "on", "friday", "again",
        "performance", "faster", "than", "ever", "thanks", "everyone", "who", "came", "out", "tonight",
    ]
    static let latinWords = [
        "café", "naïve", "Zürich", "São Paulo", "Málaga", "Ærøskøbing", "crème brûlée", "Straße",
        "Łódź", "Québec", "déjà vu", "piñata", "Ørsted", "façade", "jalapeño", "Reykjavík", "très",
        "été", "mañana", "Über", "señor", "garçon", "Kraków", "Göteborg", "fiancée",
    ]
    static let cjkWords = [
        "東京", "日本語", "ありがとう", "今日は", "大阪", "中文", "北京", "天気", "新しい", "夏休み",
        "ラーメン", "하늘", "서울", "감사합니다", "电脑", "学校", "友達", "映画", "音楽", "週末",
    ]
    static let emoji = ["😀", "🎉", "👍🏽", "🚀", "❤️", "🇯🇵", "😂", "🙏", "🔥", "👨‍👩‍👧", "✨", "☕"]

    mutating func word(_ script: Script) -> String {
        switch script {
        case .english: pick(Self.englishWords)
        case .latin: chance(50) ? pick(Self.latinWords) : pick(Self.englishWords)
        case .cjk: pick(Self.cjkWords)
        }
    }

    /// `count` words of the script, CJK without spaces, with an emoji and a quotation now and then.
    mutating func sentence(_ script: Script, words count: Int) -> String {
        var text = ""
        for index in 0..<count {
            if index > 0, script != .cjk { text += " " }
            if chance(6) {
                text += "\"\(word(script))\""
            } else if chance(5) {
                text += pick(Self.emoji)
            } else {
                text += word(script)
            }
        }
        return text
    }

    /// A shortened link as a social network writes it.
    mutating func shortURL() -> String {
        "https://t.co/" + alphanumeric(10)
    }

    /// Paragraphs of Markdown with CRLF line ends, as a web form submits them: headings, lists,
    /// links, inline code with quotes and backslashes, and a fenced block.
    mutating func markdown(paragraphs: Int) -> String {
        var lines: [String] = []
        for paragraph in 0..<paragraphs {
            switch int(0...5) {
            case 0: lines.append("### " + sentence(.english, words: int(2...5)))
            case 1: lines += (0..<int(2...4)).map { _ in "- [\(chance(50) ? "x" : " ")] " + sentence(pick(Script.allCases), words: int(3...9)) }
            case 2: lines += ["```swift", "let path = \"C:\\\\Users\\\\\(word(.english))\"", "print(\"\\(path)\")", "```"]
            case 3: lines.append("See [the docs](https://example.com/\(word(.english))/\(int(1...999))) and `\(word(.english))()`.")
            default: lines.append(sentence(pick(Script.allCases), words: int(12...40)) + ".")
            }
            if paragraph < paragraphs - 1 { lines.append("") }
        }
        return lines.joined(separator: "\r\n")
    }
}
