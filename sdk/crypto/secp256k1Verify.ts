// Signature verification for the chain's ante handler: called once per signature of every tx in
// CheckTx and FinalizeBlock, so it uses native libsecp256k1 (about 20x faster than pure JS).
// Invariant enforced here: it NEVER throws; any malformed input is simply an invalid signature.
import secp256k1 from "secp256k1";
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
 * Verifies a 64-byte low-S r || s signature over a 32-byte digest with a secp256k1 public key
 * (33-byte compressed, or 65-byte uncompressed). Returns false, never throws, for a high-S
 * signature, wrong lengths, an unparsable key or signature.
 */
export function verifySecp256k1(digest: Uint8Array, signature: Uint8Array, pubKey: Uint8Array): boolean {
  if (!(digest instanceof Uint8Array) || !(signature instanceof Uint8Array) || !(pubKey instanceof Uint8Array)) return false;
  if (digest.length !== 32 || signature.length !== 64) return false;
  if (!isWellFormedPubKey(pubKey)) return false;
  // libsecp256k1 rejects high-S itself, but the check is explicit so the rule does not depend on
  // which backend the `secp256k1` package loaded.
  if (isHighS(signature)) return false;
  try {
    return secp256k1.ecdsaVerify(signature, digest, pubKey);
  } catch {
    return false; // r or s >= n, or a point not on the curve
  }
}

// Only the SEC1 compressed (02/03) and uncompressed (04) forms: libsecp256k1 would also parse the
// obsolete "hybrid" 06/07 form, which no wallet produces.
function isWellFormedPubKey(pubKey: Uint8Array): boolean {
  if (pubKey.length === 33) return pubKey[0] === 0x02 || pubKey[0] === 0x03;
  if (pubKey.length === 65) return pubKey[0] === 0x04;
  return false;
}
