//! Calendar dates from days since 1970-01-01, for what files are dated
//! with (a WTHOR header's creation date, the tags dealer's `printpbn`
//! writes) and read back (seconds since 1970 in a game's date).

/// The civil date (year, month from 1, day from 1) `days` after
/// 1970-01-01, in the proleptic Gregorian calendar (H. Hinnant's
/// algorithm); before 1970 for a negative `days`.
///
/// ```
/// use boardfile_io::date::civil_date;
/// assert_eq!(civil_date(0), (1970, 1, 1));
/// assert_eq!(civil_date(11_016), (2000, 2, 29));
/// assert_eq!(civil_date(-1), (1969, 12, 31));
/// ```
pub fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m as u32, d as u32)
}

/// Today's civil date (UTC), as [`civil_date`] gives it.
pub fn today() -> (i64, u32, u32) {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    civil_date(days as i64)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn days_to_dates_checked_by_hand() {
        assert_eq!(civil_date(19_227), (2022, 8, 23));
        // 2026-11-27 is day 20,784 (date -d 2026-11-27 +%s / 86400).
        assert_eq!(civil_date(20_784), (2026, 11, 27));
        assert_eq!(civil_date(-719_468), (0, 3, 1));
    }
}
