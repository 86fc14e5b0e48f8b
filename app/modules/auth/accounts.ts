// The account record and its wire form. Accounts are stored as the Any that queries return, so
// CosmJS and the gateway get exactly the bytes the chain keeps.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { type Any, AnySchema } from "@bufbuild/protobuf/wkt";
import { packAny } from "../../../sdk/tx/registry.js";
import { BaseAccountSchema, ModuleAccountSchema, type BaseAccount } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { accountAddress, accountText } from "../../tx/addressText.js";
import { decodePubKey, encodePubKey, type PubKey } from "./pubkey.js";

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
// written by hand (accountCodec.test.ts checks it against protobuf-es): fields in number order,
// defaults (empty string, 0) left out, as protobuf-es does.
const BASE_ACCOUNT_TYPE_URL_BYTES = Buffer.from(BASE_ACCOUNT_TYPE_URL);

function encodeBaseAccountAny(account: Account): Uint8Array {
  const parts: Uint8Array[] = [];
  const address = Buffer.from(accountText(account.address));
  if (address.length > 0) parts.push(field(1, address));
  if (account.pubKey) {
    const pubKey = encodePubKey(account.pubKey);
    parts.push(field(2, Buffer.concat([field(1, Buffer.from(pubKey.typeUrl)), field(2, pubKey.value)])));
  }
  if (account.accountNumber !== 0n) parts.push(Uint8Array.of(3 << 3), varint(account.accountNumber));
  if (account.sequence !== 0n) parts.push(Uint8Array.of(4 << 3), varint(account.sequence));
  const out = Buffer.concat([field(1, BASE_ACCOUNT_TYPE_URL_BYTES), field(2, Buffer.concat(parts))]);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength); // a plain Uint8Array, as toBinary returns
}

/** A length-delimited field (wire type 2); empty bytes are left out, as protobuf-es does. */
function field(number: number, bytes: Uint8Array): Uint8Array {
  if (bytes.length === 0) return new Uint8Array();
  return Buffer.concat([Uint8Array.of((number << 3) | 2), varint(BigInt(bytes.length)), bytes]);
}

function varint(value: bigint): Uint8Array {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

export function decodeAccount(bytes: Uint8Array): Account {
  return accountFromAny(fromBinary(AnySchema, bytes));
}
