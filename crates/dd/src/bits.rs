//! The bit operations the search leans on, in two forms: BMI2's `pext` and
//! `pdep` where the processor has them (x86-64-v3), and loops over the
//! mask's bits everywhere else. [`Isa`] picks one at compile time; the
//! search is compiled once for each and the processor's is taken at run
//! time.

/// Bit gathering and scattering, as the processor offers them.
pub(crate) trait Isa: Copy {
    /// Whether `pext` and `pdep` are single instructions (else loops, and
    /// a loop of the caller's own may be as quick).
    const NATIVE: bool;
    /// The bits of `x` at the places of `mask`, packed towards bit 0.
    fn pext(x: u64, mask: u64) -> u64;
    /// The low bits of `x`, spread to the places of `mask`.
    fn pdep(x: u64, mask: u64) -> u64;
}

/// Any processor.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Isa for Portable {
    const NATIVE: bool = false;

    #[inline(always)]
    fn pext(x: u64, mut mask: u64) -> u64 {
        let (mut out, mut bit) = (0, 1);
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            if x & low != 0 {
                out |= bit;
            }
            bit <<= 1;
            mask ^= low;
        }
        out
    }

    #[inline(always)]
    fn pdep(mut x: u64, mut mask: u64) -> u64 {
        let mut out = 0;
        while mask != 0 && x != 0 {
            let low = mask & mask.wrapping_neg();
            if x & 1 != 0 {
                out |= low;
            }
            x >>= 1;
            mask ^= low;
        }
        out
    }
}

/// x86-64 with BMI2 (and the rest of x86-64-v3): only used inside
/// functions compiled for those features.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct V3;

#[cfg(target_arch = "x86_64")]
impl Isa for V3 {
    const NATIVE: bool = true;

    #[inline(always)]
    fn pext(x: u64, mask: u64) -> u64 {
        // SAFETY: V3 code runs only where BMI2 was detected (search.rs).
        unsafe { std::arch::x86_64::_pext_u64(x, mask) }
    }

    #[inline(always)]
    fn pdep(x: u64, mask: u64) -> u64 {
        // SAFETY: as for pext.
        unsafe { std::arch::x86_64::_pdep_u64(x, mask) }
    }
}

/// Whether this processor runs the [`V3`] code.
pub(crate) fn has_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bits of `x` under `mask`, one by one: the model both forms are
    /// checked against.
    fn model_pext(x: u64, mask: u64) -> u64 {
        let places: Vec<u32> = (0..64).filter(|i| mask >> i & 1 != 0).collect();
        places
            .iter()
            .enumerate()
            .map(|(k, &i)| (x >> i & 1) << k)
            .sum()
    }

    fn model_pdep(x: u64, mask: u64) -> u64 {
        let places: Vec<u32> = (0..64).filter(|i| mask >> i & 1 != 0).collect();
        places
            .iter()
            .enumerate()
            .map(|(k, &i)| (x >> k & 1) << i)
            .sum()
    }

    #[test]
    fn both_forms_agree_with_the_model() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for _ in 0..20_000 {
            let (x, mask) = (next(), next() & next());
            assert_eq!(Portable::pext(x, mask), model_pext(x, mask));
            assert_eq!(Portable::pdep(x, mask), model_pdep(x, mask));
            #[cfg(target_arch = "x86_64")]
            if has_v3() {
                assert_eq!(V3::pext(x, mask), model_pext(x, mask));
                assert_eq!(V3::pdep(x, mask), model_pdep(x, mask));
            }
        }
    }
}
