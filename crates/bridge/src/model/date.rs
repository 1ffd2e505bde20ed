//! Dates of events: PBN's `YYYY.MM.DD`, whose parts may be unknown
//! (`2026.11.??`, `????.??.??`), read also from ISO's `2026-11-24`, and
//! shown to people as `24 November 2026`.

/// A date whose year, month and day may each be unknown (PBN's `?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartialDate {
    /// The year, 0 to 9999.
    pub year: Option<u16>,
    /// The month, 1 to 12.
    pub month: Option<u8>,
    /// The day, 1 to the month's last.
    pub day: Option<u8>,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The days of `month` (1 to 12) in `year` (29 for February when the year
/// is unknown).
fn days_in(year: Option<u16>, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 => match year {
            Some(y) if !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) => 28,
            _ => 29,
        },
        _ => 31,
    }
}

/// A part of `width` digits, or all `?` for unknown.
fn part(text: &str, width: usize) -> Option<Option<u16>> {
    if text.len() != width {
        return None;
    }
    if text.bytes().all(|b| b == b'?') {
        return Some(None);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().map(Some)
}

impl PartialDate {
    /// Reads PBN's `2026.11.24` (unknown parts as `?`: `2026.??.??`) or
    /// ISO's `2026-11-24`; the month and day must make a date.
    ///
    /// ```
    /// use boardfile_bridge::model::date::PartialDate;
    /// let d = PartialDate::parse("2026-11-24").unwrap();
    /// assert_eq!(d.pbn(), "2026.11.24");
    /// assert_eq!(d.readable(), "24 November 2026");
    /// assert_eq!(PartialDate::parse("2026.11.??").unwrap().readable(), "November 2026");
    /// assert!(PartialDate::parse("2026-13-01").is_err());
    /// assert!(PartialDate::parse("2027.02.29").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<PartialDate, String> {
        let bad = || format!("{text}: not a date (2026-11-24, or PBN's 2026.11.24)");
        let t = text.trim();
        let parts: Vec<&str> = if t.contains('-') {
            t.split('-').collect()
        } else {
            t.split('.').collect()
        };
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        let year = part(y, 4).ok_or_else(bad)?;
        let month = part(m, 2).ok_or_else(bad)?.map(|m| m as u8);
        let day = part(d, 2).ok_or_else(bad)?.map(|d| d as u8);
        if month.is_some_and(|m| !(1..=12).contains(&m)) {
            return Err(bad());
        }
        let last = month.map_or(31, |m| days_in(year, m));
        if day.is_some_and(|d| d == 0 || d > last) {
            return Err(bad());
        }
        Ok(PartialDate { year, month, day })
    }

    /// As PBN writes it: `2026.11.24`, `2026.??.??`.
    pub fn pbn(&self) -> String {
        let y = self.year.map_or("????".into(), |y| format!("{y:04}"));
        let m = self.month.map_or("??".into(), |m| format!("{m:02}"));
        let d = self.day.map_or("??".into(), |d| format!("{d:02}"));
        format!("{y}.{m}.{d}")
    }

    /// For people, as far as it is known: `24 November 2026`, `November
    /// 2026`, `2026`, `24 November`; empty when nothing is.
    pub fn readable(&self) -> String {
        let mut words = Vec::with_capacity(3);
        if let (Some(d), Some(_)) = (self.day, self.month) {
            words.push(d.to_string());
        }
        if let Some(m) = self.month {
            words.push(MONTHS[usize::from(m - 1)].to_string());
        }
        if let Some(y) = self.year {
            words.push(y.to_string());
        }
        words.join(" ")
    }
}

/// A date as a file gives it, for people: PBN's or ISO's form read out
/// (`24 November 2026`), anything else as it is.
///
/// ```
/// use boardfile_bridge::model::date::readable_date;
/// assert_eq!(readable_date("2026.11.24"), "24 November 2026");
/// assert_eq!(readable_date("01.01.2013"), "01.01.2013");
/// ```
pub fn readable_date(text: &str) -> String {
    match PartialDate::parse(text) {
        Ok(d) if !d.readable().is_empty() => d.readable(),
        Ok(_) => String::new(),
        Err(_) => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_written_and_shown() {
        for (text, pbn, readable) in [
            ("2026.11.24", "2026.11.24", "24 November 2026"),
            ("2026-11-24", "2026.11.24", "24 November 2026"),
            (" 2024-02-29 ", "2024.02.29", "29 February 2024"),
            ("2026.??.??", "2026.??.??", "2026"),
            ("2026.03.??", "2026.03.??", "March 2026"),
            ("????.12.25", "????.12.25", "25 December"),
            ("????.??.??", "????.??.??", ""),
            ("0999.01.01", "0999.01.01", "1 January 999"),
        ] {
            let d = PartialDate::parse(text).unwrap();
            assert_eq!((d.pbn().as_str(), d.readable().as_str()), (pbn, readable));
        }
        for bad in [
            "",
            "2026",
            "2026-13-01",
            "2026-00-10",
            "2026-11-31",
            "2100.02.29",
            "26.11.24",
            "2026/11/24",
            "2026-1-24",
            "2026.11.24.1",
            "２０２６.11.24",
            "2026-+1-24",
        ] {
            let e = PartialDate::parse(bad).unwrap_err();
            assert!(e.starts_with(bad.trim()) && e.contains("not a date"), "{e}");
        }
        assert_eq!(readable_date("01.01.2013"), "01.01.2013");
        assert_eq!(readable_date("?"), "?");
    }
}
