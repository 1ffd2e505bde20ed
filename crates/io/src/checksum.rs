//! Richard Pavlicek's checksum of a file: the 64-bit (wrapping) sum of
//! its 32-bit little-endian words, which he publishes beside his deal
//! files so that a copy can be checked (`boardfile checksum`).

/// Pavlicek's checksum: the 64-bit (wrapping) sum of the file's 32-bit
/// little-endian words. A trailing partial word counts as if padded with
/// zero bytes.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut c = Checksum::default();
    c.update(bytes);
    c.sum()
}

/// [`checksum`] a part of the file at a time.
#[derive(Debug, Clone, Default)]
pub struct Checksum {
    sum: u64,
    /// Bytes of a word begun by the last part.
    partial: [u8; 4],
    have: usize,
}

impl Checksum {
    /// Adds the next bytes of the file.
    pub fn update(&mut self, mut bytes: &[u8]) {
        while self.have > 0 && !bytes.is_empty() {
            self.partial[self.have] = bytes[0];
            self.have += 1;
            bytes = &bytes[1..];
            if self.have == 4 {
                self.sum = self
                    .sum
                    .wrapping_add(u64::from(u32::from_le_bytes(self.partial)));
                self.have = 0;
            }
        }
        if bytes.is_empty() {
            // A word still begun: kept for the next part.
            return;
        }
        let mut words = bytes.chunks_exact(4);
        for w in &mut words {
            self.sum = self
                .sum
                .wrapping_add(u64::from(u32::from_le_bytes([w[0], w[1], w[2], w[3]])));
        }
        let rest = words.remainder();
        self.partial[..rest.len()].copy_from_slice(rest);
        self.have = rest.len();
    }

    /// The sum of the bytes so far, a partial last word padded with zeros.
    pub fn sum(&self) -> u64 {
        let mut w = [0u8; 4];
        w[..self.have].copy_from_slice(&self.partial[..self.have]);
        self.sum.wrapping_add(u64::from(u32::from_le_bytes(w)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksum_of_words_and_a_partial_one() {
        assert_eq!(checksum(&[1, 0, 0, 0, 2, 0, 0, 0]), 3);
        assert_eq!(checksum(&[0xff; 8]), 0x1_ffff_fffe);
        assert_eq!(
            checksum(&[1, 0, 0, 0, 5]),
            6,
            "the partial word is zero-padded"
        );
        assert_eq!(checksum(&[]), 0);
    }

    #[test]
    fn parts_of_any_size_sum_as_the_whole() {
        let bytes: Vec<u8> = (0..=255u8).cycle().take(1001).collect();
        for step in [1, 3, 4, 7, 1000] {
            let mut c = Checksum::default();
            for part in bytes.chunks(step) {
                c.update(part);
            }
            assert_eq!(c.sum(), checksum(&bytes), "parts of {step}");
        }
    }
}
