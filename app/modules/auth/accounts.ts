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

export function encodeAccount(account: Account): Uint8Array {
  return toBinary(AnySchema, accountToAny(account));
}

export function decodeAccount(bytes: Uint8Array): Account {
  return accountFromAny(fromBinary(AnySchema, bytes));
}
