/// docs/BinaryFormat.md's Evolution table as data: each row a schema before and after one
/// change, a value the old generated code writes, and what the new generated code reads from
/// it through each coder. `EvolutionCompileTests` compiles every row's old schemas into one
/// writer program and every new schema into one reader program and checks each outcome; a
/// test of `valuegen compat` can iterate the same rows (`old` and `new` are the two versions of
/// a module's schema files).
///
/// Type names in schemas and Swift expressions start with `$`, which becomes the row's prefix
/// (`$Note` in row 3 is `R03Note`), so that every row's types live in one module.
struct EvolutionRow: Sendable {
    /// The change, as the Evolution table (or the Persistence section) words it.
    var change: String
    /// The schema files before and after the change: file name (its extension says the kind)
    /// and text.
    var old: [EvolutionSchemaFile]
    var new: [EvolutionSchemaFile]
    /// The root type saved (a `$` name of the schemas).
    var root: String
    /// Swift that makes the value the old code saves, with the old types.
    var value: String
    /// Swift that makes the value the new code should read, with the new types: what a coder
    /// whose outcome is `.reads` must give.
    var expected: String
    /// What each coder gives.
    var outcomes: [EvolutionCoder: EvolutionOutcome]
}

struct EvolutionSchemaFile: Sendable {
    var name: String
    var text: String
}

/// The ways a model is saved and read back.
enum EvolutionCoder: String, CaseIterable, Sendable {
    /// `binaryData()` / `init(binaryData:)`: plain positional Binary, for messages and caches.
    case binary
    /// `save(to:format:)` / `load(from:)` in each of its formats.
    case persistenceBinary = "persistence-binary"
    case persistenceJSON = "persistence-json"
    case persistencePropertyList = "persistence-plist"
    /// `jsonData()` / `init(jsonData:)`.
    case json

    var column: String {
        switch self {
        case .binary: return "Binary"
        case .persistenceBinary: return "Persistence binary"
        case .persistenceJSON: return "Persistence JSON"
        case .persistencePropertyList: return "Persistence plist"
        case .json: return "JSON"
        }
    }
}

/// A row's documented result for one coder.
enum EvolutionOutcome: Equatable, Sendable {
    /// The new code reads exactly the row's `expected` value.
    case reads
    /// An error whose text contains this.
    case error(String)
    /// The change is documented as incompatible for this coder: an error or a different value
    /// (plain Binary maps by position; where wire types agree its own checks are the only guard).
    case incompatible

    /// What the matrix's table shows.
    var cell: String {
        switch self {
        case .reads: return "reads"
        case .error(let text): return "error (`\(text)`)"
        case .incompatible: return "**incompatible**"
        }
    }
}

extension EvolutionRow {
    /// A row of one `.value` file named after the root.
    init(_ change: String, root: String = "$Note", old: String, new: String, value: String, expected: String, _ outcomes: [EvolutionCoder: EvolutionOutcome] = [:], otherwise: EvolutionOutcome = .reads) {
        let file = "\(root.dropFirst()).value"
        self.init(change, old: [EvolutionSchemaFile(name: file, text: old)], new: [EvolutionSchemaFile(name: file, text: new)], root: root, value: value, expected: expected, outcomes, otherwise: otherwise)
    }

    init(_ change: String, old: [EvolutionSchemaFile], new: [EvolutionSchemaFile], root: String, value: String, expected: String, _ outcomes: [EvolutionCoder: EvolutionOutcome] = [:], otherwise: EvolutionOutcome = .reads) {
        var all: [EvolutionCoder: EvolutionOutcome] = [:]
        for coder in EvolutionCoder.allCases {
            all[coder] = outcomes[coder] ?? otherwise
        }
        self.init(change: change, old: old, new: new, root: root, value: value, expected: expected, outcomes: all)
    }

    /// Every coder but plain Binary: the ones that read by name.
    static let byName: [EvolutionCoder] = [.persistenceBinary, .persistenceJSON, .persistencePropertyList, .json]
}

enum EvolutionMatrix {
    static let shape = EvolutionSchemaFile(name: "Shape.adtValue", text: """
    $Shape {
      Circle { radius: Double }
      Square { side: Double }
    }
    """)
    static let shapeReordered = EvolutionSchemaFile(name: "Shape.adtValue", text: """
    $Shape {
      Square { side: Double }
      Circle { radius: Double }
    }
    """)
    static let shapeAppended = EvolutionSchemaFile(name: "Shape.adtValue", text: """
    $Shape {
      Circle { radius: Double }
      Square { side: Double }
      Triangle { base: Double  height: Double }
    }
    """)
    static let drawing = EvolutionSchemaFile(name: "Drawing.value", text: """
    $Drawing {
      title: String
      shapes: [$Shape]
    }
    """)

    static let orderStatus = EvolutionSchemaFile(name: "OrderStatus.adtValue", text: """
    $OrderStatus {
      Placed
      Shipped { carrier: String }
      %unknownCase
      Other
    }
    """)
    static let ticket = EvolutionSchemaFile(name: "Ticket.value", text: "$Ticket { id: String\n status: $OrderStatus }")
    static let ticketWithNote = EvolutionSchemaFile(name: "Ticket.value", text: "$Ticket { id: String\n note: String = \"\"\n status: $OrderStatus }")
    /// A case none of the versions knows, read from JSON and so kept by `%unknownCase`; its
    /// members in sorted order, as Coding (the property list) writes them back.
    static let returned = ##"try! $OrderStatus(jsonData: Data(#"{"depot":"Leeds","type":"returned"}"#.utf8))"##

    static let rows: [EvolutionRow] = [
        EvolutionRow(
            "append an optional attribute",
            old: "$Note { title: String }",
            new: "$Note { title: String\n subtitle: String? }",
            value: #"$Note(title: "a")"#, expected: #"$Note(title: "a", subtitle: nil)"#),
        EvolutionRow(
            "append an attribute with a default",
            old: "$Note { title: String }",
            new: "$Note { title: String\n count: Int = 5 }",
            value: #"$Note(title: "a")"#, expected: #"$Note(title: "a", count: 5)"#),
        EvolutionRow(
            "append a required attribute without a default",
            old: "$Note { title: String }",
            new: "$Note { title: String\n count: Int }",
            value: #"$Note(title: "a")"#, expected: #"$Note(title: "a", count: 0)"#,
            [.binary: .error("missing field 2 (count) of $Note"), .persistenceBinary: .error("missing field 2 (count) of $Note"),
             .persistenceJSON: .error("count"), .persistencePropertyList: .error("count"), .json: .error("count")]),
        EvolutionRow(
            "give an attribute an explicit number not used before",
            old: "$Note { title: String }",
            new: "$Note { title: String\n %binaryField number=7\n extra: Int = 3 }",
            value: #"$Note(title: "a")"#, expected: #"$Note(title: "a", extra: 3)"#),
        EvolutionRow(
            "insert a pinned attribute before unpinned ones",
            old: "$Note { title: String }",
            new: "$Note {\n %binaryField number=7\n extra: Int = 3\n title: String }",
            value: #"$Note(title: "a")"#, expected: #"$Note(extra: 3, title: "a")"#,
            [.binary: .incompatible]),
        EvolutionRow(
            "remove an optional attribute (the last)",
            old: "$Note { title: String\n subtitle: String? }",
            new: "$Note { title: String }",
            value: #"$Note(title: "a", subtitle: "b")"#, expected: #"$Note(title: "a")"#),
        EvolutionRow(
            "remove an attribute with a default from the middle, without pins",
            old: "$Note { a: Int\n b: Int = 0\n c: Int }",
            new: "$Note { a: Int\n c: Int }",
            value: "$Note(a: 1, b: 2, c: 3)", expected: "$Note(a: 1, c: 3)",
            [.binary: .incompatible]),
        EvolutionRow(
            "reorder attributes with explicit numbers",
            old: "$Note {\n %binaryField number=1\n a: Int\n %binaryField number=2\n b: String }",
            new: "$Note {\n %binaryField number=2\n b: String\n %binaryField number=1\n a: Int }",
            value: #"$Note(a: 1, b: "x")"#, expected: #"$Note(b: "x", a: 1)"#),
        EvolutionRow(
            "widen an integer type (Int32 to Int64)",
            old: "$Note { count: Int32 }",
            new: "$Note { count: Int64 }",
            value: "$Note(count: -7)", expected: "$Note(count: -7)"),
        EvolutionRow(
            "make a required attribute optional",
            old: "$Note { title: String\n count: Int }",
            new: "$Note { title: String\n count: Int? }",
            value: #"$Note(title: "a", count: 4)"#, expected: #"$Note(title: "a", count: 4)"#),
        EvolutionRow(
            "append an ADT case",
            old: [shape, drawing], new: [shapeAppended, drawing], root: "$Drawing",
            value: #"$Drawing(title: "d", shapes: [.circle(radius: 1.5), .square(side: 2)])"#,
            expected: #"$Drawing(title: "d", shapes: [.circle(radius: 1.5), .square(side: 2)])"#),
        EvolutionRow(
            "change an attribute's type (Int to String)",
            old: "$Note { title: String\n count: Int }",
            new: "$Note { title: String\n count: String }",
            value: #"$Note(title: "a", count: 4)"#, expected: #"$Note(title: "a", count: "4")"#,
            [.binary: .error("field 2 has wire type varint, expected length-delimited"),
             .persistenceBinary: .error("$Note.count was saved as Int, but this version declares it String"),
             .persistenceJSON: .error("expected a string"), .json: .error("expected a string"), .persistencePropertyList: .error("count")]),
        EvolutionRow(
            "change an attribute's type where the wire types agree (Int32 to Double)",
            old: "$Note { title: String\n count: Int32 }",
            new: "$Note { title: String\n count: Double }",
            value: #"$Note(title: "a", count: 4)"#, expected: #"$Note(title: "a", count: 4.0)"#,
            [.binary: .incompatible, .persistenceBinary: .error("$Note.count was saved as Int32, but this version declares it Double")]),
        EvolutionRow(
            "insert attributes without explicit numbers (issue 26's Point)",
            root: "$Point",
            old: "$Point { x: Int\n y: Int }",
            new: "$Point { z: Int = 7\n x: Int\n y: Int = 0 }",
            value: "$Point(x: 1, y: 2)", expected: "$Point(z: 7, x: 1, y: 2)",
            [.binary: .incompatible]),
        EvolutionRow(
            "reorder attributes without explicit numbers (issue 26's Note)",
            old: "$Note { title: String\n pinned: Bool\n count: Int = 0\n score: Int = 0 }",
            new: "$Note { title: String\n pinned: Bool\n score: Int = 0\n count: Int = 0 }",
            value: #"$Note(title: "t", pinned: true, count: 5, score: 3)"#,
            expected: #"$Note(title: "t", pinned: true, score: 3, count: 5)"#,
            [.binary: .incompatible]),
        EvolutionRow(
            "rename an attribute with %codingLegacyKey",
            old: "$Note { title: String\n count: Int }",
            new: "$Note {\n %codingLegacyKey name=title\n headline: String\n count: Int }",
            value: #"$Note(title: "a", count: 2)"#, expected: #"$Note(headline: "a", count: 2)"#),
        EvolutionRow(
            "rename an attribute without a legacy key",
            old: "$Note { title: String\n count: Int }",
            new: "$Note { headline: String\n count: Int }",
            value: #"$Note(title: "a", count: 2)"#, expected: #"$Note(headline: "a", count: 2)"#,
            [.persistenceBinary: .error("missing field 1 (headline) of $Note"), .persistenceJSON: .error("headline"),
             .persistencePropertyList: .error("headline"), .json: .error("headline")]),
        EvolutionRow(
            "reorder ADT cases",
            old: [shape, drawing], new: [shapeReordered, drawing], root: "$Drawing",
            value: #"$Drawing(title: "d", shapes: [.circle(radius: 1.5), .square(side: 2)])"#,
            expected: #"$Drawing(title: "d", shapes: [.circle(radius: 1.5), .square(side: 2)])"#,
            [.binary: .incompatible]),
        EvolutionRow(
            "insert an attribute into a nested model",
            old: [EvolutionSchemaFile(name: "Contact.value", text: "$Contact { name: String\n addresses: [$Address] }\n$Address { city: String\n zip: String }")],
            new: [EvolutionSchemaFile(name: "Contact.value", text: "$Contact { name: String\n addresses: [$Address] }\n$Address { street: String = \"\"\n city: String\n zip: String }")],
            root: "$Contact",
            value: #"$Contact(name: "n", addresses: [$Address(city: "c", zip: "z")])"#,
            expected: #"$Contact(name: "n", addresses: [$Address(street: "", city: "c", zip: "z")])"#,
            [.binary: .incompatible]),
        EvolutionRow(
            "remove an ADT case the data holds",
            old: [shapeAppended, drawing], new: [shape, drawing], root: "$Drawing",
            value: #"$Drawing(title: "d", shapes: [.triangle(base: 1, height: 2)])"#,
            expected: #"$Drawing(title: "d", shapes: [])"#,
            [.binary: .error("unknown $Shape case number 3"), .persistenceBinary: .error("$Shape.triangle was saved (case 3), but this version has no such case"),
             .persistenceJSON: .error("triangle"), .persistencePropertyList: .error("triangle"), .json: .error("triangle")]),
        // Issue 37: integers that change between signed and unsigned (a zigzag varint and a
        // plain one: the same bytes are 42 to one and 84 to the other).
        EvolutionRow(
            "change an integer's signedness (Int to UInt)",
            old: "$Note { count: Int }",
            new: "$Note { count: UInt }",
            value: "$Note(count: 42)", expected: "$Note(count: 42)",
            [.binary: .incompatible]),
        EvolutionRow(
            "change an integer's signedness (UInt8 to Int)",
            old: "$Note { count: UInt8 }",
            new: "$Note { count: Int }",
            value: "$Note(count: 200)", expected: "$Note(count: 200)",
            [.binary: .incompatible]),
        EvolutionRow(
            "change an integer's signedness holding a value the new type cannot (Int to UInt, -5)",
            old: "$Note { count: Int }",
            new: "$Note { count: UInt }",
            value: "$Note(count: -5)", expected: "$Note(count: 0)",
            [.binary: .incompatible, .persistenceBinary: .error("$Note.count was saved as Int -5, which this version's UInt cannot hold"),
             .persistenceJSON: .error("-5"), .persistencePropertyList: .error("count"), .json: .error("-5")]),
        EvolutionRow(
            "change an integer's signedness, a value written as fixed64 (Int64 to UInt64)",
            old: "$Note { count: Int64 }",
            new: "$Note { count: UInt64 }",
            value: "$Note(count: 1 << 62)", expected: "$Note(count: 1 << 62)"),
        EvolutionRow(
            "change an optional integer's signedness (Int? to UInt?)",
            old: "$Note { count: Int? }",
            new: "$Note { count: UInt? }",
            value: "$Note(count: 42)", expected: "$Note(count: 42)",
            [.binary: .incompatible]),
        EvolutionRow(
            "change the signedness of an array's integers ([Int] to [UInt])",
            old: "$Note { counts: [Int] }",
            new: "$Note { counts: [UInt] }",
            value: "$Note(counts: [1, 2, 42])", expected: "$Note(counts: [1, 2, 42])",
            [.binary: .incompatible]),
        EvolutionRow(
            "change the signedness of a dictionary's integers ([Int: [Int?]] to [UInt: [UInt?]])",
            old: "$Note { counts: [Int: [Int?]] }",
            new: "$Note { counts: [UInt: [UInt?]] }",
            value: "$Note(counts: [3: [1, nil, 42]])", expected: "$Note(counts: [3: [1, nil, 42]])",
            [.binary: .incompatible]),
        // Issue 37: an optional whose default is not nil keeps nil (a missing key or field
        // takes the default, an explicit null or nil field is nil).
        EvolutionRow(
            "save nil in optionals whose default is not nil (no edit)",
            old: "$Note { note: String? = \"x\"\n count: Int? = 3\n ratio: Double? = 1.5\n tags: [String]? = [\"a\"] }",
            new: "$Note { note: String? = \"x\"\n count: Int? = 3\n ratio: Double? = 1.5\n tags: [String]? = [\"a\"] }",
            value: "$Note(note: nil, count: nil, ratio: nil, tags: nil)", expected: "$Note(note: nil, count: nil, ratio: nil, tags: nil)"),
        EvolutionRow(
            "insert an attribute before optionals with defaults that hold nil",
            old: "$Note { title: String\n note: String? = \"x\"\n count: Int? = 3\n address: $Address? = $Address(city: \"c\") }\n$Address { city: String }",
            new: "$Note { extra: Int = 0\n title: String\n note: String? = \"x\"\n count: Int? = 3\n address: $Address? = $Address(city: \"c\") }\n$Address { city: String }",
            value: #"$Note(title: "t", note: nil, count: nil, address: nil)"#, expected: #"$Note(extra: 0, title: "t", note: nil, count: nil, address: nil)"#,
            [.binary: .incompatible]),
        EvolutionRow(
            "give an optional attribute that holds nil a default",
            old: "$Note { note: String? }",
            new: "$Note { note: String? = \"dflt\" }",
            value: "$Note(note: nil)", expected: "$Note(note: nil)",
            otherwise: .incompatible),
        // Issue 37: a case kept by %unknownCase (read from JSON, so without a number) survives
        // an edit of the type that holds it.
        EvolutionRow(
            "insert an attribute beside an unknown case kept from JSON",
            old: [orderStatus, ticket], new: [orderStatus, ticketWithNote], root: "$Ticket",
            value: "$Ticket(id: \"t\", status: \(returned))",
            expected: "$Ticket(id: \"t\", note: \"\", status: \(returned))",
            [.binary: .incompatible]),
        // Issue 37, `valuegen compat`: edits whose outcome depends on the value saved (each a
        // second row of an edit above, or a pair), and edits JSON reads alike.
        EvolutionRow(
            "change an integer's signedness holding a value the new type cannot (Int64 to UInt64, -5)",
            old: "$Note { count: Int64 }",
            new: "$Note { count: UInt64 }",
            value: "$Note(count: -5)", expected: "$Note(count: 0)",
            [.binary: .incompatible, .persistenceBinary: .error("$Note.count was saved as Int64 -5, which this version's UInt64 cannot hold"),
             .persistenceJSON: .error("-5"), .persistencePropertyList: .error("count"), .json: .error("-5")]),
        EvolutionRow(
            "change an optional integer's signedness holding a value the new type cannot (Int? to UInt?, -5)",
            old: "$Note { count: Int? }",
            new: "$Note { count: UInt? }",
            value: "$Note(count: -5)", expected: "$Note(count: nil)",
            [.binary: .incompatible, .persistenceBinary: .error("cannot hold"),
             .persistenceJSON: .error("-5"), .persistencePropertyList: .error("count"), .json: .error("-5")]),
        EvolutionRow(
            "change the signedness of an array's integers holding one the new type cannot ([Int] to [UInt], -5)",
            old: "$Note { counts: [Int] }",
            new: "$Note { counts: [UInt] }",
            value: "$Note(counts: [1, -5])", expected: "$Note(counts: [])",
            [.binary: .incompatible, .persistenceBinary: .error("cannot hold"),
             .persistenceJSON: .error("-5"), .persistencePropertyList: .error("counts"), .json: .error("-5")]),
        EvolutionRow(
            "change the signedness of a dictionary's integers holding one the new type cannot ([Int: [Int?]] to [UInt: [UInt?]], -5)",
            old: "$Note { counts: [Int: [Int?]] }",
            new: "$Note { counts: [UInt: [UInt?]] }",
            value: "$Note(counts: [3: [1, nil, -5]])", expected: "$Note(counts: [:])",
            [.binary: .incompatible, .persistenceBinary: .error("cannot hold"),
             .persistenceJSON: .error("-5"), .persistencePropertyList: .error("counts"), .json: .error("-5")]),
        EvolutionRow(
            "change a Double to a Float (0.1 reads as the nearest Float)",
            old: "$Note { ratio: Double }",
            new: "$Note { ratio: Float }",
            value: "$Note(ratio: 0.1)", expected: "$Note(ratio: 0.1)",
            [.binary: .error("wire type"), .persistenceBinary: .error("$Note.ratio was saved as Double, but this version declares it Float"),
             .persistencePropertyList: .error("does not fit in Float")]),
        EvolutionRow(
            "change a Double to a Float holding a value beyond Float's range (1e300)",
            old: "$Note { ratio: Double }",
            new: "$Note { ratio: Float }",
            value: "$Note(ratio: 1e300)", expected: "$Note(ratio: 0)",
            [.binary: .error("wire type"), .persistenceBinary: .error("$Note.ratio was saved as Double, but this version declares it Float"),
             .persistenceJSON: .error("Float"), .persistencePropertyList: .error("Float"), .json: .error("Float")]),
        EvolutionRow(
            "change a String to a plain enumeration (a string that is a case's tag)",
            old: [EvolutionSchemaFile(name: "Note.value", text: "$Note { kind: String }")],
            new: [EvolutionSchemaFile(name: "Kind.adtValue", text: "$Kind {\n Work\n Home\n}"), EvolutionSchemaFile(name: "Note.value", text: "$Note { kind: $Kind }")],
            root: "$Note",
            value: #"$Note(kind: "home")"#, expected: "$Note(kind: .home)",
            [.binary: .error("wire type"), .persistenceBinary: .error("$Note.kind was saved as String, but this version declares it $Kind")]),
        EvolutionRow(
            "change a String to a plain enumeration (a string that is no case's tag)",
            old: [EvolutionSchemaFile(name: "Note.value", text: "$Note { kind: String }")],
            new: [EvolutionSchemaFile(name: "Kind.adtValue", text: "$Kind {\n Work\n Home\n}"), EvolutionSchemaFile(name: "Note.value", text: "$Note { kind: $Kind }")],
            root: "$Note",
            value: #"$Note(kind: "garden")"#, expected: "$Note(kind: .work)",
            [.binary: .error("wire type"), .persistenceBinary: .error("$Note.kind was saved as String, but this version declares it $Kind"),
             .persistenceJSON: .error("garden"), .persistencePropertyList: .error("garden"), .json: .error("garden")]),
        EvolutionRow(
            "rename a nested type, its attributes the same",
            old: [EvolutionSchemaFile(name: "Contact.value", text: "$Contact { name: String\n address: $Address }\n$Address { city: String }")],
            new: [EvolutionSchemaFile(name: "Contact.value", text: "$Contact { name: String\n address: $Place }\n$Place { city: String }")],
            root: "$Contact",
            value: #"$Contact(name: "n", address: $Address(city: "c"))"#, expected: #"$Contact(name: "n", address: $Place(city: "c"))"#,
            [.persistenceBinary: .error("$Contact.address was saved as $Address, but this version declares it $Place")]),
        EvolutionRow(
            "remove a required attribute (old code cannot read new data; new code reads old data)",
            old: "$Note { title: String\n count: Int }",
            new: "$Note { title: String }",
            value: #"$Note(title: "a", count: 2)"#, expected: #"$Note(title: "a")"#),
        EvolutionRow(
            "change a String to Data (a string that is base64 too: \"abcd\" would read as 3 bytes)",
            old: "$Note { body: String }",
            new: "$Note { body: Data }",
            value: #"$Note(body: "abcd")"#, expected: "$Note(body: Data())",
            [.binary: .incompatible, .json: .incompatible],
            otherwise: .error("$Note.body was saved as String, but this version declares it Data")),
        EvolutionRow(
            "change an Int to a Date (a number that is seconds too)",
            old: "$Note { at: Int }",
            new: "$Note { at: Date }",
            value: "$Note(at: 1_000_000)", expected: "$Note(at: Date())",
            [.binary: .incompatible, .json: .error("expected a string")],
            otherwise: .error("$Note.at was saved as Int, but this version declares it Date")),
    ]
}
