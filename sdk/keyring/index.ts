// The client SDK's local keyring (Node only: it reads and writes files under the node home).
export { openKeyring } from "./keyring.js";
export type { AddKeyOptions, Keyring, KeyringBackend, KeyringOptions, KeyRecord, PassphraseRequest } from "./types.js";
export { DEFAULT_KEYRING_BACKEND, KEYRING_BACKENDS, keyringDir, parseKeyringBackend } from "./keyringBackend.js";
export { validateKeyName, MAX_KEY_NAME_LENGTH } from "./keyName.js";
export { MIN_PASSPHRASE_LENGTH } from "./passphrasePolicy.js";
export { ARMOR_BEGIN, ARMOR_END, armorPrivateKey, unarmorPrivateKey } from "./armor.js";
export {
  CorruptKeyError,
  InvalidKeyNameError,
  KeyExistsError,
  KeyNotFoundError,
  KeyringError,
  PassphraseRequiredError,
  WeakPassphraseError,
  WrongPassphraseError,
} from "./errors.js";
