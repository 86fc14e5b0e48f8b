// The shape rules every secp256k1 verifier of the chain applies before the curve math, shared so the
// native verifier (the node's) and the pure-JS one (the SDK's) accept exactly the same inputs.
import { hex } from "@scure/base";

// n/2 of secp256k1, big-endian. A signature whose s exceeds it is the malleated twin (n - s) of a
// valid one; the Cosmos SDK rejects those so a tx hash cannot be changed by a third party.
const HALF_ORDER = hex.decode("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0");

/** True when the s half of a 64-byte r || s signature is above n/2 (false for other lengths). */
export function isHighS(signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  for (let i = 0; i < 32; i++) {
    const s = signature[32 + i]!;
    const half = HALF_ORDER[i]!;
    if (s !== half) return s > half;
  }
  return false; // s == n/2 exactly is still low
}

/**
 * Only the SEC1 compressed (02/03) and uncompressed (04) forms: libsecp256k1 would also parse the
 * obsolete "hybrid" 06/07 form, which no wallet produces.
 */
export function isWellFormedPubKey(pubKey: Uint8Array): boolean {
  if (pubKey.length === 33) return pubKey[0] === 0x02 || pubKey[0] === 0x03;
  if (pubKey.length === 65) return pubKey[0] === 0x04;
  return false;
}

/** The checks before any curve math: types, a 32-byte digest, a 64-byte low-S signature, a SEC1 key. */
export function hasVerifiableForm(digest: unknown, signature: unknown, pubKey: unknown): boolean {
  if (!(digest instanceof Uint8Array) || !(signature instanceof Uint8Array) || !(pubKey instanceof Uint8Array)) return false;
  if (digest.length !== 32 || signature.length !== 64) return false;
  return isWellFormedPubKey(pubKey) && !isHighS(signature);
}
