// The bank module's storage schema, under the `bank/` namespace. Addresses are fixed 20 bytes,
// so `0x02 | address | denom` sorts an account's balances by denom.
import { Lru } from "../../../common/lru.js";

export const MODULE_NAME = "bank";

/** 0x00 | denom → total supply (decimal string) */
export const SUPPLY_PREFIX = Uint8Array.of(0x00);
/** 0x01 | denom → cosmos.bank.v1beta1.Metadata */
export const DENOM_METADATA_PREFIX = Uint8Array.of(0x01);
/** 0x02 | address(20) | denom → balance (decimal string); zero balances are deleted */
export const BALANCE_PREFIX = Uint8Array.of(0x02);
/** cosmos.bank.v1beta1.Params */
export const PARAMS_KEY = Uint8Array.of(0x03);
/**
 * 0x04 | denom | 0x00 | address(20) → empty: who holds a denom, for DenomOwners. A denom never
 * contains 0x00, so the separator keeps one denom's holders apart from a longer denom's.
 */
export const DENOM_OWNER_PREFIX = Uint8Array.of(0x04);

const utf8 = new TextEncoder();
const join = (...parts: Uint8Array[]) => Buffer.concat(parts);

/** A chain has few denoms and every balance key holds one: their bytes are encoded once. */
const denomBytesCache = new Lru<string, Uint8Array>(1024);

function denomBytes(denom: string): Uint8Array {
  let bytes = denomBytesCache.get(denom);
  if (bytes === undefined) {
    bytes = utf8.encode(denom);
    denomBytesCache.set(denom, bytes);
  }
  return bytes;
}

export const supplyKey = (denom: string) => join(SUPPLY_PREFIX, denomBytes(denom));
export const denomMetadataKey = (denom: string) => join(DENOM_METADATA_PREFIX, denomBytes(denom));
export const accountBalancesPrefix = (address: Uint8Array) => join(BALANCE_PREFIX, address);
export const denomOwnersPrefix = (denom: string) => join(DENOM_OWNER_PREFIX, denomBytes(denom), Uint8Array.of(0));

/** 0x02 | address | denom, built in one allocation: every transfer builds several. */
export function balanceKey(address: Uint8Array, denom: string): Buffer {
  const d = denomBytes(denom);
  const key = Buffer.allocUnsafe(1 + address.length + d.length);
  key[0] = BALANCE_PREFIX[0]!;
  key.set(address, 1);
  key.set(d, 1 + address.length);
  return key;
}
export const denomOwnerKey = (denom: string, address: Uint8Array) => join(denomOwnersPrefix(denom), address);
