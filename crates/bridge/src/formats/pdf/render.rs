//! Drawing the pages with krilla and DejaVu Sans (the `pdf` feature).

use super::FORMAT;
use crate::codec::options::WriteOptions;
use crate::codec::stream::BoardWriter;
use crate::diagram::{
    contract_parts, holding, is_vulnerable, par_score, record_heading, vulnerability_words, Paper,
    PerPage,
};
use crate::model::board::{Board, DdTable, Par, Vulnerability};
use crate::model::card::Strain;
use crate::model::card::Suit;
use crate::model::deal::{Deal, Seat};
use crate::model::set::SetInfo;
use boardfile_io::Error;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Transform};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use std::sync::Arc;

/// Hearts, diamonds and the vulnerable sides.
const RED: (u8, u8, u8) = (204, 0, 0);
const BLACK: (u8, u8, u8) = (0, 0, 0);
const GREY: (u8, u8, u8) = (90, 90, 90);
const LIGHT: (u8, u8, u8) = (225, 225, 225);
const RULE: (u8, u8, u8) = (160, 160, 160);
const WHITE: (u8, u8, u8) = (255, 255, 255);

/// A font and its advance widths, to measure text.
struct Face {
    font: Font,
    data: &'static [u8],
    units_per_em: f32,
    /// Advances of ASCII, in font units.
    ascii: [f32; 128],
}

impl Face {
    fn new(data: &'static [u8]) -> Face {
        use skrifa::instance::{LocationRef, Size};
        use skrifa::MetadataProvider;
        let shared: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(data);
        // The fonts are the dejavu crate's, read at every start: a font that
        // did not read would be a broken build, not bad input.
        let font = Font::new(shared.into(), 0).expect("DejaVu Sans reads");
        let face = skrifa::FontRef::new(data).expect("DejaVu Sans reads");
        let units_per_em = face
            .metrics(Size::unscaled(), LocationRef::default())
            .units_per_em as f32;
        let mut ascii = [0.0; 128];
        let (map, metrics) = (
            face.charmap(),
            face.glyph_metrics(Size::unscaled(), LocationRef::default()),
        );
        for (c, a) in ascii.iter_mut().enumerate() {
            *a = map
                .map(c as u32)
                .and_then(|g| metrics.advance_width(g))
                .unwrap_or(0.0);
        }
        Face {
            font,
            data,
            units_per_em,
            ascii,
        }
    }

    /// The width of `text` at `size` points (advances, without kerning).
    fn width(&self, text: &str, size: f32) -> f32 {
        use skrifa::instance::{LocationRef, Size};
        use skrifa::MetadataProvider;
        let mut units = 0.0;
        for c in text.chars() {
            units += match self.ascii.get(c as usize) {
                Some(a) => *a,
                None => {
                    let face = skrifa::FontRef::new(self.data).ok();
                    face.and_then(|f| {
                        let g = f.charmap().map(c)?;
                        f.glyph_metrics(Size::unscaled(), LocationRef::default())
                            .advance_width(g)
                    })
                    .unwrap_or(0.0)
                }
            };
        }
        units * size / self.units_per_em
    }
}

/// How text is drawn: its face, size and colour.
#[derive(Clone, Copy)]
struct Style<'f> {
    face: &'f Face,
    size: f32,
    color: (u8, u8, u8),
}

impl<'f> Style<'f> {
    fn new(face: &'f Face, size: f32) -> Style<'f> {
        Style {
            face,
            size,
            color: BLACK,
        }
    }

    fn color(self, color: (u8, u8, u8)) -> Style<'f> {
        Style { color, ..self }
    }

    fn width(&self, text: &str) -> f32 {
        self.face.width(text, self.size)
    }
}

fn fill(color: (u8, u8, u8)) -> Fill {
    Fill {
        paint: rgb::Color::new(color.0, color.1, color.2).into(),
        opacity: NormalizedF32::ONE,
        rule: FillRule::NonZero,
    }
}

/// Draws `text` with its baseline starting at (x, y); returns the x after it.
fn text(s: &mut Surface, x: f32, y: f32, style: Style, text: &str) -> f32 {
    s.set_fill(Some(fill(style.color)));
    s.set_stroke(None);
    s.draw_text(
        Point::from_xy(x, y),
        style.face.font.clone(),
        style.size,
        text,
        false,
        TextDirection::Auto,
    );
    x + style.width(text)
}

/// Draws `text` in at most `room` points from x, smaller if it must be.
fn text_within(s: &mut Surface, x: f32, y: f32, style: Style, room: f32, t: &str) -> f32 {
    let w = style.width(t);
    let style = if w > room && w > 0.0 {
        Style {
            size: style.size * room / w,
            ..style
        }
    } else {
        style
    };
    text(s, x, y, style, t)
}

/// Draws `text` centred on x.
fn text_centred(s: &mut Surface, x: f32, y: f32, style: Style, t: &str) {
    text(s, x - style.width(t) / 2.0, y, style, t);
}

/// Draws `text` ending at x.
fn text_right(s: &mut Surface, x: f32, y: f32, style: Style, t: &str) {
    text(s, x - style.width(t), y, style, t);
}

/// A closed polygon, filled and/or stroked.
fn polygon(
    s: &mut Surface,
    points: &[(f32, f32)],
    fill_with: Option<(u8, u8, u8)>,
    stroke: Option<((u8, u8, u8), f32)>,
) {
    let mut pb = PathBuilder::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    draw(s, pb, fill_with, stroke);
}

fn draw(
    s: &mut Surface,
    pb: PathBuilder,
    fill_with: Option<(u8, u8, u8)>,
    stroke: Option<((u8, u8, u8), f32)>,
) {
    let Some(path) = pb.finish() else { return };
    s.set_fill(fill_with.map(fill));
    s.set_stroke(stroke.map(|(c, width)| Stroke {
        paint: rgb::Color::new(c.0, c.1, c.2).into(),
        width,
        ..Stroke::default()
    }));
    s.draw_path(&path);
}

fn rect(
    s: &mut Surface,
    (x, y, w, h): (f32, f32, f32, f32),
    fill_with: Option<(u8, u8, u8)>,
    stroke: Option<((u8, u8, u8), f32)>,
) {
    polygon(
        s,
        &[(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
        fill_with,
        stroke,
    );
}

/// A rectangle with rounded corners of radius r.
fn rounded(
    s: &mut Surface,
    (x, y, w, h): (f32, f32, f32, f32),
    r: f32,
    stroke: ((u8, u8, u8), f32),
) {
    let k = r * 0.4477; // control point distance of a quarter circle: r(1 - 0.5523)
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - k, y, x + w, y + k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + k, y + h, x, y + h - k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    draw(s, pb, None, Some(stroke));
}

fn circle(s: &mut Surface, (cx, cy): (f32, f32), r: f32, stroke: ((u8, u8, u8), f32)) {
    let k = r * 0.5523;
    let mut pb = PathBuilder::new();
    pb.move_to(cx + r, cy);
    pb.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
    pb.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
    pb.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
    pb.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
    pb.close();
    draw(s, pb, None, Some(stroke));
}

/// What a page needs of a board.
struct Record {
    number: u32,
    dealer: Seat,
    vulnerability: Vulnerability,
    deal: Deal,
    dd: Option<DdTable>,
    par: Option<Par>,
}

impl Record {
    fn of(b: &Board) -> Record {
        Record {
            number: b.number,
            dealer: b.dealer,
            vulnerability: b.vulnerability,
            deal: b.deal,
            dd: crate::diagram::shown_table(b).copied(),
            par: b.par.clone(),
        }
    }

    /// True when the board has a table or par to show below the diagram.
    fn has_results(&self) -> bool {
        self.dd.is_some() || self.par.is_some()
    }
}

/// The natural size of a board's drawing, before it is scaled to its
/// place on the page: the diagram is 256 x 228 points, three rows of
/// hands.
const DIAGRAM: (f32, f32) = (256.0, 3.0 * ROW);
/// The table (6 rows) and par: beside each other below the diagram, or
/// one above the other beside it (two a page).
const RESULTS_BELOW: (f32, f32) = (256.0, 6.0 * TABLE_ROW);
const RESULTS_BESIDE: (f32, f32) = (TABLE_W + 16.0, 6.0 * TABLE_ROW + 8.0 + 5.0 * TABLE_ROW);
/// Where the diagram's middle column (the compass's) begins and its width.
const MIDDLE: (f32, f32) = (96.0, 62.0);
const ROW: f32 = 76.0;
const LINE: f32 = 17.0;
const HAND_SIZE: f32 = 14.0;
const TABLE_ROW: f32 = 17.5;
/// The table's declarer column and strain columns.
const TABLE_COLS: (f32, f32) = (22.0, 25.0);
const TABLE_W: f32 = TABLE_COLS.0 + 5.0 * TABLE_COLS.1;

/// The two fonts.
struct Fonts {
    regular: Face,
    bold: Face,
}

/// Draws a board's diagram with its top left at (0, 0): number, dealer
/// and vulnerability in the top left corner, the hands around the compass.
fn diagram(s: &mut Surface, f: &Fonts, r: &Record) {
    let label = Style::new(&f.regular, 10.0).color(GREY);
    text_within(
        s,
        8.0,
        27.0,
        Style::new(&f.bold, 17.0),
        MIDDLE.0 - 18.0,
        &format!("Board {}", r.number),
    );
    text(s, 8.0, 45.0, label, &format!("Dealer {}", r.dealer.name()));
    text(
        s,
        8.0,
        59.0,
        label,
        &format!("Vul {}", vulnerability_words(r.vulnerability)),
    );
    let hand_room = |seat| match seat {
        Seat::West => (8.0, ROW, MIDDLE.0 - 18.0),
        Seat::North => (MIDDLE.0, 0.0, DIAGRAM.0 - MIDDLE.0 - 6.0),
        Seat::East => (
            MIDDLE.0 + MIDDLE.1 + 8.0,
            ROW,
            DIAGRAM.0 - MIDDLE.0 - MIDDLE.1 - 14.0,
        ),
        Seat::South => (MIDDLE.0, 2.0 * ROW, DIAGRAM.0 - MIDDLE.0 - 6.0),
    };
    for seat in Seat::ALL {
        let (x, top, room) = hand_room(seat);
        hand(s, f, r.deal.hand(seat), x, top + 14.0 + 2.0, room);
    }
    compass(s, f, r, (MIDDLE.0, ROW + (ROW - MIDDLE.1) / 2.0));
}

/// A hand's four suits, the first baseline at y.
fn hand(s: &mut Surface, f: &Fonts, h: crate::model::hand::Hand, x: f32, y: f32, room: f32) {
    let style = Style::new(&f.regular, HAND_SIZE);
    let mark_room = style.width("\u{2666}") + 4.0;
    for (i, suit) in Suit::ALL.into_iter().enumerate() {
        let y = y + i as f32 * LINE;
        let mark = style.color(if suit.is_red() { RED } else { BLACK });
        text(s, x, y, mark, &suit.symbol().to_string());
        text_within(
            s,
            x + mark_room,
            y,
            style,
            room - mark_room,
            &holding(h, suit),
        );
    }
}

/// The compass: a square whose edges are the seats' bands (red for a
/// vulnerable side, grey otherwise), the dealer's letter ringed, the four
/// hands' high-card points in the middle.
fn compass(s: &mut Surface, f: &Fonts, r: &Record, (x, y): (f32, f32)) {
    let (w, band) = (MIDDLE.1, 16.0);
    let corners = [(x, y), (x + w, y), (x + w, y + w), (x, y + w)];
    let inner = [
        (x + band, y + band),
        (x + w - band, y + band),
        (x + w - band, y + w - band),
        (x + band, y + w - band),
    ];
    let c = x + w / 2.0;
    let m = y + w / 2.0;
    // The band of each seat: its edge of the square and the inner square's.
    for (seat, edge, centre) in [
        (Seat::North, 0, (c, y + band / 2.0)),
        (Seat::East, 1, (x + w - band / 2.0, m)),
        (Seat::South, 2, (c, y + w - band / 2.0)),
        (Seat::West, 3, (x + band / 2.0, m)),
    ] {
        let vul = is_vulnerable(r.vulnerability, seat);
        let (a, b) = (edge, (edge + 1) % 4);
        polygon(
            s,
            &[corners[a], corners[b], inner[b], inner[a]],
            Some(if vul { RED } else { LIGHT }),
            Some((WHITE, 0.8)),
        );
        let letter = Style::new(&f.bold, 10.0).color(if vul { WHITE } else { BLACK });
        text_centred(
            s,
            centre.0,
            centre.1 + 3.6,
            letter,
            &seat.letter().to_string(),
        );
        if seat == r.dealer {
            circle(
                s,
                (centre.0, centre.1),
                6.6,
                (if vul { WHITE } else { BLACK }, 1.0),
            );
        }
    }
    rect(s, (x, y, w, w), None, Some((GREY, 0.6)));
    // High-card points, each toward its seat.
    let points = Style::new(&f.regular, 8.0).color(GREY);
    let hcp = |seat: Seat| r.deal.hand(seat).hcp().to_string();
    text_centred(s, c, y + band + 8.0, points, &hcp(Seat::North));
    text_centred(s, c, y + w - band - 2.5, points, &hcp(Seat::South));
    text(s, x + band + 1.5, m + 2.7, points, &hcp(Seat::West));
    text_right(s, x + w - band - 1.5, m + 2.7, points, &hcp(Seat::East));
}

/// The double-dummy table (when known) and par, top left at (0, 0): par
/// beside the table, or below it when `stacked`.
fn results(s: &mut Surface, f: &Fonts, r: &Record, stacked: bool) {
    let (label_w, col, row) = (TABLE_COLS.0, TABLE_COLS.1, TABLE_ROW);
    let x0 = 8.0;
    let cell = Style::new(&f.regular, 11.0);
    let head = Style::new(&f.bold, 11.0);
    let base = |j: f32| row * (j + 1.0) - 5.0;
    if let Some(dd) = &r.dd {
        rect(s, (x0, 0.0, TABLE_W, row), Some(LIGHT), None);
        for (i, strain) in Strain::NT_FIRST.into_iter().enumerate() {
            let x = x0 + label_w + col * (i as f32 + 0.5);
            let (t, style) = match strain {
                Strain::NoTrump => ("NT".to_string(), head),
                Strain::Spades => (Suit::Spades.symbol().to_string(), head),
                Strain::Hearts => (Suit::Hearts.symbol().to_string(), head.color(RED)),
                Strain::Diamonds => (Suit::Diamonds.symbol().to_string(), head.color(RED)),
                Strain::Clubs => (Suit::Clubs.symbol().to_string(), head),
            };
            text_centred(s, x, base(0.0), style, &t);
        }
        for (j, seat) in DdTable::HEX_DECLARERS.into_iter().enumerate() {
            let y = base(j as f32 + 1.0);
            text_centred(s, x0 + label_w / 2.0, y, head, &seat.letter().to_string());
            for (i, strain) in Strain::NT_FIRST.into_iter().enumerate() {
                let x = x0 + label_w + col * (i as f32 + 0.5);
                let t = dd
                    .get(seat, strain)
                    .map_or("?".to_string(), |t| t.to_string());
                text_centred(s, x, y, cell, &t);
            }
            let line = row * (j as f32 + 1.0);
            polygon(
                s,
                &[(x0, line), (x0 + TABLE_W, line)],
                None,
                Some((RULE, 0.5)),
            );
        }
        let line = x0 + label_w;
        polygon(
            s,
            &[(line, 0.0), (line, 5.0 * row)],
            None,
            Some((RULE, 0.5)),
        );
        rect(s, (x0, 0.0, TABLE_W, row * 5.0), None, Some((GREY, 0.6)));
    }
    let Some(par) = &r.par else { return };
    let (x, top, room) = match (r.dd.is_some(), stacked) {
        (false, _) => (x0, 0.0, RESULTS_BELOW.0 - 2.0 * x0),
        (true, false) => (x0 + TABLE_W + 16.0, 0.0, RESULTS_BELOW.0 - TABLE_W - 32.0),
        (true, true) => (x0, 5.0 * row + 8.0, TABLE_W),
    };
    let line = |i: f32| top + base(i);
    text(s, x, line(0.0), head, "Par");
    let score = Style::new(&f.bold, 12.0);
    text_within(s, x, line(1.0), score, room, &par_score(par));
    let shown = if stacked { 2 } else { 3 };
    for (i, c) in par.contracts.iter().take(shown).enumerate() {
        contract(s, f, x, line(2.0 + i as f32), room, c);
    }
    if par.contracts.len() > shown {
        let more = format!("and {} more", par.contracts.len() - shown);
        text(s, x, line(2.0 + shown as f32), cell.color(GREY), &more);
    }
}

/// A par contract, `4♠ N` with the suit in its colour (the solver's
/// `4S-N`); text of another shape as it is.
fn contract(s: &mut Surface, f: &Fonts, x: f32, y: f32, room: f32, c: &str) {
    let style = Style::new(&f.regular, 11.0);
    let Some((level, suit, doubled, by)) = contract_parts(c) else {
        text_within(s, x, y, style, room, c);
        return;
    };
    let x = text(s, x, y, style, &level.to_string());
    let x = match suit {
        None => text(s, x, y, style, "NT"),
        Some(suit) => {
            let mark = style.color(if suit.is_red() { RED } else { BLACK });
            text(s, x, y, mark, &suit.symbol().to_string())
        }
    };
    let x = text(s, x, y, style, doubled);
    text(s, x + 4.0, y, style, by);
}

/// A page's geometry: its size and the places of its boards.
struct Sheet {
    size: (f32, f32),
    /// Each board's place: x, y, width, height.
    cells: Vec<(f32, f32, f32, f32)>,
    /// Two a page: the table beside the diagram.
    wide: bool,
}

const MARGIN: (f32, f32) = (36.0, 28.0);
const HEADER: f32 = 44.0;
const FOOTER: f32 = 16.0;
const GAP: f32 = 12.0;

impl Sheet {
    fn new(paper: Paper, per_page: PerPage) -> Sheet {
        let (w, h) = paper.points();
        let (left, top) = (MARGIN.0, MARGIN.1 + HEADER);
        let (cw, ch) = (w - 2.0 * MARGIN.0, h - 2.0 * MARGIN.1 - HEADER - FOOTER);
        let cells = match per_page.get() {
            1 => vec![(left, top, cw, ch)],
            2 => {
                let hh = (ch - GAP) / 2.0;
                vec![(left, top, cw, hh), (left, top + hh + GAP, cw, hh)]
            }
            _ => {
                let (hw, hh) = ((cw - GAP) / 2.0, (ch - GAP) / 2.0);
                let (x2, y2) = (left + hw + GAP, top + hh + GAP);
                vec![
                    (left, top, hw, hh),
                    (x2, top, hw, hh),
                    (left, y2, hw, hh),
                    (x2, y2, hw, hh),
                ]
            }
        };
        Sheet {
            size: (w, h),
            cells,
            wide: per_page == PerPage::TWO,
        }
    }

    /// Draws the page's heading and foot.
    fn frame(
        &self,
        s: &mut Surface,
        f: &Fonts,
        heading: &(String, Option<String>),
        foot: (&str, u32),
    ) {
        let (w, h) = self.size;
        let title = Style::new(&f.bold, 15.0);
        let room = w - 2.0 * MARGIN.0;
        let tw = title.width(&heading.0).min(room);
        text_within(s, (w - tw) / 2.0, MARGIN.1 + 14.0, title, room, &heading.0);
        if let Some(sub) = &heading.1 {
            let style = Style::new(&f.regular, 10.0).color(GREY);
            let sw = style.width(sub).min(room);
            text_within(s, (w - sw) / 2.0, MARGIN.1 + 30.0, style, room, sub);
        }
        let y = MARGIN.1 + HEADER - 7.0;
        polygon(
            s,
            &[(MARGIN.0, y), (w - MARGIN.0, y)],
            None,
            Some((RULE, 0.6)),
        );
        let small = Style::new(&f.regular, 8.0).color(GREY);
        let base = h - MARGIN.1;
        text(s, MARGIN.0, base, small, foot.0);
        text_right(s, w - MARGIN.0, base, small, &format!("Page {}", foot.1));
    }

    /// Draws a board in cell `i`: framed, its drawing scaled to fill the
    /// cell and centred in it.
    fn board(&self, s: &mut Surface, f: &Fonts, i: usize, r: &Record) {
        let (x, y, w, h) = self.cells[i];
        rounded(s, (x, y, w, h), 6.0, (RULE, 0.8));
        let (pad, gap) = (4.0, 6.0);
        let (nw, nh) = match (r.has_results(), self.wide) {
            (false, _) => DIAGRAM,
            (true, false) => (DIAGRAM.0, DIAGRAM.1 + gap + RESULTS_BELOW.1),
            (true, true) => (DIAGRAM.0 + RESULTS_BESIDE.0, DIAGRAM.1),
        };
        let scale = ((w - 2.0 * pad) / nw).min((h - 2.0 * pad) / nh);
        let (ox, oy) = (x + (w - nw * scale) / 2.0, y + (h - nh * scale) / 2.0);
        s.push_transform(&Transform::from_row(scale, 0.0, 0.0, scale, ox, oy));
        diagram(s, f, r);
        if r.has_results() {
            let at = if self.wide {
                (DIAGRAM.0, (DIAGRAM.1 - RESULTS_BESIDE.1) / 2.0)
            } else {
                (0.0, DIAGRAM.1 + gap)
            };
            s.push_transform(&Transform::from_translate(at.0, at.1));
            results(s, f, r, self.wide);
            s.pop();
        }
        s.pop();
    }
}

/// Writes the hand records: a page as soon as its boards are in, the file
/// at the end.
pub struct PdfWriter {
    per_page: PerPage,
    paper: Paper,
    title: Option<String>,
    doc: Option<Document>,
    fonts: Fonts,
    head: SetInfo,
    /// The title and subtitle, settled at the first page.
    heading: Option<(String, Option<String>)>,
    /// The boards of the page being filled.
    pending: Vec<Record>,
    pages: u32,
}

impl PdfWriter {
    /// A writer laid out as `options` say.
    pub fn new(options: &WriteOptions) -> PdfWriter {
        PdfWriter {
            per_page: options.per_page,
            paper: options.paper,
            title: options.title.clone(),
            doc: Some(Document::new()),
            fonts: Fonts {
                regular: Face::new(dejavu::sans::regular()),
                bold: Face::new(dejavu::sans::bold()),
            },
            head: SetInfo::default(),
            heading: None,
            pending: Vec::with_capacity(4),
            pages: 0,
        }
    }

    fn settle_heading(&mut self, first: Option<&Board>) {
        if self.heading.is_none() {
            self.heading = Some(record_heading(&self.head, first, self.title.as_deref()));
        }
    }

    /// Draws the page of the boards held (a page with only the heading
    /// when there are none).
    fn page(&mut self) {
        let Some(doc) = self.doc.as_mut() else { return };
        let sheet = Sheet::new(self.paper, self.per_page);
        self.pages += 1;
        let foot = match (self.pending.first(), self.pending.last()) {
            (Some(a), Some(b)) if a.number != b.number => {
                format!("Boards {}\u{2013}{}", a.number, b.number)
            }
            (Some(a), _) => format!("Board {}", a.number),
            _ => "No boards".to_string(),
        };
        let settings = PageSettings::from_wh(sheet.size.0, sheet.size.1).expect("page size");
        let mut page = doc.start_page_with(settings);
        let mut s = page.surface();
        let heading = self.heading.as_ref().expect("settled before a page");
        sheet.frame(&mut s, &self.fonts, heading, (&foot, self.pages));
        for (i, r) in self.pending.iter().enumerate() {
            sheet.board(&mut s, &self.fonts, i, r);
        }
        s.finish();
        page.finish();
        self.pending.clear();
    }
}

impl BoardWriter for PdfWriter {
    fn head(&mut self, head: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        self.head = head.clone();
        Ok(())
    }

    fn board(&mut self, b: &Board, _: &mut Vec<u8>) -> Result<(), Error> {
        self.settle_heading(Some(b));
        self.pending.push(Record::of(b));
        if self.pending.len() == self.per_page.get() {
            self.page();
        }
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        self.settle_heading(None);
        if !self.pending.is_empty() || self.pages == 0 {
            self.page();
        }
        let Some(mut doc) = self.doc.take() else {
            return Ok(());
        };
        let title = self.heading.as_ref().map_or(String::new(), |h| h.0.clone());
        doc.set_metadata(
            Metadata::new()
                .title(title)
                .creator(format!("boardfile {}", env!("CARGO_PKG_VERSION"))),
        );
        let bytes = doc
            .finish()
            .map_err(|e| Error::unsupported(FORMAT, format!("cannot make the PDF: {e:?}")))?;
        out.extend_from_slice(&bytes);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::Format;
    use crate::model::set::BoardSet;
    use lopdf::{Document as Pdf, Object};

    /// Nine boards of different deals, the first two with a table and par.
    fn set() -> BoardSet {
        let boards = (1..=9u32)
            .map(|n| {
                let deal = Deal::from_number(u128::from(n) * 5_000_000_000_000_000_000_000_000_001)
                    .unwrap();
                let mut b = Board::new(n, deal);
                if n <= 2 {
                    b.dd = Some(DdTable::from_hex("9876543210ABCD012345").unwrap());
                    b.par = Some(Par {
                        score_ns: -420,
                        contracts: vec!["4S-W".into(), "4H-EW".into()],
                    });
                }
                b
            })
            .collect();
        let mut set = BoardSet::from_boards(boards);
        set.info.event = Some("Club <pairs> & co".into());
        set.info.site = Some("Haarlem".into());
        set.info.date = Some("2024.05.01".into());
        set
    }

    fn write(set: &BoardSet, per_page: PerPage, paper: Paper) -> Vec<u8> {
        let options = WriteOptions::default().laid_out(per_page, paper);
        let mut out = Vec::new();
        crate::records::write_with(Format::Pdf, set, &mut out, &options).unwrap();
        out
    }

    /// What a board's text must read, in drawing order, from its PBN deal
    /// string (not from the writer's helpers): `Board N`, `Dealer X`, then
    /// each hand (N, E, S, W) as a suit symbol and its ranks, `10` for the
    /// ten and a dash for a void.
    fn expected(b: &Board) -> Vec<String> {
        let pbn = b.deal.to_pbn();
        let mut want = vec![
            format!("Board {}", b.number),
            format!("Dealer {}", b.dealer.name()),
        ];
        for hand in pbn[2..].split(' ') {
            for (symbol, ranks) in ["♠", "♥", "♦", "♣"].iter().zip(hand.split('.')) {
                want.push(symbol.to_string());
                want.push(if ranks.is_empty() {
                    "—".into()
                } else {
                    ranks.replace('T', "10")
                });
            }
        }
        want
    }

    #[test]
    fn pages_hold_every_board_and_hand_as_text() {
        let set = set();
        for per_page in [PerPage::ONE, PerPage::TWO, PerPage::FOUR] {
            for (paper, size) in [
                (Paper::A4, [595.276, 841.89]),
                (Paper::Letter, [612.0, 792.0]),
            ] {
                let what = format!("{per_page:?} {paper:?}");
                let bytes = write(&set, per_page, paper);
                assert!(bytes.starts_with(b"%PDF-1.7"), "{what}");
                let tail = String::from_utf8_lossy(&bytes[bytes.len() - 40..]).into_owned();
                assert!(
                    tail.contains("startxref") && tail.trim_end().ends_with("%%EOF"),
                    "{what}"
                );
                let pdf = Pdf::load_mem(&bytes).unwrap();
                let pages = pdf.get_pages();
                assert_eq!(pages.len(), 9usize.div_ceil(per_page.get()), "{what}");
                for (&number, &id) in &pages {
                    let page = pdf.get_object(id).unwrap().as_dict().unwrap();
                    let media: Vec<f32> = page
                        .get(b"MediaBox")
                        .unwrap()
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|o| o.as_float().unwrap())
                        .collect();
                    assert!((media[2] - size[0]).abs() < 0.01, "{what} {media:?}");
                    assert!((media[3] - size[1]).abs() < 0.01, "{what} {media:?}");
                    let text = pdf.extract_text(&[number]).unwrap();
                    let lines: Vec<&str> = text.lines().map(str::trim).collect();
                    assert_eq!(lines[0], "Club <pairs> & co", "{what}");
                    assert_eq!(lines[1], "Haarlem \u{b7} 1 May 2024", "{what}");
                    // The heading, the foot, then the boards.
                    let page_line = format!("Page {number}");
                    assert_eq!(lines[3], page_line, "{what}");
                    let lines = &lines[4..];
                    let first = (number as usize - 1) * per_page.get();
                    let on_page = &set.boards[first..(first + per_page.get()).min(9)];
                    let mut at = 0;
                    for b in on_page {
                        let want = expected(b);
                        let start = lines[at..]
                            .iter()
                            .position(|l| *l == want[0])
                            .unwrap_or_else(|| panic!("{what}: no {} on page {number}", want[0]));
                        at += start;
                        assert_eq!(lines[at + 1], want[1], "{what}");
                        // Line 2 is the vulnerability, then the hands.
                        let hands: Vec<&str> = lines[at + 3..at + 3 + 32].to_vec();
                        assert_eq!(hands, want[2..], "{what}: board {}", b.number);
                        at += 35;
                    }
                    let boards_here: Vec<u32> = lines
                        .iter()
                        .filter_map(|l| l.strip_prefix("Board ")?.parse().ok())
                        .collect();
                    let numbers: Vec<u32> = on_page.iter().map(|b| b.number).collect();
                    assert_eq!(boards_here, numbers, "{what}");
                    if number == 1 {
                        for t in ["Par", "EW 420", "NT", "W", "10"] {
                            assert!(lines.contains(&t), "{what}: no {t:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn fonts_are_embedded_subsets_with_unicode_maps() {
        let pdf = Pdf::load_mem(&write(&set(), PerPage::FOUR, Paper::A4)).unwrap();
        let (mut type0, mut files) = (0, 0);
        for object in pdf.objects.values() {
            let Ok(dict) = object.as_dict() else { continue };
            if dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Type0") {
                type0 += 1;
                let name = dict.get(b"BaseFont").unwrap().as_name().unwrap();
                let name = String::from_utf8_lossy(name);
                assert!(
                    name.contains("+DejaVuSans"),
                    "{name}: not a subset of DejaVu Sans"
                );
                assert!(dict.has(b"ToUnicode"), "{name}: no ToUnicode map");
            }
            if dict.has(b"FontFile2") {
                files += 1;
            }
        }
        assert_eq!((type0, files), (2, 2), "regular and bold, each embedded");
    }

    #[test]
    fn written_at_the_end_and_never_empty() {
        let mut w = PdfWriter::new(&WriteOptions::default());
        let mut out = Vec::new();
        w.head(&SetInfo::default(), &mut out).unwrap();
        for b in &set().boards {
            w.board(b, &mut out).unwrap();
        }
        assert!(out.is_empty(), "nothing before the end");
        assert!(
            w.pending.len() == 1 && w.pages == 2,
            "full pages drawn at once"
        );
        w.finish(&SetInfo::default(), &mut out).unwrap();
        assert_eq!(Pdf::load_mem(&out).unwrap().get_pages().len(), 3);
        // No boards: one page with the heading.
        let out = write(&BoardSet::default(), PerPage::FOUR, Paper::A4);
        let pdf = Pdf::load_mem(&out).unwrap();
        assert_eq!(pdf.get_pages().len(), 1);
        let text = pdf.extract_text(&[1]).unwrap();
        assert!(
            text.contains("Hand records") && text.contains("No boards"),
            "{text}"
        );
    }

    /// A title given heads every page and names the document; the event
    /// goes below it with the site and the date.
    #[test]
    fn a_title_given_heads_the_pages() {
        let options = WriteOptions::default().titled(Some("Club Pairs".into()));
        let mut out = Vec::new();
        crate::records::write_with(Format::Pdf, &set(), &mut out, &options).unwrap();
        let pdf = Pdf::load_mem(&out).unwrap();
        for page in 1..=3 {
            let text = pdf.extract_text(&[page]).unwrap();
            let lines: Vec<&str> = text.lines().map(str::trim).collect();
            assert_eq!(lines[0], "Club Pairs");
            assert_eq!(
                lines[1],
                "Club <pairs> & co \u{b7} Haarlem \u{b7} 1 May 2024"
            );
        }
        assert!(String::from_utf8_lossy(&out).contains("Club Pairs"));
    }
}
