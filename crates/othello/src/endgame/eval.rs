//! A pattern evaluation, for ordering the solver's moves: the final disc
//! difference the player to move may expect, from the discs on 38 lines
//! and corners of the board.
//!
//! Each pattern is a set of squares (a corner's 3x3, an edge with its two
//! X-squares, the rows 2 to 4, the diagonals of 4 to 8 squares); its
//! instances are its images under the board's symmetries, and share one
//! weight for each of the 3^n ways its squares can be filled (empty, the
//! player's, the opponent's). An evaluation adds one weight an instance
//! and a constant, from the weight set of the position's phase (by its
//! empty squares). [`evaluate`] turns the board for each symmetry and
//! gathers each instance's squares with shifts; [`evaluate_bmi2`], the
//! one the x86-64-v3 search takes, reads each instance straight from the
//! board with one bit-extract a side (the whole solve of FFO #20-#39:
//! 6.37 s with the first, 5.83 s with the second); [`evaluate_avx512`],
//! the v4 search's, finds all the instances' indices at once in vector
//! lanes (FFO #40-#49: 0.91x the time of the bit-extract's).
//!
//! The weights are fitted by least squares on the games of WTHOR files,
//! each position labelled with its exact score up to 18 empties (the
//! solver's) and with the game's final disc difference before, and on
//! positions off the games' lines (a move the game did not play, and one
//! more), labelled with their exact scores: a search mostly evaluates
//! positions after a mistake. Nodes on one thread (FFO #40-#49; #20-#39;
//! 60 WTHOR positions at 22 empties, `scripts/bench-endgame.sh games`),
//! probcut's margins as measured before all of them:
//! - the lines alone labelled to 20 empties, phases split at 14 and 20:
//!   644 M; 95 M; 585 M;
//! - the lines labelled to 18: 645 M on #40-#49;
//! - with the positions off them: 622 M; 82 M; 518 M;
//! - and the phases split at 14 and 18, where the exact labels end: 528 M;
//!   83 M; 523 M (so).
//!
//! One weight set every two empties rather than three sets raised the
//! held-out error at 4 to 18 empties by 0.1 to 0.5 discs: too little
//! data a set. They are
//! committed as `eval.bin`: `scripts/fit-eval.sh` rebuilds it (see
//! `examples/fit_eval.rs`). Nothing is downloaded. The evaluation orders
//! moves only: a bad weight costs time, never a wrong score.

/// A pattern: its squares on the board as read, and the boards (by the
/// index of [`symmetries`]) on which those squares make its instances.
pub struct Pattern {
    /// What the pattern is, for the fitting program's report.
    pub name: &'static str,
    /// The squares, at most 10.
    pub mask: u64,
    /// The boards of [`symmetries`] whose `mask` squares are an instance.
    pub boards: &'static [usize],
}

/// The patterns, in the order of their weights.
pub const PATTERNS: [Pattern; 10] = [
    Pattern {
        name: "corner 3x3",
        mask: 0x0007_0707,
        boards: &[0, 1, 2, 3],
    },
    Pattern {
        name: "edge + 2X",
        mask: 0x42ff,
        boards: &[0, 1, 4, 5],
    },
    Pattern {
        name: "row 2",
        mask: 0xff00,
        boards: &[0, 1, 4, 5],
    },
    Pattern {
        name: "row 3",
        mask: 0x00ff_0000,
        boards: &[0, 1, 4, 5],
    },
    Pattern {
        name: "row 4",
        mask: 0xff00_0000,
        boards: &[0, 1, 4, 5],
    },
    Pattern {
        name: "diagonal 8",
        mask: 0x8040_2010_0804_0201,
        boards: &[0, 2],
    },
    Pattern {
        name: "diagonal 7",
        mask: 0x0080_4020_1008_0402,
        boards: &[0, 1, 2, 3],
    },
    Pattern {
        name: "diagonal 6",
        mask: 0x0000_8040_2010_0804,
        boards: &[0, 1, 2, 3],
    },
    Pattern {
        name: "diagonal 5",
        mask: 0x0000_0080_4020_1008,
        boards: &[0, 1, 2, 3],
    },
    Pattern {
        name: "diagonal 4",
        mask: 0x0000_0000_8040_2010,
        boards: &[0, 1, 2, 3],
    },
];

/// The instances of all patterns.
pub const INSTANCES: usize = 38;

/// The weights of one phase: each pattern's 3^n, then the constant.
pub const WEIGHTS_PER_PHASE: usize = weights_per_phase();

const fn weights_per_phase() -> usize {
    let mut n = 1;
    let mut i = 0;
    while i < PATTERNS.len() {
        n += 3usize.pow(PATTERNS[i].mask.count_ones());
        i += 1;
    }
    n
}

/// Where each pattern's weights start in a phase.
const OFFSETS: [u32; 10] = offsets();

const fn offsets() -> [u32; 10] {
    let mut out = [0u32; 10];
    let mut at = 0;
    let mut i = 0;
    while i < PATTERNS.len() {
        out[i] = at;
        at += 3u32.pow(PATTERNS[i].mask.count_ones());
        i += 1;
    }
    out
}

/// The constant's weight in a phase.
pub const CONSTANT: usize = WEIGHTS_PER_PHASE - 1;

/// The phases, by the empty squares of the position evaluated: the first
/// phase up to `PHASE_LIMITS[0]` empties, and so on; the last takes the
/// rest. The second ends where the fit's exact labels do.
pub const PHASE_LIMITS: [u32; 2] = [14, 18];

/// How many phases there are.
pub const PHASES: usize = PHASE_LIMITS.len() + 1;

/// The phase of a position with `empties` empty squares.
#[inline(always)]
pub fn phase(empties: u32) -> usize {
    PHASE_LIMITS.iter().filter(|&&l| empties > l).count()
}

/// Weights are stored in eighths of a disc.
pub const UNITS_PER_DISC: i32 = 8;

/// The fitted weights, `PHASES` sets of `WEIGHTS_PER_PHASE` bytes, each a
/// signed weight in [`UNITS_PER_DISC`].
static WEIGHTS: &[u8; PHASES * WEIGHTS_PER_PHASE] = &PADDED.weights;

/// The weights with room after them: [`evaluate_avx512`] reads each
/// weight as the low byte of four, the last weight's included.
#[repr(C)]
struct Padded {
    weights: [u8; PHASES * WEIGHTS_PER_PHASE],
    room: [u8; 4],
}

static PADDED: Padded = Padded {
    weights: *include_bytes!("eval.bin"),
    room: [0; 4],
};

/// The 8 images of a board under its symmetries, bit `row * 8 + col`:
/// 0 itself, 1 rows reversed, 2 columns reversed, 3 both (turned half
/// round), 4 flipped on the a1-h8 diagonal, 5 that with its rows
/// reversed, 6 with its columns reversed, 7 with both.
#[inline(always)]
pub const fn symmetries(x: u64) -> [u64; 8] {
    let v = x.swap_bytes();
    let h = mirror(x);
    let t = transpose(x);
    let tv = t.swap_bytes();
    let th = mirror(t);
    [x, v, h, h.swap_bytes(), t, tv, th, th.swap_bytes()]
}

/// Columns reversed: a1 <-> h1.
#[inline(always)]
const fn mirror(mut x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    x = ((x >> 1) & K1) | ((x & K1) << 1);
    x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

/// Flipped on the a1-h8 diagonal: row and column swapped.
#[inline(always)]
const fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The squares of pattern `k` on board `x`, packed into the low bits in
/// square order (as a bit-extract by the pattern's mask would).
#[inline(always)]
fn gather(k: usize, x: u64) -> usize {
    let bits = match k {
        // a1 b1 c1, a2 b2 c2, a3 b3 c3
        0 => (x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1c0),
        // row 1, then b2 and g2
        1 => (x & 0xff) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200),
        2 => (x >> 8) & 0xff,
        3 => (x >> 16) & 0xff,
        4 => (x >> 24) & 0xff,
        // A diagonal has one square a column: the multiplication adds
        // the rows into the top byte without carries.
        5 => ((x & PATTERNS[5].mask).wrapping_mul(0x0101_0101_0101_0101)) >> 56,
        6 => ((x & PATTERNS[6].mask).wrapping_mul(0x0101_0101_0101_0101)) >> 57,
        7 => ((x & PATTERNS[7].mask).wrapping_mul(0x0101_0101_0101_0101)) >> 58,
        8 => ((x & PATTERNS[8].mask).wrapping_mul(0x0101_0101_0101_0101)) >> 59,
        _ => ((x & PATTERNS[9].mask).wrapping_mul(0x0101_0101_0101_0101)) >> 60,
    };
    bits as usize
}

/// Bit `i` of a 10-bit number as the base-3 digit 3^i.
static TERNARY: [u16; 1024] = ternary();

const fn ternary() -> [u16; 1024] {
    let mut out = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut v, mut p, mut i) = (0u16, 1u16, 0);
        while i < 10 {
            if b >> i & 1 == 1 {
                v += p;
            }
            p = p.wrapping_mul(3);
            i += 1;
        }
        out[b] = v;
        b += 1;
    }
    out
}

/// The weight indices (within a phase) of the 38 instances of position
/// `(p, o)`, the player to move owning `p`. The constant is not listed.
#[inline(always)]
pub fn features(p: u64, o: u64) -> [u32; INSTANCES] {
    let ps = symmetries(p);
    let os = symmetries(o);
    let mut out = [0u32; INSTANCES];
    let mut n = 0;
    let mut k = 0;
    while k < PATTERNS.len() {
        for &b in PATTERNS[k].boards {
            let i = TERNARY[gather(k, ps[b])] as u32 + 2 * TERNARY[gather(k, os[b])] as u32;
            out[n] = OFFSETS[k] + i;
            n += 1;
        }
        k += 1;
    }
    out
}

/// The evaluation of `(p, o)` for the player to move, in
/// [`UNITS_PER_DISC`]: the disc difference expected at the end. The same
/// sum as over [`features`], written out instance by instance so that
/// each gather is a few shifts.
#[inline(always)]
pub fn evaluate(p: u64, o: u64) -> i32 {
    let empties = (!(p | o)).count_ones();
    let w = &WEIGHTS[phase(empties) * WEIGHTS_PER_PHASE..][..WEIGHTS_PER_PHASE];
    let (ps, os) = (symmetries(p), symmetries(o));
    let mut sum = w[CONSTANT] as i8 as i32;
    macro_rules! add {
        ($k:literal: $($b:literal),*) => {
            $(
                let i = TERNARY[gather($k, ps[$b])] as usize + 2 * TERNARY[gather($k, os[$b])] as usize;
                sum += w[OFFSETS[$k] as usize + i] as i8 as i32;
            )*
        };
    }
    // As PATTERNS' boards.
    add!(0: 0, 1, 2, 3);
    add!(1: 0, 1, 4, 5);
    add!(2: 0, 1, 4, 5);
    add!(3: 0, 1, 4, 5);
    add!(4: 0, 1, 4, 5);
    add!(5: 0, 2);
    add!(6: 0, 1, 2, 3);
    add!(7: 0, 1, 2, 3);
    add!(8: 0, 1, 2, 3);
    add!(9: 0, 1, 2, 3);
    sum
}

/// An instance as the board is read: its squares, and where its table of
/// [`INSTANCE_TERNARY`] starts.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Instance {
    mask: u64,
    table: usize,
}

/// The instances, pattern by pattern, board by board (as [`features`]).
#[cfg(target_arch = "x86_64")]
const INSTANCE_LIST: [Instance; INSTANCES] = instances().0;

/// For each instance, its squares' bits as a bit-extract by its mask
/// gives them (square order on the board as read) to its index in the
/// pattern's weights (square order on the symmetric board): 3^n a square.
#[cfg(target_arch = "x86_64")]
static INSTANCE_TERNARY: [u16; TERNARY_ENTRIES] = instances().1;

/// The entries of [`INSTANCE_TERNARY`]: 2^n an instance.
#[cfg(target_arch = "x86_64")]
const TERNARY_ENTRIES: usize = 10688;

#[cfg(target_arch = "x86_64")]
const fn instances() -> ([Instance; INSTANCES], [u16; TERNARY_ENTRIES]) {
    let mut list = [Instance { mask: 0, table: 0 }; INSTANCES];
    let mut table = [0u16; TERNARY_ENTRIES];
    let (mut n, mut at) = (0, 0);
    let mut k = 0;
    while k < PATTERNS.len() {
        let mask = PATTERNS[k].mask;
        let size = mask.count_ones();
        let mut j = 0;
        while j < PATTERNS[k].boards.len() {
            let b = PATTERNS[k].boards[j];
            // The squares of the board as read that symmetry b takes
            // onto the mask, in square order, with their places in it.
            let mut m = 0u64;
            let mut place = [0u32; 10];
            let mut count = 0;
            let mut q = 0;
            while q < 64 {
                let image = symmetries(1u64 << q)[b];
                if image & mask != 0 {
                    m |= 1u64 << q;
                    // The image's rank among the mask's squares.
                    place[count] = (mask & (image - 1)).count_ones();
                    count += 1;
                }
                q += 1;
            }
            list[n] = Instance { mask: m, table: at };
            let mut bits = 0;
            while bits < 1usize << size {
                let mut v = 0u16;
                let mut i = 0;
                while i < size as usize {
                    if bits >> i & 1 == 1 {
                        v += 3u16.pow(place[i]);
                    }
                    i += 1;
                }
                table[at + bits] = v;
                bits += 1;
            }
            at += 1 << size;
            n += 1;
            j += 1;
        }
        k += 1;
    }
    assert!(at == TERNARY_ENTRIES && n == INSTANCES);
    (list, table)
}

/// [`evaluate`] with the processor's bit-extract (BMI2): each instance
/// read straight from the board, without turning it.
///
/// # Safety
/// The processor must have BMI2 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
pub unsafe fn evaluate_bmi2(p: u64, o: u64) -> i32 {
    use std::arch::x86_64::_pext_u64;
    let empties = (!(p | o)).count_ones();
    let w = &WEIGHTS[phase(empties) * WEIGHTS_PER_PHASE..][..WEIGHTS_PER_PHASE];
    let mut sum = w[CONSTANT] as i8 as i32;
    macro_rules! add {
        ($k:literal: $($n:literal),*) => {
            $({
                const M: u64 = INSTANCE_LIST[$n].mask;
                const T: usize = INSTANCE_LIST[$n].table;
                let i = INSTANCE_TERNARY[T + _pext_u64(p, M) as usize] as usize
                    + 2 * INSTANCE_TERNARY[T + _pext_u64(o, M) as usize] as usize;
                sum += w[OFFSETS[$k] as usize + i] as i8 as i32;
            })*
        };
    }
    // As PATTERNS' instances, numbered.
    add!(0: 0, 1, 2, 3);
    add!(1: 4, 5, 6, 7);
    add!(2: 8, 9, 10, 11);
    add!(3: 12, 13, 14, 15);
    add!(4: 16, 17, 18, 19);
    add!(5: 20, 21);
    add!(6: 22, 23, 24, 25);
    add!(7: 26, 27, 28, 29);
    add!(8: 30, 31, 32, 33);
    add!(9: 34, 35, 36, 37);
    sum
}

/// For [`evaluate_avx512`]: where each instance's squares are on the
/// board as read, one instance a 16-byte lane of ten vectors (four
/// instances a vector; the last two lanes unused). Byte `i` of a lane is
/// the square whose digit counts 3^i in the instance's index; bytes past
/// the instance's squares are masked off (`SIMD_KEEP`).
#[cfg(target_arch = "x86_64")]
static SIMD_SQUARES: [[u8; 64]; 10] = simd_layout().0;

/// For each of the ten vectors, the bytes [`SIMD_SQUARES`] fills.
#[cfg(target_arch = "x86_64")]
static SIMD_KEEP: [u64; 10] = simd_layout().1;

/// Where each instance's weights start in a phase, in the order the
/// indices come out of [`evaluate_avx512`]'s sums: three vectors of 16,
/// dword `4 * lane + k` the instance of the group's `k`th vector at that
/// lane (see there). Unused: 0, and masked off.
#[cfg(target_arch = "x86_64")]
static SIMD_OFFSETS: [[u32; 16]; 3] = simd_layout().2;

#[cfg(target_arch = "x86_64")]
const fn simd_layout() -> ([[u8; 64]; 10], [u64; 10], [[u32; 16]; 3]) {
    let mut squares = [[0u8; 64]; 10];
    let mut keep = [0u64; 10];
    let mut offsets = [[0u32; 16]; 3];
    let (mut n, mut k) = (0, 0);
    while k < PATTERNS.len() {
        let mask = PATTERNS[k].mask;
        let mut j = 0;
        while j < PATTERNS[k].boards.len() {
            let b = PATTERNS[k].boards[j];
            let (v, lane) = (n / 4, n % 4);
            let mut q = 0;
            while q < 64 {
                let image = symmetries(1u64 << q)[b];
                if image & mask != 0 {
                    let place = (mask & (image - 1)).count_ones() as usize;
                    squares[v][lane * 16 + place] = q as u8;
                    keep[v] |= 1u64 << (lane * 16 + place);
                }
                q += 1;
            }
            let (g, m) = (v / 4, v % 4);
            offsets[g][4 * lane + m] = OFFSETS[k];
            n += 1;
            j += 1;
        }
        k += 1;
    }
    assert!(n == INSTANCES);
    (squares, keep, offsets)
}

/// [`evaluate`] in AVX-512 vector lanes: the board as 64 digits (0
/// empty, 1 the player's, 2 the opponent's), each instance's digits
/// gathered into a 16-byte lane by a byte permutation, turned into its
/// index by multiply-adds (3^i a digit), four lanes' indices summed
/// into one vector of 16 (a 4x4 transpose), and the weights fetched by
/// vector gathers.
///
/// # Safety
/// The processor must have POPCNT and AVX-512 F, BW and VBMI.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,popcnt")]
pub unsafe fn evaluate_avx512(p: u64, o: u64) -> i32 {
    use std::arch::x86_64::*;
    let empties = (!(p | o)).count_ones();
    let base = phase(empties) * WEIGHTS_PER_PHASE;
    // A square both sides hold (no position) reads as the player's: every
    // digit stays 0 to 2, and every index inside its pattern's weights.
    let board = _mm512_or_si512(
        _mm512_maskz_set1_epi8(p, 1),
        _mm512_maskz_set1_epi8(o & !p, 2),
    );
    // Per instance, i16 pairs d0 + 3 d1, ..., then i32 sums weighted by
    // 9^k, four a lane: the index is their sum.
    let threes = _mm512_set1_epi16(0x0301);
    let nines = _mm512_set_epi16(
        0, 0, 0, 6561, 729, 81, 9, 1, 0, 0, 0, 6561, 729, 81, 9, 1, 0, 0, 0, 6561, 729, 81, 9, 1,
        0, 0, 0, 6561, 729, 81, 9, 1,
    );
    let parts = |v: usize| {
        let squares = _mm512_loadu_si512(SIMD_SQUARES[v].as_ptr().cast());
        let digits = _mm512_maskz_permutexvar_epi8(SIMD_KEEP[v], squares, board);
        _mm512_madd_epi16(_mm512_maddubs_epi16(digits, threes), nines)
    };
    // Four vectors' lane sums side by side: dword 4 * lane + k the sum of
    // vector k's lane.
    let sums = |a: __m512i, b: __m512i, c: __m512i, d: __m512i| {
        let ab = _mm512_add_epi32(_mm512_unpacklo_epi32(a, b), _mm512_unpackhi_epi32(a, b));
        let cd = _mm512_add_epi32(_mm512_unpacklo_epi32(c, d), _mm512_unpackhi_epi32(c, d));
        _mm512_add_epi32(_mm512_unpacklo_epi64(ab, cd), _mm512_unpackhi_epi64(ab, cd))
    };
    let zero = _mm512_setzero_si512();
    let groups = [
        sums(parts(0), parts(1), parts(2), parts(3)),
        sums(parts(4), parts(5), parts(6), parts(7)),
        sums(parts(8), parts(9), zero, zero),
    ];
    // Group 2 holds instances 32 to 37: lanes 0 to 3 of its first vector
    // (dwords 0, 4, 8, 12) and lanes 0 and 1 of its second (1, 5).
    const LAST: u16 = 0x1111 | 0x0022;
    let weights: *const i32 = (&raw const PADDED).cast();
    let mut total = _mm512_setzero_si512();
    for (g, &index) in groups.iter().enumerate() {
        let offsets = _mm512_loadu_si512(SIMD_OFFSETS[g].as_ptr().cast());
        let at = _mm512_add_epi32(
            _mm512_add_epi32(index, offsets),
            _mm512_set1_epi32(base as i32),
        );
        let k = if g == 2 { LAST } else { u16::MAX };
        // SAFETY: each index is inside its phase's weights, and the four
        // bytes read from it inside PADDED (the room after the last).
        let w = _mm512_mask_i32gather_epi32::<1>(zero, k, at, weights);
        total = _mm512_add_epi32(total, _mm512_srai_epi32::<24>(_mm512_slli_epi32::<24>(w)));
    }
    _mm512_reduce_add_epi32(total) + WEIGHTS[base + CONSTANT] as i8 as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` boards of disjoint random discs (xorshift, a fixed seed).
    fn random_boards(n: usize) -> impl Iterator<Item = (u64, u64)> {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        (0..n).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(23);
            (x & !y, y & !x)
        })
    }

    /// Square (row, col) of board 0 moved by symmetry `s`, worked out
    /// square by square.
    fn image(s: usize, row: u32, col: u32) -> (u32, u32) {
        let (r, c) = if s >= 4 { (col, row) } else { (row, col) };
        let r = if s % 2 == 1 { 7 - r } else { r };
        let c = if s % 4 >= 2 { 7 - c } else { c };
        (r, c)
    }

    #[test]
    fn symmetries_move_each_square_where_the_geometry_says() {
        for sq in 0..64 {
            let (row, col) = (sq / 8, sq % 8);
            let images = symmetries(1u64 << sq);
            for (s, &x) in images.iter().enumerate() {
                let (r, c) = image(s, row, col);
                assert_eq!(x, 1u64 << (r * 8 + c), "square {sq}, symmetry {s}");
            }
        }
    }

    #[test]
    fn gather_packs_the_mask_squares_in_square_order() {
        // Against a bit-by-bit extract over each pattern's mask.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for (k, pat) in PATTERNS.iter().enumerate() {
                let (mut want, mut i, mut m) = (0usize, 0, pat.mask);
                while m != 0 {
                    let sq = m.trailing_zeros();
                    m &= m - 1;
                    want |= ((x >> sq & 1) as usize) << i;
                    i += 1;
                }
                assert_eq!(gather(k, x), want, "pattern {}", pat.name);
            }
        }
    }

    #[test]
    fn instances_cover_each_pattern_image_once() {
        // Every instance of a pattern is a different set of squares, and
        // the instances of all the patterns number INSTANCES.
        let mut n = 0;
        for pat in &PATTERNS {
            let mut seen = Vec::new();
            for &b in pat.boards {
                // The squares of the instance on the board as read: those
                // that symmetry `b` takes onto the mask.
                let set: u64 = (0..64)
                    .filter(|&sq| symmetries(1u64 << sq)[b] & pat.mask != 0)
                    .map(|sq| 1u64 << sq)
                    .sum();
                assert_eq!(set.count_ones(), pat.mask.count_ones());
                assert!(!seen.contains(&set), "{}: an instance twice", pat.name);
                seen.push(set);
                n += 1;
            }
        }
        assert_eq!(n, INSTANCES);
    }

    #[test]
    fn evaluate_sums_the_weights_of_the_features() {
        for (p, o) in random_boards(3000) {
            let empties = (!(p | o)).count_ones();
            let w = &WEIGHTS[phase(empties) * WEIGHTS_PER_PHASE..][..WEIGHTS_PER_PHASE];
            let want: i32 = features(p, o)
                .iter()
                .map(|&f| w[f as usize] as i8 as i32)
                .sum::<i32>()
                + w[CONSTANT] as i8 as i32;
            assert_eq!(evaluate(p, o), want);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_bit_extract_evaluation_is_the_same() {
        if !(std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("popcnt")) {
            return;
        }
        for (p, o) in random_boards(3000) {
            // SAFETY: the processor has BMI2 and POPCNT, checked above.
            assert_eq!(unsafe { evaluate_bmi2(p, o) }, evaluate(p, o));
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_evaluation_is_the_same() {
        if !(std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi"))
        {
            return;
        }
        // Random boards, filled further by up to three more (from about
        // 32 empties to about 4: every phase); full boards of one colour
        // (the largest indices, phase 0); the four 4-square diagonals
        // alone, of each colour (the largest indices of the last pattern
        // in the last phase: the last weights, read into PADDED's room).
        let mut boards: Vec<(u64, u64)> = random_boards(4000).collect();
        for i in 1000..4000 {
            let (mut p, mut o) = boards[i];
            for &(q, r) in &boards[i % 1000..i % 1000 + i / 1000] {
                (p, o) = (p | (q & !o), o | (r & !p & !q));
            }
            boards[i] = (p, o);
        }
        let diagonals = INSTANCE_LIST[34..].iter().fold(0, |m, i| m | i.mask);
        assert_eq!(diagonals.count_ones(), 16);
        boards.extend([(!0u64, 0u64), (0, !0), (!0 << 4, 0), (0, !0 >> 4)]);
        boards.extend([(0, diagonals), (diagonals, 0)]);
        let mut phases = [0; PHASES];
        for &(p, o) in &boards {
            phases[phase((!(p | o)).count_ones())] += 1;
            // SAFETY: the processor has POPCNT and AVX-512 F, BW and VBMI,
            // checked above.
            assert_eq!(
                unsafe { evaluate_avx512(p, o) },
                evaluate(p, o),
                "{p:#x} {o:#x}"
            );
        }
        assert!(
            phases.iter().all(|&n| n >= 300),
            "boards by phase: {phases:?}"
        );
    }

    #[test]
    fn features_stay_in_their_patterns_weights() {
        // The start position, and a full board of each colour.
        for (p, o) in [
            (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64),
            (!0, 0),
            (0, !0),
        ] {
            let f = features(p, o);
            let mut n = 0;
            for (k, pat) in PATTERNS.iter().enumerate() {
                let size = 3u32.pow(pat.mask.count_ones());
                for _ in pat.boards {
                    assert!(f[n] >= OFFSETS[k] && f[n] < OFFSETS[k] + size);
                    n += 1;
                }
            }
        }
        // A full board of the player's: every square a 1, base 3.
        let f = features(!0, 0);
        assert_eq!(f[0], (3u32.pow(9) - 1) / 2);
        // ... of the opponent's: every square a 2.
        let f = features(0, !0);
        assert_eq!(f[0], 3u32.pow(9) - 1);
    }
}
