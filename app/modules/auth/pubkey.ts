// Public keys on accounts and in signer infos: the two secp256k1 flavours the chain accepts,
// told apart by type URL. Both carry the 33-byte compressed key.
import { fromBinary } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { encodePubKeyAny } from "../../../sdk/tx/pubKeyAny.js";
import { PubKeySchema as Secp256k1PubKeySchema } from "../../../gen/cosmos/crypto/secp256k1/keys_pb.js";
import { PubKeySchema as EthSecp256k1PubKeySchema } from "../../../gen/cosmos/evm/crypto/v1/ethsecp256k1/keys_pb.js";
import { sdkErrors } from "../../../common/errors.js";
import { Memo } from "../../../common/memo.js";
import { tryAddressFromPubKey } from "../../../sdk/crypto/address.js";
import { PUBKEY_TYPE_URL, type KeyAlgo } from "../../../sdk/signer.js";

export interface PubKey {
  algo: KeyAlgo;
  /** 33-byte compressed point. */
  key: Uint8Array;
}

/** Public key types accounts may hold, by algorithm. */
export const PUBKEY_SCHEMAS = { secp256k1: Secp256k1PubKeySchema, eth_secp256k1: EthSecp256k1PubKeySchema } as const;

export function decodePubKey(any: Any): PubKey {
  const algo = (Object.keys(PUBKEY_TYPE_URL) as KeyAlgo[]).find((a) => PUBKEY_TYPE_URL[a] === any.typeUrl);
  if (!algo) throw sdkErrors.invalidPubKey.wrap(`unsupported public key type ${any.typeUrl.slice(0, 200)}`);
  let key = canonicalKeyField(any.value);
  if (key === undefined) {
    try {
      key = fromBinary(PUBKEY_SCHEMAS[algo], any.value).key;
    } catch (err) {
      throw sdkErrors.invalidPubKey.wrap(`cannot decode ${any.typeUrl}: ${(err as Error).message}`);
    }
  }
  if (key.length !== 33 || (key[0] !== 2 && key[0] !== 3))
    throw sdkErrors.invalidPubKey.wrap(`${any.typeUrl} must be a 33-byte compressed key, got ${key.length} bytes`);
  return { algo, key };
}

/**
 * The key of a PubKey message written as every wallet writes it, field 1 alone (tag 0x0a, a
 * one-byte length, the bytes), which is then exactly what protobuf-es reads (0.8-1.7 µs per key
 * in a loop here, 0.05-0.24 by hand); undefined for any other shape, left to protobuf-es. A view
 * into `value`.
 */
function canonicalKeyField(value: Uint8Array): Uint8Array | undefined {
  if (value.length < 2 || value[0] !== 0x0a || value[1]! >= 0x80 || value[1] !== value.length - 2) return undefined;
  return value.subarray(2);
}

/** The Any a signer info or an account carries; one encoder for the chain and its clients. */
export function encodePubKey(pubKey: PubKey): Any {
  return encodePubKeyAny(pubKey.algo, pubKey.key);
}

export function pubKeysEqual(a: PubKey, b: PubKey): boolean {
  return a.algo === b.algo && Buffer.from(a.key).equals(Buffer.from(b.key));
}

/**
 * The account address a key belongs to (undefined for bytes that are no key), remembered: every
 * pass of a tx (CheckTx, rechecks, proposal checks, FinalizeBlock) compares its signer info's key
 * with the signer, and the derivation hashes the key (and for eth_secp256k1 decompresses the
 * point, far slower). A pure function's results; the bytes returned must not be changed.
 */
export function addressOfPubKey(pubKey: PubKey): Uint8Array | undefined {
  const key = `${pubKey.algo}/${Buffer.from(pubKey.key.buffer, pubKey.key.byteOffset, pubKey.key.byteLength).toString("latin1")}`;
  const known = derivedAddresses.get(key);
  if (known !== undefined) return known ?? undefined;
  const derived = tryAddressFromPubKey(pubKey.algo, pubKey.key);
  derivedAddresses.set(key, derived ?? null);
  return derived;
}

const derivedAddresses = new Memo<string, Uint8Array | null>(50_000);
