// The two key algorithms of the chain and the digest each one signs.
import type { KeyAlgo } from "../signer.js";
import { keccak256, sha256 } from "../crypto/hashes.js";
import { KeyOptionError } from "./errors.js";

export const KEY_ALGOS: readonly KeyAlgo[] = ["secp256k1", "eth_secp256k1"];

/** Cosmos wallets' default; `eth_secp256k1` is opt-in (spec section 5). */
export const DEFAULT_KEY_ALGO: KeyAlgo = "secp256k1";

export function isKeyAlgo(value: string): value is KeyAlgo {
  return (KEY_ALGOS as readonly string[]).includes(value);
}

/** Checks a user-supplied algorithm name, e.g. from `--algo`. */
export function parseKeyAlgo(value: string): KeyAlgo {
  if (isKeyAlgo(value)) return value;
  throw new KeyOptionError(`unknown key algorithm "${value}": expected ${KEY_ALGOS.join(" or ")}`);
}

/** What a key of this algorithm signs: sha256(signBytes), or keccak256(signBytes) for eth keys. */
export function signingDigest(algo: KeyAlgo, signBytes: Uint8Array): Uint8Array {
  return algo === "eth_secp256k1" ? keccak256(signBytes) : sha256(signBytes);
}
