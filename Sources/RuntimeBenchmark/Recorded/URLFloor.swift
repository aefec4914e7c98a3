// The floor a document's URLs set (issue 38): what making its `URL` values costs the toolchain
// alone, measured beside the decoders, so that a ratio to Foundation can be read against it.
import Foundation

struct URLFloor {
    /// The URL values the decoded model holds.
    let urls: Int
    /// The different strings among them: what the generated decoder parses (a repeated string
    /// gives the URL made the first time).
    let distinct: Int
    /// Making the distinct URLs as the generated decoder makes them (the strict parser, and
    /// `URL(string:)` for what it refuses), best of the rounds.
    let distinctSeconds: Double
    /// Making every URL with `URL(string:)`, as `JSONDecoder` makes them.
    let everySeconds: Double

    /// nil when the model holds no URL.
    init?(of model: Any, rounds: Int) throws {
        var strings: [String] = []
        Self.collect(model, into: &strings)
        guard !strings.isEmpty else { return nil }
        var seen = Set<String>()
        let distinctStrings = strings.filter { seen.insert($0).inserted }
        let distinct = Measurement(timing: { distinctStrings.map(Self.url(as:)) })
        let every = Measurement(timing: { strings.map { URL(string: $0) } })
        try measureInRounds(rounds, [distinct, every])
        urls = strings.count
        self.distinct = distinctStrings.count
        distinctSeconds = distinct.best
        everySeconds = every.best
    }

    /// The URL as the generated decoder makes it (ValuegenRuntime's `URL(faithfulTo:)`, which is
    /// internal): the strict parser first, except on Apple platforms.
    private static func url(as string: String) -> URL? {
        #if canImport(Darwin)
        URL(string: string)
        #else
        URL(string: string, encodingInvalidCharacters: false) ?? URL(string: string)
        #endif
    }

    /// The strings the model's URLs were read from, in the order of the document.
    private static func collect(_ value: Any, into strings: inout [String]) {
        if let url = value as? URL {
            strings.append(String(decoding: url.dataRepresentation, as: UTF8.self))
            return
        }
        guard !(value is String) else { return }
        for child in Mirror(reflecting: value).children {
            collect(child.value, into: &strings)
        }
    }
}
