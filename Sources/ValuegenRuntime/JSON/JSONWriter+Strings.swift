// Strings for `JSONWriter`: most text needs no escape, so the writer copies it sixteen bytes
// at a time and compares the sixteen with `"`, `\` and the control characters at once
// (SIMD16<UInt8>), instead of looking at each byte; the runs between escapes are copied whole.
// Bytes above ASCII are copied as they are: JSON needs no escape for them.

extension JSONWriter {
    /// A comma if needed, then `text` in quotes, escaped, then `suffix` if any.
    internal mutating func writeQuoted(_ text: String, then suffix: UInt8?) {
        text.withUTF8InPlace { writeQuoted($0, then: suffix) }
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
        let room = JSONWriter.escapeRoom(count)
        output(room: room &+ 2) { end in
            end[0] = UInt8(ascii: ",")
            end[at] = UInt8(ascii: "\"")
            var written = at &+ 1
            // A text of fewer than sixteen bytes without an escape (most names, ids, states):
            // one block, compared and stored here, without the call.
            if count < 16 {
                let block = JSONWriter.loadShort(input, count: count)
                if JSONWriter.escapedBytes(block, lanes: count) == 0 {
                    UnsafeMutableRawPointer(end + written).storeBytes(of: block.littleEndian, as: UInt128.self)
                    written &+= count
                    read = count
                    return written &+ JSONWriter.close(at: end + written, suffix)
                }
            }
            let progress = JSONWriter.escape(input, count: count, from: 0, into: end + written, room: room)
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
            // Twice the rest: a text dense with escapes is written in a few passes.
            let room = JSONWriter.escapeRoom((count &- from) &* 2)
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

    /// The room `escape` needs beyond one byte per input byte: the escapes of a block of
    /// thirty-two control characters (six bytes each) and two sixteen-byte stores after them.
    private static let escapeSlack = 240

    /// The room to reserve for `count` bytes of text and their escapes: a quarter more than
    /// the text besides the slack, so that a text with an escape every few words (`\r\n`,
    /// quotes) is written in one pass.
    @inline(__always)
    private static func escapeRoom(_ count: Int) -> Int {
        count &+ (count &>> 2) &+ escapeSlack
    }

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
    /// must be at least `count - start + escapeSlack`; on return at least sixteen bytes of it
    /// are left. Returns how far it read in the input and how many bytes it wrote.
    ///
    /// Bytes are stored before they are looked at, and bytes that needed an escape are written
    /// over. Thirty-two bytes at a time while 80 are left: compared with `"`, `\` and the
    /// control characters (two `SIMD16<UInt8>` comparisons); a block without a match is done,
    /// and in one with matches each is escaped where its lane goes, followed by the 32 input
    /// bytes after it. Then sixteen at a time, reading again from just after each escape.
    private static func escape(
        _ input: UnsafePointer<UInt8>,
        count: Int,
        from start: Int,
        into output: UnsafeMutablePointer<UInt8>,
        room: Int
    ) -> (read: Int, written: Int) {
        let source = UnsafeRawPointer(input)
        let target = UnsafeMutableRawPointer(output)
        var read = start
        var written = 0
        // Thirty-two bytes at a time while 80 are left (a block, and the 33 bytes the stores
        // below may read after it), and room for 32 escapes of six bytes and two stores.
        while count &- read >= 80, room &- written &- (count &- read) >= 224 {
            let first = UInt128(littleEndian: source.loadUnaligned(fromByteOffset: read, as: UInt128.self))
            let second = UInt128(littleEndian: source.loadUnaligned(fromByteOffset: read &+ 16, as: UInt128.self))
            target.storeBytes(of: first.littleEndian, toByteOffset: written, as: UInt128.self)
            target.storeBytes(of: second.littleEndian, toByteOffset: written &+ 16, as: UInt128.self)
            let firstBytes = escapedBytes(first)
            let secondBytes = escapedBytes(second)
            if firstBytes | secondBytes == 0 {
                read &+= 32
                written &+= 32
                continue
            }
            // One bit per lane; bits 32...35 stand for the lane just past the block, and stay.
            var lanes = UInt64(laneBits(firstBytes)) | UInt64(laneBits(secondBytes)) &<< 16 | 0xF &<< 32
            // Lane i of the block goes to written + i + extra: each escape before it adds its
            // length less one.
            var extra = 0
            // The escape of the lowest match, then the 32 input bytes after it; at lane 32 (no
            // match left) it adds no length, and what it stores lands where the next block goes.
            func escapeLowestMatch() {
                let lane = lanes.trailingZeroBitCount
                let entry = escapeEntry(input[read &+ lane])
                target.storeBytes(of: entry.littleEndian, toByteOffset: written &+ lane &+ extra, as: UInt64.self)
                extra &+= lane < 32 ? Int(truncatingIfNeeded: entry &>> 56) &- 1 : 0
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: read &+ lane &+ 1, as: UInt128.self), toByteOffset: written &+ lane &+ 1 &+ extra, as: UInt128.self)
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: read &+ lane &+ 17, as: UInt128.self), toByteOffset: written &+ lane &+ 17 &+ extra, as: UInt128.self)
                lanes &= lanes &- 1
            }
            // Three without a branch: at one escape in 23 bytes, one block in twenty has more.
            escapeLowestMatch()
            escapeLowestMatch()
            escapeLowestMatch()
            while lanes & 0xFFFF_FFFF != 0 {
                escapeLowestMatch()
            }
            read &+= 32
            written &+= 32 &+ extra
        }
        while true {
            var matches: UInt128 = 0
            while count &- read >= 16 {
                let block = UInt128(littleEndian: source.loadUnaligned(fromByteOffset: read, as: UInt128.self))
                target.storeBytes(of: block.littleEndian, toByteOffset: written, as: UInt128.self)
                matches = escapedBytes(block)
                if matches != 0 {
                    break
                }
                read &+= 16
                written &+= 16
            }
            if matches == 0 {
                // Fewer than sixteen bytes left: the input's last sixteen bytes shifted down
                // past the ones already written, or, in a shorter text, its bytes zero-padded.
                let rest = count &- read
                if rest == 0 {
                    return (read, written)
                }
                let block: UInt128
                if count >= 16 {
                    block = UInt128(littleEndian: source.loadUnaligned(fromByteOffset: count &- 16, as: UInt128.self)) &>> UInt128((16 &- rest) &* 8)
                } else {
                    block = loadShort(input + read, count: rest)
                }
                target.storeBytes(of: block.littleEndian, toByteOffset: written, as: UInt128.self)
                matches = escapedBytes(block, lanes: rest)
                if matches == 0 {
                    return (count, written &+ rest)
                }
            }
            let clean = matches.trailingZeroBitCount &>> 3
            read &+= clean
            written &+= clean
            // Room for the escape, and then for a sixteen-byte store of the rest.
            guard room &- written &- (count &- read) >= 21 else {
                return (read, written)
            }
            let entry = escapeEntry(input[read])
            target.storeBytes(of: entry.littleEndian, toByteOffset: written, as: UInt64.self)
            written &+= Int(truncatingIfNeeded: entry &>> 56)
            read &+= 1
        }
    }

    /// ``escapedBytes(_:)`` of a block's low `count` lanes (1 to 15), the last bytes of a text,
    /// only: the lanes past them are zero, which compares as a control character.
    @inline(__always)
    private static func escapedBytes(_ block: UInt128, lanes count: Int) -> UInt128 {
        escapedBytes(block) & ((1 &<< UInt128(count &* 8)) &- 1)
    }

    /// 0xFF in each byte of the block that is a quote, a backslash or a control character,
    /// 0 in the others. Blocks are sixteen bytes as an integer, the first byte lowest (read
    /// little-endian); comparing the result with zero compiles to one `pmovmskb` and a test.
    @inline(__always)
    private static func escapedBytes(_ block: UInt128) -> UInt128 {
        // Typed constants: written inline as `SIMD16(repeating:)` the comparisons are not
        // vectorized.
        let bytes = unsafeBitCast(block.littleEndian, to: SIMD16<UInt8>.self)
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        return UInt128(littleEndian: unsafeBitCast((bytes .== quotes) .| (bytes .== backslashes) .| (bytes .< spaces), to: UInt128.self))
    }

    /// One bit per byte of a block of `escapedBytes`, the first byte lowest.
    @inline(__always)
    private static func laneBits(_ bytes: UInt128) -> UInt16 {
        // Each 0x01 byte multiplied into the top byte of the product, one bit per byte.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let magic: UInt64 = 0x0102_0408_1020_4080
        let low = ((UInt64(truncatingIfNeeded: bytes) & ones) &* magic) &>> 56
        let high = ((UInt64(truncatingIfNeeded: bytes &>> 64) & ones) &* magic) &>> 56
        return UInt16(truncatingIfNeeded: low | high &<< 8)
    }

    /// One to fifteen bytes as the low bytes of a block (first byte lowest), the others zero,
    /// read without going past them.
    @inline(__always)
    private static func loadShort(_ start: UnsafePointer<UInt8>, count: Int) -> UInt128 {
        if count >= 8 {
            let low = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            let high = count > 8 ? loadWord(start + 8, count: count &- 8) : 0
            return UInt128(high) &<< 64 | UInt128(low)
        }
        return UInt128(loadWord(start, count: count))
    }

    /// One to seven bytes as the low bytes of a word (byte i in bits 8i...8i+7), the rest
    /// zero: two overlapping loads, or three single bytes.
    @inline(__always)
    private static func loadWord(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let value: UInt64
        if count >= 4 {
            let head = UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt32.self))
            let tail = UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            value = UInt64(head) | UInt64(tail) &<< ((count &- 4) &* 8)
        } else {
            let middle = count &>> 1
            value = UInt64(start[0]) | UInt64(start[middle]) &<< (middle &* 8) | UInt64(start[count &- 1]) &<< ((count &- 1) &* 8)
        }
        return value
    }

    /// What `byte` is written as, in one word, first byte lowest, with its length in the top
    /// byte: for a quote, a backslash or a control character its escape (`\"`, `\\`, `\n`,
    /// `\r`, `\t`, `\b`, `\f`, or `\u00XX` for the other control characters, length 2 or 6);
    /// for any other byte the byte itself, length 1 (which the 32-byte loop stores for the lane
    /// past its block, then writes over). Computed where an escape is found, without a branch,
    /// rather than looked up in a table: a table is a global, whose every use costs a
    /// `swift_once` (one for each string written, 1.4 % of the instructions of encoding
    /// github-issues), and escapes are rare.
    @inline(__always)
    private static func escapeEntry(_ byte: UInt8) -> UInt64 {
        let value = UInt64(byte)
        // The letter of a two-byte escape: the byte itself for `"` and `\`, a letter for
        // 0x08...0x0D but 0x0B ("btn" 0 "fr", one byte each), zero for the others.
        let control = value &- 8
        let letter: UInt64 = value >= 0x20 ? value : control < 6 ? (0x7266_006E_7462 &>> (control &* 8)) & 0xFF : 0
        let hexDigit = value & 0xF
        let unicode: UInt64 = 0x3030_755C // \u00
            | (0x30 &+ (value &>> 4)) &<< 32
            | (hexDigit &+ (hexDigit < 10 ? 0x30 : 0x57)) &<< 40
        let escape = letter != 0 ? 0x5C | letter &<< 8 | 2 &<< 56 : unicode | 6 &<< 56
        let isEscaped = value < 0x20 || value == 0x22 || value == 0x5C
        return isEscaped ? escape : value | 1 &<< 56
    }
}
