// Passphrase-based encryption used by the file keyring and by exports: scrypt stretches the
// passphrase into an AES-256 key, AES-256-GCM encrypts and authenticates. A wrong passphrase
// shows up as a failed GCM tag, so no plaintext check value is stored beside the ciphertext.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback } from "node:crypto";
import { CorruptKeyError } from "./errors.js";

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  n: number;
  r: number;
  p: number;
}

/** 2^15 costs about 0.1 s and 32 MiB per derivation: slow for guessing, quick for one CLI call. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { n: 2 ** 15, r: 8, p: 1 };

export interface SealedSecret extends ScryptParams {
  kdf: "scrypt";
  cipher: "aes-256-gcm";
  /** All hex: 16-byte salt, 12-byte nonce, ciphertext, 16-byte GCM tag. */
  salt: string;
  nonce: string;
  ciphertext: string;
  tag: string;
}

/**
 * Bounds on parameters read from files or armor: an attacker-supplied n = 2^30 would otherwise
 * make an import allocate gigabytes.
 */
export function checkScryptParams({ n, r, p }: ScryptParams): void {
  const powerOfTwo = Number.isInteger(n) && n >= 2 ** 10 && n <= 2 ** 20 && (n & (n - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(r) || r < 1 || r > 16 || !Number.isInteger(p) || p < 1 || p > 4) {
    throw new CorruptKeyError(`unsupported scrypt parameters n=${n}, r=${r}, p=${p} (n must be a power of two from 2^10 to 2^20, r 1..16, p 1..4)`);
  }
}

/** Derives `length` bytes from a passphrase; Node's scrypt runs off the main thread. */
export function deriveScryptKey(passphrase: string, salt: Uint8Array, params: ScryptParams, length = 32): Promise<Buffer> {
  checkScryptParams(params);
  const { n: N, r, p } = params;
  const maxmem = 128 * N * r * p + 128 * r * (N + p) + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scryptCallback(passphrase.normalize("NFKC"), salt, length, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Encrypts `plaintext` under `passphrase`; `aad` is authenticated but not stored. */
export async function sealWithPassphrase(plaintext: Uint8Array, passphrase: string, aad: Uint8Array, params = DEFAULT_SCRYPT_PARAMS): Promise<SealedSecret> {
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const key = await deriveScryptKey(passphrase, salt, params);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const tag = cipher.getAuthTag();
  key.fill(0);
  return {
    kdf: "scrypt",
    ...params,
    cipher: "aes-256-gcm",
    salt: salt.toString("hex"),
    nonce: nonce.toString("hex"),
    ciphertext: ciphertext.toString("hex"),
    tag: tag.toString("hex"),
  };
}

/**
 * Decrypts a SealedSecret. Returns undefined when authentication fails (wrong passphrase, or the
 * ciphertext, tag or aad were altered): callers turn that into an error in their own words.
 */
export async function openWithPassphrase(sealed: SealedSecret, passphrase: string, aad: Uint8Array): Promise<Uint8Array | undefined> {
  if (sealed.kdf !== "scrypt" || sealed.cipher !== "aes-256-gcm") throw new CorruptKeyError(`unsupported encryption ${sealed.kdf}/${sealed.cipher}`);
  const salt = hexField("salt", sealed.salt, 16);
  const nonce = hexField("nonce", sealed.nonce, 12);
  const tag = hexField("tag", sealed.tag, 16);
  const ciphertext = hexField("ciphertext", sealed.ciphertext);
  const key = await deriveScryptKey(passphrase, salt, sealed);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, nonce);
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Uint8Array.from(Buffer.concat([decipher.update(ciphertext), decipher.final()]));
  } catch {
    return undefined;
  } finally {
    key.fill(0);
  }
}

function hexField(name: string, value: unknown, length?: number): Buffer {
  if (typeof value !== "string" || !/^([0-9a-f]{2})*$/i.test(value) || (length !== undefined && value.length !== length * 2)) {
    throw new CorruptKeyError(`encrypted key field "${name}" is not ${length === undefined ? "" : `${length} bytes of `}hex`);
  }
  return Buffer.from(value, "hex");
}
