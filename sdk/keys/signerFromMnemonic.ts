// A TxSigner straight from a mnemonic, e.g. the faucet's or a test account's.
import type { KeyAlgo, TxSigner } from "../signer.js";
import { privateKeyFromMnemonic, type DeriveOptions } from "./deriveKey.js";
import { signerFromPrivateKey } from "./signerFromPrivateKey.js";
import { DEFAULT_KEY_ALGO } from "./algo.js";

export interface SignerFromMnemonicOptions extends DeriveOptions {
  /** Default secp256k1. */
  algo?: KeyAlgo;
}

/** The signer at m/44'/118'/account'/0/index (coin type 118 for both algorithms). */
export function signerFromMnemonic(mnemonic: string, options: SignerFromMnemonicOptions = {}): TxSigner {
  const privKey = privateKeyFromMnemonic(mnemonic, options);
  try {
    return signerFromPrivateKey(privKey, options.algo ?? DEFAULT_KEY_ALGO);
  } finally {
    privKey.fill(0);
  }
}
