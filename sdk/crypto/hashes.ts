// The three hashes that keys and addresses are built from. @noble/hashes (pure JS, audited) so the
// client SDK also runs in a browser; none of these is on a path where native speed matters.
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { ripemd160 as nobleRipemd160 } from "@noble/hashes/legacy.js";
import { keccak_256 } from "@noble/hashes/sha3.js";

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

export function ripemd160(data: Uint8Array): Uint8Array {
  return nobleRipemd160(data);
}

/** Ethereum's Keccak-256 (the pre-standard padding, not NIST SHA3-256). */
export function keccak256(data: Uint8Array): Uint8Array {
  return keccak_256(data);
}
