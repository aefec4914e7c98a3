// Strings for `JSONWriter`: most text needs no escape, so the writer copies it sixteen
// bytes at a time and checks them for a character to escape with a few integer operations
// on 64-bit words (SWAR: SIMD within a register), instead of looking at each byte. (The
// standard library's SIMD16 compares compiled to generic calls: three times slower.)

extension JSONWriter {
    /// A comma if needed, then `text` in quotes, escaped, then `suffix` if any.
    internal mutating func writeQuoted(_ text: String, then suffix: UInt8?) {
        // The UTF-8 in place, without the copy (and reference count traffic) `withUTF8`
        // needs to be mutating; only a string bridged from elsewhere has none.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { writeQuoted($0, then: suffix) }
        if done == nil {
            var text = text
            text.withUTF8 { writeQuoted($0, then: suffix) }
        }
    }

    /// A comma if needed, then the UTF-8 text in quotes with the characters JSON requires
    /// escaped, then `suffix` if any (the colon after a key).
    internal mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, then suffix: UInt8?) {
        let at = commaLength
        guard let input = utf8.baseAddress, utf8.count > 0 else {
            output(room: 4) { end in
                end[0] = UInt8(ascii: ",")
                end[at] = UInt8(ascii: "\"")
                return at &+ 1 &+ JSONWriter.close(at: end + (at &+ 1), suffix)
            }
            return
        }
        let count = utf8.count
        var read = 0
        // One pass unless escapes make the text grow beyond the room reserved for it.
        output(room: count &+ JSONWriter.escapeSlack &+ 2) { end in
            end[0] = UInt8(ascii: ",")
            end[at] = UInt8(ascii: "\"")
            var written = at &+ 1
            let progress = JSONWriter.escape(input, count: count, from: 0, into: end + written, room: count &+ JSONWriter.escapeSlack)
            written &+= progress.written
            read = progress.read
            if read == count {
                written &+= JSONWriter.close(at: end + written, suffix)
            }
            return written
        }
        if read < count {
            writeEscapedRest(input, count: count, from: read, then: suffix)
        }
    }

    /// The rest of a text whose escapes outgrew the room first reserved for it.
    @inline(never)
    private mutating func writeEscapedRest(_ input: UnsafePointer<UInt8>, count: Int, from start: Int, then suffix: UInt8?) {
        var read = start
        while read < count {
            let from = read
            let room = (count &- from) &+ JSONWriter.escapeSlack
            output(room: room) { end in
                let progress = JSONWriter.escape(input, count: count, from: from, into: end, room: room)
                read = progress.read
                return progress.written
            }
        }
        output(room: 2) { end in
            JSONWriter.close(at: end, suffix)
        }
    }

    /// The room `escape` needs beyond one byte per input byte: an eight-byte store may
    /// run seven bytes past the text, an escape takes six bytes, and the closing quote and
    /// suffix two.
    private static let escapeSlack = 16

    /// Writes the closing quote and `suffix`; returns how many bytes.
    @inline(__always)
    private static func close(at end: UnsafeMutablePointer<UInt8>, _ suffix: UInt8?) -> Int {
        end[0] = UInt8(ascii: "\"")
        guard let suffix else { return 1 }
        end[1] = suffix
        return 2
    }

    /// Copies `input[start..<count]` to `output`, escaping what JSON requires, until the
    /// input ends or the `room` left is too small for another escape and the rest. `room`
    /// must be at least `count - start + escapeSlack`; on return at least two bytes of it
    /// are left.
    /// Returns how far it read in the input and how many bytes it wrote.
    private static func escape(
        _ input: UnsafePointer<UInt8>,
        count: Int,
        from start: Int,
        into output: UnsafeMutablePointer<UInt8>,
        room: Int
    ) -> (read: Int, written: Int) {
        var read = start
        var written = 0
        while true {
            // Sixteen bytes at a time while none needs an escape: store them, then look;
            // bytes that needed one are overwritten below.
            while count &- read >= 16 {
                let first = UnsafeRawPointer(input + read).loadUnaligned(as: UInt64.self)
                let second = UnsafeRawPointer(input + read).loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                UnsafeMutableRawPointer(output + written).storeBytes(of: first, as: UInt64.self)
                UnsafeMutableRawPointer(output + written).storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
                if escapeFlags(UInt64(littleEndian: first)) | escapeFlags(UInt64(littleEndian: second)) != 0 {
                    break
                }
                read &+= 16
                written &+= 16
            }
            // Eight bytes at a time, which also tells which byte needs an escape.
            var flags: UInt64 = 0
            while count &- read >= 8 {
                let word = UnsafeRawPointer(input + read).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(output + written).storeBytes(of: word, as: UInt64.self)
                flags = escapeFlags(UInt64(littleEndian: word))
                if flags != 0 {
                    break
                }
                read &+= 8
                written &+= 8
            }
            if flags == 0 {
                // The last one to seven bytes, as one word too.
                let rest = count &- read
                if rest == 0 {
                    return (read, written)
                }
                let word = loadShort(input + read, count: rest)
                UnsafeMutableRawPointer(output + written).storeBytes(of: word.littleEndian, as: UInt64.self)
                flags = escapeFlags(word) & (1 &<< (rest &* 8) &- 1)
                if flags == 0 {
                    return (count, written &+ rest)
                }
            }
            let clean = flags.trailingZeroBitCount &>> 3
            read &+= clean
            written &+= clean
            guard room &- written >= (count &- read) &+ escapeSlack &- 1 else {
                return (read, written)
            }
            written &+= writeEscape(input[read], at: output + written)
            read &+= 1
        }
    }

    /// One to seven bytes as the low bytes of a word (byte i in bits 8i...8i+7), the rest
    /// zero, read without going past them: two overlapping loads, or three single bytes.
    @inline(__always)
    private static func loadShort(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        if count >= 4 {
            let head = UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt32.self))
            let tail = UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return UInt64(head) | UInt64(tail) &<< ((count &- 4) &* 8)
        }
        let middle = count &>> 1
        return UInt64(start[0]) | UInt64(start[middle]) &<< (middle &* 8) | UInt64(start[count &- 1]) &<< ((count &- 1) &* 8)
    }

    /// The high bit of each byte of `word` (read little-endian) that may need an escape: a
    /// control character, `"` or `\`. The lowest flagged byte always does; bytes above it
    /// may be flagged wrongly (a borrow carries into them), so only the lowest is used.
    @inline(__always)
    private static func escapeFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let quoteFlags = (quote &- ones) & ~quote
        let backslashFlags = (backslash &- ones) & ~backslash
        return (control | quoteFlags | backslashFlags) & (ones &* 0x80)
    }

    /// Writes the escape for `byte` (at most six bytes); returns how many bytes.
    private static func writeEscape(_ byte: UInt8, at output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            output[1] = byte
        case 0x0A:
            output[1] = UInt8(ascii: "n")
        case 0x0D:
            output[1] = UInt8(ascii: "r")
        case 0x09:
            output[1] = UInt8(ascii: "t")
        case 0x08:
            output[1] = UInt8(ascii: "b")
        case 0x0C:
            output[1] = UInt8(ascii: "f")
        default:
            let hex: StaticString = "0123456789abcdef"
            output[1] = UInt8(ascii: "u")
            output[2] = UInt8(ascii: "0")
            output[3] = UInt8(ascii: "0")
            output[4] = hex.utf8Start[Int(byte >> 4)]
            output[5] = hex.utf8Start[Int(byte & 0xF)]
            return 6
        }
        return 2
    }
}
