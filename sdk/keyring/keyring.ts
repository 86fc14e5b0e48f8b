// The local keyring: named keys in <home>/keyring-<backend>/, one JSON file each.
import fs from "node:fs/promises";
import path from "node:path";
import type { KeyAlgo, TxSigner } from "../signer.js";
import { DEFAULT_KEY_ALGO } from "../keys/algo.js";
import { generateMnemonic, normalizeMnemonic, validateMnemonic } from "../keys/mnemonic.js";
import { privateKeyFromMnemonic } from "../keys/deriveKey.js";
import { signerFromPrivateKey } from "../keys/signerFromPrivateKey.js";
import { publicKeyFromPrivateKey } from "../crypto/secp256k1Sign.js";
import { formatAccountAddress } from "../crypto/accountAddress.js";
import type { AddKeyOptions, Keyring, KeyringBackend, KeyringOptions, KeyRecord } from "./types.js";
import { CorruptKeyError, KeyExistsError, KeyNotFoundError } from "./errors.js";
import { validateKeyName } from "./keyName.js";
import { KEY_FILE_SUFFIX, keyFileFromRecord, makeKeyRecord, parseKeyFile, type KeyFile } from "./keyFile.js";
import { encryptedStore, plaintextStore, type PrivateKeyStore } from "./privateKeyStore.js";
import { keyringPassphrase } from "./keyringPassphrase.js";
import { keyringDir, parseKeyringBackend } from "./keyringBackend.js";
import { armorPrivateKey, unarmorPrivateKey } from "./armor.js";
import { checkNewPassphrase } from "./passphrasePolicy.js";
import { ensurePrivateDir, readFileIfExists, writePrivateFileAtomic } from "./secureFiles.js";

/**
 * Opens the keyring of a node home. Nothing is read or created until a method needs it, and the
 * file backend asks for its passphrase only when a private key is read or written.
 */
export function openKeyring(options: KeyringOptions): Keyring {
  const backend = parseKeyringBackend(options.backend);
  const dir = keyringDir(options.home, backend);
  const passphrase = keyringPassphrase(dir, options.passphrase);
  const store = backend === "file" ? encryptedStore(passphrase) : plaintextStore;
  return new LocalKeyring(backend, dir, store, passphrase);
}

class LocalKeyring implements Keyring {
  constructor(
    readonly backend: KeyringBackend,
    readonly dir: string,
    private readonly store: PrivateKeyStore,
    private readonly passphrase: () => Promise<string>,
  ) {}

  async add(name: string, options: AddKeyOptions = {}): Promise<{ record: KeyRecord; mnemonic: string }> {
    validateKeyName(name);
    if (!options.overwrite && (await this.has(name))) throw new KeyExistsError(name);
    let mnemonic: string;
    if (options.mnemonic === undefined) {
      mnemonic = generateMnemonic(24);
    } else {
      validateMnemonic(options.mnemonic);
      mnemonic = normalizeMnemonic(options.mnemonic);
    }
    const privKey = privateKeyFromMnemonic(mnemonic, options);
    try {
      const record = await this.writeKey(name, options.algo ?? DEFAULT_KEY_ALGO, privKey);
      return { record, mnemonic };
    } finally {
      privKey.fill(0);
    }
  }

  async list(): Promise<KeyRecord[]> {
    let entries: string[];
    try {
      entries = await fs.readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
    const names = entries
      .filter((f) => f.endsWith(KEY_FILE_SUFFIX) && !f.startsWith("."))
      .map((f) => f.slice(0, -KEY_FILE_SUFFIX.length))
      .sort(); // code-unit order: the same on every machine, unlike localeCompare
    const records: KeyRecord[] = [];
    for (const name of names) records.push((await this.read(name)).record);
    return records;
  }

  async get(name: string): Promise<KeyRecord> {
    return (await this.read(name)).record;
  }

  async has(name: string): Promise<boolean> {
    validateKeyName(name);
    return (await readFileIfExists(this.filePath(name))) !== undefined;
  }

  async findByAddress(address: Uint8Array): Promise<KeyRecord | undefined> {
    const wanted = formatAccountAddress(address);
    return (await this.list()).find((record) => record.address === wanted);
  }

  async delete(name: string): Promise<void> {
    validateKeyName(name);
    try {
      await fs.unlink(this.filePath(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new KeyNotFoundError(name, this.backend);
      throw err;
    }
  }

  async signer(name: string): Promise<TxSigner> {
    return this.withPrivateKey(name, (privKey, file) => signerFromPrivateKey(privKey, file.algo));
  }

  async exportKey(name: string, passphrase: string): Promise<string> {
    checkNewPassphrase(passphrase, "the export passphrase");
    const { file } = await this.read(name); // fail on a missing key before any slow KDF
    return this.withPrivateKey(name, (privKey) => armorPrivateKey(privKey, file.algo, passphrase));
  }

  async importKey(name: string, armor: string, passphrase: string, options: { overwrite?: boolean } = {}): Promise<KeyRecord> {
    validateKeyName(name);
    if (!options.overwrite && (await this.has(name))) throw new KeyExistsError(name);
    const { privKey, algo } = await unarmorPrivateKey(armor, passphrase);
    try {
      return await this.writeKey(name, algo, privKey);
    } finally {
      privKey.fill(0);
    }
  }

  async exportPrivateKeyHex(name: string): Promise<string> {
    return this.withPrivateKey(name, (privKey) => Buffer.from(privKey).toString("hex"));
  }

  async unlock(): Promise<void> {
    if (this.backend === "file") await this.passphrase();
  }

  private filePath(name: string): string {
    return path.join(this.dir, name + KEY_FILE_SUFFIX);
  }

  private async read(name: string): Promise<{ file: KeyFile; record: KeyRecord }> {
    validateKeyName(name);
    const file = this.filePath(name);
    const text = await readFileIfExists(file);
    if (text === undefined) throw new KeyNotFoundError(name, this.backend);
    return parseKeyFile(text, name, file);
  }

  private async writeKey(name: string, algo: KeyAlgo, privKey: Uint8Array): Promise<KeyRecord> {
    const record = makeKeyRecord(name, algo, publicKeyFromPrivateKey(privKey));
    const sealed = await this.store.seal(privKey, algo);
    await ensurePrivateDir(this.dir);
    await writePrivateFileAtomic(this.filePath(name), JSON.stringify(keyFileFromRecord(record, sealed), null, 2) + "\n");
    return record;
  }

  /** Runs `use` with the decrypted key, checked against the stored public key, then wipes it. */
  private async withPrivateKey<T>(name: string, use: (privKey: Uint8Array, file: KeyFile) => T | Promise<T>): Promise<T> {
    const { file, record } = await this.read(name);
    const privKey = await this.store.open(file);
    try {
      if (Buffer.compare(publicKeyFromPrivateKey(privKey), record.pubKey) !== 0) {
        throw new CorruptKeyError(`key file of "${name}" is corrupted: its private key does not match its public key`);
      }
      return await use(privKey, file);
    } finally {
      privKey.fill(0);
    }
  }
}
