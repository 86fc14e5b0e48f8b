// The auth module's storage schema, all under the `auth/` namespace. Numbers are big-endian so
// keys sort numerically.
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "auth";

/** 0x01 | address(20) → Any(BaseAccount | ModuleAccount) */
export const ACCOUNT_PREFIX = Uint8Array.of(0x01);
/** 0x02 | account_number(u64 BE) → address(20) */
export const ACCOUNT_NUMBER_PREFIX = Uint8Array.of(0x02);
/** The next account number to hand out (u64 BE). */
export const NEXT_ACCOUNT_NUMBER_KEY = Uint8Array.of(0x03);
/** cosmos.auth.v1beta1.Params */
export const PARAMS_KEY = Uint8Array.of(0x04);
/** The minimum gas price, a decimal coin string such as `0.025uunit`. */
export const MIN_GAS_PRICE_KEY = Uint8Array.of(0x05);

export function accountKey(address: Uint8Array): Uint8Array {
  return Buffer.concat([ACCOUNT_PREFIX, address]);
}

export function accountNumberKey(accountNumber: bigint): Uint8Array {
  return Buffer.concat([ACCOUNT_NUMBER_PREFIX, u64be(accountNumber)]);
}

export { readU64be, u64be };
