// ADR-027 for TxRaw, as the Cosmos SDK enforces it: the only bytes a signature does not cover are
// TxRaw's own framing, so that framing must be canonical. Otherwise anyone could re-encode a
// signed tx (a different wire type, a padded varint, fields out of order) into new bytes with a
// new hash that still verifies.
import { sdkErrors } from "../../common/errors.js";

function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  for (let i = at; i < bytes.length && i < at + 5; i++) {
    const b = bytes[i]!;
    value += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) {
      // Minimal encoding: no trailing zero groups (a lone 0x00 is the only way to write zero).
      if (b === 0 && i > at) throw sdkErrors.txDecode.wrap("TxRaw varint is not minimally encoded");
      return { value, next: i + 1 };
    }
    shift += 7;
  }
  throw sdkErrors.txDecode.wrap("TxRaw has a truncated or oversized varint");
}

/** Throws unless `bytes` are a TxRaw with fields 1, 2, 3... in order, each length-delimited. */
export function assertCanonicalTxRaw(bytes: Uint8Array): void {
  let at = 0;
  let lastField = 0;
  while (at < bytes.length) {
    const tag = readVarint(bytes, at);
    const field = Math.floor(tag.value / 8);
    const wireType = tag.value % 8;
    if (field < 1 || field > 3) throw sdkErrors.txDecode.wrap(`TxRaw has unknown field ${field}`);
    if (wireType !== 2) throw sdkErrors.txDecode.wrap(`TxRaw field ${field} has wire type ${wireType}, expected 2 (length-delimited)`);
    if (field < lastField || (field === lastField && field !== 3))
      throw sdkErrors.txDecode.wrap(`TxRaw fields are not in canonical order (field ${field} after ${lastField})`);
    lastField = field;
    const length = readVarint(bytes, tag.next);
    at = length.next + length.value;
    if (at > bytes.length) throw sdkErrors.txDecode.wrap(`TxRaw field ${field} runs past the end of the tx`);
  }
}
