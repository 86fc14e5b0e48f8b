// The distribution module's storage schema, under the `distribution/` namespace. Prefix bytes
// follow the SDK's x/distribution where it has the same record. Addresses are fixed 20 bytes and
// need no length prefix; periods and heights are u64 big-endian, so byte order is numeric order.
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "distribution";

/** cosmos.distribution.v1beta1.FeePool: the community pool */
export const FEE_POOL_KEY = Uint8Array.of(0x00);
/** 0x02 | validator(20) → ValidatorOutstandingRewards */
export const OUTSTANDING_PREFIX = Uint8Array.of(0x02);
/** 0x03 | delegator(20) → withdraw address(20); absent means the delegator itself */
export const WITHDRAW_ADDR_PREFIX = Uint8Array.of(0x03);
/** 0x04 | validator(20) | delegator(20) → DelegatorStartingInfo */
export const STARTING_INFO_PREFIX = Uint8Array.of(0x04);
/** 0x05 | validator(20) | period(8) → ValidatorHistoricalRewards */
export const HISTORICAL_PREFIX = Uint8Array.of(0x05);
/** 0x06 | validator(20) → ValidatorCurrentRewards */
export const CURRENT_PREFIX = Uint8Array.of(0x06);
/** 0x07 | validator(20) → ValidatorAccumulatedCommission */
export const COMMISSION_PREFIX = Uint8Array.of(0x07);
/** 0x08 | validator(20) | height(8) | period(8) → ValidatorSlashEvent */
export const SLASH_EVENT_PREFIX = Uint8Array.of(0x08);
/** cosmos.distribution.v1beta1.Params */
export const PARAMS_KEY = Uint8Array.of(0x09);

const ADDRESS_BYTES = 20;
const join = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

function address(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== ADDRESS_BYTES) throw new RangeError(`distribution keys take 20-byte addresses, got ${bytes.length} bytes`);
  return bytes;
}

export const outstandingKey = (validator: Uint8Array) => join(OUTSTANDING_PREFIX, address(validator));
export const withdrawAddrKey = (delegator: Uint8Array) => join(WITHDRAW_ADDR_PREFIX, address(delegator));
export const startingInfoKey = (validator: Uint8Array, delegator: Uint8Array) => join(STARTING_INFO_PREFIX, address(validator), address(delegator));
export const historicalKey = (validator: Uint8Array, period: bigint) => join(HISTORICAL_PREFIX, address(validator), u64be(period));
export const historicalPrefix = (validator: Uint8Array) => join(HISTORICAL_PREFIX, address(validator));
export const currentKey = (validator: Uint8Array) => join(CURRENT_PREFIX, address(validator));
export const commissionKey = (validator: Uint8Array) => join(COMMISSION_PREFIX, address(validator));
export const slashEventKey = (validator: Uint8Array, height: bigint, period: bigint) =>
  join(SLASH_EVENT_PREFIX, address(validator), u64be(height), u64be(period));
export const slashEventsPrefix = (validator: Uint8Array) => join(SLASH_EVENT_PREFIX, address(validator));
/** The first key of a validator's slash events at `height` or later. */
export const slashEventsFrom = (validator: Uint8Array, height: bigint) => join(SLASH_EVENT_PREFIX, address(validator), u64be(height));

/** Splits the part of a key after a one-byte prefix into the validator and two trailing u64s (or one). */
export function parseValidatorU64s(rest: Uint8Array): { validator: Uint8Array; numbers: bigint[] } {
  const validator = Uint8Array.from(rest.subarray(0, ADDRESS_BYTES));
  const numbers: bigint[] = [];
  for (let at = ADDRESS_BYTES; at < rest.length; at += 8) numbers.push(readU64be(rest.subarray(at, at + 8)));
  return { validator, numbers };
}
