// The client SDK's keys: mnemonics, derivation on the chain's path, and in-memory TxSigners.
export { KeyOptionError, MnemonicError } from "./errors.js";
export { DEFAULT_KEY_ALGO, KEY_ALGOS, isKeyAlgo, parseKeyAlgo, signingDigest } from "./algo.js";
export { generateMnemonic, normalizeMnemonic, validateMnemonic, type MnemonicLength } from "./mnemonic.js";
export { COIN_TYPE, hdPath, type HdPathOptions } from "./hdPath.js";
export { privateKeyFromMnemonic, type DeriveOptions } from "./deriveKey.js";
export { signerFromPrivateKey } from "./signerFromPrivateKey.js";
export { signerFromMnemonic, type SignerFromMnemonicOptions } from "./signerFromMnemonic.js";
