// Signature verification in pure JS (@noble/curves), for the SDK in browsers and in Node without a
// native addon. Same contract as the node's native common/node/secp256k1Verify.ts: the same shape rules first,
// then the curve math; it NEVER throws.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hasVerifiableForm } from "./signatureForm.js";

/**
 * Verifies a 64-byte low-S r || s signature over a 32-byte digest with a secp256k1 public key
 * (33-byte compressed, or 65-byte uncompressed). Returns false, never throws, for a high-S
 * signature, wrong lengths, an unparsable key or signature.
 */
export function verifySecp256k1(digest: Uint8Array, signature: Uint8Array, pubKey: Uint8Array): boolean {
  if (!hasVerifiableForm(digest, signature, pubKey)) return false;
  try {
    // prehash: false because `digest` is already the algorithm's hash (sha256 or keccak256).
    return secp256k1.verify(signature, digest, pubKey, { prehash: false, lowS: true, format: "compact" });
  } catch {
    return false; // r or s >= n, or a point not on the curve
  }
}
