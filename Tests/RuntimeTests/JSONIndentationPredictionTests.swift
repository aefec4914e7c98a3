import Testing
@testable import ValuegenRuntime

/// The line starts the reader predicts from its depth (`predictedLineStart(after:)`, and
/// `predictedWideLineStart(after:)` past sixteen spaces): a prediction is taken only when the
/// spaces are really there and what follows is not white space, so the reader stops at the
/// byte the byte-at-a-time reference stops at whatever the document's indentation, and it
/// learns the step pretty printers use.
@Suite("JSON indentation predicted from the depth")
struct JSONIndentationPredictionTests {
    @Test func aPredictionIsTakenOnlyWhereTheReferenceStops() {
        let endings: [[UInt8]] = [[UInt8(ascii: "\"")], [0x7D], [0x09, 0x31], [0x0D], [0x0A, 0x20, 0x31], [0x0B], [0x00], [0xA0], [0x20, 0x31], []]
        var predicted = 0
        for step in 1...8 {
            for depth in 0...9 {
                for spaces in 0...40 {
                    for ending in endings {
                        for tail in [0, 1, 15, 40] {
                            let document = [UInt8(0x0A)] + [UInt8](repeating: 0x20, count: spaces) + ending + [UInt8](repeating: UInt8(ascii: "x"), count: tail)
                            var prediction: Int?
                            let fast = readOutcome(document) { reader throws(JSONError) -> Int in
                                reader.depth = depth
                                reader.indentationStep = step
                                prediction = reader.predictedLineStart(after: 0) ?? reader.predictedWideLineStart(after: 0)
                                reader.skipWhitespace()
                                return 0
                            }
                            let reference = readOutcome(document) { reader throws(JSONError) -> Int in reader.referenceSkipWhitespace(); return 0 }
                            #expect(fast == reference, "step \(step), depth \(depth): \(document)")
                            if let prediction {
                                predicted += 1
                                // The spaces after the line feed (an ending may begin with more).
                                let width = document.dropFirst().prefix { $0 == 0x20 }.count
                                #expect(width == depth * step && (1...32).contains(width), "step \(step), depth \(depth): \(document)")
                                #expect(reference == .value(0, end: prediction), "step \(step), depth \(depth): \(document)")
                            }
                        }
                    }
                }
            }
        }
        // Every width the prediction covers, with the endings that are not white space.
        #expect(predicted > 600, "\(predicted) predictions")
    }

    @Test func prettyPrintedDocumentsAreSkippedAsTheReferenceSkipsThemAndTeachTheStep() {
        var generator = SeededGenerator(seed: 41)
        var learned = 0
        for round in 0..<3_000 {
            let step = Int(generator.next() % 8) + 1
            // One document in three has a line indented otherwise than its depth says (a
            // space more or less, a tab, a carriage return), as hand-edited files do.
            let perturbed = round % 3 == 0
            // Most documents followed by white space, so that their last lines are not in the
            // last sixteen bytes (read byte by byte, and nothing learned from them).
            let padded = round % 4 != 3
            let document = Self.prettyPrinted(&generator, step: step, perturbed: perturbed) + (padded ? [UInt8](repeating: 0x20, count: 24) : [])
            var learnedStep = 0
            let fast = readOutcome(document) { reader throws(JSONError) -> Int in
                try reader.skipValue()
                learnedStep = reader.indentationStep
                return 0
            }
            let reference = readOutcome(document) { reader throws(JSONError) -> Int in try reader.referenceSkipValue(); return 0 }
            #expect(fast == reference, "\(String(decoding: document, as: UTF8.self))")
            if !perturbed, padded, document.contains(0x0A) {
                #expect(learnedStep == step, "\(String(decoding: document, as: UTF8.self))")
                learned += 1
            }
        }
        #expect(learned > 500, "\(learned) documents taught their step")
    }

    /// A nested object and array document printed with `step` spaces a level; with
    /// `perturbed`, about one line in five is indented wrongly.
    static func prettyPrinted(_ generator: inout SeededGenerator, step: Int, perturbed: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        func oneIn(_ n: UInt64) -> Bool { generator.next() % n == 0 }
        func line(_ level: Int) {
            var width = level * step
            if perturbed, oneIn(5) {
                switch generator.next() % 4 {
                case 0: width += 1
                case 1: width = max(0, width - 1)
                case 2: bytes.append(0x09)
                default: bytes.append(0x0D)
                }
            }
            bytes.append(0x0A)
            bytes += [UInt8](repeating: 0x20, count: width)
        }
        func value(_ level: Int) {
            switch level > 5 ? generator.next() % 2 : generator.next() % 5 {
            case 0: bytes += Array("\"\(generator.next() % 1000)\"".utf8)
            case 1: bytes += Array("\(generator.next() % 100_000)".utf8)
            case 2, 3:
                bytes.append(UInt8(ascii: "{"))
                let count = Int(generator.next() % 4)
                for index in 0..<count {
                    line(level + 1)
                    bytes += Array("\"k\(index)\": ".utf8)
                    value(level + 1)
                    if index + 1 < count { bytes.append(UInt8(ascii: ",")) }
                }
                if count > 0 { line(level) }
                bytes.append(UInt8(ascii: "}"))
            default:
                bytes.append(UInt8(ascii: "["))
                let count = Int(generator.next() % 4)
                for index in 0..<count {
                    line(level + 1)
                    value(level + 1)
                    if index + 1 < count { bytes.append(UInt8(ascii: ",")) }
                }
                if count > 0 { line(level) }
                bytes.append(UInt8(ascii: "]"))
            }
        }
        value(0)
        return bytes
    }
}
