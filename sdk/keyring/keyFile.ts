// One key per file, <keyring dir>/<name>.json. The public part is stored in clear in both
// backends so `keys list` and `keys show` never need the passphrase; the private part is either
// hex (test backend) or a SealedSecret (file backend). Reading checks that the stored address
// really belongs to the stored public key, so a hand-edited file cannot show a foreign address.
import type { KeyAlgo } from "../signer.js";
import { isKeyAlgo } from "../keys/algo.js";
import { addressFromPubKey } from "../crypto/address.js";
import { formatAccountAddress } from "../crypto/accountAddress.js";
import { formatHexAddress } from "../crypto/hexAddress.js";
import { isValidPubKey } from "../crypto/pubkey.js";
import { CorruptKeyError } from "./errors.js";
import type { SealedSecret } from "./passphraseCipher.js";
import type { KeyRecord } from "./types.js";

export interface KeyFile {
  version: 1;
  name: string;
  algo: KeyAlgo;
  /** base64 of the 33-byte compressed key. */
  pub_key: string;
  address: string;
  evm_address: string;
  /** test backend: the private key, hex. */
  priv_key?: string;
  /** file backend: the private key, encrypted. */
  encrypted_priv_key?: SealedSecret;
}

export type PrivateKeyField = Pick<KeyFile, "priv_key" | "encrypted_priv_key">;

export const KEY_FILE_SUFFIX = ".json";

/** The record of a public key under a name: both address forms computed here, once. */
export function makeKeyRecord(name: string, algo: KeyAlgo, pubKey: Uint8Array): KeyRecord {
  const address = addressFromPubKey(algo, pubKey);
  return { name, algo, pubKey, address: formatAccountAddress(address), evmAddress: formatHexAddress(address) };
}

export function keyFileFromRecord(record: KeyRecord, privateKey: PrivateKeyField): KeyFile {
  return {
    version: 1,
    name: record.name,
    algo: record.algo,
    pub_key: Buffer.from(record.pubKey).toString("base64"),
    address: record.address,
    evm_address: record.evmAddress,
    ...privateKey,
  };
}

/** Parses and checks a key file's JSON text; `where` names the file in errors. */
export function parseKeyFile(text: string, expectedName: string, where: string): { file: KeyFile; record: KeyRecord } {
  let json: Partial<KeyFile>;
  try {
    json = JSON.parse(text) as Partial<KeyFile>;
  } catch {
    throw new CorruptKeyError(`key file ${where} is not valid JSON`);
  }
  const bad = (what: string) => new CorruptKeyError(`key file ${where} is corrupted: ${what}`);
  if (json === null || typeof json !== "object") throw bad("not a JSON object");
  if (json.version !== 1) throw bad(`unsupported version ${JSON.stringify(json.version)}`);
  if (json.name !== expectedName) throw bad(`it names key ${JSON.stringify(json.name)}, not "${expectedName}"`);
  if (typeof json.algo !== "string" || !isKeyAlgo(json.algo)) throw bad(`unknown algorithm ${JSON.stringify(json.algo)}`);
  const pubKey = typeof json.pub_key === "string" ? Uint8Array.from(Buffer.from(json.pub_key, "base64")) : new Uint8Array();
  if (pubKey.length !== 33 || !isValidPubKey(pubKey)) throw bad("pub_key is not a compressed secp256k1 public key");
  const record = makeKeyRecord(expectedName, json.algo, pubKey);
  if (json.address !== record.address) throw bad("the stored address does not belong to the stored public key");
  if ((json.priv_key === undefined) === (json.encrypted_priv_key === undefined)) throw bad("expected exactly one of priv_key or encrypted_priv_key");
  return { file: json as KeyFile, record };
}
