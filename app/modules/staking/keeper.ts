// The only code that reads or writes the staking module's keys: validators, delegations,
// unbonding delegations and their queue, the powers last handed to CometBFT, and params.
// Operations that combine these with coin movements live in delegation.ts, unbonding.ts and
// validatorSet.ts, and reach state only through this class.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { BONDED_POOL, NOT_BONDED_POOL } from "../../../common/moduleAccounts.js";
import {
  BondStatus,
  DelegationSchema,
  ParamsSchema,
  UnbondingDelegationSchema,
  ValidatorSchema,
  type Delegation,
  type Params,
  type UnbondingDelegation,
  type Validator,
} from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import { moduleReader } from "../../store/prefixStore.js";
import type { KVReader, KVStore } from "../../store/types.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { BANK_STORE, type StakingAccountKeeper, type StakingBankKeeper } from "./expectedKeepers.js";
import {
  delegationByValidatorKey,
  delegationKey,
  delegationsOfDelegatorPrefix,
  LAST_UNBONDING_ID_KEY,
  LAST_VALIDATOR_POWER_PREFIX,
  lastValidatorPowerKey,
  PARAMS_KEY,
  parseUnbondingQueueKey,
  readU64be,
  u64be,
  unbondingByValidatorKey,
  unbondingDelegationKey,
  UNBONDING_QUEUE_PREFIX,
  unbondingQueueKey,
  validatorByConsAddrKey,
  validatorKey,
  VALIDATOR_PREFIX,
} from "./keys.js";
import { defaultParams } from "./params.js";
import type { ValidatorAmounts } from "./shares.js";
import { compareTime } from "./time.js";
import { decFromWire, decToWire, intFromWire } from "./wire.js";
import { getMessage } from "../../store/messages.js";

export const STAKING_MODULE = "staking";
/** Module accounts holding bonded tokens and tokens on their way out (unbonding). */

/** A bonded validator as governance tallies it (structurally gov's BondedValidatorView). */
export interface BondedValidator {
  operator: Uint8Array;
  tokens: bigint;
  delegatorShares: bigint;
}

export function validatorAmounts(v: Validator): ValidatorAmounts {
  return { tokens: intFromWire(v.tokens, "validator tokens"), delegatorShares: decFromWire(v.delegatorShares) };
}

export function withAmounts(v: Validator, a: ValidatorAmounts): Validator {
  return { ...v, tokens: a.tokens.toString(), delegatorShares: decToWire(a.delegatorShares) };
}

export function isBonded(v: Validator): boolean {
  return v.status === BondStatus.BONDED;
}

export class StakingKeeper {
  constructor(
    readonly bank: StakingBankKeeper,
    accounts: StakingAccountKeeper,
  ) {
    // The pools must exist as module accounts, or delegated coins would go to an address no one tracks.
    for (const pool of [BONDED_POOL, NOT_BONDED_POOL]) {
      if (!accounts.moduleAccountPermissions(pool)) throw new Error(`staking needs the module account "${pool}"`);
    }
  }

  store(ctx: Context): KVStore {
    return ctx.storeFor(STAKING_MODULE);
  }

  /** This module's namespace of a whole-state view (a committed height or a branch). */
  reader(state: KVReader): KVReader {
    return moduleReader(state, STAKING_MODULE);
  }

  getParams(store: KVReader): Params {
    return getMessage(store, PARAMS_KEY, ParamsSchema) ?? defaultParams();
  }

  setParams(store: KVStore, params: Params): void {
    store.set(PARAMS_KEY, toBinary(ParamsSchema, params));
  }

  // --- validators -------------------------------------------------------------------------

  getValidator(store: KVReader, operator: Uint8Array): Validator | undefined {
    return getMessage(store, validatorKey(operator), ValidatorSchema);
  }

  /** `operator` must be the bytes of `validator.operatorAddress`. */
  setValidator(store: KVStore, operator: Uint8Array, validator: Validator): void {
    store.set(validatorKey(operator), toBinary(ValidatorSchema, validator));
  }

  validatorByConsAddress(store: KVReader, consAddress: Uint8Array): Uint8Array | undefined {
    return store.get(validatorByConsAddrKey(consAddress));
  }

  setValidatorByConsAddress(store: KVStore, consAddress: Uint8Array, operator: Uint8Array): void {
    store.set(validatorByConsAddrKey(consAddress), operator);
  }

  /** Every validator, ascending by operator address. */
  *validators(store: KVReader): IterableIterator<{ operator: Uint8Array; validator: Validator }> {
    for (const { key, value } of store.prefixIterator(VALIDATOR_PREFIX)) {
      yield { operator: Uint8Array.from(key.subarray(VALIDATOR_PREFIX.length)), validator: fromBinary(ValidatorSchema, value) };
    }
  }

  // --- delegations ------------------------------------------------------------------------

  getDelegation(store: KVReader, delegator: Uint8Array, validator: Uint8Array): Delegation | undefined {
    return getMessage(store, delegationKey(delegator, validator), DelegationSchema);
  }

  /** Writes the delegation and its by-validator index entry together. */
  setDelegation(store: KVStore, delegator: Uint8Array, validator: Uint8Array, delegation: Delegation): void {
    store.set(delegationKey(delegator, validator), toBinary(DelegationSchema, delegation));
    store.set(delegationByValidatorKey(validator, delegator), new Uint8Array());
  }

  removeDelegation(store: KVStore, delegator: Uint8Array, validator: Uint8Array): void {
    store.delete(delegationKey(delegator, validator));
    store.delete(delegationByValidatorKey(validator, delegator));
  }

  /** A delegator's delegations, ascending by validator address. */
  *delegationsOfDelegator(store: KVReader, delegator: Uint8Array): IterableIterator<{ validator: Uint8Array; delegation: Delegation }> {
    const prefix = delegationsOfDelegatorPrefix(delegator);
    for (const { key, value } of store.prefixIterator(prefix)) {
      yield { validator: Uint8Array.from(key.subarray(prefix.length)), delegation: fromBinary(DelegationSchema, value) };
    }
  }

  // --- unbonding delegations --------------------------------------------------------------

  getUnbondingDelegation(store: KVReader, delegator: Uint8Array, validator: Uint8Array): UnbondingDelegation | undefined {
    return getMessage(store, unbondingDelegationKey(delegator, validator), UnbondingDelegationSchema);
  }

  /** Writes the record and its by-validator index; a record without entries is removed instead. */
  setUnbondingDelegation(store: KVStore, delegator: Uint8Array, validator: Uint8Array, ubd: UnbondingDelegation): void {
    if (ubd.entries.length === 0) {
      store.delete(unbondingDelegationKey(delegator, validator));
      store.delete(unbondingByValidatorKey(validator, delegator));
      return;
    }
    store.set(unbondingDelegationKey(delegator, validator), toBinary(UnbondingDelegationSchema, ubd));
    store.set(unbondingByValidatorKey(validator, delegator), new Uint8Array());
  }

  /** Ids are unique for the chain's life, as the SDK's UnbondingId; the first is 1. */
  nextUnbondingId(store: KVStore): bigint {
    const raw = store.get(LAST_UNBONDING_ID_KEY);
    const id = (raw ? readU64be(raw) : 0n) + 1n;
    store.set(LAST_UNBONDING_ID_KEY, u64be(id));
    return id;
  }

  insertUnbondingQueue(store: KVStore, completionTime: Timestamp, delegator: Uint8Array, validator: Uint8Array): void {
    store.set(unbondingQueueKey(completionTime, delegator, validator), new Uint8Array());
  }

  /**
   * Removes and returns the queue's entries due at or before `now`, earliest first. The scan
   * stops at the first later entry, so it costs only what has matured.
   */
  dequeueMatureUnbondings(store: KVStore, now: Timestamp): { delegator: Uint8Array; validator: Uint8Array }[] {
    const due: { key: Uint8Array; delegator: Uint8Array; validator: Uint8Array }[] = [];
    for (const { key } of store.prefixIterator(UNBONDING_QUEUE_PREFIX)) {
      const entry = parseUnbondingQueueKey(key.subarray(UNBONDING_QUEUE_PREFIX.length));
      if (compareTime(entry, now) > 0) break;
      due.push({ key: Uint8Array.from(key), delegator: entry.delegator, validator: entry.validator });
    }
    // Deleted after the scan: the iterator walks a live view of the store.
    for (const d of due) store.delete(d.key);
    return due.map(({ delegator, validator }) => ({ delegator, validator }));
  }

  // --- powers last handed to CometBFT -----------------------------------------------------

  getLastValidatorPower(store: KVReader, operator: Uint8Array): bigint | undefined {
    const raw = store.get(lastValidatorPowerKey(operator));
    return raw ? readU64be(raw) : undefined;
  }

  /** Power 0 removes the record: CometBFT no longer has the validator. */
  setLastValidatorPower(store: KVStore, operator: Uint8Array, power: bigint): void {
    if (power === 0n) store.delete(lastValidatorPowerKey(operator));
    else store.set(lastValidatorPowerKey(operator), u64be(power));
  }

  /** Operators CometBFT currently has, ascending. */
  *lastValidatorOperators(store: KVReader): IterableIterator<Uint8Array> {
    for (const { key } of store.prefixIterator(LAST_VALIDATOR_POWER_PREFIX)) yield Uint8Array.from(key.subarray(LAST_VALIDATOR_POWER_PREFIX.length));
  }

  // --- pools --------------------------------------------------------------------------------

  /** Bond-denom balances of the two pools, read from bank state (`state` is the whole state). */
  poolBalances(state: KVReader, bondDenom: string): { bonded: bigint; notBonded: bigint } {
    const bank = moduleReader(state, BANK_STORE);
    return {
      bonded: this.bank.getBalance(bank, moduleAddress(BONDED_POOL), bondDenom),
      notBonded: this.bank.getBalance(bank, moduleAddress(NOT_BONDED_POOL), bondDenom),
    };
  }

  // --- what governance reads (gov's GovStakingKeeper); `state` is the whole state -------------

  totalBondedTokens(state: KVReader): bigint {
    let total = 0n;
    for (const v of this.bondedValidators(state)) total += v.tokens;
    return total;
  }

  bondedValidators(state: KVReader): BondedValidator[] {
    const out: BondedValidator[] = [];
    for (const { operator, validator } of this.validators(this.reader(state))) {
      if (isBonded(validator)) out.push({ operator, ...validatorAmounts(validator) });
    }
    return out;
  }

  delegationsOf(state: KVReader, delegator: Uint8Array): { validator: Uint8Array; shares: bigint }[] {
    return [...this.delegationsOfDelegator(this.reader(state), delegator)].map(({ validator, delegation }) => ({ validator, shares: decFromWire(delegation.shares) }));
  }
}
