import Foundation
import Testing
@testable import ValuegenRuntime

/// A model with dates, written by hand the way the generated features write it: `at` without
/// a style (ISO 8601), `epoch` with `.secondsSince1970`, `day` with a fixed format.
private struct Stamp: PersistableModel, Equatable {
    var at: Date
    var epoch: Date
    var day: Date

    static let dayStyle = DateCodingStyle.format("yyyy-MM-dd")
    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Stamp = 1 at Date; 2 epoch Date; 3 day Date") }

    init(at: Date, epoch: Date, day: Date) {
        self.at = at
        self.epoch = epoch
        self.day = day
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var at: Date?
        var epoch: Date?
        var day: Date?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "at": at = try Date(from: &reader)
            case "epoch": epoch = try Date(from: &reader, style: .secondsSince1970)
            case "day": day = try Date(from: &reader, style: Self.dayStyle)
            default: break
            }
        }
        guard let at, let epoch, let day else { throw reader.error("missing member") }
        self.init(at: at, epoch: epoch, day: day)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"at\":")
        at.encode(to: &writer)
        writer.writeRawKey("\"epoch\":")
        epoch.encode(to: &writer, style: .secondsSince1970)
        writer.writeRawKey("\"day\":")
        day.encode(to: &writer, style: Self.dayStyle)
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, at)
            writer.writeField(2, epoch)
            writer.writeField(3, day)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var at: Date?
        var epoch: Date?
        var day: Date?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: at = try reader.read(Date.self)
            case 2: epoch = try reader.read(Date.self)
            case 3: day = try reader.read(Date.self)
            default: break
            }
        }
        guard let at, let epoch, let day else { throw reader.error("missing field") }
        self.init(at: at, epoch: epoch, day: day)
    }
}

@Suite struct ExactDateTests {
    /// The text Persistence writes for the date, without its quotes.
    private func exactText(_ interval: Double) -> String? {
        ISO8601.exactJSONText(Date(timeIntervalSinceReferenceDate: interval)).map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) }
    }

    private func expectExactRoundTrip(_ interval: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let text = exactText(interval) else {
            Issue.record("no exact text for \(interval)", sourceLocation: sourceLocation)
            return
        }
        let read = ISO8601.parse(text)?.timeIntervalSinceReferenceDate
        #expect(read == interval && (read?.bitPattern == interval.bitPattern || interval == 0), "\(interval) was written \(text) and read \(String(describing: read))", sourceLocation: sourceLocation)
    }

    @Test func everyDateReadsBackBitForBit() {
        var generator = SeededGenerator(seed: 37)
        for _ in 0..<20_000 {
            // Around now, with every bit of the fraction that a Date() has.
            expectExactRoundTrip(Double.random(in: 7e8..<9e8, using: &generator))
            // Anywhere in the years -999999 to 999999.
            expectExactRoundTrip(Double.random(in: -3.1e13..<3.1e13, using: &generator))
            // Around the reference date, where the fractions are longest.
            expectExactRoundTrip(Double.random(in: -2..<2, using: &generator) * pow(10, Double(Int.random(in: -12...0, using: &generator))))
        }
        for interval in [0, 0.001, -0.001, -1.25, 0.0004, 1e-7, -1e-7, 1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .ulpOfOne, 63_113_904_000, -63_114_076_800,
                         Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate, Date().timeIntervalSinceReferenceDate] {
            expectExactRoundTrip(interval)
        }
        #expect(exactText(-0.0) == "2001-01-01T00:00:00Z")
        #expect(exactText(-1.25) == "2000-12-31T23:59:58.7500Z")
        #expect(exactText(1e-7) == "2001-01-01T00:00:00.0000001Z")
        #expect(exactText(736_345_296.789) == "2024-05-02T12:21:36.7890Z")
    }

    @Test func datesTheTextCannotHoldHaveNoExactText() {
        for interval in [Double.nan, .infinity, -.infinity, 1e20, -1e20, .greatestFiniteMagnitude] {
            #expect(exactText(interval) == nil, "\(interval)")
        }
    }

    @Test func readingKeepsEveryFractionDigitAsFarAsADateCanHoldIt() throws {
        #expect(ISO8601.parse("2001-01-01T00:00:00.0004Z")?.timeIntervalSinceReferenceDate == 0.0004)
        #expect(ISO8601.parse("2000-12-31T23:59:59.75Z")?.timeIntervalSinceReferenceDate == -0.25)
        #expect(ISO8601.parse("2001-01-01T01:00:00.5000+01:00")?.timeIntervalSinceReferenceDate == 0.5)
        // Milliseconds as before: through seconds since 1970, as Foundation takes them.
        #expect(ISO8601.parse("2024-05-02T12:21:36.789Z") == Date(timeIntervalSince1970: 1_714_652_496.789))
        // More digits than 64 bits hold: the exact parser, correctly rounded.
        let long = "2026-12-05T08:15:29.123456789123456789123456789Z"
        let expected = try #require(Double("818151329.123456789123456789123456789"))
        #expect(ISO8601.parse(long)?.timeIntervalSinceReferenceDate == expected)
        let before = "1969-07-20T20:17:40.000000000000000000000001Z"
        #expect(ISO8601.parse(before)?.timeIntervalSinceReferenceDate == Double("-992490139.999999999999999999999999"))
    }

    @Test func apiJSONStillWritesMilliseconds() {
        let date = Date(timeIntervalSinceReferenceDate: 818_151_329.123456)
        #expect(String(decoding: date.jsonBytes(), as: UTF8.self) == "\"2026-12-05T08:15:29.123Z\"")
    }

    @Test func aSavedJSONFileKeepsEveryDateExactlyWhateverItsStyle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-exact-dates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("stamp.json")
        let now = Date(timeIntervalSinceReferenceDate: 818_151_329.123456716)
        let stamp = Stamp(at: now, epoch: now.addingTimeInterval(1e-6), day: now.addingTimeInterval(-86_400))
        try stamp.save(to: url, format: .json)
        #expect(try Stamp.load(from: url) == stamp)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"at\":\"2026-12-05T08:15:29.1234567Z\""), "\(text)")
        for format in PersistenceFormat.allCases {
            try stamp.save(to: url, format: format)
            #expect(try Stamp.load(from: url) == stamp, "\(format)")
        }
    }

    @Test func aFileSavedWithMillisecondsAndStylesStillLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-exact-dates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("stamp.json")
        try Data(#"{"at":"2026-12-05T08:15:29.123Z","epoch":1796458529.5,"day":"2026-12-04"}"#.utf8).write(to: url)
        let stamp = try Stamp.load(from: url)
        #expect(stamp.at == ISO8601.parse("2026-12-05T08:15:29.123Z"))
        #expect(stamp.epoch == Date(timeIntervalSince1970: 1_796_458_529.5))
        #expect(stamp.day == ISO8601.parse("2026-12-04T00:00:00Z"))
    }

    @Test func aDateJSONCannotHoldIsRefusedAtSaveAndNothingIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-exact-dates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("stamp.json")
        let far = Date(timeIntervalSinceReferenceDate: 1e20)
        let stamp = Stamp(at: far, epoch: Date(timeIntervalSinceReferenceDate: 0), day: Date(timeIntervalSinceReferenceDate: 0))
        do {
            try stamp.save(to: url, format: .json)
            Issue.record("saved a date JSON cannot hold")
        } catch let error as PersistenceError {
            #expect(error.description.contains("cannot save Stamp as JSON: the date 1e+20 seconds from 2001-01-01"), "\(error)")
            #expect(error.description.contains("save it as .binary"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try stamp.save(to: url, format: .binary)
        #expect(try Stamp.load(from: url) == stamp)
    }
}

@Suite struct SavedJSONRepeatedMemberTests {
    @Test func aSavedFileThatNamesAMemberTwiceIsRefusedWhereverItIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-repeated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("stamp.json")
        let valid = #"{"at":"2026-12-05T08:15:29.1234567Z","epoch":1796458529.5,"day":"2026-12-04"}"#
        try Data(valid.utf8).write(to: url)
        _ = try Stamp.load(from: url)
        let repeated = #"{"at":"2026-12-05T08:15:29.1234567Z","epoch":1796458529.5,"day":"2026-12-04","at":"2001-01-01T00:00:00Z"}"#
        try Data(repeated.utf8).write(to: url)
        #expect(throws: PersistenceError.self) { try Stamp.load(from: url) }
        do {
            _ = try Stamp.load(from: url)
        } catch {
            #expect("\(error)".contains(#"the member "at" appears twice in an object; a saved file names each member once"#), "\(error)")
        }
        // API JSON keeps the last value, as Foundation does.
        #expect(try Stamp(jsonBytes: Array(repeated.utf8)).at == Date(timeIntervalSinceReferenceDate: 0))
    }
}
