//! The format registry: one descriptor a format, listed once.
//!
//! A format's module holds its whole story and exports a [`Descriptor`](crate::codec::Descriptor):
//! names, extensions, signature, what it keeps, its reader and its writer.
//! The list below is the only place that names every format: dispatch,
//! detection (and its order), the `formats` table and the loss notes all
//! follow from it. Adding a format is its module and one line here.

use crate::codec::keeps::Own;
use crate::codec::Format;
use crate::formats;
use boardfile_io::Error;
use std::path::Path;

/// The registry: one line a format, `Name => its descriptor`, in the order
/// `boardfile formats` lists them.
macro_rules! registry {
    ($($name:ident => $descriptor:path),* $(,)?) => {
        #[allow(non_upper_case_globals)]
        impl Format {
            $(
                #[doc = concat!("The ", stringify!($name), " format.")]
                pub const $name: Format = Format::of(&$descriptor);
            )*
            /// Every format, in the order `boardfile formats` lists them.
            pub const ALL: &'static [Format] = &[$(Format::$name),*];
        }
    };
}

registry! {
    Bri => formats::bri::DESCRIPTOR,
    Dge => formats::dge::DESCRIPTOR,
    Bre => formats::bre::DESCRIPTOR,
    Dup => formats::dup::DESCRIPTOR,
    Hrf => formats::hrf::DESCRIPTOR,
    Dlm => formats::dlm::DESCRIPTOR,
    Pbn => formats::pbn::DESCRIPTOR,
    Lin => formats::lin::DESCRIPTOR,
    Zbs => formats::zbs::DESCRIPTOR,
    Zbd => formats::pavlicek::ZBD,
    Zdd => formats::pavlicek::ZDD,
    Zrd => formats::pavlicek::ZRD,
    Zrj => formats::pavlicek::ZRJ,
    DealNumber => formats::dealnum::DESCRIPTOR,
    Goe => formats::dealnum::GOE,
    Ber => formats::ber::DESCRIPTOR,
    Bhg => formats::bhg::DESCRIPTOR,
    Rzd => formats::rzd::DESCRIPTOR,
    Cds => formats::cds::DESCRIPTOR,
    BigDealCsv => formats::bigdeal_csv::DESCRIPTOR,
    Jsonl => formats::jsonl::DESCRIPTOR,
    Html => formats::html::DESCRIPTOR,
    Pdf => formats::pdf::DESCRIPTOR,
    Csv => formats::table::csv::DESCRIPTOR,
    Parquet => formats::table::parquet::DESCRIPTOR,
}

boardfile_io::format_list!(Format);

impl Format {
    /// The format Big Deal names `name` (any case), and whether it is the
    /// blind form (`dupblind`: DUP for a dealing machine that must not
    /// show the deals).
    ///
    /// ```
    /// use boardfile_bridge::Format;
    /// assert_eq!(Format::from_big_deal_name("dupblind"), Some((Format::Dup, true)));
    /// assert_eq!(Format::from_big_deal_name("borel"), Some((Format::Bhg, false)));
    /// ```
    pub fn from_big_deal_name(name: &str) -> Option<(Format, bool)> {
        let name = name.to_ascii_lowercase();
        let called = |f: &Format, n: &str| f.hooks().big_deal.is_some_and(|b| b.name == n);
        if let Some(f) = Format::ALL.iter().find(|f| called(f, &name)) {
            return Some((*f, false));
        }
        let seen = name.strip_suffix("blind")?;
        Format::ALL
            .iter()
            .find(|f| {
                called(f, seen)
                    && (f.keeps().owns(Own::Blind) || f.keeps().owns(Own::BlindWithBoard1))
            })
            .map(|f| (*f, true))
    }
}

/// Chooses the format of an input by the one rule of
/// [`boardfile_io::detect`]: an extension that alone tells the format
/// (Pavlicek's binary files), else the content, else the extension. Only
/// the first [`boardfile_io::SNIFF_LEN`] bytes of `prefix` are looked at.
///
/// ```
/// use boardfile_bridge::{detect, Format};
/// use std::path::Path;
/// assert_eq!(detect(b"[Event \"x\"]\n[Deal \"N:...\"]\n", None).unwrap(), Format::Pbn);
/// // Pavlicek's binary files are told by their extension alone.
/// assert_eq!(detect(b"\x00\x01", Some(Path::new("set.zrd"))).unwrap(), Format::Zrd);
/// assert!(detect(b"hello", Some(Path::new("a.txt"))).is_err());
/// ```
pub fn detect(prefix: &[u8], path: Option<&Path>) -> Result<Format, Error> {
    Format::detect(prefix, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_and_name_maps_back() {
        for &f in Format::all() {
            for ext in f.extensions() {
                assert_eq!(Format::from_extension(ext), Some(f));
                assert_eq!(Format::from_extension(&ext.to_uppercase()), Some(f));
            }
            assert_eq!(Format::from_name(f.name()), Some(f));
            assert_eq!(Format::from_name(&f.name().to_lowercase()), Some(f));
        }
        assert_eq!(Format::from_path(Path::new("x/SET.DUP")), Some(Format::Dup));
        assert_eq!(Format::from_extension("doc"), None);
        assert_ne!(Format::Zbd, Format::Zrd);
    }

    #[test]
    fn big_deal_names_its_outputs_as_its_manual_lists_them() {
        // Big Deal's `-p` list: dup, dupblind, dlm, dlmblind, bri, dge,
        // pbn, lin, csv, ber, borel, kops, cds, goedel.
        let names = [
            ("dup", "DUP", false),
            ("dupblind", "DUP", true),
            ("dlm", "DLM", false),
            ("DLMblind", "DLM", true),
            ("bri", "BRI", false),
            ("dge", "DGE", false),
            ("pbn", "PBN", false),
            ("lin", "LIN", false),
            ("csv", "BIGDEAL-CSV", false),
            ("ber", "BER", false),
            ("borel", "BHG", false),
            ("kops", "RZD", false),
            ("cds", "CDS", false),
            ("goedel", "GOE", false),
        ];
        for (name, format, blind) in names {
            let (f, b) = Format::from_big_deal_name(name).unwrap();
            assert_eq!((f.name(), b), (format, blind), "{name}");
        }
        for name in ["pbnblind", "zrd", "blind", "jsonl"] {
            assert!(Format::from_big_deal_name(name).is_none(), "{name}");
        }
    }

    #[test]
    fn unknown_content_and_extension_names_the_options() {
        let e = detect(b"hello", Some(Path::new("a.txt"))).unwrap_err();
        // Every format read, in the list's order; not those only written.
        let read: Vec<&str> = Format::ALL
            .iter()
            .filter(|f| f.can_read())
            .map(|f| f.name())
            .collect();
        assert!(read.starts_with(&["BRI", "DGE", "BRE", "DUP", "HRF"]));
        assert!(!read.contains(&"PDF") && !read.contains(&"HTML"));
        assert!(
            e.to_string()
                .ends_with(&format!("name it with --from ({})", read.join(", "))),
            "{e}"
        );
        assert_eq!(
            detect(b"hello", Some(Path::new("a.hrf"))).unwrap(),
            Format::Hrf
        );
    }
}
