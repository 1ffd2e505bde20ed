//! The 8x8 board as two `u64` (the player to move's discs, the opponent's):
//! move generation, flips and stable discs, the primitives the solver is
//! built on.
//!
//! Square `row * 8 + col` is bit `row * 8 + col` (a1 = 0, h1 = 7, a2 = 8,
//! h8 = 63), as in [`Position`](crate::model::position::Position).

use std::sync::OnceLock;

/// Column a, and column h: masks that stop a shift wrapping round a row.
const COL_A: u64 = 0x0101_0101_0101_0101;
const COL_H: u64 = 0x8080_8080_8080_8080;

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The squares of the legal moves of the player owning `p` against `o`:
/// per direction, runs of `o` discs grown from `p` by parallel prefix
/// (shifts by 1, then 2 squares twice), then one step onto an empty square.
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & !(COL_A | COL_H);
    (some_moves(p, inner, 1)
        | some_moves(p, o, 8)
        | some_moves(p, inner, 7)
        | some_moves(p, inner, 9))
        & !(p | o)
}

#[inline(always)]
fn some_moves(p: u64, mask: u64, dir: u32) -> u64 {
    let mut fl = mask & (p << dir);
    let mut fr = mask & (p >> dir);
    fl |= mask & (fl << dir);
    fr |= mask & (fr >> dir);
    let ml = mask & (mask << dir);
    let mr = mask & (mask >> dir);
    let d2 = dir * 2;
    fl |= ml & (fl << d2);
    fr |= mr & (fr >> d2);
    fl |= ml & (fl << d2);
    fr |= mr & (fr >> d2);
    (fl << dir) | (fr >> dir)
}

/// [`moves`] in AVX2's 256-bit lanes: the four directions in the four
/// lanes, each grown both ways at once. The x86-64-v4 search takes it
/// (0.97x the time there, with AVX-512's encodings); the v3 search keeps
/// [`moves`] (1.00x with this, on FFO #40-#49, paired runs).
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn moves_avx2(p: u64, o: u64) -> u64 {
    use std::arch::x86_64::*;
    const INNER: i64 = 0x7e7e_7e7e_7e7e_7e7e;
    // Directions 1, 8, 7 and 9 squares; all but the vertical stop at the
    // board's sides.
    let shift = _mm256_set_epi64x(9, 7, 8, 1);
    let twice = _mm256_set_epi64x(18, 14, 16, 2);
    let vp = _mm256_set1_epi64x(p as i64);
    let mask = _mm256_and_si256(
        _mm256_set1_epi64x(o as i64),
        _mm256_set_epi64x(INNER, INNER, -1, INNER),
    );
    let mut fl = _mm256_and_si256(mask, _mm256_sllv_epi64(vp, shift));
    let mut fr = _mm256_and_si256(mask, _mm256_srlv_epi64(vp, shift));
    fl = _mm256_or_si256(fl, _mm256_and_si256(mask, _mm256_sllv_epi64(fl, shift)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(mask, _mm256_srlv_epi64(fr, shift)));
    let ml = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, shift));
    let mr = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, shift));
    fl = _mm256_or_si256(fl, _mm256_and_si256(ml, _mm256_sllv_epi64(fl, twice)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(mr, _mm256_srlv_epi64(fr, twice)));
    fl = _mm256_or_si256(fl, _mm256_and_si256(ml, _mm256_sllv_epi64(fl, twice)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(mr, _mm256_srlv_epi64(fr, twice)));
    let m = _mm256_or_si256(_mm256_sllv_epi64(fl, shift), _mm256_srlv_epi64(fr, shift));
    let m = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256::<1>(m));
    (_mm_cvtsi128_si64(m) | _mm_extract_epi64::<1>(m)) as u64 & !(p | o)
}

/// [`moves`] of eight boards at once, one a 64-bit lane of `p` and `o`.
///
/// # Safety
/// The processor must have AVX-512 F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
pub unsafe fn moves_x8(
    p: std::arch::x86_64::__m512i,
    o: std::arch::x86_64::__m512i,
) -> std::arch::x86_64::__m512i {
    use std::arch::x86_64::*;
    let (and, or) = (_mm512_and_si512, _mm512_or_si512);
    // `some_moves`, a direction at a time.
    macro_rules! run {
        ($mask:expr, $d:literal) => {{
            let mask = $mask;
            let mut fl = and(mask, _mm512_slli_epi64::<$d>(p));
            let mut fr = and(mask, _mm512_srli_epi64::<$d>(p));
            fl = or(fl, and(mask, _mm512_slli_epi64::<$d>(fl)));
            fr = or(fr, and(mask, _mm512_srli_epi64::<$d>(fr)));
            let ml = and(mask, _mm512_slli_epi64::<$d>(mask));
            let mr = and(mask, _mm512_srli_epi64::<$d>(mask));
            fl = or(fl, and(ml, _mm512_slli_epi64::<{ 2 * $d }>(fl)));
            fr = or(fr, and(mr, _mm512_srli_epi64::<{ 2 * $d }>(fr)));
            fl = or(fl, and(ml, _mm512_slli_epi64::<{ 2 * $d }>(fl)));
            fr = or(fr, and(mr, _mm512_srli_epi64::<{ 2 * $d }>(fr)));
            or(_mm512_slli_epi64::<$d>(fl), _mm512_srli_epi64::<$d>(fr))
        }};
    }
    let inner = and(o, _mm512_set1_epi64(!(COL_A | COL_H) as i64));
    let all = or(
        or(run!(inner, 1), run!(o, 8)),
        or(run!(inner, 7), run!(inner, 9)),
    );
    _mm512_andnot_si512(or(p, o), all)
}

/// The rays from each square in the eight directions, the square itself
/// left out: [square][direction], directions 0..4 towards higher bits
/// (east, north-west, north, north-east), 4..8 towards lower bits.
static RAYS: Rays = Rays(rays());

/// A square's eight rays on one cache line, the four towards higher bits
/// in the first half, as [`flips_avx512`] loads them.
#[repr(align(64))]
struct Rays([[u64; 8]; 64]);

const fn rays() -> [[u64; 8]; 64] {
    // (column step, row step)
    const D: [(i32, i32); 8] = [
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let mut out = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = D[d];
            let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            let mut m = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                m |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            out[sq][d] = m;
            d += 1;
        }
        sq += 1;
    }
    out
}

/// The discs flipped when the owner of `p` plays `sq` (an empty square);
/// 0 when the move flips nothing. Per direction, the first square along the
/// ray that is not `o`'s: when it is `p`'s, the squares before it flip.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let rays = &RAYS.0[sq as usize];
    let mut f = 0;
    // Towards higher bits: the first non-`o` square is the lowest bit.
    for &ray in &rays[..4] {
        let x = ray & !o;
        let first = x & x.wrapping_neg();
        let keep = 0u64.wrapping_sub(((first & p) != 0) as u64);
        f |= first.wrapping_sub(1) & ray & keep;
    }
    // Towards lower bits: the highest bit, without a branch. A ray of `o`
    // alone has no such bit: the shift by 64 wraps to 0 and gives bit 63,
    // which no ray towards lower bits holds, so `& ray` leaves no outflank.
    for &ray in &rays[4..] {
        let x = ray & !o;
        let outflank = (1u64 << 63).wrapping_shr(x.leading_zeros()) & p & ray;
        f |= ray & (outflank.wrapping_neg() << 1);
    }
    f
}

/// [`flips`] with AVX-512's 256-bit instructions: the four rays towards
/// higher bits in one register, the four towards lower bits in another,
/// each direction's outflanking square found in its lane (the lowest bit
/// not `o`'s; the highest, by a vector leading-zero count).
///
/// # Safety
/// The processor must have AVX2 and AVX-512 F, VL and CD.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
#[inline]
pub unsafe fn flips_avx512(p: u64, o: u64, sq: u32) -> u64 {
    use std::arch::x86_64::*;
    let rays = RAYS.0[sq as usize].as_ptr().cast::<__m256i>();
    // SAFETY: a square's rays are 64 bytes aligned to 64 (`Rays`).
    let (up, down) = unsafe { (_mm256_load_si256(rays), _mm256_load_si256(rays.add(1))) };
    let vp = _mm256_set1_epi64x(p as i64);
    let vo = _mm256_set1_epi64x(o as i64);
    let zero = _mm256_setzero_si256();
    // Towards higher bits: the lowest square not `o`'s; when it is `p`'s,
    // the squares below it flip.
    let x = _mm256_andnot_si256(vo, up);
    let outflank = _mm256_and_si256(_mm256_and_si256(x, _mm256_sub_epi64(zero, x)), vp);
    let flanked = _mm256_test_epi64_mask(outflank, outflank);
    let f_up = _mm256_maskz_and_epi64(
        flanked,
        _mm256_sub_epi64(outflank, _mm256_set1_epi64x(1)),
        up,
    );
    // Towards lower bits: the highest (a ray of `o` alone counts 64
    // leading zeros, and a shift by 64 leaves none).
    let x = _mm256_andnot_si256(vo, down);
    let highest = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(x));
    let outflank = _mm256_and_si256(highest, vp);
    let f_down = _mm256_and_si256(
        down,
        _mm256_slli_epi64::<1>(_mm256_sub_epi64(zero, outflank)),
    );
    let f = _mm256_or_si256(f_up, f_down);
    let f = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256::<1>(f));
    (_mm_cvtsi128_si64(f) | _mm_extract_epi64::<1>(f)) as u64
}

/// The diagonals through each square, as masks: `[square][0]` the a1-h8
/// direction, `[square][1]` the a8-h1 direction (the square included).
static DIAGONALS: [[u64; 2]; 64] = diagonals();

const fn diagonals() -> [[u64; 2]; 64] {
    let mut out = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let rays = &RAYS.0[sq];
        // East is 0; north-west 1, north-east 3; south-east 5, south-west 7.
        out[sq] = [
            rays[3] | rays[7] | 1u64 << sq,
            rays[1] | rays[5] | 1u64 << sq,
        ];
        sq += 1;
    }
    out
}

/// `COUNT_LAST[place][line]`: the discs flipped along a full line of at
/// most eight squares when the square at `place` is played, `line` the
/// player's squares along it (bit i the i-th square; the others are the
/// opponent's, or off the line when beyond its end, which no walk passes).
static COUNT_LAST: [[u8; 256]; 8] = count_last();

const fn count_last() -> [[u8; 256]; 8] {
    let mut out = [[0u8; 256]; 8];
    let mut place = 0;
    while place < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Up the line: the opponent's squares until the player's.
            let mut i = place + 1;
            while i < 8 && line & (1 << i) == 0 {
                i += 1;
            }
            if i < 8 {
                n += i - place - 1;
            }
            // Down the line.
            let mut i = place as i32 - 1;
            while i >= 0 && line & (1 << i) == 0 {
                i -= 1;
            }
            if i >= 0 {
                n += place - i as usize - 1;
            }
            out[place][line] = n as u8;
            line += 1;
        }
        place += 1;
    }
    out
}

/// The discs flipped when the owner of `p` plays `sq`, the last empty
/// square (every other square is `p`'s or the opponent's): `flips(p, o,
/// sq).count_ones()` for that `o`, from the four lines through `sq` taken
/// to bytes and looked up, with no move generated.
#[inline(always)]
pub fn count_last_flips(p: u64, sq: u32) -> u32 {
    let (row, col) = (sq / 8, sq % 8);
    let count = |place: u32, line: u64| u32::from(COUNT_LAST[place as usize][line as usize]);
    // The row; the column turned into a byte, bit r its row r; each
    // diagonal's squares, one in a column, gathered into the top byte.
    let r = (p >> (8 * row)) & 0xff;
    let c = ((p >> col) & COL_A).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let [d9, d7] = DIAGONALS[sq as usize];
    let d = (p & d9).wrapping_mul(COL_A) >> 56;
    let e = (p & d7).wrapping_mul(COL_A) >> 56;
    count(col, r) + count(row, c) + count(col, d) + count(col, e)
}

/// The opponent's possible moves weighted as move ordering counts them:
/// each move once, a corner twice.
#[inline]
pub fn weighted_mobility(m: u64) -> u32 {
    m.count_ones() + (m & CORNERS).count_ones()
}

/// Final score for the player to move: the disc difference, the empty
/// squares to the winner (WTHOR and FFO convention).
#[inline]
pub fn final_score(p: u64, o: u64) -> i32 {
    let np = p.count_ones() as i32;
    let no = o.count_ones() as i32;
    let diff = np - no;
    let empties = 64 - np - no;
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => diff + empties,
        std::cmp::Ordering::Less => diff - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// Per 8-square line (bit i = square i along it): the discs of the first
/// owner that no sequence of moves along that line can flip, for every
/// pair of disjoint bytes: `EDGE[p * 256 + o]`.
fn edge_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 65536];
        // By the number of empty squares, from none up: every position
        // reached by a move has one empty fewer, so it is known.
        let mut order: Vec<(u8, u8)> = Vec::with_capacity(6561);
        for p in 0..=255u8 {
            for o in 0..=255u8 {
                if p & o == 0 {
                    order.push((p, o));
                }
            }
        }
        order.sort_by_key(|&(p, o)| 8 - (p | o).count_ones());
        for (p, o) in order {
            let empty = !(p | o);
            let mut stable = p;
            for x in 0..8 {
                if empty & (1 << x) == 0 {
                    continue;
                }
                // `p`'s owner plays x, then the opponent does.
                let (np, no) = line_play(p, o, x);
                stable &= t[np as usize * 256 + no as usize];
                let (no2, np2) = line_play(o, p, x);
                stable &= t[np2 as usize * 256 + no2 as usize];
            }
            t[p as usize * 256 + o as usize] = stable;
        }
        t
    })
}

/// A disc played on square `x` of a line by the owner of `a`, flipping the
/// runs of `b` it closes along the line (even when the move would be legal
/// only through another direction): the new (a, b).
fn line_play(a: u8, b: u8, x: u32) -> (u8, u8) {
    let mut a2 = a | (1 << x);
    let mut b2 = b;
    // Left (lower squares), then right.
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut y = x as i32 + step;
        while (0..8).contains(&y) && b & (1 << y) != 0 {
            run |= 1 << y;
            y += step;
        }
        if (0..8).contains(&y) && a & (1 << y) != 0 {
            a2 |= run;
            b2 &= !run;
        }
    }
    (a2, b2)
}

/// Packs column a (bits 0, 8, ..., 56) into a byte, row i as bit i.
#[inline]
fn pack_col_a(x: u64) -> u8 {
    (((x & COL_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u8
}

/// Unpacks a byte into column a.
#[inline]
fn unpack_col_a(b: u8) -> u64 {
    let mut out = 0u64;
    for i in 0..8 {
        out |= (((b >> i) & 1) as u64) << (8 * i);
    }
    out
}

/// Stable discs of the edges: those no move along their edge can flip.
fn stable_edges(p: u64, o: u64) -> u64 {
    let t = edge_table();
    let e = |pp: u8, oo: u8| t[pp as usize * 256 + oo as usize];
    let bottom = e(p as u8, o as u8) as u64;
    let top = (e((p >> 56) as u8, (o >> 56) as u8) as u64) << 56;
    let left = unpack_col_a(e(pack_col_a(p), pack_col_a(o)));
    let right = unpack_col_a(e(pack_col_a(p >> 7), pack_col_a(o >> 7))) << 7;
    bottom | top | left | right
}

/// The lines (row, column, both diagonals) with no empty square, as the
/// union of their squares, for each of the four orientations: by shifts,
/// each line's squares ANDed together by doubling runs.
#[inline(always)]
fn full_lines(occ: u64) -> [u64; 4] {
    // Rows: bit 0 of each byte becomes the AND of its 8 bits.
    let mut r = occ;
    r &= r >> 4;
    r &= r >> 2;
    r &= r >> 1;
    let rows = (r & COL_A).wrapping_mul(0xff);
    // Columns: each byte becomes the AND of all 8.
    let mut c = occ;
    c &= c.rotate_right(32);
    c &= c.rotate_right(16);
    c &= c.rotate_right(8);
    [
        rows,
        c,
        diagonal(occ, 9, DIAG9_EDGES),
        diagonal(occ, 7, DIAG7_EDGES),
    ]
}

/// For a diagonal direction (shift 9 towards h8, 7 towards a8): the
/// squares from which 1, 2 and 4 steps up, then 1, 2 and 4 steps down,
/// leave the board.
const DIAG9_EDGES: [u64; 6] = [
    0xff80_8080_8080_8080,
    0xffff_c0c0_c0c0_c0c0,
    0xffff_ffff_f0f0_f0f0,
    0x0101_0101_0101_01ff,
    0x0303_0303_0303_ffff,
    0x0f0f_0f0f_ffff_ffff,
];
const DIAG7_EDGES: [u64; 6] = [
    0xff01_0101_0101_0101,
    0xffff_0303_0303_0303,
    0xffff_ffff_0f0f_0f0f,
    0x8080_8080_8080_80ff,
    0xc0c0_c0c0_c0c0_ffff,
    0xf0f0_f0f0_ffff_ffff,
];

/// The squares on full diagonals of direction `d`: runs of occupied
/// squares grown up (and down) by 1, 2 then 4 steps; a run that reaches
/// the edge is complete.
#[inline(always)]
fn diagonal(occ: u64, d: u32, edges: [u64; 6]) -> u64 {
    let mut up = occ;
    up &= edges[0] | (up >> d);
    up &= edges[1] | (up >> (2 * d));
    up &= edges[2] | (up >> (4 * d));
    let mut down = occ;
    down &= edges[3] | (down << d);
    down &= edges[4] | (down << (2 * d));
    down &= edges[5] | (down << (4 * d));
    up & down
}

/// Discs of `p` that can never be flipped (a lower bound on them): the
/// edges' stable discs, then inner discs that in each of the four line
/// orientations lie on a full line or next to a stable disc of their own.
#[inline(always)]
pub fn stable(p: u64, o: u64) -> u64 {
    let occ = p | o;
    let [fh, fv, f9, f7] = full_lines(occ);
    let central = p & 0x007e_7e7e_7e7e_7e00;
    let mut s = stable_edges(p, o) & p;
    s |= fh & fv & f9 & f7 & central;
    if s == 0 {
        return 0;
    }
    loop {
        let old = s;
        let h = (s >> 1) | (s << 1) | fh;
        let v = (s >> 8) | (s << 8) | fv;
        let d9 = (s >> 9) | (s << 9) | f9;
        let d7 = (s >> 7) | (s << 7) | f7;
        s |= h & v & d9 & d7 & central;
        if s == old {
            return s;
        }
    }
}

/// The quadrants (a1-d4, e1-h4, a5-d8, e5-h8).
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The empty squares that lie in a quadrant with an odd number of empties:
/// played first near the end (parity).
#[inline]
pub fn odd_quadrants(empty: u64) -> u64 {
    let mut m = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            m |= q;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next of a fixed pseudo-random sequence (xorshift64).
    fn xorshift(x: &mut u64) {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
    }
    use crate::model::position::{BoardSize, Color, Position, Square};

    fn sq(t: &str) -> u32 {
        let b = t.as_bytes();
        ((b[1] - b'1') * 8 + (b[0] - b'a')) as u32
    }

    #[test]
    fn flips_and_moves_are_the_rules_ones() {
        #[cfg(target_arch = "x86_64")]
        let avx512 = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512cd");
        let mut boards = Vec::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..100_000 {
            xorshift(&mut x);
            let y = x.rotate_left(23) ^ 0x5851_f42d_4c95_7f2d;
            // Boards from nearly empty to nearly full.
            let occupied = match x & 3 {
                0 => y & y.rotate_left(11),
                1 => y | y.rotate_left(5),
                _ => !(y & y.rotate_left(9) & y.rotate_left(31)),
            };
            let p = occupied & x;
            let o = occupied & !x;
            let mut empty = !occupied;
            let mut legal = 0;
            while empty != 0 {
                let sq = empty.trailing_zeros();
                empty &= empty - 1;
                // The rules' own flips (`Position`: runs grown by shifts),
                // written apart from these rays.
                let rules =
                    Position::from_discs(BoardSize::Eight, p.into(), o.into(), Color::Black)
                        .unwrap()
                        .flips(
                            Square {
                                col: (sq % 8) as u8,
                                row: (sq / 8) as u8,
                            },
                            Color::Black,
                        );
                assert_eq!(u128::from(flips(p, o, sq)), rules, "{p:#x} {o:#x} {sq}");
                if rules != 0 {
                    legal |= 1u64 << sq;
                }
                #[cfg(target_arch = "x86_64")]
                if avx512 {
                    // SAFETY: the processor has the instructions.
                    let f = unsafe { flips_avx512(p, o, sq) };
                    assert_eq!(u128::from(f), rules, "AVX-512: {p:#x} {o:#x} {sq}");
                }
            }
            // The moves: the squares where the rules flip something.
            assert_eq!(moves(p, o), legal, "{p:#x} {o:#x}");
            boards.push((p, o, legal));
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2.
                assert_eq!(unsafe { moves_avx2(p, o) }, legal, "AVX2: {p:#x} {o:#x}");
            }
        }
        // Eight boards a call, in vectors.
        #[cfg(target_arch = "x86_64")]
        if avx512 {
            use std::arch::x86_64::*;
            for eight in boards.chunks_exact(8) {
                let ps: [u64; 8] = std::array::from_fn(|i| eight[i].0);
                let os: [u64; 8] = std::array::from_fn(|i| eight[i].1);
                let mut got = [0u64; 8];
                // SAFETY: the processor has AVX-512 F; the arrays hold 8
                // words each.
                unsafe {
                    let m = moves_x8(
                        _mm512_loadu_si512(ps.as_ptr().cast()),
                        _mm512_loadu_si512(os.as_ptr().cast()),
                    );
                    _mm512_storeu_si512(got.as_mut_ptr().cast(), m);
                }
                for (i, &(p, o, legal)) in eight.iter().enumerate() {
                    assert_eq!(got[i], legal, "8 lanes: {p:#x} {o:#x}");
                }
            }
        }
    }

    #[test]
    fn last_flips_are_counted_as_the_moves_flip() {
        // Full boards with one empty square, from a fixed pseudo-random
        // sequence; the oracle is the move's own flips.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            xorshift(&mut x);
            let sq = (x >> 58) as u32;
            let bit = 1u64 << sq;
            // Sparse and dense boards too, not only halves.
            let p = match x & 3 {
                0 => x & x.rotate_left(17),
                1 => x | x.rotate_left(29),
                _ => x.rotate_left(7),
            } & !bit;
            let o = !p & !bit;
            assert_eq!(
                count_last_flips(p, sq),
                flips(p, o, sq).count_ones(),
                "{p:#x} {sq}"
            );
            assert_eq!(
                count_last_flips(o, sq),
                flips(o, p, sq).count_ones(),
                "{o:#x} {sq}"
            );
        }
    }

    #[test]
    fn start_position_moves() {
        // Black d5, e4; white d4, e5; black to move: d3, c4, f5, e6.
        let black = (1u64 << sq("d5")) | (1u64 << sq("e4"));
        let white = (1u64 << sq("d4")) | (1u64 << sq("e5"));
        let m = moves(black, white);
        let want = ["d3", "c4", "f5", "e6"]
            .iter()
            .fold(0u64, |a, s| a | 1u64 << sq(s));
        assert_eq!(m, want);
        assert_eq!(flips(black, white, sq("f5")), 1u64 << sq("e5"));
        assert_eq!(flips(black, white, sq("a1")), 0);
    }

    /// The lines (row, column, both diagonals) with no empty square, as the
    /// union of their squares, for each of the four orientations.
    fn full_lines_by_masks(occ: u64) -> [u64; 4] {
        static MASKS: OnceLock<[Vec<u64>; 4]> = OnceLock::new();
        let masks = MASKS.get_or_init(|| {
            let mut rows = Vec::new();
            let mut cols = Vec::new();
            let mut d9 = Vec::new();
            let mut d7 = Vec::new();
            for i in 0..8 {
                rows.push(0xffu64 << (8 * i));
                cols.push(COL_A << i);
            }
            // Diagonals a1-h8 direction: start from each square of row 1 and
            // column a; the other direction from row 1 and column h.
            for start in 0..15i32 {
                let (mut m9, mut m7) = (0u64, 0u64);
                for r in 0..8i32 {
                    let c9 = start - 7 + r;
                    if (0..8).contains(&c9) {
                        m9 |= 1u64 << (r * 8 + c9);
                    }
                    let c7 = start - r;
                    if (0..8).contains(&c7) {
                        m7 |= 1u64 << (r * 8 + c7);
                    }
                }
                d9.push(m9);
                d7.push(m7);
            }
            [rows, cols, d9, d7]
        });
        let mut out = [0u64; 4];
        for (k, list) in masks.iter().enumerate() {
            for &m in list {
                if occ & m == m {
                    out[k] |= m;
                }
            }
        }
        out
    }

    #[test]
    fn full_lines_by_shifts_are_those_by_masks() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            xorshift(&mut x);
            // Mostly full boards, so that lines are full.
            let occ = x | x.rotate_left(11) | x.rotate_left(29);
            assert_eq!(full_lines(occ), full_lines_by_masks(occ), "{occ:#x}");
        }
        assert_eq!(full_lines(!0), [!0; 4]);
        assert_eq!(full_lines(0), [0; 4]);
    }

    #[test]
    fn column_packing_round_trips() {
        for b in 0..=255u8 {
            assert_eq!(pack_col_a(unpack_col_a(b)), b);
        }
        assert_eq!(pack_col_a(1 << 56), 0x80);
    }

    #[test]
    #[allow(clippy::identity_op)]
    fn edge_stability_by_hand() {
        let t = edge_table();
        // A corner disc is stable; so is a run from the corner.
        assert_eq!(t[0b0000_0001 * 256], 0b0000_0001);
        assert_eq!(t[0b0000_0111 * 256], 0b0000_0111);
        // A lone disc on b1 can be flanked (a1 and c1 empty).
        assert_eq!(t[0b0000_0010 * 256], 0);
        // A full line: everything stable.
        assert_eq!(t[0b1010_1010 * 256 + 0b0101_0101], 0b1010_1010);
        // X on a1, O on b1, c1 empty: X stays; O can be flipped by c1.
        assert_eq!(t[0b01 * 256 + 0b10], 0b01);
        assert_eq!(t[0b10 * 256 + 0b01], 0);
    }

    #[test]
    fn stable_discs_by_hand() {
        // Black on a1, b1, a2; white elsewhere nowhere near: the three are
        // stable (corner, edge runs, and b2 would need... a2/b1 edges).
        let p = (1u64 << sq("a1")) | (1u64 << sq("b1")) | (1u64 << sq("a2"));
        assert_eq!(stable(p, 1u64 << sq("e5")), p);
        // Nothing on the edges: nothing stable.
        assert_eq!(stable(1u64 << sq("d4"), 1u64 << sq("e5")), 0);
        // A full board: every disc is stable.
        let full_p = 0x00ff_00ff_00ff_00ffu64;
        assert_eq!(stable(full_p, !full_p), full_p);
    }

    #[test]
    fn final_scores_give_empties_to_the_winner() {
        // 3 discs to 1, 60 empties: +62.
        assert_eq!(final_score(0b111, 0b1000), 62);
        assert_eq!(final_score(0b1000, 0b111), -62);
        assert_eq!(final_score(0b1, 0b10), 0);
    }
}
