// The keyring's public shapes.
import type { KeyAlgo, TxSigner } from "../signer.js";

/**
 * `test`: private keys stored unencrypted (files still 0600), no passphrase; for devnets and tests.
 * `file`: private keys encrypted under one keyring passphrase (scrypt + AES-256-GCM).
 */
export type KeyringBackend = "test" | "file";

/** Why the keyring asks for its passphrase: `create` when the file keyring has none yet (confirm it). */
export interface PassphraseRequest {
  purpose: "create" | "unlock";
}

export interface KeyringOptions {
  /** Node home; keys live in <home>/keyring-<backend>/. */
  home: string;
  backend: KeyringBackend;
  /** Asked at most once per keyring object, only by the file backend, only when a private key is read or written. */
  passphrase?: (request: PassphraseRequest) => Promise<string>;
}

/** What the keyring tells about a key without touching its private part. */
export interface KeyRecord {
  readonly name: string;
  readonly algo: KeyAlgo;
  /** 33-byte compressed secp256k1 public key. */
  readonly pubKey: Uint8Array;
  /** The account address, `unit1...`. */
  readonly address: string;
  /** The same 20 bytes as an EIP-55 `0x...` address, for EVM tools. */
  readonly evmAddress: string;
}

export interface AddKeyOptions {
  /** Default secp256k1. */
  algo?: KeyAlgo;
  /** Recover this mnemonic instead of generating a new 24-word one. */
  mnemonic?: string;
  /** BIP-44 account and address index on m/44'/118'/account'/0/index; default 0 and 0. */
  account?: number;
  index?: number;
  /** Optional BIP-39 passphrase; empty by default as in the Cosmos SDK. */
  bip39Passphrase?: string;
  /** Replace an existing key of the same name instead of failing. */
  overwrite?: boolean;
}

export interface Keyring {
  readonly backend: KeyringBackend;
  /** The directory holding this keyring's files. */
  readonly dir: string;
  /** Creates a key; returns the mnemonic (generated, or the given one normalized). */
  add(name: string, options?: AddKeyOptions): Promise<{ record: KeyRecord; mnemonic: string }>;
  /** All keys, sorted by name. */
  list(): Promise<KeyRecord[]>;
  /** Throws KeyNotFoundError when there is no such key. */
  get(name: string): Promise<KeyRecord>;
  has(name: string): Promise<boolean>;
  /** The key with this 20-byte address, if any. */
  findByAddress(address: Uint8Array): Promise<KeyRecord | undefined>;
  delete(name: string): Promise<void>;
  /** A signer holding the decrypted private key in memory. */
  signer(name: string): Promise<TxSigner>;
  /** The private key, encrypted under `passphrase`, as ASCII armor (format in docs/keys.md). */
  exportKey(name: string, passphrase: string): Promise<string>;
  /** Stores a key exported by exportKey under a (possibly new) name. */
  importKey(name: string, armor: string, passphrase: string, options?: { overwrite?: boolean }): Promise<KeyRecord>;
  /** UNSAFE: the raw private key as 64 hex characters, for importing into an Ethereum wallet. */
  exportPrivateKeyHex(name: string): Promise<string>;
  /** Asks for (and checks, or on first use sets) the file keyring's passphrase now rather than lazily. */
  unlock(): Promise<void>;
}
