import Models
import Testing
@testable import ViewModels

@Suite struct HumanDateTests {
    @Test(arguments: [
        (2026, 11, 22, "Sunday, 22 November 2026"),
        (2024, 2, 29, "Thursday, 29 February 2024"),
        (2000, 2, 29, "Tuesday, 29 February 2000"),
        (1900, 3, 1, "Thursday, 1 March 1900"),
        (1970, 1, 1, "Thursday, 1 January 1970"),
        (1969, 12, 31, "Wednesday, 31 December 1969"),
        (2026, 1, 8, "Thursday, 8 January 2026"),
        (1600, 1, 1, "Saturday, 1 January 1600"),
        (2100, 2, 28, "Sunday, 28 February 2100"),
        (2028, 12, 31, "Sunday, 31 December 2028"),
        (1, 1, 1, "Monday, 1 January 1"),
    ])
    func writesDatesForPeople(_ year: Int, _ month: Int, _ day: Int, _ expected: String) {
        #expect(HumanDate.long(CalendarDate(year: year, month: month, day: day)) == expected)
    }

    @Test(arguments: [
        (2025, 2, 29), (1900, 2, 29), (2100, 2, 29), (2026, 4, 31), (2026, 13, 1), (2026, 0, 10), (2026, 1, 0),
        (Int.max, 1, 1), (Int.min, 1, 1), (2026, Int.min, 1), (2026, 1, Int.max),
    ])
    func fallsBackToISOForImpossibleDates(_ year: Int, _ month: Int, _ day: Int) {
        let date = CalendarDate(year: year, month: month, day: day)
        #expect(HumanDate.long(date) == date.description)
        #expect(HumanDate.medium(date) == date.description)
        #expect(HumanDate.weekday(of: date) == nil)
    }

    @Test(arguments: [(2024, true), (2000, true), (1900, false), (2100, false), (2026, false), (2028, true), (0, true)])
    func knowsLeapYears(_ year: Int, _ leap: Bool) {
        #expect(HumanDate.isLeapYear(year) == leap)
        #expect(HumanDate.daysInMonth(2, year: year) == (leap ? 29 : 28))
    }

    @Test func countsDaysAcrossCenturiesBothWays() {
        #expect(HumanDate.daysSinceEpoch(CalendarDate(year: 1970, month: 1, day: 1)) == 0)
        #expect(HumanDate.daysSinceEpoch(CalendarDate(year: 2000, month: 3, day: 1)) == 11_017)
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let date = HumanDate.date(daysSinceEpoch: days)
            #expect(HumanDate.isValid(date))
            #expect(HumanDate.daysSinceEpoch(date) == days)
        }
    }

    @Test func consecutiveDaysHaveConsecutiveWeekdays() throws {
        var previous = try #require(HumanDate.weekday(of: HumanDate.date(daysSinceEpoch: -1_000)))
        for days in -999...1_000 {
            let weekday = try #require(HumanDate.weekday(of: HumanDate.date(daysSinceEpoch: days)))
            #expect(weekday == (previous + 1) % 7)
            previous = weekday
        }
    }

    @Test func mediumLeavesOutTheWeekday() {
        #expect(HumanDate.medium(CalendarDate(year: 2026, month: 1, day: 8)) == "8 January 2026")
    }

    /// The ISO form pads each part as `String(repeating:)` plus digits did, odd years included.
    @Test(arguments: [
        (2026, 1, 7, "2026-01-07"), (999, 3, 4, "0999-03-04"), (12345, 12, 31, "12345-12-31"),
        (0, 0, 0, "0000-00-00"), (-5, 1, 1, "00-5-01-01"), (7, 123, 45, "0007-123-45"),
    ])
    func isoDescriptionPadsEachPart(year: Int, month: Int, day: Int, expected: String) {
        #expect(CalendarDate(year: year, month: month, day: day).description == expected)
    }
}
