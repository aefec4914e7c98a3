import ValuegenPluginSDK

/// Finds the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlong forms,
/// no surrogates, nothing above U+10FFFF).
enum UTF8Validation {
    static func firstInvalidByte(in bytes: [UInt8]) -> (offset: Int, location: SourceLocation)? {
        var index = 0
        var line = 1
        var lineStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                return (index, SourceLocation(line: line, column: index - lineStart + 1))
            }
            index += length
        }
        return nil
    }

    /// The length of the well-formed sequence starting at the index, or 0.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch bytes[index] {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }
}
