import Foundation
import Testing
import ValuegenRuntime

// A model written by hand the way generated `JSON` code is: `readObject` with a switch over
// the member names, defaults for missing optional members, unknown members skipped.

struct Team: JSONCodable, Equatable {
    var name: String
    var users: [Member]
    var founded: Date?

    init(name: String, users: [Member], founded: Date? = nil) {
        self.name = name
        self.users = users
        self.founded = founded
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var name: String?
        var users: [Member]?
        var founded: Date?
        try reader.readObject { reader, key throws(JSONError) in
            switch key {
            case "name": name = try reader.readString()
            case "users": users = try [Member](from: &reader)
            case "founded": founded = try Date?(from: &reader)
            default: break
            }
        }
        guard let name else { throw reader.error("missing member \"name\"") }
        guard let users else { throw reader.error("missing member \"users\"") }
        self.init(name: name, users: users, founded: founded)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"name\":")
        writer.writeString(name)
        writer.writeRawKey("\"users\":")
        users.encode(to: &writer)
        if let founded {
            writer.writeKey("founded")
            founded.encode(to: &writer)
        }
        writer.endObject()
    }
}

struct Member: JSONCodable, Equatable {
    var id: Int
    var nickname: String
    var email: String?
    var zipCode: String = "00000"
    var scores: [String: Double] = [:]

    init(id: Int, nickname: String, email: String? = nil, zipCode: String = "00000", scores: [String: Double] = [:]) {
        self.id = id
        self.nickname = nickname
        self.email = email
        self.zipCode = zipCode
        self.scores = scores
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var id: Int?
        var nickname: String?
        var email: String?
        var zipCode = "00000"
        var scores: [String: Double] = [:]
        try reader.readObject { reader, key throws(JSONError) in
            switch key {
            case "id": id = try reader.readInteger()
            case "nickname": nickname = try reader.readString()
            case "email": email = try String?(from: &reader)
            case "zip code": zipCode = try reader.readString()
            case "scores": scores = try [String: Double](from: &reader)
            default: break
            }
        }
        guard let id else { throw reader.error("missing member \"id\"") }
        guard let nickname else { throw reader.error("missing member \"nickname\"") }
        self.init(id: id, nickname: nickname, email: email, zipCode: zipCode, scores: scores)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"id\":")
        writer.writeInteger(id)
        writer.writeRawKey("\"nickname\":")
        writer.writeString(nickname)
        if let email {
            writer.writeRawKey("\"email\":")
            writer.writeString(email)
        }
        writer.writeRawKey("\"zip code\":")
        writer.writeString(zipCode)
        writer.writeRawKey("\"scores\":")
        scores.encode(to: &writer)
        writer.endObject()
    }
}

@Suite("JSON hand-written models")
struct JSONModelTests {
    static let sampleTeamJSON = #"""
    {"name":"Core","users":[{"id":1,"nickname":"ada","email":"ada@example.com","scores":{"b":2.5,"a":1}},
    {"id":2,"nickname":"grace","email":null,"zip code":"94043","extra":{"ignored":[1,"two",null]}},
    {"nickname":"linus","id":3}],"founded":"2024-05-01T12:34:56.789Z","unknown":true}
    """#

    private let sampleTeam = Team(
        name: "Core",
        users: [
            Member(id: 1, nickname: "ada", email: "ada@example.com", scores: ["a": 1, "b": 2.5]),
            Member(id: 2, nickname: "grace", zipCode: "94043"),
            Member(id: 3, nickname: "linus"),
        ],
        founded: Date(timeIntervalSince1970: 1_714_566_896.789)
    )

    @Test func readsMembersInAnyOrderSkippingUnknownOnes() throws {
        #expect(try Team(jsonData: Data(Self.sampleTeamJSON.utf8)) == sampleTeam)
    }

    @Test func writesMembersInDeclarationOrderAndReadsThemBack() throws {
        let json = encoded(sampleTeam)
        #expect(json == #"{"name":"Core","users":[{"id":1,"nickname":"ada","email":"ada@example.com","zip code":"00000","scores":{"a":1.0,"b":2.5}},{"id":2,"nickname":"grace","zip code":"94043","scores":{}},{"id":3,"nickname":"linus","zip code":"00000","scores":{}}],"founded":"2024-05-01T12:34:56.789Z"}"#)
        #expect(try Team(jsonBytes: sampleTeam.jsonBytes()) == sampleTeam)
        #expect(try [Team](jsonData: [sampleTeam, sampleTeam].jsonData()) == [sampleTeam, sampleTeam])
    }

    @Test func matchesMemberNamesWrittenWithEscapes() throws {
        let member = try decode(Member.self, #"{"\u0069d":7,"nick\u006Eame":"\u00e9","zip\u0020code":"1"}"#)
        #expect(member == Member(id: 7, nickname: "é", zipCode: "1"))
    }

    @Test func errorsCarryThePathToTheValue() {
        let json = #"{"name":"Core","users":[{"id":1,"nickname":"a"},{"id":2,"nickname":"b"},{"id":3,"nickname":"c"},{"id":4,"nickname":5}]}"#
        do {
            _ = try decode(Team.self, json)
            Issue.record("read a team whose fourth user's nickname is a number")
        } catch {
            #expect(error.message == "expected a string, found a number")
            #expect(error.offset == offset(of: "5}", in: json))
            #expect(error.path == [.key("users"), .index(3), .key("nickname")])
            #expect(error.pathDescription == "$.users[3].nickname")
            #expect(error.description == "expected a string, found a number at byte \(offset(of: "5}", in: json)) ($.users[3].nickname)")
        }
    }

    @Test func pathsQuoteMemberNamesThatAreNotIdentifiers() {
        let json = #"{"name":"Core","users":[{"id":1,"nickname":"a","zip code":false}]}"#
        expectError(Team.self, json, "expected a string, found a boolean", at: offset(of: "false", in: json), path: [.key("users"), .index(0), .key("zip code")])
        let error = JSONError(message: "m", offset: 0, path: [.key("zip code"), .key("a\"b\\"), .index(0), .key("café_2"), .key("")])
        #expect(error.pathDescription == #"$["zip code"]["a\"b\\"][0].café_2[""]"#)
        #expect(JSONError(message: "m", offset: 0).pathDescription == "$")
    }

    @Test func aMissingMemberIsAnErrorAtTheEndOfItsObject() {
        let json = #"{"name":"Core","users":[{"id":1,"nickname":"a"},{"id":2}]}"#
        expectError(Team.self, json, #"missing member "nickname""#, at: offset(of: "]}", in: json), path: [.key("users"), .index(1)])
        expectError(Team.self, #"{"users":[]}"#, #"missing member "name""#, at: 12)
    }

    @Test func wrongTypesInNestedMembersNameTheMember() {
        let json = #"{"name":"Core","users":[{"id":1,"nickname":"a","scores":{"x":"high"}}]}"#
        expectError(Team.self, json, "expected a number, found a string", at: offset(of: #""high""#, in: json), path: [.key("users"), .index(0), .key("scores"), .key("x")])
        let big = #"{"name":"Core","users":[{"id":99999999999999999999,"nickname":"a"}]}"#
        expectError(Team.self, big, "99999999999999999999 is out of the range of Int", at: offset(of: "999", in: big), path: [.key("users"), .index(0), .key("id")])
        let date = #"{"name":"Core","users":[],"founded":"yesterday"}"#
        expectError(Team.self, date, #"expected an ISO 8601 date such as 2024-05-01T12:34:56.789Z, found "yesterday""#, at: offset(of: #""yesterday""#, in: date), path: [.key("founded")])
    }

    @Test func peekingADiscriminatorLeavesTheReaderWhereItWas() throws {
        let json = #"{"radius":2.5,"type":"circle","extra":[1,{"type":"nested"}]}"#
        try Array(json.utf8).withUnsafeBytes { buffer in
            var reader = JSONReader(bytes: buffer)
            #expect(try reader.peekDiscriminator("type") == "circle")
            #expect(try reader.peekDiscriminator("kind") == nil)
            #expect(reader.offset == 0)
            _ = try [String: AnyJSONValue](from: &reader)
            try reader.finish()
        }
        expectError(Discriminated.self, #"{"type":1}"#, "expected a string, found a number", at: 8, path: [.key("type")])
        expectError(Discriminated.self, #"{"a":"\q"}"#, #"an invalid escape in a string: '\' followed by 'q'"#, at: 6, path: [.key("a")])
    }
}

/// Reads only its discriminator, as generated ADT code does first.
private struct Discriminated: JSONDecodable {
    var type: String?

    init(from reader: inout JSONReader) throws(JSONError) {
        type = try reader.peekDiscriminator("type")
        try reader.skipValue()
    }
}
