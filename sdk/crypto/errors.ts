// Errors of the crypto helpers. Messages are written for the person who typed the input: they say
// what was wrong and what was expected, and never contain key material.

/** A string that is not a valid address of the expected kind. */
export class AddressError extends Error {
  override readonly name = "AddressError";
}

/** Bytes that are not a valid secp256k1 public or private key. */
export class KeyFormatError extends Error {
  override readonly name = "KeyFormatError";
}
