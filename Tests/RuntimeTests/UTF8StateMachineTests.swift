import Testing
@testable import ValuegenRuntime

/// The UTF-8 check through a state machine (`isWellFormedUTF8(in:)`) against the
/// sequence-by-sequence check that says where an error is (`firstInvalidUTF8(in:)`) and against
/// the standard library's own validation, on byte strings made of well-formed and ill-formed
/// pieces of every length, at every offset of a buffer.
@Suite("UTF-8 state machine")
struct UTF8StateMachineTests {
    @Test func theTableIsTheDefinition() {
        for byte in 0...255 {
            let word = UTF8StateMachine.transitions[byte]
            for state in UTF8StateMachine.states {
                #expect((word >> state) & 63 == UTF8StateMachine.next(after: UInt8(byte), from: state), "byte \(byte), state \(state)")
            }
        }
    }

    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("plain ASCII text, sixteen bytes+".utf8), Array("é".utf8), Array("日本語".utf8), Array("😀".utf8),
        Array("\u{7FF}".utf8), Array("\u{800}".utf8), Array("\u{FFFF}".utf8), Array("\u{10000}".utf8), Array("\u{10FFFF}".utf8),
        [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0x80], [0xBF], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0xC3],
    ]

    @Test func itAgreesWithTheOtherChecks() {
        var generator = SeededGenerator(seed: 8)
        var valid = 0
        for _ in 0..<30_000 {
            var bytes: [UInt8] = []
            let count = Int(generator.next() % 12)
            let troubles = generator.next() % 2 == 0
            for _ in 0..<count {
                let choice = Int(generator.next() % UInt64(troubles ? Self.pieces.count : 10))
                bytes += Self.pieces[choice]
            }
            let lead = Int(generator.next() % 20)
            let buffer = [UInt8](repeating: 0x41, count: lead) + bytes + [0x41, 0x41, 0x41]
            buffer.withUnsafeBytes { raw in
                let range = lead..<(lead + bytes.count)
                let wellFormed = raw.isWellFormedUTF8(in: range)
                #expect(wellFormed == (raw.firstInvalidUTF8(in: range) == nil), "\(bytes)")
                #expect(wellFormed == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
                if wellFormed { valid += 1 }
            }
        }
        #expect(valid > 10_000 && valid < 25_000, "\(valid) of 30000 well-formed")
    }
}
