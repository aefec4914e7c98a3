/// An integer written as text in decimal, as two kinds of text hold one, each read the same
/// way by every coder:
///
/// - a lenient integer in a string (`"12345"`), as some APIs send large or all integers
///   (``JSONReader/readLenientInteger(_:)``, `KeyedDecodingContainer.decodeLenient(_:forKey:)`,
///   the Dictionary feature's lenient integers): an optional `-`, then one or more ASCII
///   digits, nothing else (``Signs/minusOnly``);
/// - the member name of a dictionary keyed by integers (`{"138586341": …}`, ``JSONObjectKey``):
///   what Foundation's Codable accepts for a `[Int: T]` key, which is what Swift's
///   `Int(_: String)` accepts: an optional `+` or `-`, then one or more ASCII digits
///   (``Signs/plusOrMinus``).
///
/// Neither allows white space, a fraction, an exponent, `_` or other scripts' digits; leading
/// zeros are digits like any other (`"007"` is 7), and `"-0"` is zero, of unsigned types too.
enum DecimalInteger<T: FixedWidthInteger> {
    case value(T)
    /// Not an integer in decimal.
    case notAnInteger
    /// An integer in decimal beyond `T`'s range.
    case outOfRange

    /// The signs a text may start with.
    enum Signs {
        case minusOnly
        case plusOrMinus
    }

    init(parsing text: String, signs: Signs = .minusOnly) {
        var text = text
        self = text.withUTF8 { DecimalInteger(parsing: $0, signs: signs) }
    }

    init(parsing utf8: UnsafeBufferPointer<UInt8>, signs: Signs) {
        var index = 0
        let count = utf8.count
        let negative = count > 0 && utf8[0] == UInt8(ascii: "-")
        if negative || (signs == .plusOrMinus && count > 0 && utf8[0] == UInt8(ascii: "+")) {
            index = 1
        }
        guard index < count else {
            self = .notAnInteger
            return
        }
        var value: T = 0
        var overflowed = false
        while index < count {
            let byte = utf8[index]
            index += 1
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
