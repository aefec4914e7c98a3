// The month and weekday names DateFormatter writes and reads for the en_US_POSIX locale
// (`MMM`, `MMMM`, `EEE`, `EEEE`), which a FixedDateFormat matches byte for byte.

enum EnglishDateNames {
    static let shortMonths: [[UInt8]] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }
    static let months: [[UInt8]] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"].map { Array($0.utf8) }
    /// From Sunday, as ``weekday(ofDays:)`` counts.
    static let shortWeekdays: [[UInt8]] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { Array($0.utf8) }
    static let weekdays: [[UInt8]] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map { Array($0.utf8) }

    /// The day of the week of a day counted from 1970-01-01 (a Thursday): 0 for Sunday.
    static func weekday(ofDays days: Int64) -> Int {
        Int(((days % 7) + 11) % 7)
    }

    /// The index of the name of `names` spelled at `index` (the same letters, the same case),
    /// moving `index` past it; nil when none is.
    static func index(in names: [[UInt8]], _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int? {
        for (position, name) in names.enumerated() where index + name.count <= bytes.count {
            if zip(name.indices, name).allSatisfy({ bytes[index + $0] == $1 }) {
                index += name.count
                return position
            }
        }
        return nil
    }
}
