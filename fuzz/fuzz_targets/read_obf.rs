#![no_main]

use boardfile_fuzz::othello::Input;

libfuzzer_sys::fuzz_target!(|data: &[u8]| boardfile_fuzz::othello::read(Input::Obf, data));
