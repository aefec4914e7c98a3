import Foundation
import Testing
@testable import ValuegenRuntime

/// `ISO8601.civil(fromDays:)`, the year, month and day of a day count that every written date
/// (ISO 8601 and fixed formats) goes through, and `days(fromCivil:_:_:)`, its inverse, which
/// every date read goes through: Neri and Schneider's affine functions, against Hinnant's
/// algorithms (`civil(fromDaysByEras:)`, `days(fromCivilByEras:_:_:)`, what they replaced) on
/// every day of ±3,000 years and on days spread over the ±1,000,000 years ISO 8601 writes, and
/// against Foundation's Gregorian calendar on random days.
@Suite("Civil dates from day counts")
struct CivilDaysTests {
    @Test func everyDayOfSixThousandYearsIsHinnants() {
        var mismatches = 0
        for days in Int64(-1_100_000)...Int64(1_100_000) where ISO8601.civil(fromDays: days) != ISO8601.civil(fromDaysByEras: days) {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }

    @Test func daysSpreadOverAMillionYearsAndTheEdgesAreHinnants() {
        var generator = SeededGenerator(seed: 38)
        let farthest: Int64 = 366 * 1_000_001
        let shift = ISO8601.civilShift
        // The ends of the shifted range and the days just beyond them (which the fallback
        // takes: shifted, they would wrap), the ends of what ISO 8601 writes, 400-year cycles
        // and the days around them, then random days.
        var samples: [Int64] = [-shift, -shift + 1, -shift - 1, -shift - 146_097, (1 << 60) - 1, 1 << 60, 1 << 62,
                                -farthest, farthest, 0, -1, 59, 60, 365, -719_468]
        for cycle in Int64(-2_500)...Int64(2_500) {
            let start = cycle * 146_097 - 719_468
            samples += [start - 1, start, start + 59, start + 60, start + 36_524, start + 36_525]
        }
        samples += (0..<2_000_000).map { _ in Int64.random(in: -farthest...farthest, using: &generator) }
        let mismatches = samples.filter { ISO8601.civil(fromDays: $0) != ISO8601.civil(fromDaysByEras: $0) }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
    }

    @Test func randomDaysAreFoundationsGregorianDates() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SeededGenerator(seed: 1583)
        for _ in 0..<20_000 {
            // Years 1583 to 9999, where Foundation's calendar is proleptic Gregorian too.
            let days = Int64.random(in: -141_349...2_932_896, using: &generator)
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let components = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = ISO8601.civil(fromDays: days)
            #expect(civil == (Int64(components.year!), Int64(components.month!), Int64(components.day!)), "day \(days)")
        }
    }

    @Test func everyDateOfSixThousandYearsCountsItsDaysAsHinnant() {
        var mismatches = 0
        for year in Int64(-3_000)...Int64(3_000) {
            for month in Int64(1)...12 {
                // Days past the month's end count on into the next month, in both.
                for day in Int64(0)...Int64(32) where ISO8601.days(fromCivil: year, month, day) != ISO8601.days(fromCivilByEras: year, month, day) {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func datesSpreadOverAMillionYearsAndTheEdgesCountTheirDaysAsHinnant() {
        var generator = SeededGenerator(seed: 1970)
        let lowest = -ISO8601.civilShiftEras * 400 + 1
        // The ends of the range taken without the fallback and the dates just beyond them,
        // months and days out of range (which the fallback takes), then random dates.
        var samples: [(Int64, Int64, Int64)] = [
            (lowest, 1, 1), (lowest, 3, 1), (lowest - 1, 3, 1), (lowest - 400, 12, 31), ((1 << 50) - 1, 12, 31), (1 << 50, 1, 1),
            (2024, 0, 1), (2024, 13, 1), (2024, -5, 10), (2024, 2, -400), (2024, 2, 1 << 50), (2024, 2, -(1 << 50) - 1),
        ]
        samples += (0..<1_000_000).map { _ in
            (Int64.random(in: -1_000_000...1_000_000, using: &generator), Int64.random(in: 1...12, using: &generator), Int64.random(in: 1...31, using: &generator))
        }
        let mismatches = samples.filter { ISO8601.days(fromCivil: $0.0, $0.1, $0.2) != ISO8601.days(fromCivilByEras: $0.0, $0.1, $0.2) }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
    }

    @Test func aDayCountReadBackFromItsDateIsItself() {
        var generator = SeededGenerator(seed: 2001)
        let days = (0..<200_000).map { _ in Int64.random(in: -(366 * 1_000_000)...(366 * 1_000_000), using: &generator) }
        let mismatches = days.filter { count in
            let civil = ISO8601.civil(fromDays: count)
            return ISO8601.days(fromCivil: civil.year, civil.month, civil.day) != count
        }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
    }
}
