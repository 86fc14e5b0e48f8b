// HPACK's Huffman code (RFC 7541, Appendix B), decode only. The code is canonical: codes of one
// length are consecutive and in symbol order, shorter codes first, so the 257 code lengths alone
// define it. A decoder walks the bits keeping the code so far, and at each length checks whether
// it falls in that length's range.

/** The code length of each symbol 0-256 (256 is EOS), one character each: "5" = 5 bits, "A" = 10. */
const CODE_LENGTHS =
  "DNSSSSSSSOUSSUSSSSSSSSUSSSSSSSSS6AACD68BAA8B8666555666666678F6CAD67777777777777777777777878DJDE6F56565666577666567655677777FBEDSKMKKMMMNMNNNNNONOOMNONNNNLMNMNNOMLKMMNNLNMMOLMNNLLMLNMNNKMMMNMMNQQKJMNMPQQQRRQOPJLQRRQROLLQQSRRRKOKLMLLNMMPPOOQNQRQQRRRRRSRRRRRQU";
const EOS = 256;
const MAX_LENGTH = 30;

/** Per code length: the first code of that length, how many codes it has, where its symbols start. */
const firstCode = new Int32Array(MAX_LENGTH + 2);
const countOf = new Int32Array(MAX_LENGTH + 2);
const startOf = new Int32Array(MAX_LENGTH + 2);
/** The symbols ordered by (code length, symbol): the canonical order. */
const symbols = new Uint16Array(EOS + 1);

(function buildTables() {
  const lengths = Array.from(CODE_LENGTHS, (c) => (c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55));
  if (lengths.length !== EOS + 1) throw new Error("the Huffman table must list 257 code lengths");
  let next = 0;
  for (let length = 1; length <= MAX_LENGTH; length++) {
    startOf[length] = next;
    for (let symbol = 0; symbol <= EOS; symbol++) if (lengths[symbol] === length) symbols[next++] = symbol;
    countOf[length] = next - startOf[length]!;
  }
  let code = 0;
  for (let length = 1; length <= MAX_LENGTH; length++) {
    firstCode[length] = code;
    code = (code + countOf[length]!) << 1;
  }
})();

export class HuffmanError extends Error {}

/** Decodes a Huffman-coded string literal to its octets, as a latin1 string (one char per octet). */
export function huffmanDecode(bytes: Uint8Array, start: number, end: number): string {
  let out = "";
  let code = 0;
  let length = 0;
  /** Whether every bit since the last symbol was 1: only such a tail (of at most 7 bits) may pad. */
  let allOnes = true;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    for (let bit = 7; bit >= 0; bit--) {
      const b = (byte >> bit) & 1;
      code = (code << 1) | b;
      length++;
      allOnes &&= b === 1;
      const index = code - firstCode[length]!;
      if (index >= 0 && index < countOf[length]!) {
        const symbol = symbols[startOf[length]! + index]!;
        if (symbol === EOS) throw new HuffmanError("a Huffman-coded string holds EOS");
        out += String.fromCharCode(symbol);
        code = 0;
        length = 0;
        allOnes = true;
      } else if (length >= MAX_LENGTH) {
        throw new HuffmanError("a Huffman code no symbol has");
      }
    }
  }
  if (length > 7 || !allOnes) throw new HuffmanError("a Huffman-coded string ends in padding that is not EOS's first bits");
  return out;
}
