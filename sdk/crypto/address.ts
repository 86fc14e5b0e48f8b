// Account addresses from public keys. Each key algorithm has its own rule, fixed by the Cosmos SDK
// (secp256k1) and Cosmos EVM (eth_secp256k1); both give 20 bytes, shown as unit1... or 0x....
import type { KeyAlgo } from "../signer.js";
import { keccak256, ripemd160, sha256 } from "./hashes.js";
import { compressPubKey, decompressPubKey } from "./pubkey.js";

/** Cosmos SDK secp256k1 address: ripemd160(sha256(compressed 33-byte key)). */
export function cosmosAddressFromPubKey(pubKey: Uint8Array): Uint8Array {
  // Like the SDK, a key already in compressed form is hashed as is, without a (slow) on-curve
  // check: the signature check rejects a key that is not a point anyway.
  const compressed = isCompressedForm(pubKey) ? pubKey : compressPubKey(pubKey);
  return ripemd160(sha256(compressed));
}

function isCompressedForm(pubKey: Uint8Array): boolean {
  return pubKey.length === 33 && (pubKey[0] === 0x02 || pubKey[0] === 0x03);
}

/** Ethereum address: the last 20 bytes of keccak256(uncompressed key without its 0x04 byte). */
export function ethAddressFromPubKey(pubKey: Uint8Array): Uint8Array {
  return keccak256(decompressPubKey(pubKey).subarray(1)).slice(12);
}

/**
 * The 20-byte account address of a public key (33 or 65 bytes) under the given algorithm.
 * Throws KeyFormatError for bytes that are not a key (for eth_secp256k1, any point not on the
 * curve, since the address needs the decompressed point); see tryAddressFromPubKey.
 */
export function addressFromPubKey(algo: KeyAlgo, pubKey: Uint8Array): Uint8Array {
  switch (algo) {
    case "secp256k1":
      return cosmosAddressFromPubKey(pubKey);
    case "eth_secp256k1":
      return ethAddressFromPubKey(pubKey);
  }
}

/** addressFromPubKey that returns undefined instead of throwing, for untrusted input. */
export function tryAddressFromPubKey(algo: KeyAlgo, pubKey: Uint8Array): Uint8Array | undefined {
  try {
    return addressFromPubKey(algo, pubKey);
  } catch {
    return undefined;
  }
}
