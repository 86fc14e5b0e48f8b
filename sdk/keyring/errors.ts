// Keyring failures, one small class per kind so callers (the CLI, tests) can tell them apart by
// `name` and users get a message that says what to do. No message ever carries key material.

export class KeyringError extends Error {
  override readonly name: string = "KeyringError";
}

export class KeyNotFoundError extends KeyringError {
  override readonly name = "KeyNotFoundError";
  constructor(
    readonly keyName: string,
    backend: string,
  ) {
    super(`key "${keyName}" not found in the ${backend} keyring (see \`unitd keys list\`)`);
  }
}

export class KeyExistsError extends KeyringError {
  override readonly name = "KeyExistsError";
  constructor(readonly keyName: string) {
    super(`a key named "${keyName}" already exists; delete it first or choose another name`);
  }
}

export class InvalidKeyNameError extends KeyringError {
  override readonly name = "InvalidKeyNameError";
}

/** The keyring passphrase, or an export's passphrase, does not decrypt. */
export class WrongPassphraseError extends KeyringError {
  override readonly name = "WrongPassphraseError";
}

/** The file backend needs a passphrase and the keyring was opened without a way to ask for one. */
export class PassphraseRequiredError extends KeyringError {
  override readonly name = "PassphraseRequiredError";
}

/** A passphrase chosen for new encryption is too weak. */
export class WeakPassphraseError extends KeyringError {
  override readonly name = "WeakPassphraseError";
}

/** A key file or an armored export that cannot be parsed or fails its integrity checks. */
export class CorruptKeyError extends KeyringError {
  override readonly name = "CorruptKeyError";
}
