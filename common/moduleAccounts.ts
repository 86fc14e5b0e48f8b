// Module accounts: accounts that belong to a module, not to a key. Their names are part of the
// chain's interface (`unitd query auth module-account gov`, the JSON-RPC server's coinbase), and
// each address is derived from the name alone, so every process computes it without the state.
import { sha256 } from "@noble/hashes/sha2.js";

/** Collects tx fees and EVM tips; the EVM's coinbase. */
export const FEE_COLLECTOR = "fee_collector";
/** Holds proposal deposits; its address is the authority of every governance-only message. */
export const GOV_ACCOUNT = "gov";
/** Staked tokens of bonded validators. */
export const BONDED_POOL = "bonded_tokens_pool";
/** Tokens of unbonded validators and tokens on their way out (unbonding). */
export const NOT_BONDED_POOL = "not_bonded_tokens_pool";
/** Backs every fractional aunit balance; only precisebank moves it. */
export const PRECISEBANK_RESERVE = "precisebank";
/** Holds the transfer tax collected for every jurisdiction; only taxrail moves it. */
export const TAXRAIL_ACCOUNT = "taxrail";
/** Holds fees allocated as rewards and not yet withdrawn, and the community pool; only distribution moves it. */
export const DISTRIBUTION_ACCOUNT = "distribution";

const moduleAddresses = new Map<string, Uint8Array>();

/** A module account's address: sha256(name)[:20], as the SDK derives it (no key controls it). */
export function moduleAddress(name: string): Uint8Array {
  let address = moduleAddresses.get(name);
  if (!address) {
    address = sha256(new TextEncoder().encode(name)).subarray(0, 20);
    moduleAddresses.set(name, address);
  }
  return Uint8Array.from(address); // a copy: callers may not alter the cached bytes
}
