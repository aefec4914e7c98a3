/// An integer written in a string (`"12345"`), as some APIs send large or all integers: what
/// the lenient readers (``JSONReader/readLenientInteger(_:)``,
/// `KeyedDecodingContainer.decodeLenient(_:forKey:)`) accept in a string, the same for both.
///
/// Exactly an integer in decimal: an optional `-`, then one or more ASCII digits, nothing else
/// (no `+`, no white space, no fraction or exponent; leading zeros are digits like any other).
enum LenientInteger<T: FixedWidthInteger> {
    case value(T)
    /// Not an integer in decimal.
    case notAnInteger
    /// An integer in decimal beyond `T`'s range.
    case outOfRange

    init(parsing text: String) {
        var utf8 = Substring(text).utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative {
            utf8 = utf8.dropFirst()
        }
        guard !utf8.isEmpty else {
            self = .notAnInteger
            return
        }
        var value: T = 0
        var overflowed = false
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                self = .notAnInteger
                return
            }
            guard !overflowed else { continue }
            // Accumulated toward the sign, so that T.min fits.
            let digit = T(byte &- UInt8(ascii: "0"))
            let shifted = value.multipliedReportingOverflow(by: 10)
            let next = negative ? shifted.partialValue.subtractingReportingOverflow(digit) : shifted.partialValue.addingReportingOverflow(digit)
            if shifted.overflow || next.overflow || (negative && !T.isSigned && digit != 0) {
                overflowed = true
            } else {
                value = next.partialValue
            }
        }
        self = overflowed ? .outOfRange : .value(value)
    }
}
