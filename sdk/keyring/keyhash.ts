// The file keyring's passphrase check, like the Cosmos SDK's `keyhash` file: one scrypt hash of
// the keyring passphrase, so a wrong passphrase is reported as such before anything is written,
// and every key in one keyring is encrypted under the same passphrase.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { CorruptKeyError } from "./errors.js";
import { DEFAULT_SCRYPT_PARAMS, deriveScryptKey, type ScryptParams } from "./passphraseCipher.js";

export interface KeyHashFile extends ScryptParams {
  version: 1;
  kdf: "scrypt";
  salt: string;
  hash: string;
}

export async function createKeyHash(passphrase: string): Promise<KeyHashFile> {
  const salt = randomBytes(16);
  const hash = await deriveScryptKey(passphrase, salt, DEFAULT_SCRYPT_PARAMS);
  return { version: 1, kdf: "scrypt", ...DEFAULT_SCRYPT_PARAMS, salt: salt.toString("hex"), hash: hash.toString("hex") };
}

export async function keyHashMatches(file: KeyHashFile, passphrase: string): Promise<boolean> {
  const expected = Buffer.from(file.hash, "hex");
  const actual = await deriveScryptKey(passphrase, Buffer.from(file.salt, "hex"), file, expected.length);
  return expected.length > 0 && timingSafeEqual(expected, actual);
}

export function parseKeyHash(json: unknown, where: string): KeyHashFile {
  const f = json as Partial<KeyHashFile> | null;
  const ok =
    f !== null &&
    typeof f === "object" &&
    f.version === 1 &&
    f.kdf === "scrypt" &&
    typeof f.salt === "string" &&
    /^[0-9a-f]{32}$/.test(f.salt) &&
    typeof f.hash === "string" &&
    /^[0-9a-f]{64}$/.test(f.hash) &&
    typeof f.n === "number" &&
    typeof f.r === "number" &&
    typeof f.p === "number";
  if (!ok) throw new CorruptKeyError(`${where} is not a valid keyring passphrase hash`);
  return f as KeyHashFile;
}
