#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| boardfile_fuzz::squaredeal(data));
