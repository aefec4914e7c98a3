import Testing
@testable import ValuegenRuntime

/// Skipping an indented object predicts the line that closes it, a step less indented than its
/// members (`skipObject`): the same outcome as the reference's, for documents printed with
/// steps of 1 to 8 spaces and for the same documents with their closing lines broken.
@Suite("Skipped indented objects")
struct JSONSkippedIndentationTests {
    @Test func skippedIndentedObjectsAreCheckedAsTheReferenceChecksThem() {
        var generator = SeededGenerator(seed: 41)
        var skipped = 0
        var mutated = 0
        for _ in 0..<10_000 {
            let step = [1, 2, 3, 4, 8][Int(generator.next() % 5)]
            var text = Self.object(&generator, level: 0, step: step)
            if generator.next() % 2 == 0, Self.breakAClosingLine(&text, &generator) {
                mutated += 1
            }
            // Sometimes followed by more (the 18 bytes the prediction loads), sometimes not.
            let document = Array((text + (generator.next() % 2 == 0 ? "" : "  , 1, [\"after\"], {\"k\": null}")).utf8)
            let fast = readOutcome(document) { reader throws(JSONError) -> Int in try reader.skipValue(); return 0 }
            let reference = readOutcome(document) { reader throws(JSONError) -> Int in try reader.referenceSkipValue(); return 0 }
            #expect(fast == reference, "\(text)")
            if case .value = fast { skipped += 1 }
        }
        // Both outcomes are well exercised.
        #expect(skipped > 5_000 && mutated > 3_000 && skipped < 10_000, "\(skipped) of 10000 skipped, \(mutated) broken")
    }

    /// An object with up to five members, printed as pretty printers print it: each member on
    /// a line indented by its level times `step`, the `}` on a line a step less indented.
    static func object(_ generator: inout SeededGenerator, level: Int, step: Int) -> String {
        let count = Int(generator.next() % 6)
        guard count > 0 else { return "{}" }
        let indent = String(repeating: " ", count: (level + 1) * step)
        let members = (0..<count).map { index in
            "\(indent)\"member\(index)\": \(value(&generator, level: level + 1, step: step))"
        }
        return "{\n" + members.joined(separator: ",\n") + "\n" + String(repeating: " ", count: level * step) + "}"
    }

    static func value(_ generator: inout SeededGenerator, level: Int, step: Int) -> String {
        switch generator.next() % (level < 6 ? 6 : 4) {
        case 0: return "null"
        case 1: return String(generator.next() % 100_000)
        case 2: return "\"text \(generator.next() % 1000)\""
        case 3: return "true"
        case 4: return object(&generator, level: level, step: step)
        default:
            let count = Int(generator.next() % 4)
            guard count > 0 else { return "[]" }
            let indent = String(repeating: " ", count: (level + 1) * step)
            let elements = (0..<count).map { _ in indent + value(&generator, level: level + 1, step: step) }
            return "[\n" + elements.joined(separator: ",\n") + "\n" + String(repeating: " ", count: level * step) + "]"
        }
    }

    /// Changes the white space or the brace of one line that closes an object: a space more or
    /// fewer, a tab, a carriage return, a blank line, another character for the brace or for a
    /// space before it, a comma before it. False when the text has no such line.
    static func breakAClosingLine(_ text: inout String, _ generator: inout SeededGenerator) -> Bool {
        var bytes = Array(text.utf8)
        let closings = bytes.indices.filter { index in
            bytes[index] == UInt8(ascii: "}") && (bytes[..<index].last { $0 != 0x20 } == 0x0A)
        }
        guard !closings.isEmpty else { return false }
        let brace = closings[Int(generator.next() % UInt64(closings.count))]
        switch generator.next() % 9 {
        case 0: bytes.insert(0x20, at: brace)
        case 1: if bytes[brace - 1] == 0x20 { bytes.remove(at: brace - 1) } else { bytes.insert(0x09, at: brace) }
        case 2: bytes.insert(0x09, at: brace)
        case 3: bytes.insert(0x0D, at: brace)
        case 4: bytes.insert(0x0A, at: brace)
        case 5: bytes[brace] = UInt8(ascii: "]")
        case 6: bytes[brace] = UInt8(ascii: "x")
        case 7: if bytes[brace - 1] == 0x20 { bytes[brace - 1] = UInt8(ascii: "x") } else { bytes.insert(UInt8(ascii: "x"), at: brace) }
        default: bytes.insert(UInt8(ascii: ","), at: brace)
        }
        text = String(decoding: bytes, as: UTF8.self)
        return true
    }
}
