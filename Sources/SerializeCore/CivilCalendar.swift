/// Proleptic Gregorian calendar arithmetic on day numbers, used by ``DateText`` (the one date text
/// implementation), so every reader and writer agrees to the day.

/// Converts between days since 1970-01-01 and (year, month, day) in the proleptic Gregorian
/// calendar, without `Calendar` or `DateFormatter`: exact for every Int64 day count a date can
/// hold, and fast enough for per-field use.
///
/// The algorithms are Howard Hinnant's `civil_from_days` and `days_from_civil`
/// (<https://howardhinnant.github.io/date_algorithms.html>).
///
/// ```swift
/// CivilCalendar.days(year: 2000, month: 3, day: 1)   // 11017
/// CivilCalendar.civil(fromDays: 11017)               // (2000, 3, 1)
/// ```
package enum CivilCalendar {
    /// The date `days` days after 1970-01-01 (before it when negative).
    package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a date; `month` is 1...12 and `day` 1...31 (not checked here).
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
