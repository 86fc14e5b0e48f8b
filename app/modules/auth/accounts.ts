// The account record and its wire form. Accounts are stored as the Any that queries return, so
// CosmJS and the gateway get exactly the bytes the chain keeps.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { type Any, AnySchema } from "@bufbuild/protobuf/wkt";
import { packAny } from "../../../sdk/tx/registry.js";
import { BaseAccountSchema, ModuleAccountSchema, type BaseAccount } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { accountAddress, accountText } from "../../tx/addressText.js";
import { decodePubKey, encodePubKey, type PubKey } from "./pubkey.js";
import { transientBytes, varintLength, writeVarint } from "../../../common/protoWriter.js";
import { PUBKEY_TYPE_URL } from "../../../sdk/signer.js";

export interface Account {
  address: Uint8Array;
  accountNumber: bigint;
  sequence: bigint;
  /** Set by the account's first signed tx. */
  pubKey?: PubKey;
  /** Present on module accounts, which no key controls. */
  module?: { name: string; permissions: string[] };
}

export const BASE_ACCOUNT_TYPE_URL = `/${BaseAccountSchema.typeName}`;
export const MODULE_ACCOUNT_TYPE_URL = `/${ModuleAccountSchema.typeName}`;

function toBaseAccount(account: Account): BaseAccount {
  return create(BaseAccountSchema, {
    address: accountText(account.address),
    accountNumber: account.accountNumber,
    sequence: account.sequence,
    ...(account.pubKey ? { pubKey: encodePubKey(account.pubKey) } : {}),
  });
}

export function accountToAny(account: Account): Any {
  const base = toBaseAccount(account);
  if (!account.module) return packAny(BaseAccountSchema, base);
  return packAny(ModuleAccountSchema, create(ModuleAccountSchema, { baseAccount: base, name: account.module.name, permissions: account.module.permissions }));
}

function fromBaseAccount(base: BaseAccount): Account {
  return {
    address: accountAddress(base.address),
    accountNumber: base.accountNumber,
    sequence: base.sequence,
    ...(base.pubKey ? { pubKey: decodePubKey(base.pubKey) } : {}),
  };
}

export function accountFromAny(any: Any): Account {
  if (any.typeUrl === BASE_ACCOUNT_TYPE_URL) return fromBaseAccount(fromBinary(BaseAccountSchema, any.value));
  if (any.typeUrl === MODULE_ACCOUNT_TYPE_URL) {
    const m = fromBinary(ModuleAccountSchema, any.value);
    if (!m.baseAccount) throw new Error(`module account ${m.name} has no base account`);
    return { ...fromBaseAccount(m.baseAccount), module: { name: m.name, permissions: [...m.permissions] } };
  }
  throw new Error(`unknown account type ${any.typeUrl}`);
}

/** The stored form: the Any of a BaseAccount (or ModuleAccount), byte for byte as protobuf-es writes it. */
export function encodeAccount(account: Account): Uint8Array {
  if (account.module) return toBinary(AnySchema, accountToAny(account));
  return encodeBaseAccountAny(account);
}

// Every signed tx writes its signer's account (the sequence) in each pass, so the common case is
// written by hand into one buffer (accountCodec.test.ts checks it against protobuf-es): fields in
// number order, defaults (0) left out, as protobuf-es does.
const BASE_ACCOUNT_TYPE_URL_BYTES = Buffer.from(BASE_ACCOUNT_TYPE_URL);
const PUBKEY_TYPE_URL_BYTES: Record<PubKey["algo"], Buffer> = {
  secp256k1: Buffer.from(PUBKEY_TYPE_URL.secp256k1),
  eth_secp256k1: Buffer.from(PUBKEY_TYPE_URL.eth_secp256k1),
};

function encodeBaseAccountAny(account: Account): Uint8Array {
  const address = accountText(account.address);
  const addressBytes = Buffer.byteLength(address);
  // pub_key: Any{type_url, value: PubKey{key}}; the key is 33 bytes (decodePubKey's rule).
  const keyUrl = account.pubKey ? PUBKEY_TYPE_URL_BYTES[account.pubKey.algo] : undefined;
  const keyLen = account.pubKey ? account.pubKey.key.length : 0;
  const pubValueLen = account.pubKey ? 1 + varintLength(keyLen) + keyLen : 0;
  const pubAnyLen = keyUrl ? 1 + varintLength(keyUrl.length) + keyUrl.length + 1 + varintLength(pubValueLen) + pubValueLen : 0;
  const valueLen =
    (addressBytes > 0 ? 1 + varintLength(addressBytes) + addressBytes : 0) +
    (keyUrl ? 1 + varintLength(pubAnyLen) + pubAnyLen : 0) +
    (account.accountNumber !== 0n ? 1 + varintLength(account.accountNumber) : 0) +
    (account.sequence !== 0n ? 1 + varintLength(account.sequence) : 0);
  const urlLen = BASE_ACCOUNT_TYPE_URL_BYTES.length;
  const total = 1 + varintLength(urlLen) + urlLen + (valueLen > 0 ? 1 + varintLength(valueLen) + valueLen : 0);
  // Transient: callers hand it to the store, which keeps a copy.
  const bytes = transientBytes(total);
  const out = Buffer.from(bytes.buffer, bytes.byteOffset, total);
  out[0] = 0x0a;
  let at = writeVarint(out, 1, urlLen);
  at += BASE_ACCOUNT_TYPE_URL_BYTES.copy(out, at);
  if (valueLen > 0) {
    out[at++] = 0x12;
    at = writeVarint(out, at, valueLen);
    if (addressBytes > 0) {
      out[at++] = 0x0a;
      at = writeVarint(out, at, addressBytes);
      at += out.write(address, at, "utf8");
    }
    if (keyUrl && account.pubKey) {
      out[at++] = 0x12;
      at = writeVarint(out, at, pubAnyLen);
      out[at++] = 0x0a;
      at = writeVarint(out, at, keyUrl.length);
      at += keyUrl.copy(out, at);
      out[at++] = 0x12;
      at = writeVarint(out, at, pubValueLen);
      out[at++] = 0x0a;
      at = writeVarint(out, at, keyLen);
      out.set(account.pubKey.key, at);
      at += keyLen;
    }
    if (account.accountNumber !== 0n) {
      out[at++] = 3 << 3;
      at = writeVarint(out, at, account.accountNumber);
    }
    if (account.sequence !== 0n) {
      out[at++] = 4 << 3;
      at = writeVarint(out, at, account.sequence);
    }
  }
  if (at !== total) throw new Error(`account encoding wrote ${at} of ${total} bytes`);
  return bytes;
}

export function decodeAccount(bytes: Uint8Array): Account {
  return accountFromAny(fromBinary(AnySchema, bytes));
}
