import Foundation
import Testing
@testable import ValuegenRuntime

// The stamp of Persistence JSON and property list files (issue 37, items 4 and 6): the layout
// of the types saved and a CRC-32C, so that a changed type that would read the saved data as
// something else is refused, and a damaged file never loads with other values. The models are
// written by hand the way the generated features write them.

/// A trip: numbers, text, an optional URL, a date, lists, a dictionary and nested models.
private struct Trip: PersistableModel, Equatable {
    var id: Int
    var title: String
    var rating: Double
    var created: Date
    var link: URL?
    var tags: [String]
    var counts: [String: Int]
    var stops: [Stop]

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout {
        BinaryModelLayout("Trip = 1 id Int; 2 title String; 3 rating Double; 4 created Date; 5 link URL?; 6 tags [String]; 7 counts [String:Int]; 8 stops [Stop]", nested: [Stop.self])
    }

    static let sample = Trip(
        id: 90210, title: "Lakes — and fells", rating: 4.75, created: Date(timeIntervalSinceReferenceDate: 786_000_123.456_789),
        link: URL(string: "https://example.com/trips/90210?lang=en"), tags: ["walking", "rain", "ünïcode"],
        counts: ["days": 6, "nights": 5, "ferries": 2],
        stops: [Stop(name: "Keswick", day: 1), Stop(name: "Ambleside", day: 3), Stop(name: "Coniston", day: 6)]
    )

    init(id: Int, title: String, rating: Double, created: Date, link: URL?, tags: [String], counts: [String: Int], stops: [Stop]) {
        (self.id, self.title, self.rating, self.created, self.link, self.tags, self.counts, self.stops) = (id, title, rating, created, link, tags, counts, stops)
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var id: Int?, title: String?, rating: Double?, created: Date?, link: URL?
        var tags: [String] = [], counts: [String: Int] = [:], stops: [Stop] = []
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "id": id = try Int(from: &reader)
            case "title": title = try String(from: &reader)
            case "rating": rating = try Double(from: &reader)
            case "created": created = try Date(from: &reader)
            case "link": link = try URL?(from: &reader)
            case "tags": tags = try [String](from: &reader)
            case "counts": counts = try [String: Int](from: &reader)
            case "stops": stops = try [Stop](from: &reader)
            default: break
            }
        }
        guard let id, let title, let rating, let created else { throw reader.error("missing member of Trip") }
        self.init(id: id, title: title, rating: rating, created: created, link: link, tags: tags, counts: counts, stops: stops)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"id\":")
        id.encode(to: &writer)
        writer.writeRawKey("\"title\":")
        title.encode(to: &writer)
        writer.writeRawKey("\"rating\":")
        rating.encode(to: &writer)
        writer.writeRawKey("\"created\":")
        created.encode(to: &writer)
        if let link {
            writer.writeRawKey("\"link\":")
            link.encode(to: &writer)
        }
        writer.writeRawKey("\"tags\":")
        tags.encode(to: &writer)
        writer.writeRawKey("\"counts\":")
        counts.encode(to: &writer)
        writer.writeRawKey("\"stops\":")
        stops.encode(to: &writer)
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, id)
            writer.writeField(2, title)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        throw reader.error("not read as binary here")
    }
}

private struct Stop: PersistableModel, Equatable {
    var name: String
    var day: Int

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Stop = 1 name String; 2 day Int") }

    init(name: String, day: Int) {
        self.name = name
        self.day = day
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var name: String?, day: Int?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "name": name = try String(from: &reader)
            case "day": day = try Int(from: &reader)
            default: break
            }
        }
        guard let name, let day else { throw reader.error("missing member of Stop") }
        self.init(name: name, day: day)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"name\":")
        name.encode(to: &writer)
        writer.writeRawKey("\"day\":")
        day.encode(to: &writer)
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, name)
            writer.writeField(2, day)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        throw reader.error("not read as binary here")
    }
}

/// `Stop` after an edit that made `name` Data: the same key, which JSON would read as base64.
private struct StopAsData: PersistableModel, Equatable {
    var name: Data
    var day: Int

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Stop = 1 name Data; 2 day Int") }

    init(from reader: inout JSONReader) throws(JSONError) {
        var name: Data?, day: Int?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "name": name = try Data(from: &reader)
            case "day": day = try Int(from: &reader)
            default: break
            }
        }
        guard let name, let day else { throw reader.error("missing member of Stop") }
        self.name = name
        self.day = day
    }

    func encode(to writer: inout JSONWriter) {}
    func encode(to writer: inout BinaryWriter) {}
    init(from reader: inout BinaryReader) throws(BinaryError) {
        throw reader.error("not read as binary here")
    }
}

/// `Stop` after an edit that only widened and changed the signedness of `day`, and renamed the
/// type: JSON reads it exactly or refuses a value that does not fit.
private struct Halt: PersistableModel, Equatable {
    var name: String
    var day: UInt64

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Halt = 1 name String?; 2 day UInt64") }

    init(from reader: inout JSONReader) throws(JSONError) {
        var name: String?, day: UInt64?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "name": name = try String(from: &reader)
            case "day": day = try UInt64(from: &reader)
            default: break
            }
        }
        guard let name, let day else { throw reader.error("missing member of Halt") }
        self.name = name
        self.day = day
    }

    func encode(to writer: inout JSONWriter) {}
    func encode(to writer: inout BinaryWriter) {}
    init(from reader: inout BinaryReader) throws(BinaryError) {
        throw reader.error("not read as binary here")
    }
}

/// A plain enumeration saved as the root: its JSON is a string and its property list a
/// string, so the stamp wraps it.
private enum Priority: String, PersistableModel, Equatable {
    case low, high

    static var binaryWireType: BinaryWireType { .varint }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Priority = enum 1 low; 2 high") }

    init(from reader: inout JSONReader) throws(JSONError) {
        guard let priority = Priority(rawValue: try String(from: &reader)) else { throw reader.error("unknown Priority") }
        self = priority
    }

    func encode(to writer: inout JSONWriter) {
        rawValue.encode(to: &writer)
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(self == .low ? 1 : 2)
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        self = try reader.readVarint() == 1 ? .low : .high
    }
}

@Suite struct SaveStampTests {
    private func json(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func aSavedJSONFileEndsWithItsStampAndReadsBack() throws {
        let bytes = try Stop(name: "Keswick", day: 1).encoded(as: .json)
        let text = json(bytes)
        #expect(text == #"{"name":"Keswick","day":1,"$valuegen":{"format":2,"layout":"Stop = 1 name String; 2 day Int","crc32c":"64000569"}}"#)
        // docs/Runtime.md, "The stamp of a saved file", shows this file.
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/Runtime.md")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("```json saved\n" + text + "\n```\n"))
        #expect(try Stop(savedJSON: Data(bytes)) == Stop(name: "Keswick", day: 1))
        // The checksum is of every byte but its own eight digits.
        let digits = text.utf8.count - 3 - 8
        var covered = Array(bytes[..<digits])
        covered += bytes[(digits + 8)...]
        #expect(SaveStamp.spelled(covered.withUnsafeBytes { CRC32C.checksum(of: $0) }) == String(text.dropLast(3).suffix(8)))
    }

    @Test func aValueWhoseJSONIsNoObjectIsWrapped() throws {
        let bytes = try Priority.high.encoded(as: .json)
        #expect(json(bytes) == #"{"$value":"high","$valuegen":{"format":2,"wraps":true,"layout":"Priority = enum 1 low; 2 high","crc32c":"df33692e"}}"#)
        #expect(try Priority(savedJSON: Data(bytes)) == .high)
        let plist = try Priority.low.encoded(as: .propertyList)
        #expect(try Priority(savedPropertyList: Data(plist)) == .low)
    }

    @Test(arguments: [PersistenceFormat.json, .propertyList])
    func everyFormatReadsBackTheSample(format: PersistenceFormat) throws {
        let bytes = try Trip.sample.encoded(as: format)
        let read = try format == .json ? Trip(savedJSON: Data(bytes)) : Trip(savedPropertyList: Data(bytes))
        #expect(read == Trip.sample)
    }

    @Test func aFileSavedBeforeStampsReadsAsItIs() throws {
        let legacy = #"{"name":"Keswick","day":1}"#
        #expect(try Stop(savedJSON: Data(legacy.utf8)) == Stop(name: "Keswick", day: 1))
        let plist = try PropertyListEncoder().encode(Stop(name: "Keswick", day: 1))
        #expect(try Stop(savedPropertyList: plist) == Stop(name: "Keswick", day: 1))
    }

    @Test func anEditedJSONFileIsRefusedUntilItsChecksumIsRemoved() throws {
        let edited = json(try Stop(name: "Keswick", day: 1).encoded(as: .json)).replacingOccurrences(of: "\"day\":1", with: "\"day\":2")
        #expect {
            try Stop(savedJSON: Data(edited.utf8))
        } throws: { error in
            "\(error)".contains("the file was changed after it was saved") && "\(error)".contains("remove \"crc32c\"")
        }
        let unchecked = edited.replacingOccurrences(of: #","crc32c":"[0-9a-f]{8}""#, with: "", options: .regularExpression)
        #expect(try Stop(savedJSON: Data(unchecked.utf8)) == Stop(name: "Keswick", day: 2))
    }

    @Test(arguments: [PersistenceFormat.json, .propertyList])
    func aStringSavedWhereThisVersionHasDataIsRefusedNamingTheAttribute(format: PersistenceFormat) throws {
        // "abcd" would read as three bytes of base64.
        let bytes = Data(try Stop(name: "abcd", day: 1).encoded(as: format))
        #expect {
            _ = try format == .json ? StopAsData(savedJSON: bytes) : StopAsData(savedPropertyList: bytes)
        } throws: { error in
            "\(error)".contains("Stop.name was saved as String, but this version declares it Data")
        }
    }

    @Test func aChangeJSONReadsExactlyIsRead() throws {
        // A renamed root, an optional, a wider unsigned integer: each reads exactly or is
        // refused by the reader (a negative day would be).
        let bytes = Data(try Stop(name: "Keswick", day: 3).encoded(as: .json))
        let halt = try Halt(savedJSON: bytes)
        #expect(halt.name == "Keswick" && halt.day == 3)
        #expect(throws: JSONError.self) {
            try Halt(savedJSON: Data(try Stop(name: "Keswick", day: -3).encoded(as: .json)))
        }
    }

    @Test func aStampOfANewerFormatIsRefused() throws {
        let newer = json(try Stop(name: "K", day: 1).encoded(as: .json)).replacingOccurrences(of: #""format":2,"#, with: #""format":3,"#)
        #expect {
            try Stop(savedJSON: Data(newer.utf8))
        } throws: { error in
            "\(error)".contains("saved by a newer version of Valuegen (saved file format 3")
        }
    }

    @Test func aPropertyListConvertedToXMLIsRefusedWithTheWayBack() throws {
        let binary = try Stop(name: "K", day: 1).encoded(as: .propertyList)
        let tree = try PropertyListSerialization.propertyList(from: Data(binary), format: nil)
        let xml = try PropertyListSerialization.data(fromPropertyList: tree, format: .xml, options: 0)
        #expect {
            try Stop(savedPropertyList: xml)
        } throws: { error in
            "\(error)".contains("plutil -convert binary1")
        }
    }

    /// What became of damaged copies of a saved file.
    struct Flips: CustomStringConvertible {
        var refused = 0
        var same = 0
        var different = 0
        var description: String { "\(refused) refused, \(same) read the same values, \(different) read other values" }
    }

    /// Changes one random byte of `bytes` to another random value `count` times, reading each copy.
    private func flip(_ bytes: [UInt8], count: Int, seed: UInt64, read: (Data) throws -> Trip) -> Flips {
        var generator = SeededGenerator(seed: seed)
        var flips = Flips()
        for _ in 0..<count {
            var damaged = bytes
            let index = Int(generator.next() % UInt64(bytes.count))
            damaged[index] ^= UInt8(1 + generator.next() % 255)
            if let read = try? read(Data(damaged)) {
                if read == Trip.sample { flips.same += 1 } else { flips.different += 1 }
            } else {
                flips.refused += 1
            }
        }
        return flips
    }

    /// 10,000 flips a format in CI; `VALUEGEN_FLIPS=100000` for issue 37's measure.
    private var flipCount: Int {
        ProcessInfo.processInfo.environment["VALUEGEN_FLIPS"].flatMap(Int.init) ?? 10_000
    }

    @Test func aDamagedJSONFileNeverLoadsOtherValues() throws {
        let stamped = try Trip.sample.encoded(as: .json)
        let flips = flip(stamped, count: flipCount, seed: 37) { try Trip(savedJSON: $0) }
        print("Persistence JSON, \(stamped.count) bytes, stamped: \(flips)")
        #expect(flips.different == 0)
        // Without a stamp (a file saved before), digits and letters changed read as others.
        var writer = JSONWriter()
        writer.writesExactDates = true
        Trip.sample.encode(to: &writer)
        let unstamped = flip(writer.bytes, count: flipCount, seed: 37) { try Trip(savedJSON: $0) }
        print("Persistence JSON, \(writer.bytes.count) bytes, without a stamp: \(unstamped)")
        #expect(unstamped.different > 0)
    }

    @Test func aDamagedPropertyListNeverLoadsOtherValues() throws {
        let stamped = try Trip.sample.encoded(as: .propertyList)
        let flips = flip(stamped, count: flipCount, seed: 37) { try Trip(savedPropertyList: $0) }
        print("Persistence property list, \(stamped.count) bytes, stamped: \(flips)")
        #expect(flips.different == 0)
        // A file saved before stamps: other values, but never a crash (PropertyListDecoder
        // trapped on some damaged files before their structure was followed first).
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let unstamped = Array(try encoder.encode(Trip.sample))
        let before = flip(unstamped, count: flipCount, seed: 37) { try Trip(savedPropertyList: $0) }
        print("Persistence property list, \(unstamped.count) bytes, without a stamp: \(before)")
        #expect(before.refused > 0)
    }
}
