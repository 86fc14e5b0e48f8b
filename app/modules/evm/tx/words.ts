// 256-bit EVM words and their big-endian bytes without hex strings. @ethereumjs/util converts
// through a hex string and pads with array spreads (~3 µs per word here); these take ~0.15 µs and
// give the same bytes and values (words.test.ts compares them with the library's).
const scratchView = new DataView(new ArrayBuffer(32));
const scratch = new Uint8Array(scratchView.buffer);
const MAX_WORD = (1n << 256n) - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const LOW_64 = 0xffff_ffff_ffff_ffffn;

/** The 32 bytes of a word in [0, 2^256), left-padded: setLengthLeft(bigIntToBytes(word), 32). */
export function wordToBytes(word: bigint): Uint8Array {
  if (word < 0n || word > MAX_WORD) throw new RangeError(`${word} is not a 256-bit word`);
  const out = new Uint8Array(32);
  if (word <= MAX_SAFE) {
    // Offsets, lengths, small amounts: number arithmetic, no BigInt operations.
    let n = Number(word);
    for (let i = 31; n > 0; i--) {
      out[i] = n % 256;
      n = Math.floor(n / 256);
    }
    return out;
  }
  scratchView.setBigUint64(0, word >> 192n);
  scratchView.setBigUint64(8, (word >> 128n) & LOW_64);
  scratchView.setBigUint64(16, (word >> 64n) & LOW_64);
  scratchView.setBigUint64(24, word & LOW_64);
  out.set(scratch);
  return out;
}

/** The word that up to 32 big-endian bytes spell: bytesToBigInt(bytes). */
export function bytesToWord(bytes: Uint8Array): bigint {
  const n = bytes.length;
  if (n > 32) throw new RangeError(`${n} bytes do not fit a 256-bit word`);
  if (n <= 6) {
    let value = 0;
    for (let i = 0; i < n; i++) value = value * 256 + bytes[i]!;
    return BigInt(value);
  }
  scratch.fill(0, 0, 32 - n);
  scratch.set(bytes, 32 - n);
  return (scratchView.getBigUint64(0) << 192n) | (scratchView.getBigUint64(8) << 128n) | (scratchView.getBigUint64(16) << 64n) | scratchView.getBigUint64(24);
}
