import Testing
@testable import ValuegenRuntime

/// Member names compared with a generated `switch`'s literals a word at a time
/// (`JSONKey.equalBytes`): equal exactly when every byte is, whatever the length and wherever
/// the first difference, reading nothing outside the two names.
@Suite("JSON member names matched a word at a time")
struct JSONKeyMatchingTests {
    @Test func namesOfEveryLengthAreEqualExactlyWhenEveryByteIs() {
        for count in 1...40 {
            let name = (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            // Each name in a buffer of its own size, so that a read past its end is one past
            // the allocation (AddressSanitizer and the fuzzers would see it).
            let same = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
            let other = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
            defer { same.deallocate(); other.deallocate() }
            same.copyBytes(from: name)
            other.copyBytes(from: name)
            #expect(JSONKey.equalBytes(same.baseAddress!, other.baseAddress!, count: count), "\(count) bytes")
            for position in 0..<count {
                for flipped: UInt8 in [0x01, 0x20, 0x80] {
                    other[position] = name[position] ^ flipped
                    #expect(!JSONKey.equalBytes(same.baseAddress!, other.baseAddress!, count: count), "\(count) bytes, byte \(position) differs")
                    other[position] = name[position]
                }
            }
        }
    }

    @Test func aSwitchOverLiteralsFindsTheNameAndOnlyIt() {
        func match(_ text: String) -> String {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { buffer in
                switch JSONKey(bytes: buffer, unescaped: nil) {
                case "id": return "id"
                case "amount": return "amount"
                case "status": return "status"
                case "amount_captured": return "amount_captured"
                case "amount_refunded": return "amount_refunded"
                case "profile_sidebar_border_color": return "profile_sidebar_border_color"
                case "profile_sidebar_fill_color": return "profile_sidebar_fill_color"
                default: return "-"
                }
            }
        }
        for name in ["id", "amount", "status", "amount_captured", "amount_refunded", "profile_sidebar_border_color", "profile_sidebar_fill_color"] {
            #expect(match(name) == name)
        }
        for name in ["", "i", "ix", "xd", "amounT", "statu", "statuss", "amount_capturex", "xmount_refunded", "amount-refunded",
                     "profile_sidebar_border_colour", "profile_sidebar_border_colo", "profile_sidebar_fill_colors", "Profile_sidebar_fill_color"] {
            #expect(match(name) == "-", "\(name)")
        }
        // A name with escapes compares its decoded text.
        let escaped = Array(#"amount\u005Fcaptured"#.utf8)
        let matched = escaped.withUnsafeBytes { buffer -> Bool in
            JSONKey(bytes: buffer, unescaped: "amount_captured").matches("amount_captured")
        }
        #expect(matched)
    }

    /// A key with escapes is compared by its bytes, as the same key written without escapes is
    /// and as `JSONMemberNames` compares it: the same combining marks in another order, which
    /// String's `==` takes as equal (canonically equivalent), are another name.
    @Test func aKeyWithEscapesMatchesTheBytesOfTheNameOnly() {
        #expect("c\u{301}\u{327}" == "c\u{327}\u{301}" as String)
        let escaped = Array(#"c\u0301\u0327"#.utf8)
        let matches = escaped.withUnsafeBytes { buffer -> [Bool] in
            let key = JSONKey(bytes: buffer, unescaped: "c\u{301}\u{327}")
            return [key.matches("c\u{327}\u{301}"), key.matches("c\u{301}\u{327}"), key.matches("c\u{301}")]
        }
        #expect(matches == [false, true, false])
    }
}
