// The staking module's storage schema, under the `staking/` namespace. Prefix bytes follow the
// SDK's x/staking where the SDK has the same record. Addresses are fixed 20 bytes and need no
// length prefix; numbers are big-endian fixed width, so byte order is numeric order.
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "staking";

/** 0x11 | operator(20) → u64: the power last handed to CometBFT for that validator */
export const LAST_VALIDATOR_POWER_PREFIX = Uint8Array.of(0x11);
/** 0x21 | operator(20) → cosmos.staking.v1beta1.Validator */
export const VALIDATOR_PREFIX = Uint8Array.of(0x21);
/** 0x22 | consensus address(20) → operator(20): one validator per consensus key */
export const VALIDATOR_BY_CONS_ADDR_PREFIX = Uint8Array.of(0x22);
/** 0x31 | delegator(20) | validator(20) → cosmos.staking.v1beta1.Delegation */
export const DELEGATION_PREFIX = Uint8Array.of(0x31);
/** 0x32 | delegator(20) | validator(20) → cosmos.staking.v1beta1.UnbondingDelegation */
export const UNBONDING_DELEGATION_PREFIX = Uint8Array.of(0x32);
/** 0x33 | validator(20) | delegator(20) → empty: a validator's unbonding delegations */
export const UNBONDING_BY_VALIDATOR_PREFIX = Uint8Array.of(0x33);
/** u64: the last unbonding id handed out */
export const LAST_UNBONDING_ID_KEY = Uint8Array.of(0x37);
/**
 * 0x41 | seconds(8) | nanos(4) | delegator(20) | validator(20) → empty: when a pair's unbonding
 * entries mature. Time first, so end-block reads only the matured head of the queue.
 */
export const UNBONDING_QUEUE_PREFIX = Uint8Array.of(0x41);
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
