// The export format of a private key: ASCII armor in the spirit of the Cosmos SDK's "TENDERMINT
// PRIVATE KEY" blocks, with scrypt + AES-256-GCM instead of bcrypt + xsalsa20 (format in
// docs/keys.md). The key type is authenticated with the ciphertext, so editing the `type` header
// cannot make the same secret import as the other algorithm (a different address).
import type { KeyAlgo } from "../signer.js";
import { isKeyAlgo } from "../keys/algo.js";
import { isValidPrivateKey } from "../crypto/secp256k1Sign.js";
import { CorruptKeyError, WrongPassphraseError } from "./errors.js";
import { DEFAULT_SCRYPT_PARAMS, openWithPassphrase, sealWithPassphrase, type ScryptParams } from "./passphraseCipher.js";

export const ARMOR_BEGIN = "-----BEGIN UNIT PRIVATE KEY-----";
export const ARMOR_END = "-----END UNIT PRIVATE KEY-----";
const ARMOR_VERSION = "1";
const TAG_BYTES = 16;

function associatedData(algo: KeyAlgo): Uint8Array {
  return new TextEncoder().encode(`unit private key v${ARMOR_VERSION}; type=${algo}`);
}

/** Encrypts a 32-byte private key under `passphrase` and wraps it in armor text. */
export async function armorPrivateKey(privKey: Uint8Array, algo: KeyAlgo, passphrase: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const sealed = await sealWithPassphrase(privKey, passphrase, associatedData(algo), params);
  const body = Buffer.concat([Buffer.from(sealed.ciphertext, "hex"), Buffer.from(sealed.tag, "hex")]).toString("base64");
  return [
    ARMOR_BEGIN,
    `version: ${ARMOR_VERSION}`,
    `type: ${algo}`,
    `kdf: scrypt`,
    `kdf-params: n=${sealed.n},r=${sealed.r},p=${sealed.p}`,
    `salt: ${sealed.salt}`,
    `cipher: aes-256-gcm`,
    `nonce: ${sealed.nonce}`,
    "",
    ...(body.match(/.{1,64}/g) ?? []),
    ARMOR_END,
    "",
  ].join("\n");
}

/** Reads armor text made by armorPrivateKey; throws CorruptKeyError or WrongPassphraseError. */
export async function unarmorPrivateKey(armor: string, passphrase: string): Promise<{ privKey: Uint8Array; algo: KeyAlgo }> {
  const { headers, body } = parseArmor(armor);
  const algo = header(headers, "type");
  if (!isKeyAlgo(algo)) throw new CorruptKeyError(`armored key has unknown type "${algo}"`);
  if (header(headers, "version") !== ARMOR_VERSION) throw new CorruptKeyError(`armored key has unsupported version "${headers.get("version")}"`);
  const params = /^n=(\d+),r=(\d+),p=(\d+)$/.exec(header(headers, "kdf-params"));
  if (!params) throw new CorruptKeyError(`armored key has malformed kdf-params "${headers.get("kdf-params")}"`);
  if (body.length <= TAG_BYTES) throw new CorruptKeyError("armored key body is truncated");
  const plaintext = await openWithPassphrase(
    {
      kdf: header(headers, "kdf") as "scrypt",
      cipher: header(headers, "cipher") as "aes-256-gcm",
      n: Number(params[1]),
      r: Number(params[2]),
      p: Number(params[3]),
      salt: header(headers, "salt"),
      nonce: header(headers, "nonce"),
      ciphertext: body.subarray(0, body.length - TAG_BYTES).toString("hex"),
      tag: body.subarray(body.length - TAG_BYTES).toString("hex"),
    },
    passphrase,
    associatedData(algo),
  );
  if (!plaintext) throw new WrongPassphraseError("wrong passphrase for this exported key (or the armored text was altered)");
  if (!isValidPrivateKey(plaintext)) throw new CorruptKeyError("armored key does not hold a valid secp256k1 private key");
  return { privKey: plaintext, algo };
}

function parseArmor(armor: string): { headers: Map<string, string>; body: Buffer } {
  const lines = armor
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trim());
  const begin = lines.indexOf(ARMOR_BEGIN);
  if (begin === -1) {
    if (lines.some((l) => l.startsWith("-----BEGIN TENDERMINT PRIVATE KEY"))) {
      throw new CorruptKeyError("this is a Cosmos SDK (TENDERMINT) key export; unitd reads only its own UNIT PRIVATE KEY format");
    }
    throw new CorruptKeyError(`not an exported key: missing the "${ARMOR_BEGIN}" line`);
  }
  const end = lines.indexOf(ARMOR_END, begin + 1);
  if (end === -1) throw new CorruptKeyError(`exported key is truncated: missing the "${ARMOR_END}" line`);
  const headers = new Map<string, string>();
  let i = begin + 1;
  for (; i < end && lines[i] !== ""; i++) {
    const m = /^([a-z-]+):\s*(.*)$/.exec(lines[i]!);
    if (!m) throw new CorruptKeyError(`exported key has a malformed header line ${i - begin}`);
    headers.set(m[1]!, m[2]!);
  }
  const bodyText = lines.slice(i, end).join("");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bodyText)) throw new CorruptKeyError("exported key body is not base64");
  return { headers, body: Buffer.from(bodyText, "base64") };
}

function header(headers: Map<string, string>, name: string): string {
  const value = headers.get(name);
  if (value === undefined) throw new CorruptKeyError(`exported key is missing its "${name}" header`);
  return value;
}
