#![no_main]

// OBF (endgame positions): reading never panics; what reads is written and
// read back the same; validation never panics.
use boardfile_othello::obf;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = obf::sniff(data);
    let (_, _) = obf::validate(data);
    let Ok(lines) = obf::read(data) else { return };
    let mut out = Vec::new();
    obf::write(&lines, &mut out);
    let again = obf::read(&out).expect("written OBF reads back");
    assert_eq!(again, lines, "OBF round trip");
});
