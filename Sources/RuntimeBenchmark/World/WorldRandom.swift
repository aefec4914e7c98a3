// The seeded choices the document generators make (SplitMix64, as RecordFactory's): every run
// on every platform writes the same documents, and nothing is downloaded.
import Foundation

struct WorldRandom {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(generator.next() % UInt64(range.count))
    }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool {
        generator.next() % 100 < UInt64(percent)
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(generator.next() % UInt64(elements.count))]
    }

    /// A double in the range with all 53 bits of randomness.
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(generator.next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    /// A 64-bit id above 2^53, as Twitter's and Discord's snowflake ids are.
    mutating func snowflake() -> Int {
        Int(1 << 58) + Int(generator.next() >> 8)
    }

    mutating func characters(_ count: Int, from alphabet: String) -> String {
        let letters = Array(alphabet)
        return String((0..<count).map { _ in pick(letters) })
    }

    mutating func hex(_ count: Int) -> String {
        characters(count, from: "0123456789abcdef")
    }

    mutating func alphanumeric(_ count: Int) -> String {
        characters(count, from: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    }
}
