import Foundation
import Testing
import ValuegenRuntime

/// Dates in a `DateCodingStyle`: the JSON API and the Foundation Coding API write the same JSON
/// for the same date and style (checked against `JSONEncoder`/`JSONDecoder`, both directions),
/// and read what `JSONEncoder` writes with the matching strategy.
@Suite("Date coding styles")
struct DateCodingStyleTests {
    static let styles: [DateCodingStyle] = [.iso8601, .secondsSince1970, .millisecondsSince1970, .format("yyyy-MM-dd HH:mm:ss.SSS"), .format("yyyy-MM-dd")]

    /// Dates with whole seconds, milliseconds and less, before 1970, far off.
    static let dates: [Date] = [
        Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_714_566_896),
        Date(timeIntervalSince1970: 1_714_566_896.789),
        Date(timeIntervalSince1970: -1_234_567.5),
        Date(timeIntervalSinceReferenceDate: 0.1),
        Date(timeIntervalSince1970: 1e-5),
        Date(timeIntervalSince1970: 4_102_444_800.001),
        Date(timeIntervalSince1970: 1e16),
        Date(timeIntervalSince1970: 9_007_199_254.740_992),
    ]

    @Test func writesWhatJSONEncoderWritesWithTheSameStyle() throws {
        for style in Self.styles {
            for date in Self.dates {
                let runtime = runtimeJSON(StyledDates(date: date, dates: [date, date], optional: date, style: style))
                let foundation = try String(decoding: Self.sortedEncoder.encode(StyledDates(date: date, dates: [date, date], optional: date, style: style)), as: UTF8.self)
                #expect(runtime == foundation, "\(style) \(date.timeIntervalSince1970)")
                // And the strategy's own output for the single date.
                if let strategy = Self.strategy(style) {
                    let encoder = JSONEncoder()
                    encoder.dateEncodingStrategy = strategy
                    let plain = try String(decoding: encoder.encode([date]), as: UTF8.self)
                    var writer = JSONWriter()
                    [date].encode(to: &writer, style: style)
                    #expect(String(decoding: writer.bytes, as: UTF8.self) == plain, "\(style) \(date.timeIntervalSince1970)")
                }
            }
        }
    }

    @Test func eachReadsWhatTheOtherWrote() throws {
        for style in Self.styles {
            for date in Self.dates {
                // A DateFormatter writes an empty string for a date 300 million years away.
                if case .format = style, date.timeIntervalSince1970 > 1e15 { continue }
                let value = StyledDates(date: date, dates: [date], optional: nil, style: style)
                let fromRuntime = try JSONDecoder().decode(StyledDates.self, from: Data(runtimeJSON(value).utf8), style: style)
                let foundationBytes = Array(try JSONEncoder().encode(value))
                let fromFoundation = try foundationBytes.withUnsafeBytes { buffer throws(JSONError) in
                    var reader = JSONReader(bytes: buffer)
                    return try StyledDates(from: &reader, style: style)
                }
                #expect(fromRuntime == fromFoundation, "\(style) \(date.timeIntervalSince1970)")
                #expect(fromRuntime.optional == nil && fromFoundation.optional == nil)
                // Written again, the same text: the styles' dates come back as they were written.
                #expect(runtimeJSON(fromFoundation) == runtimeJSON(value), "\(style) \(date.timeIntervalSince1970)")
            }
        }
    }

    @Test func numericStylesReadAnyNumber() throws {
        #expect(try readDate("1714566896", .secondsSince1970) == Date(timeIntervalSince1970: 1_714_566_896))
        #expect(try readDate("1.7145668967890e9", .secondsSince1970) == Date(timeIntervalSince1970: 1_714_566_896.789))
        #expect(try readDate("-1500", .millisecondsSince1970) == Date(timeIntervalSince1970: -1.5))
        #expect(try readDate("1714566896789", .millisecondsSince1970) == Date(timeIntervalSince1970: 1_714_566_896_789 / 1000.0))
    }

    @Test func readingErrorsSayWhatTheStyleExpects() {
        expectDateError(#""2024-05-01""#, .iso8601, #"expected an ISO 8601 date such as 2024-05-01T12:34:56.789Z, found "2024-05-01""#, at: 8)
        expectDateError(#""2024-13-01""#, .format("yyyy-MM-dd"), #"expected a date in the format "yyyy-MM-dd", found "2024-13-01""#, at: 8)
        expectDateError(#""1714566896""#, .secondsSince1970, "expected a number, found a string", at: 8)
        expectDateError("1e400", .millisecondsSince1970, "1e400 is out of the range of Double", at: 8)
        expectDateError("[1, true]", .secondsSince1970, "expected a number, found a boolean", at: 12, path: [.index(1)], array: true)
    }

    @Test func codingErrorsHaveTheCodingPath() throws {
        let decoder = JSONDecoder()
        do {
            _ = try decoder.decode(StyledDates.self, from: Data(#"{"date":"soon","dates":[]}"#.utf8), style: .format("yyyy"))
            Issue.record("read a date from \"soon\"")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["date"])
            #expect(context.debugDescription == #"expected a date in the format "yyyy", found "soon""#)
        }
        do {
            _ = try decoder.decode(StyledDates.self, from: Data(#"{"date":"2024","dates":["2024","x"]}"#.utf8), style: .format("yyyy"))
            Issue.record("read a date from \"x\"")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["dates", "Index 1"])
            #expect(context.codingPath.last?.intValue == 1)
        }
        do {
            _ = try decoder.decode(StyledDates.self, from: Data(#"{"date":"1","dates":[]}"#.utf8), style: .secondsSince1970)
            Issue.record("read a date from \"1\"")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["date"])
        }
    }

    /// A numeric format (read without a formatter) and one with names (each thread's formatter).
    @Test(arguments: ["yyyy-MM-dd'T'HH:mm:ss.SSS", "EEE, dd MMM yyyy HH:mm:ss.SSS Z"])
    func formattersAreSafeToUseFromManyThreads(pattern: String) async {
        let style = DateCodingStyle.format(pattern)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<500 {
                        let date = Date(timeIntervalSince1970: Double(task * 1_000_000 + step * 997) + 0.125)
                        var writer = JSONWriter()
                        date.encode(to: &writer, style: style)
                        let bytes = writer.bytes
                        let reread = bytes.withUnsafeBytes { buffer in
                            var reader = JSONReader(bytes: buffer)
                            return try? Date(from: &reader, style: style)
                        }
                        if reread != date { return false }
                    }
                    return true
                }
            }
            for await result in group {
                #expect(result)
            }
        }
    }

    // MARK: - Support

    /// Members sorted by name, the order `StyledDates` writes them in.
    static var sortedEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    static func strategy(_ style: DateCodingStyle) -> JSONEncoder.DateEncodingStrategy? {
        switch style {
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .iso8601: .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.valuegenISO8601String)
            }
        case .format(let format):
            .formatted({
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.dateFormat = format
                return formatter
            }())
        }
    }

    func runtimeJSON(_ value: StyledDates) -> String {
        var writer = JSONWriter()
        value.encode(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func readDate(_ json: String, _ style: DateCodingStyle) throws(JSONError) -> Date {
        let bytes = Array(json.utf8)
        let result: Result<Date, JSONError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in
                var reader = JSONReader(bytes: buffer)
                let date = try Date(from: &reader, style: style)
                try reader.finish()
                return date
            }
        }
        return try result.get()
    }

    /// The error of reading `{"date":<json>}` (or `{"date":[…]}` as an array of dates).
    func expectDateError(
        _ json: String, _ style: DateCodingStyle, _ message: String, at offset: Int, path: [JSONPathComponent] = [], array: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let bytes = Array(("{\"date\":" + json + "}").utf8)
        let outcome = bytes.withUnsafeBytes { buffer -> JSONError? in
            var reader = JSONReader(bytes: buffer)
            do throws(JSONError) {
                try reader.readObject { reader, _ throws(JSONError) in
                    if array { _ = try [Date](from: &reader, style: style) } else { _ = try Date(from: &reader, style: style) }
                }
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome == JSONError(message: message, offset: offset, path: [.key("date")] + path), sourceLocation: sourceLocation)
    }
}

/// A model with styled dates, coded by hand as generated `JSON` and `Coding` code code it. The
/// style is not part of the value: generated code has it as a constant.
struct StyledDates: Codable, Equatable {
    var date: Date
    var dates: [Date]
    var optional: Date?
    /// The dates again, or nil when `optional` is.
    var optionalDates: [Date]?
    var style: DateCodingStyle

    enum CodingKeys: String, CodingKey {
        case date, dates, optional, optionalDates
    }

    init(date: Date, dates: [Date], optional: Date?, style: DateCodingStyle) {
        self.date = date
        self.dates = dates
        self.optional = optional
        self.optionalDates = optional == nil ? nil : dates
        self.style = style
    }

    init(from decoder: any Decoder) throws {
        guard let style = decoder.userInfo[.dateCodingStyle] as? DateCodingStyle else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "no style given"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            date: try container.decode(Date.self, forKey: .date, style: style),
            dates: try container.decode([Date].self, forKey: .dates, style: style),
            optional: try container.decodeIfPresent(Date.self, forKey: .optional, style: style),
            style: style
        )
        optionalDates = try container.decodeIfPresent([Date].self, forKey: .optionalDates, style: style)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date, style: style)
        try container.encode(dates, forKey: .dates, style: style)
        try container.encodeIfPresent(optional, forKey: .optional, style: style)
        try container.encodeIfPresent(optionalDates, forKey: .optionalDates, style: style)
    }

    init(from reader: inout JSONReader, style: DateCodingStyle) throws(JSONError) {
        var date: Date?
        var dates: [Date] = []
        var optional: Date?
        var optionalDates: [Date]?
        try reader.readObject { reader, key throws(JSONError) in
            switch key {
            case "date": date = try Date(from: &reader, style: style)
            case "dates": dates = try [Date](from: &reader, style: style)
            case "optional": optional = try reader.decodeNull() ? nil : Date(from: &reader, style: style)
            case "optionalDates": optionalDates = try reader.decodeNull() ? nil : [Date](from: &reader, style: style)
            default: break
            }
        }
        guard let date else { throw reader.error("missing member \"date\"") }
        self.init(date: date, dates: dates, optional: optional, style: style)
        self.optionalDates = optionalDates
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"date\":")
        date.encode(to: &writer, style: style)
        writer.writeRawKey("\"dates\":")
        dates.encode(to: &writer, style: style)
        if let optional {
            writer.writeRawKey("\"optional\":")
            optional.encode(to: &writer, style: style)
        }
        if let optionalDates {
            writer.writeRawKey("\"optionalDates\":")
            optionalDates.encode(to: &writer, style: style)
        }
        writer.endObject()
    }
}

extension CodingUserInfoKey {
    static let dateCodingStyle = CodingUserInfoKey(rawValue: "dateCodingStyle")!
}

extension JSONDecoder {
    /// Decodes with the style in `userInfo`.
    func decode(_ type: StyledDates.Type, from data: Data, style: DateCodingStyle) throws -> StyledDates {
        let decoder = JSONDecoder()
        decoder.userInfo[.dateCodingStyle] = style
        return try decoder.decode(StyledDates.self, from: data)
    }
}
