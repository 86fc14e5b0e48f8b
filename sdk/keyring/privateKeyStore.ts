// How each backend keeps the private part of a key file. This is the only place that differs
// between `test` and `file`; everything else in the keyring is shared.
import type { KeyAlgo } from "../signer.js";
import { CorruptKeyError, KeyringError, WrongPassphraseError } from "./errors.js";
import { openWithPassphrase, sealWithPassphrase } from "./passphraseCipher.js";
import type { KeyFile, PrivateKeyField } from "./keyFile.js";

export interface PrivateKeyStore {
  seal(privKey: Uint8Array, algo: KeyAlgo): Promise<PrivateKeyField>;
  /** The 32-byte private key of a parsed key file. */
  open(file: KeyFile): Promise<Uint8Array>;
}

/** test backend: the key in hex. Readable by anyone who can read the file (which is 0600). */
export const plaintextStore: PrivateKeyStore = {
  async seal(privKey) {
    return { priv_key: Buffer.from(privKey).toString("hex") };
  },
  async open(file) {
    if (file.priv_key === undefined) {
      throw new KeyringError(`key "${file.name}" is encrypted (it was written by the file backend); use --keyring-backend file`);
    }
    if (!/^[0-9a-f]{64}$/i.test(file.priv_key)) throw new CorruptKeyError(`key file of "${file.name}" is corrupted: priv_key is not 32 bytes of hex`);
    return Uint8Array.from(Buffer.from(file.priv_key, "hex"));
  },
};

// Binds the algorithm to the ciphertext, like the export armor does.
function associatedData(algo: KeyAlgo): Uint8Array {
  return new TextEncoder().encode(`unit keyring v1; type=${algo}`);
}

/** file backend: the key sealed under the keyring passphrase, which `passphrase()` supplies. */
export function encryptedStore(passphrase: () => Promise<string>): PrivateKeyStore {
  return {
    async seal(privKey, algo) {
      return { encrypted_priv_key: await sealWithPassphrase(privKey, await passphrase(), associatedData(algo)) };
    },
    async open(file) {
      if (file.encrypted_priv_key === undefined) throw new KeyringError(`key "${file.name}" is not encrypted; it belongs to the test backend`);
      const privKey = await openWithPassphrase(file.encrypted_priv_key, await passphrase(), associatedData(file.algo));
      if (!privKey) {
        // The keyring passphrase was already checked against keyhash, so this key was sealed
        // under another passphrase (a file copied from another keyring) or was altered.
        throw new WrongPassphraseError(
          `cannot decrypt key "${file.name}": it was encrypted with a different passphrase than this keyring's, or the file was altered`,
        );
      }
      return privKey;
    },
  };
}
