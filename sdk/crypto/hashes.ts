// The three hashes that keys and addresses are built from, in pure JS so the client SDK also runs
// in a browser: SHA-256 and RIPEMD-160 from @noble/hashes (audited), Keccak-256 our own
// (keccak256.ts), which every Ethereum tx hashes several times on its way through the node.
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { ripemd160 as nobleRipemd160 } from "@noble/hashes/legacy.js";
import { keccak256 as keccak } from "./keccak256.js";

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

export function ripemd160(data: Uint8Array): Uint8Array {
  return nobleRipemd160(data);
}

/** Ethereum's Keccak-256 (the pre-standard padding, not NIST SHA3-256). */
export function keccak256(data: Uint8Array): Uint8Array {
  return keccak(data);
}
