// The only code that reads or writes the staking module's keys: validators, delegations,
// unbonding delegations and their queue, the powers last handed to CometBFT, and params.
// Operations that combine these with coin movements and hooks (delegation.ts, unbonding.ts,
// validatorSet.ts, slash.ts, ...) reach state only through this class; keeper.ts puts them
// together as the StakingKeeper other modules call. Reads take the whole state (a block's
// `ctx.store` or a query's committed state); writes take the transition's Context.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { create } from "@bufbuild/protobuf";
import { TimestampSchema, type Timestamp } from "@bufbuild/protobuf/wkt";
import { BONDED_POOL, moduleAddress, NOT_BONDED_POOL } from "../../../common/moduleAccounts.js";
import {
  BondStatus,
  DelegationSchema,
  HistoricalInfoSchema,
  ParamsSchema,
  RedelegationSchema,
  UnbondingDelegationSchema,
  ValidatorSchema,
  type Delegation,
  type HistoricalInfo,
  type Params,
  type Redelegation,
  type UnbondingDelegation,
  type Validator,
} from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import { paginate, type Page, type PageRequest } from "../../query/pagination.js";
import { getMessage } from "../../store/messages.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import type { StakingAccountKeeper, StakingBankKeeper } from "./expectedKeepers.js";
import type { StakingHooks } from "./hooks.js";
import {
  HISTORICAL_INFO_PREFIX,
  historicalInfoKey,
  LAST_TOTAL_POWER_KEY,
  parseRedelegationQueueKey,
  parseValidatorQueueKey,
  REDELEGATION_QUEUE_PREFIX,
  redelegationByDstKey,
  redelegationBySrcKey,
  redelegationKey,
  redelegationQueueKey,
  redelegationsFromSrcPrefix,
  redelegationsOfDelegatorPrefix,
  redelegationsToDstPrefix,
  VALIDATOR_QUEUE_PREFIX,
  validatorByPowerKey,
  validatorQueueKey,
  VALIDATORS_BY_POWER_PREFIX,
  delegationByValidatorKey,
  delegationKey,
  delegationsOfDelegatorPrefix,
  delegationsOfValidatorPrefix,
  LAST_UNBONDING_ID_KEY,
  LAST_VALIDATOR_POWER_PREFIX,
  lastValidatorPowerKey,
  MODULE_NAME,
  PARAMS_KEY,
  parseUnbondingQueueKey,
  readU64be,
  u64be,
  unbondingByValidatorKey,
  unbondingDelegationKey,
  unbondingsOfDelegatorPrefix,
  unbondingsOfValidatorPrefix,
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

export class StakingStore {
  private readonly key = new StoreKey(MODULE_NAME);
  /** What other modules are told about changes of stake; set once by the composition root. */
  hooks: StakingHooks = {};

  constructor(
    readonly bank: StakingBankKeeper,
    accounts: StakingAccountKeeper,
  ) {
    // The pools must exist as module accounts, or delegated coins would go to an address no one tracks.
    for (const pool of [BONDED_POOL, NOT_BONDED_POOL]) {
      if (!accounts.moduleAccountPermissions(pool)) throw new Error(`staking needs the module account "${pool}"`);
    }
  }

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultParams();
  }

  setParams(ctx: Context, params: Params): void {
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, params));
  }

  // --- validators -------------------------------------------------------------------------

  getValidator(state: StateReader, operator: Uint8Array): Validator | undefined {
    return getMessage(this.key.read(state), validatorKey(operator), ValidatorSchema);
  }

  /** `operator` must be the bytes of `validator.operatorAddress`. */
  setValidator(ctx: Context, operator: Uint8Array, validator: Validator): void {
    this.key.write(ctx).set(validatorKey(operator), toBinary(ValidatorSchema, validator));
  }

  validatorByConsAddress(state: StateReader, consAddress: Uint8Array): Uint8Array | undefined {
    return this.key.read(state).get(validatorByConsAddrKey(consAddress));
  }

  setValidatorByConsAddress(ctx: Context, consAddress: Uint8Array, operator: Uint8Array): void {
    this.key.write(ctx).set(validatorByConsAddrKey(consAddress), operator);
  }

  /** Deletes the record and its consensus-address index; the power index entry is the caller's. */
  deleteValidator(ctx: Context, operator: Uint8Array, consAddress: Uint8Array): void {
    const store = this.key.write(ctx);
    store.delete(validatorKey(operator));
    store.delete(validatorByConsAddrKey(consAddress));
  }

  // --- the power index: unjailed validators ranked for the active set -----------------------

  setValidatorByPower(ctx: Context, power: bigint, operator: Uint8Array): void {
    this.key.write(ctx).set(validatorByPowerKey(power, operator), operator);
  }

  deleteValidatorByPower(ctx: Context, power: bigint, operator: Uint8Array): void {
    this.key.write(ctx).delete(validatorByPowerKey(power, operator));
  }

  /** Operators by rank: highest power first, then lower operator address first. */
  *validatorsByPower(state: StateReader): IterableIterator<Uint8Array> {
    for (const { value } of this.key.read(state).prefixIterator(VALIDATORS_BY_POWER_PREFIX, true)) yield Uint8Array.from(value);
  }

  /** Every validator, ascending by operator address. */
  *validators(state: StateReader): IterableIterator<{ operator: Uint8Array; validator: Validator }> {
    for (const { key, value } of this.key.read(state).prefixIterator(VALIDATOR_PREFIX)) {
      yield { operator: Uint8Array.from(key.subarray(VALIDATOR_PREFIX.length)), validator: fromBinary(ValidatorSchema, value) };
    }
  }

  /** A page of validators, ascending by operator address; `keep` filters (skipped ones do not count). */
  validatorsPage(state: StateReader, req: PageRequest | undefined, keep: (v: Validator) => boolean): Page<Validator> {
    return paginate(this.key.read(state), VALIDATOR_PREFIX, req, (_key, value) => {
      const v = fromBinary(ValidatorSchema, value);
      return keep(v) ? v : undefined;
    });
  }

  // --- delegations ------------------------------------------------------------------------

  getDelegation(state: StateReader, delegator: Uint8Array, validator: Uint8Array): Delegation | undefined {
    return getMessage(this.key.read(state), delegationKey(delegator, validator), DelegationSchema);
  }

  hasDelegation(state: StateReader, delegator: Uint8Array, validator: Uint8Array): boolean {
    return this.key.read(state).has(delegationKey(delegator, validator));
  }

  /** Writes the delegation and its by-validator index entry together. */
  setDelegation(ctx: Context, delegator: Uint8Array, validator: Uint8Array, delegation: Delegation): void {
    const store = this.key.write(ctx);
    store.set(delegationKey(delegator, validator), toBinary(DelegationSchema, delegation));
    store.set(delegationByValidatorKey(validator, delegator), new Uint8Array());
  }

  removeDelegation(ctx: Context, delegator: Uint8Array, validator: Uint8Array): void {
    const store = this.key.write(ctx);
    store.delete(delegationKey(delegator, validator));
    store.delete(delegationByValidatorKey(validator, delegator));
  }

  /** A delegator's delegations, ascending by validator address. */
  *delegationsOfDelegator(state: StateReader, delegator: Uint8Array): IterableIterator<{ validator: Uint8Array; delegation: Delegation }> {
    const prefix = delegationsOfDelegatorPrefix(delegator);
    for (const { key, value } of this.key.read(state).prefixIterator(prefix)) {
      yield { validator: Uint8Array.from(key.subarray(prefix.length)), delegation: fromBinary(DelegationSchema, value) };
    }
  }

  /** A page of a delegator's delegations, ascending by validator address. */
  delegatorDelegationsPage(state: StateReader, delegator: Uint8Array, req: PageRequest | undefined): Page<{ validator: Uint8Array; delegation: Delegation }> {
    return paginate(this.key.read(state), delegationsOfDelegatorPrefix(delegator), req, (validator, value) => ({
      validator,
      delegation: fromBinary(DelegationSchema, value),
    }));
  }

  /** The delegators delegating to a validator, ascending. */
  *delegatorsOf(state: StateReader, validator: Uint8Array): IterableIterator<Uint8Array> {
    const prefix = delegationsOfValidatorPrefix(validator);
    for (const { key } of this.key.read(state).prefixIterator(prefix)) yield Uint8Array.from(key.subarray(prefix.length));
  }

  /** A page of the delegators delegating to a validator, ascending by delegator address. */
  validatorDelegatorsPage(state: StateReader, validator: Uint8Array, req: PageRequest | undefined): Page<Uint8Array> {
    return paginate(this.key.read(state), delegationsOfValidatorPrefix(validator), req, (delegator) => delegator);
  }

  // --- unbonding delegations --------------------------------------------------------------

  getUnbondingDelegation(state: StateReader, delegator: Uint8Array, validator: Uint8Array): UnbondingDelegation | undefined {
    return getMessage(this.key.read(state), unbondingDelegationKey(delegator, validator), UnbondingDelegationSchema);
  }

  /** Writes the record and its by-validator index; a record without entries is removed instead. */
  setUnbondingDelegation(ctx: Context, delegator: Uint8Array, validator: Uint8Array, ubd: UnbondingDelegation): void {
    const store = this.key.write(ctx);
    if (ubd.entries.length === 0) {
      store.delete(unbondingDelegationKey(delegator, validator));
      store.delete(unbondingByValidatorKey(validator, delegator));
      return;
    }
    store.set(unbondingDelegationKey(delegator, validator), toBinary(UnbondingDelegationSchema, ubd));
    store.set(unbondingByValidatorKey(validator, delegator), new Uint8Array());
  }

  /** A validator's unbonding delegations, ascending by delegator address. */
  *unbondingDelegationsFrom(state: StateReader, validator: Uint8Array): IterableIterator<{ delegator: Uint8Array; ubd: UnbondingDelegation }> {
    const prefix = unbondingsOfValidatorPrefix(validator);
    for (const { key } of this.key.read(state).prefixIterator(prefix)) {
      const delegator = Uint8Array.from(key.subarray(prefix.length));
      yield { delegator, ubd: this.getUnbondingDelegation(state, delegator, validator)! };
    }
  }

  /** A page of a delegator's unbonding delegations, ascending by validator address. */
  delegatorUnbondingsPage(state: StateReader, delegator: Uint8Array, req: PageRequest | undefined): Page<UnbondingDelegation> {
    return paginate(this.key.read(state), unbondingsOfDelegatorPrefix(delegator), req, (_key, value) => fromBinary(UnbondingDelegationSchema, value));
  }

  /** A page of a validator's unbonding delegations, ascending by delegator address. */
  validatorUnbondingsPage(state: StateReader, validator: Uint8Array, req: PageRequest | undefined): Page<UnbondingDelegation> {
    return paginate(this.key.read(state), unbondingsOfValidatorPrefix(validator), req, (delegator) => this.getUnbondingDelegation(state, delegator, validator));
  }

  /** Ids are unique for the chain's life, as the SDK's UnbondingId; the first is 1. */
  nextUnbondingId(ctx: Context): bigint {
    const store = this.key.write(ctx);
    const raw = store.get(LAST_UNBONDING_ID_KEY);
    const id = (raw ? readU64be(raw) : 0n) + 1n;
    store.set(LAST_UNBONDING_ID_KEY, u64be(id));
    return id;
  }

  /** The last unbonding id handed out (0 before the first). */
  lastUnbondingId(state: StateReader): bigint {
    const raw = this.key.read(state).get(LAST_UNBONDING_ID_KEY);
    return raw ? readU64be(raw) : 0n;
  }

  /** Genesis import only: ids continue from an exported chain's. */
  setLastUnbondingId(ctx: Context, id: bigint): void {
    if (id > 0n) this.key.write(ctx).set(LAST_UNBONDING_ID_KEY, u64be(id));
  }

  /** Every record under `prefix` (delegations, unbonding delegations, redelegations), in key order. */
  *records<T>(state: StateReader, prefix: Uint8Array, decode: (value: Uint8Array) => T): IterableIterator<T> {
    for (const { value } of this.key.read(state).prefixIterator(prefix)) yield decode(value);
  }

  insertUnbondingQueue(ctx: Context, completionTime: Timestamp, delegator: Uint8Array, validator: Uint8Array): void {
    this.key.write(ctx).set(unbondingQueueKey(completionTime, delegator, validator), new Uint8Array());
  }

  /**
   * Removes and returns the queue's entries due at or before `now`, earliest first. The scan
   * stops at the first later entry, so it costs only what has matured.
   */
  dequeueMatureUnbondings(ctx: Context, now: Timestamp): { delegator: Uint8Array; validator: Uint8Array }[] {
    const store = this.key.write(ctx);
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

  getLastValidatorPower(state: StateReader, operator: Uint8Array): bigint | undefined {
    const raw = this.key.read(state).get(lastValidatorPowerKey(operator));
    return raw ? readU64be(raw) : undefined;
  }

  /** Power 0 removes the record: CometBFT no longer has the validator. */
  setLastValidatorPower(ctx: Context, operator: Uint8Array, power: bigint): void {
    const store = this.key.write(ctx);
    if (power === 0n) store.delete(lastValidatorPowerKey(operator));
    else store.set(lastValidatorPowerKey(operator), u64be(power));
  }

  getLastTotalPower(state: StateReader): bigint {
    const raw = this.key.read(state).get(LAST_TOTAL_POWER_KEY);
    return raw ? readU64be(raw) : 0n;
  }

  setLastTotalPower(ctx: Context, power: bigint): void {
    this.key.write(ctx).set(LAST_TOTAL_POWER_KEY, u64be(power));
  }

  /** Operators CometBFT currently has with their powers, ascending by operator. */
  *lastValidatorPowers(state: StateReader): IterableIterator<{ operator: Uint8Array; power: bigint }> {
    for (const { key, value } of this.key.read(state).prefixIterator(LAST_VALIDATOR_POWER_PREFIX))
      yield { operator: Uint8Array.from(key.subarray(LAST_VALIDATOR_POWER_PREFIX.length)), power: readU64be(value) };
  }

  /** Operators CometBFT currently has, ascending. */
  *lastValidatorOperators(state: StateReader): IterableIterator<Uint8Array> {
    for (const { key } of this.key.read(state).prefixIterator(LAST_VALIDATOR_POWER_PREFIX))
      yield Uint8Array.from(key.subarray(LAST_VALIDATOR_POWER_PREFIX.length));
  }

  // --- validators unbonding -------------------------------------------------------------

  insertValidatorQueue(ctx: Context, time: Timestamp, height: bigint, operator: Uint8Array): void {
    this.key.write(ctx).set(validatorQueueKey(time, height, operator), new Uint8Array());
  }

  deleteValidatorQueue(ctx: Context, time: Timestamp, height: bigint, operator: Uint8Array): void {
    this.key.write(ctx).delete(validatorQueueKey(time, height, operator));
  }

  /** Queue entries whose time is at or before `now` and height at or below `height`, earliest first. */
  matureValidatorQueue(state: StateReader, now: Timestamp, height: bigint): { time: Timestamp; height: bigint; operator: Uint8Array }[] {
    const out: { time: Timestamp; height: bigint; operator: Uint8Array }[] = [];
    for (const { key } of this.key.read(state).prefixIterator(VALIDATOR_QUEUE_PREFIX)) {
      const e = parseValidatorQueueKey(key.subarray(VALIDATOR_QUEUE_PREFIX.length));
      if (compareTime(e, now) > 0) break;
      if (e.height <= height) out.push({ time: create(TimestampSchema, { seconds: e.seconds, nanos: e.nanos }), height: e.height, operator: e.operator });
    }
    return out;
  }

  // --- redelegations --------------------------------------------------------------------

  getRedelegation(state: StateReader, delegator: Uint8Array, src: Uint8Array, dst: Uint8Array): Redelegation | undefined {
    return getMessage(this.key.read(state), redelegationKey(delegator, src, dst), RedelegationSchema);
  }

  /** Writes the record and both indexes; a record without entries is removed instead. */
  setRedelegation(ctx: Context, delegator: Uint8Array, src: Uint8Array, dst: Uint8Array, red: Redelegation): void {
    const store = this.key.write(ctx);
    if (red.entries.length === 0) {
      store.delete(redelegationKey(delegator, src, dst));
      store.delete(redelegationBySrcKey(src, delegator, dst));
      store.delete(redelegationByDstKey(dst, delegator, src));
      return;
    }
    store.set(redelegationKey(delegator, src, dst), toBinary(RedelegationSchema, red));
    store.set(redelegationBySrcKey(src, delegator, dst), new Uint8Array());
    store.set(redelegationByDstKey(dst, delegator, src), new Uint8Array());
  }

  /** Redelegations away from `src`, ascending by (delegator, destination). */
  redelegationsFromSrc(state: StateReader, src: Uint8Array): { delegator: Uint8Array; dst: Uint8Array; red: Redelegation }[] {
    const prefix = redelegationsFromSrcPrefix(src);
    return [...this.key.read(state).prefixIterator(prefix)].map(({ key }) => {
      const delegator = Uint8Array.from(key.subarray(prefix.length, prefix.length + 20));
      const dst = Uint8Array.from(key.subarray(prefix.length + 20));
      return { delegator, dst, red: this.getRedelegation(state, delegator, src, dst)! };
    });
  }

  /** Whether `delegator` has a redelegation into `dst` still maturing (SDK HasReceivingRedelegation). */
  hasReceivingRedelegation(state: StateReader, delegator: Uint8Array, dst: Uint8Array): boolean {
    for (const _ of this.key.read(state).prefixIterator(Buffer.concat([redelegationsToDstPrefix(dst), delegator]))) return true;
    return false;
  }

  /** A delegator's redelegations, ascending by (source, destination). */
  redelegationsOfDelegator(state: StateReader, delegator: Uint8Array): Redelegation[] {
    return [...this.key.read(state).prefixIterator(redelegationsOfDelegatorPrefix(delegator))].map(({ value }) => fromBinary(RedelegationSchema, value));
  }

  /** A page of a delegator's redelegations, ascending by (source, destination). */
  delegatorRedelegationsPage(state: StateReader, delegator: Uint8Array, req: PageRequest | undefined): Page<Redelegation> {
    return paginate(this.key.read(state), redelegationsOfDelegatorPrefix(delegator), req, (_rel, value) => fromBinary(RedelegationSchema, value));
  }

  /** A page of the redelegations away from `src`, ascending by (delegator, destination). */
  srcRedelegationsPage(state: StateReader, src: Uint8Array, req: PageRequest | undefined): Page<Redelegation> {
    return paginate(this.key.read(state), redelegationsFromSrcPrefix(src), req, (rel) =>
      this.getRedelegation(state, rel.subarray(0, 20), src, rel.subarray(20)),
    );
  }

  insertRedelegationQueue(ctx: Context, time: Timestamp, delegator: Uint8Array, src: Uint8Array, dst: Uint8Array): void {
    this.key.write(ctx).set(redelegationQueueKey(time, delegator, src, dst), new Uint8Array());
  }

  /** Removes and returns the redelegation queue's entries due at or before `now`, earliest first. */
  dequeueMatureRedelegations(ctx: Context, now: Timestamp): { delegator: Uint8Array; src: Uint8Array; dst: Uint8Array }[] {
    const store = this.key.write(ctx);
    const due: { key: Uint8Array; delegator: Uint8Array; src: Uint8Array; dst: Uint8Array }[] = [];
    for (const { key } of store.prefixIterator(REDELEGATION_QUEUE_PREFIX)) {
      const e = parseRedelegationQueueKey(key.subarray(REDELEGATION_QUEUE_PREFIX.length));
      if (compareTime(e, now) > 0) break;
      due.push({ key: Uint8Array.from(key), delegator: e.delegator, src: e.src, dst: e.dst });
    }
    for (const d of due) store.delete(d.key);
    return due.map(({ delegator, src, dst }) => ({ delegator, src, dst }));
  }

  // --- historical info ------------------------------------------------------------------

  getHistoricalInfo(state: StateReader, height: bigint): HistoricalInfo | undefined {
    return getMessage(this.key.read(state), historicalInfoKey(height), HistoricalInfoSchema);
  }

  setHistoricalInfo(ctx: Context, height: bigint, info: HistoricalInfo): void {
    this.key.write(ctx).set(historicalInfoKey(height), toBinary(HistoricalInfoSchema, info));
  }

  /** Deletes every entry below `height`; the entries are kept contiguous, so this is the oldest few. */
  pruneHistoricalInfo(ctx: Context, height: bigint): void {
    const store = this.key.write(ctx);
    const old: Uint8Array[] = [];
    for (const { key } of store.prefixIterator(HISTORICAL_INFO_PREFIX)) {
      if (readU64be(key.subarray(HISTORICAL_INFO_PREFIX.length)) >= height) break;
      old.push(Uint8Array.from(key));
    }
    for (const k of old) store.delete(k);
  }

  // --- pools --------------------------------------------------------------------------------

  /** Bond-denom balances of the two pools, read from bank state through the bank keeper. */
  poolBalances(state: StateReader, bondDenom: string): { bonded: bigint; notBonded: bigint } {
    return {
      bonded: this.bank.getBalance(state, moduleAddress(BONDED_POOL), bondDenom),
      notBonded: this.bank.getBalance(state, moduleAddress(NOT_BONDED_POOL), bondDenom),
    };
  }

  // --- what governance reads (gov's GovStakingKeeper) -----------------------------------------

  totalBondedTokens(state: StateReader): bigint {
    let total = 0n;
    for (const v of this.bondedValidators(state)) total += v.tokens;
    return total;
  }

  bondedValidators(state: StateReader): BondedValidator[] {
    const out: BondedValidator[] = [];
    for (const { operator, validator } of this.validators(state)) {
      if (isBonded(validator)) out.push({ operator, ...validatorAmounts(validator) });
    }
    return out;
  }

  delegationsOf(state: StateReader, delegator: Uint8Array): { validator: Uint8Array; shares: bigint }[] {
    return [...this.delegationsOfDelegator(state, delegator)].map(({ validator, delegation }) => ({ validator, shares: decFromWire(delegation.shares) }));
  }
}
