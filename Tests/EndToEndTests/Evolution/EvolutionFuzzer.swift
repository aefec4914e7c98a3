import Foundation

/// Random rows for the Evolution matrix (issue 37's differential evolution fuzzer): a random
/// model of attributes drawn from a pool of types (extremes, nil, unknown cases, non-ASCII,
/// dates with every bit of their fraction), a random value of it, and a random edit from the
/// Evolution table, with the value the edited model must read. `EvolutionFuzzTests` compiles
/// the rows as `EvolutionCompileTests` compiles the matrix and checks that every Persistence
/// format (and API JSON where it applies) reads the expected value, or, where the edit allows
/// it, fails with an error: never a different value.
struct EvolutionFuzzer {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// An attribute of the fuzzed model: its declaration and the Swift of the value saved.
    struct Member {
        var name: String
        var type: String
        var defaultText: String?
        var value: String
        var legacyName: String?

        var declaration: String {
            (legacyName.map { "%codingLegacyKey name=\($0)\n " } ?? "") + "\(name): \(type)" + (defaultText.map { " = \($0)" } ?? "")
        }
    }

    /// What an edit allows the new code to do with old data.
    enum Allowance {
        /// Every format must read the expected value.
        case reads
        /// An error is right too (a value the new type cannot hold).
        case readsOrFails
    }

    static let subSchema = "$Sub { a: Int\n b: String? }"
    static let kindSchema = EvolutionSchemaFile(name: "Kind.adtValue", text: "$Kind {\n Plain\n Code { value: Int }\n %unknownCase\n Other\n}")

    /// A row: the model before and after the edit, the value, what it must read, and what
    /// the edit allows.
    mutating func row(_ index: Int) -> (row: EvolutionRow, allowance: Allowance, edit: String) {
        var members: [Member] = []
        var names = Set<String>()
        for _ in 0..<generator.next(in: 2...6) {
            var member = randomMember()
            while names.contains(member.name) { member.name += "x" }
            names.insert(member.name)
            members.append(member)
        }
        let old = members
        var new = members
        var allowance = Allowance.reads
        var subSchema = Self.subSchema
        var edit = ""
        switch generator.next(in: 0...9) {
        case 0:
            edit = "append an optional attribute"
            new.append(Member(name: "extra", type: "String?", value: "nil"))
        case 1:
            edit = "append an attribute with a default"
            new.append(Member(name: "extra", type: "Int", defaultText: "7", value: "7"))
        case 2:
            edit = "insert an attribute with a default"
            new.insert(Member(name: "extra", type: "String", defaultText: "\"x\"", value: "\"x\""), at: generator.next(in: 0...new.count))
        case 3:
            edit = "remove an attribute"
            new.remove(at: generator.next(in: 0...(new.count - 1)))
        case 4:
            edit = "reorder the attributes"
            new.shuffle(using: &generator)
        case 5:
            edit = "rename an attribute with a legacy key"
            let at = generator.next(in: 0...(new.count - 1))
            new[at].legacyName = new[at].name
            new[at].name += "Renamed"
        case 6:
            edit = "widen or change the signedness of integers"
            for at in new.indices {
                switch new[at].type {
                case "Int32": new[at].type = "Int64"
                case "UInt8": new[at].type = "Int"
                case "Int": new[at].type = "UInt"; allowance = .readsOrFails
                case "[Int]": new[at].type = "[UInt]"; allowance = .readsOrFails
                case "Int?": new[at].type = "UInt?"; allowance = .readsOrFails
                default: break
                }
            }
        case 7:
            edit = "make the required attributes optional"
            for at in new.indices where !new[at].type.hasSuffix("?") && new[at].defaultText == nil {
                new[at].type += "?"
            }
        case 8:
            edit = "insert an attribute into the nested model"
            subSchema = "$Sub { c: Int = 0\n a: Int\n b: String? }"
        default:
            edit = "no edit"
        }
        let oldText = "$Note {\n " + old.map(\.declaration).joined(separator: "\n ") + "\n}\n" + Self.subSchema
        let newText = "$Note {\n " + new.map(\.declaration).joined(separator: "\n ") + "\n}\n" + subSchema
        let file = "Note.value"
        let value = "$Note(" + old.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
        let expected = "$Note(" + new.map { "\($0.name): \(Self.converted($0.value, to: $0.type))" }.joined(separator: ", ") + ")"
        let hasDates = old.contains { $0.type.contains("Date") }
        // API JSON writes milliseconds (and is no Persistence format): its outcome is left
        // out where dates with finer fractions are saved. Plain Binary maps by position.
        var outcomes: [EvolutionCoder: EvolutionOutcome] = [.binary: .incompatible]
        if hasDates { outcomes[.json] = .incompatible }
        let row = EvolutionRow(
            "fuzz \(index): \(edit)",
            old: [EvolutionSchemaFile(name: file, text: oldText), Self.kindSchema],
            new: [EvolutionSchemaFile(name: file, text: newText), Self.kindSchema],
            root: "$Note", value: value, expected: expected, outcomes)
        return (row, allowance, edit)
    }

    /// The value as the edited attribute's type: an integer whose signedness changed through
    /// `UInt(exactly:)`, which cannot fail where the row reads (where it fails, the row's load
    /// must fail too, which the edit allows).
    private static func converted(_ value: String, to type: String) -> String {
        switch type {
        case "UInt", "UInt?": return value == "nil" ? value : "UInt(exactly: \(value)) ?? 0"
        // No `$0`: a `$` starts a schema type's name in a row.
        case "[UInt]": return "(\(value) as [Int]).map { element in UInt(exactly: element) ?? 0 }"
        case "Int64": return "Int64(\(value))"
        case "Int": return "Int(\(value))"
        default: return value
        }
    }

    private mutating func randomMember() -> Member {
        let pick = generator.next(in: 0...17)
        func oneOf(_ values: [String]) -> String { values[generator.next(in: 0...(values.count - 1))] }
        switch pick {
        case 0: return Member(name: "count", type: "Int", value: oneOf(["0", "-1", "42", "Int.max", "Int.min", "1 << 40"]))
        case 1: return Member(name: "small", type: "Int32", value: oneOf(["Int32.max", "Int32.min", "-7"]))
        case 2: return Member(name: "byte", type: "UInt8", value: oneOf(["UInt8(0)", "UInt8(255)", "UInt8(200)"]))
        case 3: return Member(name: "ratio", type: "Double", value: oneOf(["0", "-0.0", "1.5", ".greatestFiniteMagnitude", ".leastNonzeroMagnitude", "-1e300", "0.1"]))
        case 4: return Member(name: "level", type: "Float", value: oneOf(["0", "1.25", ".greatestFiniteMagnitude", "-3.4e-38"]))
        case 5: return Member(name: "flag", type: "Bool", value: oneOf(["true", "false"]))
        case 6: return Member(name: "title", type: "String", value: oneOf(["\"\"", "\"a\"", #""é🙂 \"quoted\" \\ \n""#, "String(repeating: \"long \", count: 60)"]))
        case 7:
            let seconds = Double(generator.next(in: -2_000_000_000...2_000_000_000)) + Double(generator.next(in: 0...999_999_999)) / 1e9
            return Member(name: "stamp", type: "Date", value: "Date(timeIntervalSinceReferenceDate: \(seconds))")
        case 8: return Member(name: "counts", type: "[Int]", value: oneOf(["[]", "[1, 2, 42]", "[-5, Int.max]"]))
        case 9: return Member(name: "tags", type: "[String]", value: oneOf(["[]", "[\"a\", \"\", \"ü\"]"]))
        case 10: return Member(name: "maybe", type: "Int?", value: oneOf(["nil", "3", "-3"]))
        case 11: return Member(name: "note", type: "String?", defaultText: generator.next(in: 0...1) == 0 ? "\"x\"" : nil, value: oneOf(["nil", "\"y\""]))
        case 12: return Member(name: "scores", type: "[String: Int]", value: oneOf(["[:]", "[\"a\": 1, \"b\": -2]"]))
        case 13: return Member(name: "sub", type: "$Sub", value: oneOf(["$Sub(a: 1, b: nil)", "$Sub(a: -1, b: \"z\")"]))
        case 14: return Member(name: "subs", type: "[$Sub]?", value: oneOf(["nil", "[$Sub(a: 2, b: \"q\")]"]))
        case 15: return Member(name: "kind", type: "$Kind", value: oneOf([".plain", ".code(value: -3)", ##"try! $Kind(jsonData: Data(#"{"n":1,"type":"mystery"}"#.utf8))"##]))
        case 16: return Member(name: "limit", type: "Int", defaultText: "3", value: oneOf(["3", "0", "-9"]))
        default: return Member(name: "big", type: "UInt", value: oneOf(["UInt.max", "0", "42"]))
        }
    }
}

extension SplitMix64 {
    mutating func next(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }
}
