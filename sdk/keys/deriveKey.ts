// Mnemonic -> private key: BIP-39 seed, then BIP-32 derivation along the chain's BIP-44 path.
import { mnemonicToSeedSync } from "@scure/bip39";
import { HDKey } from "@scure/bip32";
import { normalizeMnemonic, validateMnemonic } from "./mnemonic.js";
import { hdPath, type HdPathOptions } from "./hdPath.js";

export interface DeriveOptions extends HdPathOptions {
  /** The optional BIP-39 passphrase ("25th word"); empty by default, as in the Cosmos SDK. */
  bip39Passphrase?: string;
}

/** The 32-byte private key at m/44'/118'/account'/0/index of a mnemonic (validated first). */
export function privateKeyFromMnemonic(mnemonic: string, options: DeriveOptions = {}): Uint8Array {
  validateMnemonic(mnemonic);
  const seed = mnemonicToSeedSync(normalizeMnemonic(mnemonic), options.bip39Passphrase ?? "");
  const key = HDKey.fromMasterSeed(seed).derive(hdPath(options));
  seed.fill(0);
  if (!key.privateKey) throw new Error("BIP-32 derivation produced no private key"); // unreachable from a seed
  return Uint8Array.from(key.privateKey);
}
