// The only code that reads or writes the distribution module's keys: params, the community pool,
// withdraw addresses, and per validator its outstanding rewards, accumulated commission, current
// and historical rewards (F1 periods), slash events and its delegations' starting infos. The
// rules that combine them live in rewards.ts, allocation.ts and withdraw.ts and reach state only
// through this class. Reads take the whole state; writes take the transition's Context.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  DelegatorStartingInfoSchema,
  FeePoolSchema,
  ParamsSchema,
  ValidatorAccumulatedCommissionSchema,
  ValidatorCurrentRewardsSchema,
  ValidatorHistoricalRewardsSchema,
  ValidatorOutstandingRewardsSchema,
  ValidatorSlashEventSchema,
  type Params,
} from "../../../gen/cosmos/distribution/v1beta1/distribution_pb.js";
import { DISTRIBUTION_ACCOUNT } from "../../../common/moduleAccounts.js";
import type { Context } from "../../context.js";
import { paginate, type Page, type PageRequest } from "../../query/pagination.js";
import { prefixEnd } from "../../store/bytes.js";
import { getMessage } from "../../store/messages.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import type { DecCoin } from "./decCoins.js";
import type { DistributionAccountKeeper, DistributionBankKeeper, DistributionStakingKeeper } from "./expectedKeepers.js";
import {
  COMMISSION_PREFIX,
  commissionKey,
  CURRENT_PREFIX,
  currentKey,
  FEE_POOL_KEY,
  HISTORICAL_PREFIX,
  historicalKey,
  historicalPrefix,
  MODULE_NAME,
  OUTSTANDING_PREFIX,
  outstandingKey,
  PARAMS_KEY,
  parseValidatorU64s,
  SLASH_EVENT_PREFIX,
  slashEventKey,
  slashEventsFrom,
  slashEventsPrefix,
  STARTING_INFO_PREFIX,
  startingInfoKey,
  WITHDRAW_ADDR_PREFIX,
  withdrawAddrKey,
} from "./keys.js";
import { defaultParams } from "./params.js";
import { decCoinsFromWire, decCoinsToWire, decFromWire, decToWire } from "./wire.js";

const MAX_U64 = (1n << 64n) - 1n;

export interface HistoricalRewards {
  /** Rewards per token from period 0 to this period. */
  ratio: DecCoin[];
  referenceCount: number;
}
export interface CurrentRewards {
  rewards: DecCoin[];
  period: bigint;
}
export interface StartingInfo {
  previousPeriod: bigint;
  /** LegacyDec atomics: tokens the delegation was worth when it started. */
  stake: bigint;
  height: bigint;
}
export interface SlashEvent {
  validatorPeriod: bigint;
  /** LegacyDec atomics. */
  fraction: bigint;
}

export interface DistributionKeeperOptions {
  bank: DistributionBankKeeper;
  accounts: DistributionAccountKeeper;
  staking: DistributionStakingKeeper;
  /** The address governance-only messages must carry (the gov module account). */
  authority: string;
}

export class DistributionKeeper {
  private readonly key = new StoreKey(MODULE_NAME);
  readonly bank: DistributionBankKeeper;
  readonly accounts: DistributionAccountKeeper;
  readonly staking: DistributionStakingKeeper;
  readonly authority: string;

  constructor(options: DistributionKeeperOptions) {
    // Collected fees and every reward not yet withdrawn sit in this account.
    if (!options.accounts.moduleAccountPermissions(DISTRIBUTION_ACCOUNT)) throw new Error(`distribution needs the module account "${DISTRIBUTION_ACCOUNT}"`);
    this.bank = options.bank;
    this.accounts = options.accounts;
    this.staking = options.staking;
    this.authority = options.authority;
  }

  // --- params and the community pool ---------------------------------------------------------

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultParams();
  }

  setParams(ctx: Context, params: Params): void {
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, params));
  }

  communityPool(state: StateReader): DecCoin[] {
    const pool = getMessage(this.key.read(state), FEE_POOL_KEY, FeePoolSchema);
    return pool ? decCoinsFromWire(pool.communityPool) : [];
  }

  setCommunityPool(ctx: Context, pool: readonly DecCoin[]): void {
    this.key.write(ctx).set(FEE_POOL_KEY, toBinary(FeePoolSchema, create(FeePoolSchema, { communityPool: decCoinsToWire(pool) })));
  }

  // --- withdraw addresses ------------------------------------------------------------------

  /** Where a delegator's rewards (and an operator's commission) go: the delegator unless it set another. */
  withdrawAddress(state: StateReader, delegator: Uint8Array): Uint8Array {
    const stored = this.key.read(state).get(withdrawAddrKey(delegator));
    return stored ? Uint8Array.from(stored) : delegator;
  }

  setWithdrawAddress(ctx: Context, delegator: Uint8Array, withdraw: Uint8Array): void {
    this.key.write(ctx).set(withdrawAddrKey(delegator), withdraw);
  }

  /** Every stored withdraw address, ascending by delegator. */
  *withdrawAddresses(state: StateReader): IterableIterator<{ delegator: Uint8Array; withdraw: Uint8Array }> {
    for (const { key, value } of this.key.read(state).prefixIterator(WITHDRAW_ADDR_PREFIX))
      yield { delegator: Uint8Array.from(key.subarray(1)), withdraw: Uint8Array.from(value) };
  }

  // --- per validator: outstanding, commission, current -----------------------------------------

  outstanding(state: StateReader, validator: Uint8Array): DecCoin[] {
    const r = getMessage(this.key.read(state), outstandingKey(validator), ValidatorOutstandingRewardsSchema);
    return r ? decCoinsFromWire(r.rewards) : [];
  }

  hasOutstanding(state: StateReader, validator: Uint8Array): boolean {
    return this.key.read(state).has(outstandingKey(validator));
  }

  setOutstanding(ctx: Context, validator: Uint8Array, rewards: readonly DecCoin[]): void {
    const record = create(ValidatorOutstandingRewardsSchema, { rewards: decCoinsToWire(rewards) });
    this.key.write(ctx).set(outstandingKey(validator), toBinary(ValidatorOutstandingRewardsSchema, record));
  }

  commission(state: StateReader, validator: Uint8Array): DecCoin[] {
    const r = getMessage(this.key.read(state), commissionKey(validator), ValidatorAccumulatedCommissionSchema);
    return r ? decCoinsFromWire(r.commission) : [];
  }

  setCommission(ctx: Context, validator: Uint8Array, commission: readonly DecCoin[]): void {
    const record = create(ValidatorAccumulatedCommissionSchema, { commission: decCoinsToWire(commission) });
    this.key.write(ctx).set(commissionKey(validator), toBinary(ValidatorAccumulatedCommissionSchema, record));
  }

  currentRewards(state: StateReader, validator: Uint8Array): CurrentRewards | undefined {
    const r = getMessage(this.key.read(state), currentKey(validator), ValidatorCurrentRewardsSchema);
    return r && { rewards: decCoinsFromWire(r.rewards), period: r.period };
  }

  setCurrentRewards(ctx: Context, validator: Uint8Array, current: CurrentRewards): void {
    const record = create(ValidatorCurrentRewardsSchema, { rewards: decCoinsToWire(current.rewards), period: current.period });
    this.key.write(ctx).set(currentKey(validator), toBinary(ValidatorCurrentRewardsSchema, record));
  }

  /** Every validator's record of `prefix` (outstanding, commission or current), ascending by validator. */
  *validatorsWith(state: StateReader, record: "outstanding" | "commission" | "current"): IterableIterator<Uint8Array> {
    const prefix = { outstanding: OUTSTANDING_PREFIX, commission: COMMISSION_PREFIX, current: CURRENT_PREFIX }[record];
    for (const { key } of this.key.read(state).prefixIterator(prefix)) yield Uint8Array.from(key.subarray(1));
  }

  // --- historical rewards ------------------------------------------------------------------

  historicalRewards(state: StateReader, validator: Uint8Array, period: bigint): HistoricalRewards | undefined {
    const r = getMessage(this.key.read(state), historicalKey(validator, period), ValidatorHistoricalRewardsSchema);
    return r && { ratio: decCoinsFromWire(r.cumulativeRewardRatio), referenceCount: r.referenceCount };
  }

  setHistoricalRewards(ctx: Context, validator: Uint8Array, period: bigint, h: HistoricalRewards): void {
    const record = create(ValidatorHistoricalRewardsSchema, { cumulativeRewardRatio: decCoinsToWire(h.ratio), referenceCount: h.referenceCount });
    this.key.write(ctx).set(historicalKey(validator, period), toBinary(ValidatorHistoricalRewardsSchema, record));
  }

  deleteHistoricalRewards(ctx: Context, validator: Uint8Array, period: bigint): void {
    this.key.write(ctx).delete(historicalKey(validator, period));
  }

  /** Every historical record, ascending by validator then period. */
  *allHistoricalRewards(state: StateReader): IterableIterator<{ validator: Uint8Array; period: bigint; rewards: HistoricalRewards }> {
    for (const { key, value } of this.key.read(state).prefixIterator(HISTORICAL_PREFIX)) {
      const { validator, numbers } = parseValidatorU64s(key.subarray(1));
      const r = fromBinary(ValidatorHistoricalRewardsSchema, value);
      yield { validator, period: numbers[0]!, rewards: { ratio: decCoinsFromWire(r.cumulativeRewardRatio), referenceCount: r.referenceCount } };
    }
  }

  // --- delegations' starting infos ---------------------------------------------------------

  startingInfo(state: StateReader, validator: Uint8Array, delegator: Uint8Array): StartingInfo | undefined {
    const r = getMessage(this.key.read(state), startingInfoKey(validator, delegator), DelegatorStartingInfoSchema);
    return r && { previousPeriod: r.previousPeriod, stake: decFromWire(r.stake), height: r.height };
  }

  setStartingInfo(ctx: Context, validator: Uint8Array, delegator: Uint8Array, info: StartingInfo): void {
    const record = create(DelegatorStartingInfoSchema, { previousPeriod: info.previousPeriod, stake: decToWire(info.stake), height: info.height });
    this.key.write(ctx).set(startingInfoKey(validator, delegator), toBinary(DelegatorStartingInfoSchema, record));
  }

  deleteStartingInfo(ctx: Context, validator: Uint8Array, delegator: Uint8Array): void {
    this.key.write(ctx).delete(startingInfoKey(validator, delegator));
  }

  /** Every starting info, ascending by validator then delegator. */
  *allStartingInfos(state: StateReader): IterableIterator<{ validator: Uint8Array; delegator: Uint8Array; info: StartingInfo }> {
    for (const { key, value } of this.key.read(state).prefixIterator(STARTING_INFO_PREFIX)) {
      const r = fromBinary(DelegatorStartingInfoSchema, value);
      yield {
        validator: Uint8Array.from(key.subarray(1, 21)),
        delegator: Uint8Array.from(key.subarray(21, 41)),
        info: { previousPeriod: r.previousPeriod, stake: decFromWire(r.stake), height: r.height },
      };
    }
  }

  // --- slash events ------------------------------------------------------------------------

  setSlashEvent(ctx: Context, validator: Uint8Array, height: bigint, event: SlashEvent): void {
    const record = create(ValidatorSlashEventSchema, { validatorPeriod: event.validatorPeriod, fraction: decToWire(event.fraction) });
    this.key.write(ctx).set(slashEventKey(validator, height, event.validatorPeriod), toBinary(ValidatorSlashEventSchema, record));
  }

  /** A validator's slash events at heights in [from, to], ascending by height then period. */
  *slashEventsBetween(state: StateReader, validator: Uint8Array, from: bigint, to: bigint): IterableIterator<{ height: bigint; event: SlashEvent }> {
    const end = to >= MAX_U64 ? prefixEnd(slashEventsPrefix(validator))! : slashEventsFrom(validator, to + 1n);
    const range = { start: slashEventsFrom(validator, from), end };
    for (const { key, value } of this.key.read(state).iterator(range))
      yield { height: parseValidatorU64s(key.subarray(1)).numbers[0]!, event: slashEventOf(value) };
  }

  /** A page of a validator's slash events, those at heights outside [from, to] skipped. */
  slashEventsPage(state: StateReader, validator: Uint8Array, from: bigint, to: bigint, req: PageRequest | undefined): Page<SlashEvent> {
    return paginate(this.key.read(state), slashEventsPrefix(validator), req, (key, value) => {
      const height = parseValidatorU64s(Buffer.concat([new Uint8Array(20), key])).numbers[0]!;
      return height >= from && height <= to ? slashEventOf(value) : undefined;
    });
  }

  /** Every slash event, ascending by validator, height and period. */
  *allSlashEvents(state: StateReader): IterableIterator<{ validator: Uint8Array; height: bigint; event: SlashEvent }> {
    for (const { key, value } of this.key.read(state).prefixIterator(SLASH_EVENT_PREFIX)) {
      const { validator, numbers } = parseValidatorU64s(key.subarray(1));
      yield { validator, height: numbers[0]!, event: slashEventOf(value) };
    }
  }

  // --- removing a validator's records ----------------------------------------------------------

  /** Deletes everything kept for a removed validator (its delegations' starting infos are gone already). */
  deleteValidatorRecords(ctx: Context, validator: Uint8Array): void {
    const store = this.key.write(ctx);
    store.delete(outstandingKey(validator));
    store.delete(commissionKey(validator));
    store.delete(currentKey(validator));
    for (const prefix of [historicalPrefix(validator), slashEventsPrefix(validator)]) {
      // Collected first: the iterator walks a live view of the store.
      const keys = [...store.prefixIterator(prefix)].map((e) => Uint8Array.from(e.key));
      for (const k of keys) store.delete(k);
    }
  }
}

function slashEventOf(value: Uint8Array): SlashEvent {
  const r = fromBinary(ValidatorSlashEventSchema, value);
  return { validatorPeriod: r.validatorPeriod, fraction: decFromWire(r.fraction) };
}
