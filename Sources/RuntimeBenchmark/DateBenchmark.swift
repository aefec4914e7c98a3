// Dates in every style: a document of dates decoded and encoded by the runtime the generated
// JSON calls (`[Date](from:style:)`, `encode(to:style:)`) and by Foundation's JSONDecoder and
// JSONEncoder with the matching strategy, on the same bytes, timed by the thread's CPU time.
import Foundation
import ValuegenRuntime

enum DateBenchmark {
    /// Dates a document: enough for a figure above the clock's noise, few enough that
    /// Foundation's DateFormatter (tens of µs a date) takes under a second.
    static let count = 10_000

    struct Strategy {
        let name: String
        let style: DateCodingStyle
        let decoding: JSONDecoder.DateDecodingStrategy
        let encoding: JSONEncoder.DateEncodingStrategy
        /// Seconds since 1970 of the document's dates: a day's start for a format without time.
        let wholeDays: Bool
    }

    static func strategies() -> [Strategy] {
        [
            Strategy(name: "ISO 8601", style: .iso8601, decoding: .custom { decoder in
                // What a Foundation user writes for milliseconds, which .iso8601 refuses.
                let text = try decoder.singleValueContainer().decode(String.self)
                return try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
            }, encoding: .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            }, wholeDays: false),
            Strategy(name: "seconds", style: .secondsSince1970, decoding: .secondsSince1970, encoding: .secondsSince1970, wholeDays: false),
            Strategy(name: "milliseconds", style: .millisecondsSince1970, decoding: .millisecondsSince1970, encoding: .millisecondsSince1970, wholeDays: false),
            formatted("yyyy-MM-dd", wholeDays: true),
            formatted("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", wholeDays: false),
            formatted("EEE, dd MMM yyyy HH:mm:ss Z", wholeDays: false),
        ]
    }

    static func formatted(_ pattern: String, wholeDays: Bool) -> Strategy {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return Strategy(name: "\"\(pattern)\"", style: .format(pattern), decoding: .formatted(formatter), encoding: .formatted(formatter), wholeDays: wholeDays)
    }

    /// Dates of 2000 to 2030 in whole milliseconds (whole seconds for the formats with names,
    /// which have no fraction), as servers send them.
    static func dates(_ strategy: Strategy) -> [Date] {
        var generator = SplitMix64(seed: 11)
        return (0..<count).map { _ in
            let milliseconds = 946_684_800_000 + Int64(generator.next() % 946_080_000_000)
            if strategy.wholeDays {
                return Date(timeIntervalSince1970: Double(milliseconds / 86_400_000 * 86_400))
            }
            if case .format(let pattern) = strategy.style, !pattern.contains("S") {
                return Date(timeIntervalSince1970: Double(milliseconds / 1000))
            }
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
    }

    static func run(runs: Int) throws {
        print("  dates, \(count) a document ([Date] in a style), thread CPU time:")
        for strategy in strategies() {
            let dates = dates(strategy)
            var writer = JSONWriter()
            dates.encode(to: &writer, style: strategy.style)
            let json = writer.bytes
            let jsonData = Data(json)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = strategy.decoding
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = strategy.encoding
            let foundation = try decoder.decode([Date].self, from: jsonData)
            // To the millisecond: Foundation's ISO 8601 reads `.789` to a neighbouring Double.
            let ours = try decodeOurs(json, strategy.style)
            guard ours.count == count, foundation.count == count,
                  zip(ours, zip(foundation, dates)).allSatisfy({ abs($0.timeIntervalSince($1.0)) < 1e-6 && abs($0.timeIntervalSince($1.1)) < 1e-6 }) else {
                print("error: the \(strategy.name) dates do not read or write the same in both")
                exit(1)
            }
            let foundationDecode = Measurement(threadCPUTiming: { try decoder.decode([Date].self, from: jsonData) })
            let oursDecode = Measurement(threadCPUTiming: { try decodeOurs(json, strategy.style) })
            let foundationEncode = Measurement(threadCPUTiming: { try encoder.encode(dates) })
            let oursEncode = Measurement(threadCPUTiming: { () -> [UInt8] in
                var writer = JSONWriter()
                dates.encode(to: &writer, style: strategy.style)
                return writer.bytes
            })
            try measureInRounds(runs, [foundationDecode, oursDecode, foundationEncode, oursEncode])
            let name = strategy.name.padding(toLength: 34, withPad: " ", startingAt: 0)
            print("    \(name) decode \(nanoseconds(oursDecode.best)) ns a date  \(format(foundationDecode.best / oursDecode.best, 1))x Foundation (\(nanoseconds(foundationDecode.best)) ns)"
                + "   encode \(nanoseconds(oursEncode.best)) ns  \(format(foundationEncode.best / oursEncode.best, 1))x Foundation (\(nanoseconds(foundationEncode.best)) ns)")
        }
    }

    static func decodeOurs(_ json: [UInt8], _ style: DateCodingStyle) throws -> [Date] {
        try json.withUnsafeBytes { buffer throws(JSONError) in
            var reader = JSONReader(bytes: buffer)
            return try [Date](from: &reader, style: style)
        }
    }

    static func nanoseconds(_ seconds: Double) -> String {
        String(format: "%.0f", seconds / Double(count) * 1e9)
    }
}
