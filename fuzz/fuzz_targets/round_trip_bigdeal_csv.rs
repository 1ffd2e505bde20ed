#![no_main]

use boardfile_bridge::Format;

libfuzzer_sys::fuzz_target!(|data: &[u8]| boardfile_fuzz::bridge::round_trip(
    Format::BigDealCsv,
    data
));
