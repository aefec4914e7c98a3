// What a decoded model holds, summed so that two readers in two languages can show they read
// the same values: the simdjson readers (simdjson/reader.h) compute the same sums over their
// C++ structs. Sums rather than a running hash, so the order of a dictionary's entries, which
// neither a Swift Dictionary nor a std::unordered_map keeps, does not count.
import Foundation

struct ModelChecksum: Equatable, CustomStringConvertible {
    var strings = 0
    /// The sum of the strings' FNV-1a hashes of their UTF-8 bytes.
    var stringHashes: UInt64 = 0
    /// Integers, dates as whole seconds since 1970 among them.
    var integers = 0
    var integerSum: UInt64 = 0
    var doubles = 0
    /// The sum of the doubles' bit patterns: equal only when every double is the same double.
    var doubleBits: UInt64 = 0
    var trues = 0
    var falses = 0
    /// Optionals without a value.
    var nils = 0

    /// The values `model` holds, found by reflection, so every model is summed by the same code:
    /// strings, integers, doubles, booleans, dates and nils, in structs, arrays, dictionaries (keys
    /// and values: a `[Int64: T]`'s keys count as integers), optionals and enum payloads. An
    /// enum's case itself is not counted.
    init(of model: Any) {
        add(model)
    }

    var description: String {
        "strings=\(strings) string_hashes=\(hex(stringHashes)) integers=\(integers) integer_sum=\(hex(integerSum)) "
            + "doubles=\(doubles) double_bits=\(hex(doubleBits)) trues=\(trues) falses=\(falses) nils=\(nils)"
    }

    /// The counts alone, for the benchmark's output.
    var counts: String {
        "\(strings) strings, \(integers + doubles) numbers, \(trues + falses) booleans, \(nils) nils"
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private mutating func add(_ value: Any) {
        switch value {
        case let text as String:
            strings += 1
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            stringHashes &+= hash
        case let integer as Int:
            addInteger(Int64(integer))
        case let integer as Int64:
            addInteger(integer)
        case let double as Double:
            doubles += 1
            doubleBits &+= double.bitPattern
        case let bool as Bool:
            if bool { trues += 1 } else { falses += 1 }
        case let date as Date:
            addInteger(Int64(date.timeIntervalSince1970))
        case let doubles as [Double]:
            for double in doubles { add(double) }
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional, mirror.children.isEmpty {
                nils += 1
            }
            for child in mirror.children {
                add(child.value)
            }
        }
    }

    private mutating func addInteger(_ value: Int64) {
        integers += 1
        integerSum &+= UInt64(bitPattern: value)
    }
}
