// The staking module's storage schema, under the `staking/` namespace. Prefix bytes follow the
// SDK's x/staking where the SDK has the same record. Addresses are fixed 20 bytes and need no
// length prefix; numbers are big-endian fixed width, so byte order is numeric order.
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "staking";

/** 0x11 | operator(20) → u64: the power last handed to CometBFT for that validator */
export const LAST_VALIDATOR_POWER_PREFIX = Uint8Array.of(0x11);
/** u64: the sum of the powers last handed to CometBFT */
export const LAST_TOTAL_POWER_KEY = Uint8Array.of(0x12);
/** 0x21 | operator(20) → cosmos.staking.v1beta1.Validator */
export const VALIDATOR_PREFIX = Uint8Array.of(0x21);
/** 0x22 | consensus address(20) → operator(20): one validator per consensus key */
export const VALIDATOR_BY_CONS_ADDR_PREFIX = Uint8Array.of(0x22);
/**
 * 0x23 | power(8) | ^operator(20) → operator: unjailed validators by consensus power. Walked in
 * reverse, it yields the highest power first and, at equal power, the lower operator address
 * first (its bytes are inverted), the SDK's power index order. Addresses are all 20 bytes, so
 * the SDK's address-length byte is left out.
 */
export const VALIDATORS_BY_POWER_PREFIX = Uint8Array.of(0x23);
/** 0x31 | delegator(20) | validator(20) → cosmos.staking.v1beta1.Delegation */
export const DELEGATION_PREFIX = Uint8Array.of(0x31);
/** 0x32 | delegator(20) | validator(20) → cosmos.staking.v1beta1.UnbondingDelegation */
export const UNBONDING_DELEGATION_PREFIX = Uint8Array.of(0x32);
/** 0x33 | validator(20) | delegator(20) → empty: a validator's unbonding delegations */
export const UNBONDING_BY_VALIDATOR_PREFIX = Uint8Array.of(0x33);
/** 0x34 | delegator(20) | source(20) | destination(20) → cosmos.staking.v1beta1.Redelegation */
export const REDELEGATION_PREFIX = Uint8Array.of(0x34);
/** 0x35 | source(20) | delegator(20) | destination(20) → empty */
export const REDELEGATION_BY_SRC_PREFIX = Uint8Array.of(0x35);
/** 0x36 | destination(20) | delegator(20) | source(20) → empty */
export const REDELEGATION_BY_DST_PREFIX = Uint8Array.of(0x36);
/** u64: the last unbonding id handed out */
export const LAST_UNBONDING_ID_KEY = Uint8Array.of(0x37);
/**
 * 0x41 | seconds(8) | nanos(4) | delegator(20) | validator(20) → empty: when a pair's unbonding
 * entries mature. Time first, so end-block reads only the matured head of the queue.
 */
export const UNBONDING_QUEUE_PREFIX = Uint8Array.of(0x41);
/** 0x42 | seconds(8) | nanos(4) | delegator(20) | source(20) | destination(20) → empty: redelegations maturing */
export const REDELEGATION_QUEUE_PREFIX = Uint8Array.of(0x42);
/** 0x43 | seconds(8) | nanos(4) | height(8) | operator(20) → empty: validators unbonding until then */
export const VALIDATOR_QUEUE_PREFIX = Uint8Array.of(0x43);
/** 0x50 | height(8) → cosmos.staking.v1beta1.HistoricalInfo */
export const HISTORICAL_INFO_PREFIX = Uint8Array.of(0x50);
/** cosmos.staking.v1beta1.Params */
export const PARAMS_KEY = Uint8Array.of(0x51);
/** 0x71 | validator(20) | delegator(20) → empty: a validator's delegations */
export const DELEGATION_BY_VALIDATOR_PREFIX = Uint8Array.of(0x71);

const ADDRESS_BYTES = 20;
const join = (...parts: Uint8Array[]) => Buffer.concat(parts);

export { readU64be, u64be };

function address(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== ADDRESS_BYTES) throw new RangeError(`staking keys take 20-byte addresses, got ${bytes.length} bytes`);
  return bytes;
}

export const lastValidatorPowerKey = (operator: Uint8Array) => join(LAST_VALIDATOR_POWER_PREFIX, address(operator));
export const validatorKey = (operator: Uint8Array) => join(VALIDATOR_PREFIX, address(operator));
export function validatorByPowerKey(power: bigint, operator: Uint8Array): Uint8Array {
  const inverted = Uint8Array.from(address(operator), (b) => 255 - b);
  return join(VALIDATORS_BY_POWER_PREFIX, u64be(power), inverted);
}
export const validatorByConsAddrKey = (consAddress: Uint8Array) => join(VALIDATOR_BY_CONS_ADDR_PREFIX, address(consAddress));

export const delegationsOfDelegatorPrefix = (delegator: Uint8Array) => join(DELEGATION_PREFIX, address(delegator));
export const delegationKey = (delegator: Uint8Array, validator: Uint8Array) => join(delegationsOfDelegatorPrefix(delegator), address(validator));
export const delegationsOfValidatorPrefix = (validator: Uint8Array) => join(DELEGATION_BY_VALIDATOR_PREFIX, address(validator));
export const delegationByValidatorKey = (validator: Uint8Array, delegator: Uint8Array) => join(delegationsOfValidatorPrefix(validator), address(delegator));

export const unbondingsOfDelegatorPrefix = (delegator: Uint8Array) => join(UNBONDING_DELEGATION_PREFIX, address(delegator));
export const unbondingDelegationKey = (delegator: Uint8Array, validator: Uint8Array) => join(unbondingsOfDelegatorPrefix(delegator), address(validator));
export const unbondingsOfValidatorPrefix = (validator: Uint8Array) => join(UNBONDING_BY_VALIDATOR_PREFIX, address(validator));
export const unbondingByValidatorKey = (validator: Uint8Array, delegator: Uint8Array) => join(unbondingsOfValidatorPrefix(validator), address(delegator));

/** seconds(8) | nanos(4); times before 1970 cannot occur in block headers and are refused. */
export function timeKey(time: Timestamp): Uint8Array {
  if (time.seconds < 0n) throw new RangeError(`time before 1970 (${time.seconds}s) cannot be a queue key`);
  const nanos = Buffer.alloc(4);
  nanos.writeUInt32BE(time.nanos);
  return join(u64be(time.seconds), nanos);
}

export const unbondingQueueKey = (time: Timestamp, delegator: Uint8Array, validator: Uint8Array) =>
  join(UNBONDING_QUEUE_PREFIX, timeKey(time), address(delegator), address(validator));

/** Splits a queue key (without the 0x41 prefix) into its time and pair. */
export function parseUnbondingQueueKey(rel: Uint8Array): { seconds: bigint; nanos: number; delegator: Uint8Array; validator: Uint8Array } {
  if (rel.length !== 12 + 2 * ADDRESS_BYTES) throw new RangeError(`unbonding queue key of ${rel.length} bytes`);
  const b = Buffer.from(rel.buffer, rel.byteOffset, rel.length);
  return {
    seconds: b.readBigUInt64BE(0),
    nanos: b.readUInt32BE(8),
    delegator: Uint8Array.from(b.subarray(12, 32)),
    validator: Uint8Array.from(b.subarray(32, 52)),
  };
}

export const redelegationsOfDelegatorPrefix = (delegator: Uint8Array) => join(REDELEGATION_PREFIX, address(delegator));
export const redelegationKey = (delegator: Uint8Array, src: Uint8Array, dst: Uint8Array) =>
  join(redelegationsOfDelegatorPrefix(delegator), address(src), address(dst));
export const redelegationsFromSrcPrefix = (src: Uint8Array) => join(REDELEGATION_BY_SRC_PREFIX, address(src));
export const redelegationBySrcKey = (src: Uint8Array, delegator: Uint8Array, dst: Uint8Array) =>
  join(redelegationsFromSrcPrefix(src), address(delegator), address(dst));
export const redelegationsToDstPrefix = (dst: Uint8Array) => join(REDELEGATION_BY_DST_PREFIX, address(dst));
export const redelegationByDstKey = (dst: Uint8Array, delegator: Uint8Array, src: Uint8Array) =>
  join(redelegationsToDstPrefix(dst), address(delegator), address(src));

export const redelegationQueueKey = (time: Timestamp, delegator: Uint8Array, src: Uint8Array, dst: Uint8Array) =>
  join(REDELEGATION_QUEUE_PREFIX, timeKey(time), address(delegator), address(src), address(dst));

/** Splits a redelegation queue key (without its prefix) into its time and triple. */
export function parseRedelegationQueueKey(rel: Uint8Array): { seconds: bigint; nanos: number; delegator: Uint8Array; src: Uint8Array; dst: Uint8Array } {
  if (rel.length !== 12 + 3 * ADDRESS_BYTES) throw new RangeError(`redelegation queue key of ${rel.length} bytes`);
  const b = Buffer.from(rel.buffer, rel.byteOffset, rel.length);
  return {
    seconds: b.readBigUInt64BE(0),
    nanos: b.readUInt32BE(8),
    delegator: Uint8Array.from(b.subarray(12, 32)),
    src: Uint8Array.from(b.subarray(32, 52)),
    dst: Uint8Array.from(b.subarray(52, 72)),
  };
}

export const validatorQueueKey = (time: Timestamp, height: bigint, operator: Uint8Array) =>
  join(VALIDATOR_QUEUE_PREFIX, timeKey(time), u64be(height), address(operator));

/** Splits a validator queue key (without its prefix) into its time, height and operator. */
export function parseValidatorQueueKey(rel: Uint8Array): { seconds: bigint; nanos: number; height: bigint; operator: Uint8Array } {
  if (rel.length !== 20 + ADDRESS_BYTES) throw new RangeError(`validator queue key of ${rel.length} bytes`);
  const b = Buffer.from(rel.buffer, rel.byteOffset, rel.length);
  return { seconds: b.readBigUInt64BE(0), nanos: b.readUInt32BE(8), height: b.readBigUInt64BE(12), operator: Uint8Array.from(b.subarray(20, 40)) };
}

export const historicalInfoKey = (height: bigint) => join(HISTORICAL_INFO_PREFIX, u64be(height));
