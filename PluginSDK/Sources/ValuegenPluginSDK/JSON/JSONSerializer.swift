/// Writes a ``JSONValue`` as compact UTF-8 JSON: members in their order, strings escaped as
/// RFC 8259 requires, integral numbers without a fraction. Deterministic to the byte.
public enum JSONSerializer {
    /// The value as compact UTF-8 JSON bytes.
    public static func serialize(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(8192)
        write(value, to: &output)
        return output
    }

    /// Appends the value as compact UTF-8 JSON to `output`.
    public static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            writeNumber(number, to: &output)
        case .string(let text):
            writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            elements.withUnsafeBufferPointer { elements in
                for index in elements.indices {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    write(elements[index], to: &output)
                }
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            members.withUnsafeBufferPointer { members in
                for index in members.indices {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    writeString(members[index].key, to: &output)
                    output.append(UInt8(ascii: ":"))
                    write(members[index].value, to: &output)
                }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func writeNumber(_ number: Double, to output: inout [UInt8]) {
        if number.isFinite, number == number.rounded(), abs(number) < 9.0e15 {
            writeInteger(Int64(number), to: &output)
        } else if number.isFinite {
            output.append(contentsOf: "\(number)".utf8)
        } else {
            output.append(contentsOf: "null".utf8)
        }
    }

    /// Digits written straight into the output: requests hold a line and a column for
    /// everything, so this is the common number.
    static func writeInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 {
            output.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: buffer[(20 - count)...])
        }
    }

    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Most strings need no escape: copy them whole.
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                appendEscape(byte, to: &output)
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            output.append(hex.utf8Start[Int(byte >> 4)])
            output.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}
