// The BIP-44 derivation path of account keys. The chain keeps the Cosmos coin type 118 for BOTH
// key algorithms (spec section 5): an eth_secp256k1 mnemonic typed into an Ethereum wallet, which
// derives at coin type 60, gives a different address. Import by private key instead.
import { KeyOptionError } from "./errors.js";

export const COIN_TYPE = 118;

export interface HdPathOptions {
  /** BIP-44 account (hardened), default 0. */
  account?: number;
  /** BIP-44 address index, default 0. */
  index?: number;
}

const MAX_INDEX = 2 ** 31 - 1; // higher values would collide with hardened indices

/** `m/44'/118'/<account>'/0/<index>`; m/44'/118'/0'/0/0 by default. */
export function hdPath({ account = 0, index = 0 }: HdPathOptions = {}): string {
  checkIndex("account", account);
  checkIndex("index", index);
  return `m/44'/${COIN_TYPE}'/${account}'/0/${index}`;
}

function checkIndex(what: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_INDEX) {
    throw new KeyOptionError(`${what} must be an integer from 0 to ${MAX_INDEX}, got ${value}`);
  }
}
