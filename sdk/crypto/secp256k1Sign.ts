// Signing with a secp256k1 private key: the client side, where the audited pure-JS @noble/curves is
// fast enough and works in browsers too. Verification on the chain's hot path lives in
// common/node/secp256k1Verify.ts and uses native libsecp256k1 instead.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { KeyFormatError } from "./errors.js";

/** True when `privKey` is 32 bytes encoding a scalar in [1, n-1]. */
export function isValidPrivateKey(privKey: Uint8Array): boolean {
  return privKey.length === 32 && secp256k1.utils.isValidSecretKey(privKey);
}

/** The 33-byte compressed public key of a 32-byte private key. */
export function publicKeyFromPrivateKey(privKey: Uint8Array): Uint8Array {
  if (!isValidPrivateKey(privKey)) throw new KeyFormatError("invalid secp256k1 private key: expected 32 bytes encoding a scalar in [1, n-1]");
  return secp256k1.getPublicKey(privKey, true);
}

/**
 * Signs a 32-byte digest, returning the 64-byte compact signature r || s with s in the lower
 * half of the group order (the only form the chain accepts). Deterministic (RFC 6979): the same
 * key and digest always give the same signature, so no randomness source is needed.
 */
export function signSecp256k1(digest: Uint8Array, privKey: Uint8Array): Uint8Array {
  if (digest.length !== 32) throw new KeyFormatError(`secp256k1 signs a 32-byte digest, got ${digest.length} bytes`);
  if (!isValidPrivateKey(privKey)) throw new KeyFormatError("invalid secp256k1 private key: expected 32 bytes encoding a scalar in [1, n-1]");
  // prehash: false because `digest` is already the algorithm's hash (sha256 or keccak256).
  return secp256k1.sign(digest, privKey, { prehash: false, lowS: true, format: "compact", extraEntropy: false });
}
