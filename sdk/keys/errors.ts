// Errors of key handling. Messages name the problem (which word position, which parameter) but
// never echo mnemonic words or key bytes, since CLI errors end up in terminals and logs.

/** A mnemonic that is not a valid BIP-39 English phrase. */
export class MnemonicError extends Error {
  override readonly name = "MnemonicError";
}

/** A key algorithm name or derivation parameter the chain does not support. */
export class KeyOptionError extends Error {
  override readonly name = "KeyOptionError";
}
