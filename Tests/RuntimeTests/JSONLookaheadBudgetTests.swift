import Testing
import ValuegenRuntime

/// ADT values whose "type" member comes after their other members are read twice: once to
/// find the case, once for its members. Nested, each level reads everything inside it again,
/// so the look-aheads of one document may read at most 16 times its size and 16 MB more.
@Suite("JSON look-ahead budget")
struct JSONLookaheadBudgetTests {
    private static let message = #"ADT values nested with their "type" members after their other members: finding them would read the document too many times over (write "type" first)"#
    private static let text = String(repeating: "x", count: 1_000_000)

    /// `levels` groups, each with its "type" member last, around a label of 1 MB.
    private static func discriminatorsLast(_ levels: Int) -> String {
        var json = #"{"type":"label","value":""# + text + #""}"#
        for _ in 0..<levels {
            json = #"{"value":"# + json + #","type":"group"}"#
        }
        return json
    }

    @Test func discriminatorsLastNestedAFewLevelsDeepAreRead() throws {
        var expected = Shape.label(Self.text)
        for _ in 0..<12 {
            expected = .group(expected)
        }
        #expect(try decode(Shape.self, Self.discriminatorsLast(12)) == expected)
    }

    @Test func discriminatorsLastNestedDeepAreRefusedOnceTheBudgetIsSpent() {
        let json = Self.discriminatorsLast(500)
        let size = json.utf8.count
        let budget = 16 * size + (16 << 20)
        // Level i's object starts after i prefixes {"value": and is its size less i of them
        // and i suffixes ,"type":"group"}: the look-ahead that passes the budget is refused.
        var read = 0
        var level = 0
        while true {
            read += size - level * (9 + 15)
            if read > budget { break }
            level += 1
        }
        expectError(Shape.self, json, Self.message, at: 9 * level, path: Array(repeating: .key("value"), count: level))
    }

    @Test func aMalformedValueDeepInsideKeepsItsErrorWhenTheBudgetIsSpent() {
        // "type" first (one pass), a wrong member at the bottom: every level would look ahead
        // through everything inside it to check the error; past the budget, the error found in
        // one pass stands.
        let levels = 400
        var json = #"{"type":"label","value":""# + Self.text + #"","value":1}"#
        for _ in 0..<levels {
            json = #"{"type":"group","value":"# + json + "}"
        }
        let offset = levels * 24 + 25 + Self.text.utf8.count + 10
        expectError(Shape.self, json, "expected a string, found a number", at: offset, path: Array(repeating: .key("value"), count: levels + 1))
    }
}
