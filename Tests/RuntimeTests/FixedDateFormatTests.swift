import Foundation
import Testing
@testable import ValuegenRuntime

/// Fixed date formats of numbers, English names and literals, read and written without a
/// `DateFormatter`, give what the formatter gives: the same string for every date, the same date
/// for every string the fast path reads, and the formatter's answer (through the fallback) for
/// every other string.
///
/// Each pattern is compared on `VALUEGEN_FIXED_DATES` random dates (10,000 by default, a few
/// seconds in all; a million each for the full comparison, several minutes), both directions:
/// years before 1583 (Julian, and before 1 AD) and after 9999, leap days, the milliseconds'
/// rounding edges (at midnight and noon), invalid days and times, every offset form, names of
/// other months and weekdays in other cases, mutated strings.
@Suite("Fixed date formats")
struct FixedDateFormatTests {
    static let patterns = [
        "yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSS",
        "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "yyyy-MM-dd'T'HH:mm:ssZZZZZ",
        "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXX", "yyyy-MM-dd'T'HH:mm:ss.SX", "yyyyMMdd", "yyyyMMddHHmmss",
        "dd/MM/yyyy", "M/d/yyyy H:m:s", "y-M-d", "yyyy.MM.dd 'at' HH:mm:ss.SS",
        "yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", "dd.MM.yyyy HH:mm",
        // English names: RFC 1123 (HTTP dates, RSS), Twitter's v1 API, and dates for people.
        "EEE, dd MMM yyyy HH:mm:ss Z", "EEE MMM dd HH:mm:ss Z yyyy", "dd MMM yyyy", "d-MMM-yyyy HH:mm:ss",
        "MMMM d, yyyy", "EEEE, MMMM dd, yyyy 'at' HH:mm:ss.SSSXXX", "E, d MMM yyyy", "EE yyyyMMMdd",
        // HTTP dates (RFC 9110) with the zone's name, and a zone's name before the year.
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEE MMM d HH:mm:ss z yyyy",
        // A 12-hour clock.
        "MM/dd/yyyy hh:mm:ss a", "MMM d, yyyy h:mm a", "yyyy-MM-dd hh:mm:ss.SSS a Z", "yyyy/MM/dd a h:mm", "dd MMM. yyyy",
    ]

    static var samples: Int {
        ProcessInfo.processInfo.environment["VALUEGEN_FIXED_DATES"].flatMap(Int.init) ?? 10_000
    }

    @Test(arguments: patterns)
    func readsAndWritesWhatTheFormatterDoes(pattern: String) throws {
        let fixed = try #require(FixedDateFormat(pattern: pattern), "\(pattern) is not compiled")
        let formatter = Self.formatter(pattern)
        var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: pattern.hashValueStable))
        var tally = Tally()
        for sample in 0..<Self.samples {
            let date = RandomDates.date(&generator)
            let expected = formatter.string(from: date)
            if let written = fixed.string(from: date) {
                tally.writtenFast += 1
                guard written == expected else {
                    Issue.record("\(pattern): \(date.timeIntervalSinceReferenceDate) written \(written), the formatter writes \(expected)")
                    return
                }
            }
            let text = switch sample % 4 {
            case 0, 1: expected
            case 2: RandomStrings.fields(of: fixed, &generator)
            default: RandomStrings.mutated(expected, &generator)
            }
            // Read where it stands in a longer run of bytes (a document: up to 32 bytes may be
            // read at once), whatever follows it, as element by element (a format of one width
            // reads by its template first).
            let followed = Array(text.utf8) + (0..<40).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let extra = [0, Int.random(in: 1..<32, using: &generator), 40][sample % 3]
            let inPlace = followed.withUnsafeBufferPointer { fixed.date(UnsafeBufferPointer(rebasing: $0[..<text.utf8.count]), readable: text.utf8.count + extra) }
            let byElements = FixedDateFormat(elements: fixed.elements, maximumLength: fixed.maximumLength, layout: nil).date(fromString: text)
            guard inPlace == byElements else {
                Issue.record("\(pattern): \"\(text)\" read in place as \(String(describing: inPlace)), element by element as \(String(describing: byElements))")
                return
            }
            if let read = fixed.date(fromString: text) {
                tally.readFast += 1
                let reference = formatter.date(from: text)
                guard read.timeIntervalSinceReferenceDate == reference?.timeIntervalSinceReferenceDate else {
                    Issue.record("\(pattern): \"\(text)\" read as \(read.timeIntervalSinceReferenceDate), the formatter reads \(reference.map { "\($0.timeIntervalSinceReferenceDate)" } ?? "nothing")")
                    return
                }
            } else if sample % 16 == 3 {
                // Left to the formatter: the style's answer is the formatter's.
                tally.leftToFormatter += 1
                #expect(DateCodingStyle.format(pattern).date(fromString: text) == formatter.date(from: text), "\(pattern): \"\(text)\"")
            }
        }
        // Most dates and most of the strings the format writes take the fast path.
        #expect(tally.writtenFast > Self.samples / 2 && tally.readFast > Self.samples / 4, "\(pattern): \(tally)")
        print("\(pattern): \(Self.samples) dates compared with DateFormatter: \(tally)")
    }

    @Test func patternsWithNamesOrOtherFieldsKeepTheFormatter() {
        for pattern in ["yyyy-MMMMM-dd", "EEEEE, dd MMM yyyy", "dd MMM yyyy EEE", "MMM yyyy EEEE dd", "EEE MMM dd HH:mm:ss Zyyyy", "yyyy-MM-dd HH:mmZ'T'", "yyyy-MMM-dd-MM", "yy-MM-dd", "YYYY-MM-dd", "yyyy-MM-dd hh:mm", "yyyy-MM-dd HH:mm a", "dd MMM'e' yyyy", "dd MMM'E' yyyy", "EEE'day', dd MMM yyyy", "EEEMMM dd yyyy",
                        "yyyy-MM-dd hh:mm a'm'", "yyyy-MM-dd HH:mmz'T'", "EEEEEE, dd MMM yyyy", "yyyy-MM-dd hh:mm aa", "yyyy-MM-dd hh:mm aaaa", "yyyy-MM-dd KK:mm a", "MM-dd", "HH:mm",
                        "yyyy-MM-dd'T'HH:mm:ssZZZZ", "yyyy-MM-dd HH:mm zzzz", "yyyy-MM-dd'T'HH:mm:ssxxx", "yyyyMMdd'T'Hmm", "yMMdd", "yyyy-MM-dd'T", "yyyy-MM-ddXXX'Z'",
                        "yyyy-MM-dd-MM", "yyyy\"MM\"dd", "yyyy-MM-dd'é'", "yyyy'1'MM-dd", "yyyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSS"] {
            #expect(FixedDateFormat(pattern: pattern) == nil, "\(pattern)")
        }
        #expect(FixedDateFormat(pattern: "yyyy-MM-dd''HH")?.elements == [.field(.year(digits: 4)), .literal(Array("-".utf8)), .field(.month(padded: true)),
                                                                          .literal(Array("-".utf8)), .field(.day(padded: true)), .literal(Array("'".utf8)),
                                                                          .field(.hour(padded: true))])
    }

    /// A pattern whose every field has one width is written from a template (``FixedDateFormat/Layout``),
    /// which the comparisons above check against the formatter; one with a field of one or two
    /// digits walks its elements.
    @Test func fixedWidthPatternsAreWrittenFromATemplate() throws {
        let layout = try #require(FixedDateFormat(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX")?.layout)
        #expect(layout.length == 27)
        let template = withUnsafeBytes(of: layout.template) { Array($0.prefix(layout.length)) }
        #expect(String(decoding: template, as: UTF8.self) == "0000-00-00T00:00:00.000000Z")
        #expect(FixedDateFormat(pattern: "yyyy-MM-dd HH:mm:ssZ")?.layout?.length == 24)
        #expect(FixedDateFormat(pattern: "y-MM-dd")?.layout?.length == 10)
        // Short names are three letters: RFC 1123's dates have a template; full names do not.
        #expect(FixedDateFormat(pattern: "EEE, dd MMM yyyy HH:mm:ss Z")?.layout?.length == 31)
        #expect(FixedDateFormat(pattern: "EEE, dd MMM yyyy HH:mm:ss Z")?.string(from: Date(timeIntervalSince1970: 1_714_566_896.789)) == "Wed, 01 May 2024 12:34:56 +0000")
        #expect(FixedDateFormat(pattern: "EEE MMM dd HH:mm:ss Z yyyy")?.string(from: Date(timeIntervalSince1970: -1e10)) == "Mon Feb 10 06:13:20 +0000 1653")
        for pattern in ["M/d/yyyy H:m:s", "y-M-d", "yyyy-MM-dd'T'HH:mm:ss.SSS 'in the year of the calendar'", "MMMM dd, yyyy", "EEEE, dd MMM yyyy"] {
            #expect(FixedDateFormat(pattern: pattern) != nil && FixedDateFormat(pattern: pattern)?.layout == nil, "\(pattern)")
        }
        let date = Date(timeIntervalSince1970: 1_714_566_896.789)
        #expect(FixedDateFormat(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX")?.string(from: date) == "2024-05-01T12:34:56.789000Z")
        #expect(FixedDateFormat(pattern: "dd.MM.yyyy HH:mm:ss.SS")?.string(from: date) == "01.05.2024 12:34:56.78")
    }

    /// Patterns with English names are compiled; what they do not read (a weekday that is not
    /// the date's, a name in other letters' case) and patterns with other names (`aaaa`) are the
    /// thread's formatter's.
    @Test func namedPatternsReadAndWriteWithOrWithoutTheThreadsFormatter() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_896)
        for (pattern, expected, isCompiled) in [("EEE, dd MMM yyyy HH:mm:ss Z", "Wed, 01 May 2024 12:34:56 +0000", true),
                                                ("EEEE, MMMM d, yyyy hh:mm:ss a", "Wednesday, May 1, 2024 12:34:56 PM", true),
                                                ("EEEE, MMMM d, yyyy hh:mm:ss aaaa", "Wednesday, May 1, 2024 12:34:56 PM", false)] {
            #expect((FixedDateFormat(pattern: pattern) != nil) == isCompiled, "\(pattern)")
            let style = DateCodingStyle.format(pattern)
            guard case .string(let text) = style.form(of: date) else {
                Issue.record("a fixed format wrote a number")
                return
            }
            #expect(text == expected)
            #expect(style.date(fromString: text) == date)
        }
        let style = DateCodingStyle.format("EEE, dd MMM yyyy HH:mm:ss Z")
        let formatter = Self.formatter("EEE, dd MMM yyyy HH:mm:ss Z")
        #expect(style.date(fromString: "Wed, 31 Feb 2024 12:34:56 +0000") == nil)
        for text in ["Thu, 01 May 2024 12:34:56 +0000", "wed, 01 MAY 2024 12:34:56 +0000", "Wednesday, 01 May 2024 12:34:56 +0000", "Wed, 01 May 2024 12:34:56 GMT"] {
            #expect(FixedDateFormat.compiled("EEE, dd MMM yyyy HH:mm:ss Z")?.date(fromString: text) == nil, "\(text)")
            #expect(style.date(fromString: text) == formatter.date(from: text), "\(text)")
        }
    }

    /// What the formatter reads beyond the fast path's shapes still reads, and what it refuses
    /// is refused with the error and path the runtime gave before.
    @Test func stringsOutsideTheFastPathAreTheFormatters() throws {
        let style = DateCodingStyle.format("yyyy-MM-dd")
        let formatter = Self.formatter("yyyy-MM-dd")
        for text in ["2024-5-1", "24-05-01", "12345-05-01", "2024/05/01", " 2024-05-01", "１９９９-05-01", "1582-10-10", "0999-01-01"] {
            #expect(FixedDateFormat.compiled("yyyy-MM-dd")?.date(fromString: text) == nil, "\(text)")
            #expect(style.date(fromString: text) != nil && style.date(fromString: text) == formatter.date(from: text), "\(text)")
        }
        for text in ["2024-02-30", "2023-02-29", "2024-13-01", "2024-05-00", "0000-05-01", "2024-05-01x"] {
            #expect(style.date(fromString: text) == nil && formatter.date(from: text) == nil, "\(text)")
        }
        let json = #"["2024-02-29", "2024-02-30"]"#
        do {
            _ = try Array(json.utf8).withUnsafeBytes { buffer throws(JSONError) in
                var reader = JSONReader(bytes: buffer)
                return try [Date](from: &reader, style: style)
            }
            Issue.record("read 2024-02-30")
        } catch let error as JSONError {
            #expect(error.message == #"expected a date in the format "yyyy-MM-dd", found "2024-02-30""#)
            #expect(error.offset == offset(of: #""2024-02-30""#, in: json))
            #expect(error.path == [.index(1)])
        }
    }

    /// Read in place from the document's bytes when the string has no escapes; with one, or
    /// at the document's end, through a String: the same date either way.
    @Test func readsInPlaceOrThroughAString() throws {
        let style = DateCodingStyle.format("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")
        let json = #"[ "2024-05-01T12:34:56.789Z",  "2024\u002d05-01T12:34:56.789+02:00",\#n"2024-05-01T12:34:56.789-00:30"]"#
        let dates = try Array(json.utf8).withUnsafeBytes { buffer throws(JSONError) in
            var reader = JSONReader(bytes: buffer)
            return try [Date](from: &reader, style: style)
        }
        let formatter = Self.formatter("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")
        let expected = ["2024-05-01T12:34:56.789Z", "2024-05-01T12:34:56.789+02:00", "2024-05-01T12:34:56.789-00:30"].compactMap { formatter.date(from: $0) }
        #expect(expected.count == 3 && dates == expected)
    }

    @Test func writesInPlaceWhatTheStyleWrites() {
        let style = DateCodingStyle.format("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")
        let dates = [Date(timeIntervalSince1970: 1_714_566_896.789), Date(timeIntervalSince1970: -1e12), Date(timeIntervalSince1970: 1e12), Date(timeIntervalSince1970: 0)]
        var writer = JSONWriter()
        dates.encode(to: &writer, style: style)
        let expected = dates.map { date -> String in
            guard case .string(let text) = style.form(of: date) else { return "" }
            return "\"\(text)\""
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",") + "]")
        #expect(expected[0] == #""2024-05-01T12:34:56.789Z""# && expected[1] == #""29720-11-16T22:13:20.000Z""#)
    }

    /// The writer finds the layout of the thread's last pattern without a lookup, by the
    /// string's own bits: another string, even an equal one, is looked up, and dates of
    /// patterns taking turns, or of one with no layout, are written as the formatter writes them.
    @Test func theLastPatternsLayoutIsFoundByItsString() {
        let pattern = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"
        let other = "dd.MM.yyyy HH:mm:ss"
        _ = FixedDateFormat.compiled(pattern)
        #expect(FixedDateFormat.lastLayout(pattern) == FixedDateFormat(pattern: pattern)?.layout)
        #expect(FixedDateFormat.lastLayout(other) == nil)
        let equal = String(decoding: Array(pattern.utf8), as: UTF8.self)
        #expect(equal == pattern && FixedDateFormat.lastLayout(equal) == nil)
        _ = FixedDateFormat.compiled(other)
        #expect(FixedDateFormat.lastLayout(pattern) == nil && FixedDateFormat.lastLayout(other) != nil)

        let dates = (0..<64).map { Date(timeIntervalSince1970: -2e10 + Double($0) * 6.1e8 + 0.0005 * Double($0)) }
        for patterns in [[pattern, other], [pattern, "M/d/yyyy H:m:s", equal], [other]] {
            var writer = JSONWriter()
            writer.beginArray()
            for (index, date) in dates.enumerated() {
                date.encode(to: &writer, style: .format(patterns[index % patterns.count]))
            }
            writer.endArray()
            let expected = dates.enumerated().map { index, date in "\"\(Self.formatter(patterns[index % patterns.count]).string(from: date))\"" }
            #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",") + "]", "\(patterns)")
        }
    }

    @Test func theLastPatternsFormatIsFoundForReadingByItsString() throws {
        let pattern = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"
        let other = "M/d/yyyy H:m:s"
        let named = "yyyy-MM-dd hh:mm aaaa"
        _ = FixedDateFormat.compiled(pattern)
        #expect(FixedDateFormat.lastCompiled(pattern)?.elements == FixedDateFormat(pattern: pattern)?.elements)
        #expect(FixedDateFormat.lastCompiled(other) == nil)
        let equal = String(decoding: Array(pattern.utf8), as: UTF8.self)
        #expect(equal == pattern && FixedDateFormat.lastCompiled(equal) == nil)
        _ = FixedDateFormat.compiled(other)
        #expect(FixedDateFormat.lastCompiled(pattern) == nil && FixedDateFormat.lastCompiled(other)?.elements == FixedDateFormat(pattern: other)?.elements)
        // A pattern the formatter reads has no compiled format: the last one is then none.
        _ = FixedDateFormat.compiled(named)
        #expect(FixedDateFormat.lastCompiled(named) == nil && FixedDateFormat.lastCompiled(other) == nil)

        // Patterns taking turns, the same one and an equal copy: each date as the formatter reads it.
        let dates = (0..<64).map { Date(timeIntervalSince1970: -2e10 + Double($0) * 6.1e8 + 0.0005 * Double($0)) }
        for patterns in [[pattern, other], [pattern, named, equal], [other], [pattern, pattern, equal]] {
            let strings = dates.enumerated().map { index, date in Self.formatter(patterns[index % patterns.count]).string(from: date) }
            let json = Array(("[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)
            let read = try json.withUnsafeBytes { buffer throws(JSONError) -> [Date] in
                var reader = JSONReader(bytes: buffer)
                var read: [Date] = []
                try reader.readArray { reader throws(JSONError) in
                    read.append(try Date(from: &reader, style: .format(patterns[read.count % patterns.count])))
                }
                return read
            }
            let expected = strings.enumerated().map { index, string in Self.formatter(patterns[index % patterns.count]).date(from: string) }
            #expect(read == expected.compactMap { $0 } && read.count == dates.count, "\(patterns)")
        }
    }

    static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }

    struct Tally: CustomStringConvertible {
        var writtenFast = 0
        var readFast = 0
        var leftToFormatter = 0

        var description: String {
            "\(writtenFast) written and \(readFast) read without the formatter (all equal), \(leftToFormatter) strings checked through the fallback"
        }
    }
}

extension String {
    /// A hash that is the same in every process (`hashValue` is seeded per process).
    var hashValueStable: Int {
        utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }
    }
}
