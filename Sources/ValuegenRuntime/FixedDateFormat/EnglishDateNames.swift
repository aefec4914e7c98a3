// The month and weekday names DateFormatter writes and reads for the en_US_POSIX locale
// (`MMM`, `MMMM`, `EEE`, `EEEE`), which a FixedDateFormat matches byte for byte.

enum EnglishDateNames {
    /// The short names one after the other, three letters each: constants, which no
    /// `swift_once` guards (a global array's every use checks that it was made).
    static var shortMonthLetters: StaticString { "JanFebMarAprMayJunJulAugSepOctNovDec" }
    /// From Sunday, as ``weekday(ofDays:)`` counts.
    static var shortWeekdayLetters: StaticString { "SunMonTueWedThuFriSat" }
    /// The full names; each begins with its short name. (Arrays: only `MMMM` and `EEEE` use
    /// them, which walk their elements anyway.)
    static let months: [[UInt8]] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"].map { Array($0.utf8) }
    static let weekdays: [[UInt8]] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map { Array($0.utf8) }

    /// The day of the week of a day counted from 1970-01-01 (a Thursday): 0 for Sunday.
    @inline(__always)
    static func weekday(ofDays days: Int64) -> Int {
        Int(truncatingIfNeeded: ((days % 7) &+ 11) % 7)
    }

    /// The short name `index` (from 0) of `letters`: its three bytes.
    @inline(__always)
    static func shortName(_ letters: StaticString, _ index: Int) -> UnsafePointer<UInt8> {
        letters.utf8Start + index &* 3
    }

    /// Writes the three letters of short name `index` (from 0) of `letters`.
    @inline(__always)
    static func writeShortName(_ letters: StaticString, _ index: Int, at output: UnsafeMutablePointer<UInt8>) {
        let name = shortName(letters, index)
        output[0] = name[0]
        output[1] = name[1]
        output[2] = name[2]
    }

    /// The index of the name spelled at `index` (the same letters, the same case): a short
    /// one of `letters`, or with `full`, the full name of `fullNames` that begins with it;
    /// `index` moves past it. Nil when none is there.
    static func name(in letters: StaticString, full fullNames: [[UInt8]]?, _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int? {
        guard index &+ 3 <= bytes.count else { return nil }
        let first = bytes[index], second = bytes[index &+ 1], third = bytes[index &+ 2]
        var found = -1
        for position in 0 ..< letters.utf8CodeUnitCount / 3 {
            let name = shortName(letters, position)
            if name[0] == first, name[1] == second, name[2] == third {
                found = position
                break
            }
        }
        guard found >= 0 else { return nil }
        guard let fullNames else {
            index &+= 3
            return found
        }
        let name = fullNames[found]
        guard index &+ name.count <= bytes.count, (3 ..< name.count).allSatisfy({ bytes[index &+ $0] == name[$0] }) else { return nil }
        index &+= name.count
        return found
    }
}
