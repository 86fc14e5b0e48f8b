// The one rule for passphrases that protect new ciphertexts (the file keyring and exports). The
// Cosmos SDK's file keyring asks for the same minimum.
import { WeakPassphraseError } from "./errors.js";

export const MIN_PASSPHRASE_LENGTH = 8;

export function checkNewPassphrase(passphrase: string, what: string): void {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new WeakPassphraseError(`${what} must have at least ${MIN_PASSPHRASE_LENGTH} characters`);
  }
}
