import Foundation
import Testing
@testable import ValuegenRuntime

// A layout's text is read as strictly as the generator writes it (docs/BinaryFormat.md,
// "Self-describing documents"): what is not as it writes it is refused, naming the line and the
// entry, because a layout that lost an entry would read that field as missing everywhere.

/// Asserts that the layout is refused with `the layout of the data is damaged: ` and `detail`,
/// at `offset` (the first byte of the line).
private func expectRefused(_ text: String, _ detail: String, at offset: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let layout = try BinaryLayout(parsing: text)
        Issue.record("expected the error \"\(detail)\", read the types \(layout.types.keys.sorted())", sourceLocation: sourceLocation)
    } catch {
        #expect(error.message == "the layout of the data is damaged: " + detail, sourceLocation: sourceLocation)
        #expect(error.offset == offset, sourceLocation: sourceLocation)
    }
}

/// The repository's root, for the generated files whose layouts must read.
private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The string literals `BinaryModelLayout("…"` of the generated files under `folder`.
private func generatedLayoutLines(under folder: String) throws -> [String] {
    var lines: [String] = []
    let root = repositoryRoot.appendingPathComponent(folder)
    let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
    for path in paths where path.hasSuffix(".swift") {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var rest = text[...]
        while let start = rest.range(of: "BinaryModelLayout(\"") {
            var literal = ""
            var index = start.upperBound
            while rest[index] != "\"" {
                if rest[index] == "\\" {
                    index = rest.index(after: index)
                }
                literal.append(rest[index])
                index = rest.index(after: index)
            }
            lines.append(literal)
            rest = rest[index...]
        }
    }
    return lines
}

@Suite struct BinaryLayoutParsingTests {
    @Test func readsEveryFormTheGeneratorWrites() throws {
        let lines = [
            "Note = 1 title/name/heading String; 2 scores [String:[Double]]?; 3 ids Set<UUID>; 4 box Outer.Inner; 5 pair Pair<Int,String>; 6 grid [[Int?]]; 7 café String; 8 photo any Photo; 536870911 last Bool",
            "Empty =",
            "Tag = enum 1 work; 2 home",
            "Never = enum ",  // a plain enumeration without cases, an ADT of only its unknown case
            "Kept = adt unknown ",
            "Shape = adt unknown 1 circle { 1 radius Double }; 2 label String?; 3 empty; 4 hollow {  }",  // attributes all %transient
        ]
        let layout = try BinaryLayout(parsing: lines.joined(separator: "\n"))
        #expect(layout.rootName == "Note")
        let note = try #require(layout.types["Note"])
        #expect(note.fields.map(\.number) == [1, 2, 3, 4, 5, 6, 7, 8, 536_870_911])
        #expect(note.fields[0].formerNames == ["name", "heading"])
        #expect(note.fields.map(\.type) == ["String", "[String:[Double]]?", "Set<UUID>", "Outer.Inner", "Pair<Int,String>", "[[Int?]]", "String", "any Photo", "Bool"])
        #expect(layout.types["Empty"]?.fields.isEmpty == true)
        #expect(layout.types["Tag"]?.cases.map(\.name) == ["work", "home"])
        #expect(layout.types["Never"]?.kind == .enumeration)
        #expect(layout.types["Kept"]?.kind == .adt(keepsUnknownCases: true))
        let shape = try #require(layout.types["Shape"])
        #expect(shape.cases.map(\.number) == [1, 2, 3, 4])
        guard case .fields(let hollow) = shape.cases[3].payload, case .single(let label, _) = shape.cases[1].payload else {
            Issue.record("expected a case of fields and one of a single value")
            return
        }
        #expect(hollow.isEmpty)
        #expect(label == "String?")
    }

    /// Every layout line the generator wrote into the golden files and the runtime benchmark's
    /// models: a change of what it writes that the reader would refuse fails here.
    @Test func readsEveryLayoutTheGeneratorWroteInTheRepository() throws {
        let lines = try generatedLayoutLines(under: "Fixtures/Golden") + generatedLayoutLines(under: "Sources/RuntimeBenchmark/Generated")
        #expect(lines.count >= 20)
        for line in lines {
            do {
                _ = try BinaryLayout(parsing: line)
            } catch {
                Issue.record("\(error): \(line)")
            }
        }
    }

    @Test func refusesAFieldThatIsNotNumberNameType() {
        expectRefused("Note = 1 title String; 6link URL?", #"line 1, entry "6link URL?" is not "number name type""#)
        expectRefused("Note = 1 title", #"line 1, entry "1 title" is not "number name type""#)
        expectRefused("Note = title String", #"line 1, entry "title String" is not "number name type""#)
        expectRefused("Note = 1 9lives Int", #"line 1, entry "1 9lives Int" is not "number name type""#)
        expectRefused("Note = 1 title/ String", #"line 1, entry "1 title/ String" is not "number name type""#)
        expectRefused("Note = 1 title String; ", #"line 1, entry "" is not "number name type""#)
    }

    @Test func refusesABadFieldNumber() {
        expectRefused("Note = 0 title String", #"line 1, entry "0 title String" is not "number name type""#)
        expectRefused("Note = 01 title String", #"line 1, entry "01 title String" is not "number name type""#)
        expectRefused("Note = -1 title String", #"line 1, entry "-1 title String" is not "number name type""#)
        expectRefused("Note = 536870912 title String", #"line 1, entry "536870912 title String" has the field number 536870912, outside 1...536870911"#)
    }

    @Test func refusesAFieldNumberOrNameThatComesTwice() {
        expectRefused("Note = 1 title String; 1 count Int", #"line 1, entry "1 count Int" repeats the field number 1"#)
        expectRefused("Note = 1 title String; 2 title Int", #"line 1, entry "2 title Int" repeats the name title"#)
        expectRefused("Shape = adt 1 circle { 1 radius Double; 1 area Double }", #"line 1, entry "1 area Double" repeats the field number 1"#)
    }

    @Test func refusesATypeThatDoesNotParse() {
        expectRefused("Note = 1 scores [String:]", #"line 1, entry "1 scores [String:]" has the type "[String:]", which is not a type"#)
        expectRefused("Note = 1 ids Set<>", #"line 1, entry "1 ids Set<>" has the type "Set<>", which is not a type"#)
        expectRefused("Note = 1 link URL? extra", #"line 1, entry "1 link URL? extra" has the type "URL? extra", which is not a type"#)
        expectRefused("Note = 1 link URL?x", #"line 1, entry "1 link URL?x" has the type "URL?x", which is not a type"#)
        expectRefused("Note = 1 link ", #"line 1, entry "1 link " has the type "", which is not a type"#)
        // Nested deeper than 32 levels: refused, not read by recursion however deep; quoted
        // 57 characters long and cut.
        let deep = String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40)
        let quotedEntry = "1 grid " + String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 7) + "…"
        let quotedType = String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 14) + "…"
        expectRefused("Note = 1 grid \(deep)", "line 1, entry \"\(quotedEntry)\" has the type \"\(quotedType)\", which is not a type")
    }

    @Test func refusesUnbalancedBrackets() {
        expectRefused("Note = 1 tags [String; 2 count Int", #"line 1 has unbalanced brackets: "1 tags [String; 2 count Int""#)
        expectRefused("Note = 1 tags String]", #"line 1 has unbalanced brackets: "1 tags String]""#)
        expectRefused("Shape = adt 1 circle { 1 radius Double", #"line 1 has unbalanced brackets: "1 circle { 1 radius Double""#)
        expectRefused("Note = 1 tags [String>", #"line 1 has unbalanced brackets: "1 tags [String>""#)
    }

    @Test func refusesALineThatIsNotTypeEqualsBody() {
        expectRefused(" = 1 title String", "line 1 has an empty type name")
        expectRefused("No te = 1 title String", #"line 1, the type name "No te" is not a name"#)
        expectRefused("Note 1 title String", #"line 1, "Note 1 title String" is not "Type = …""#)
        expectRefused("Note = ", #"line 1, "Note = " is not "Type = …""#)
        expectRefused("Note =1 title String", #"line 1, "Note =1 title String" is not "Type = …""#)
        expectRefused("Note = 1 title String;2 count Int", #"line 1, entry "2 count Int" does not follow "; ""#)
    }

    @Test func refusesEmptyAndRepeatedLinesAndAnEmptyLayout() {
        expectRefused("Note = 1 title String\n\nTag = enum 1 work", "line 2 is empty", at: 22)
        expectRefused("Note =\n", "line 2 is empty", at: 7)
        expectRefused("Note =\nNote = 1 title String", "line 2 repeats the type Note", at: 7)
        expectRefused("", "it names no type")
    }

    @Test func refusesACaseThatDoesNotParse() {
        expectRefused("Tag = enum 1 work String", #"line 1, entry "1 work String" is not "number name""#)
        expectRefused("Tag = enum work", #"line 1, entry "work" is not "number name""#)
        expectRefused("Shape = adt circle", #"line 1, entry "circle" is not "number name", "number name type" or "number name { fields }""#)
        expectRefused("Shape = adt 1 circle {1 radius Double}", #"line 1, entry "1 circle {1 radius Double}" is not "number name", "number name type" or "number name { fields }""#)
        expectRefused("Shape = adt 1 circle { 1 radius }", #"line 1, entry "1 radius" is not "number name type""#)
        expectRefused("Shape = adt 1 label String?x", #"line 1, entry "1 label String?x" has the type "String?x", which is not a type"#)
        expectRefused("Shape = adt 1 circle; 1 square", #"line 1, entry "1 square" repeats the case number 1"#)
        expectRefused("Tag = enum 1 work; 2 work", #"line 1, entry "2 work" repeats the name work"#)
    }

    @Test func refusesALayoutThatIsNotUTF8NamingWhereTheLineIs() {
        let bytes: [UInt8] = Array("Note = 1 title String\nTag = enum 1 w".utf8) + [0xFF]
        let error = bytes.withUnsafeBytes { buffer in
            #expect(throws: BinaryError.self) { try BinaryLayout(parsing: buffer, at: 5) }
        }
        #expect(error == BinaryError(message: "the layout of the data is damaged: it is not valid UTF-8", offset: 5))
        // A line's offset counts from where the layout starts in the data.
        #expect(throws: BinaryError(message: #"the layout of the data is damaged: line 2, entry "x" is not "number name""#, offset: 5 + 22)) {
            try BinaryLayout(parsing: "Note = 1 title String\nTag = enum x", at: 5)
        }
    }
}
