//! The Othello format registry: one descriptor a format, listed once.
//!
//! A format's module holds its whole story and exports a
//! [`Descriptor`](crate::codec::Descriptor): names, extensions, signature,
//! what a file holds, its readers and writers. The list below is the only
//! place that names every format: dispatch, detection (and its order) and
//! the `formats` table follow from it. Adding a format is its module and
//! one line here.

use crate::codec::OthelloFormat;
use crate::formats;

/// The registry: one line a format, in the order `boardfile formats` lists them.
macro_rules! registry {
    ($($name:ident => $descriptor:path),* $(,)?) => {
        #[allow(non_upper_case_globals)]
        impl OthelloFormat {
            $(
                #[doc = concat!("The ", stringify!($name), " format.")]
                pub const $name: OthelloFormat = OthelloFormat::of(&$descriptor);
            )*
            /// Every format, in the order `boardfile formats` lists them.
            pub const ALL: &'static [OthelloFormat] = &[$(OthelloFormat::$name),*];
        }
    };
}

registry! {
    Wtb => formats::wthor::games::WTB,
    Wtd => formats::wthor::games::WTD,
    Pzz => formats::wthor::pzz::DESCRIPTOR,
    Jou => formats::wthor::names::JOU,
    Trn => formats::wthor::names::TRN,
    Jsonl => formats::jsonl::DESCRIPTOR,
    Transcript => formats::transcript::DESCRIPTOR,
    Ggf => formats::ggf::DESCRIPTOR,
    Pgn => formats::pgn::DESCRIPTOR,
    Csv => formats::csv::DESCRIPTOR,
    Obf => formats::obf::DESCRIPTOR,
}

boardfile_io::format_list!(OthelloFormat);

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn every_extension_and_name_maps_back() {
        for &f in OthelloFormat::all() {
            for ext in f.extensions() {
                assert_eq!(OthelloFormat::from_extension(ext), Some(f));
                assert_eq!(OthelloFormat::from_extension(&ext.to_uppercase()), Some(f));
            }
            assert_eq!(OthelloFormat::from_name(f.name()), Some(f));
            assert_eq!(OthelloFormat::from_name(&f.name().to_lowercase()), Some(f));
        }
        assert_eq!(
            OthelloFormat::from_path(Path::new("x/WTH_2004.WTB")),
            Some(OthelloFormat::Wtb)
        );
        assert_eq!(OthelloFormat::ALL.len(), 11);
    }
}
