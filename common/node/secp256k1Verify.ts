// Signature verification for the chain's ante handler: called once per signature of every tx in
// CheckTx and FinalizeBlock, so it uses native libsecp256k1 (about 20x faster than pure JS). This
// file is the node's: the SDK package's entry points export the pure-JS verifySecp256k1 of
// sdk/crypto/secp256k1VerifyJs.ts instead, which accepts exactly the same inputs (sdk/crypto/secp256k1.test.ts runs both).
// Invariant enforced here: it NEVER throws; any malformed input is simply an invalid signature.
import secp256k1 from "secp256k1";
import { hasVerifiableForm } from "../../sdk/crypto/signatureForm.js";

export { isHighS } from "../../sdk/crypto/signatureForm.js";

/**
 * Verifies a 64-byte low-S r || s signature over a 32-byte digest with a secp256k1 public key
 * (33-byte compressed, or 65-byte uncompressed). Returns false, never throws, for a high-S
 * signature, wrong lengths, an unparsable key or signature.
 */
export function verifySecp256k1(digest: Uint8Array, signature: Uint8Array, pubKey: Uint8Array): boolean {
  // libsecp256k1 rejects high-S itself, but the check is explicit so the rule does not depend on
  // which backend the `secp256k1` package loaded.
  if (!hasVerifiableForm(digest, signature, pubKey)) return false;
  try {
    return secp256k1.ecdsaVerify(signature, digest, pubKey);
  } catch {
    return false; // r or s >= n, or a point not on the curve
  }
}
