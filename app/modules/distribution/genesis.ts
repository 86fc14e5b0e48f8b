// Distribution genesis in the SDK's shape (cosmos.distribution.v1beta1.GenesisState, proto JSON with
// snake_case names, LegacyDec values in decimal form as SDK JSON prints them). A fresh chain needs
// only params and an empty pool: staking's genesis validators get their records through the hooks,
// after this module's genesis (app/modules.ts). Imported records must be backed by the
// distribution account's balance, which bank's genesis credited: as in the SDK, the whole part of
// outstanding rewards plus the community pool must equal it exactly.
import { create, fromJson, toJson, type JsonValue } from "@bufbuild/protobuf";
import { GenesisStateSchema, type GenesisState } from "../../../gen/cosmos/distribution/v1beta1/genesis_pb.js";
import { accAddressToString, parseAccAddress, parseValAddress, valAddressToString } from "../../../common/address.js";
import { DISTRIBUTION_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { atomizeLegacyDecs, decimalizeLegacyDecs } from "../../../sdk/client/legacyDec.js";
import { coinsEqual, formatCoins } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { addDecCoins, truncateDecimal, type DecCoin } from "./decCoins.js";
import type { DistributionKeeper } from "./keeper.js";
import { defaultParams, validateParams } from "./params.js";
import { decCoinsFromWire, decCoinsToWire, decToWire } from "./wire.js";

const JSON_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

export function genesisToJson(g: GenesisState): JsonValue {
  return decimalizeLegacyDecs(GenesisStateSchema, toJson(GenesisStateSchema, g, JSON_OPTIONS));
}

export function defaultDistributionGenesis(): JsonValue {
  return genesisToJson(create(GenesisStateSchema, { params: defaultParams(), feePool: { communityPool: [] } }));
}

function parseGenesis(raw: unknown): GenesisState {
  try {
    return fromJson(GenesisStateSchema, atomizeLegacyDecs(GenesisStateSchema, raw as JsonValue, "distribution"));
  } catch (err) {
    throw new Error(`distribution genesis: ${(err as Error).message}`);
  }
}

/** DecCoins from genesis: sorted, no duplicates, positive (what the module itself would store). */
function genesisDecCoins(coins: readonly { denom: string; amount: string }[], what: string): DecCoin[] {
  const parsed = decCoinsFromWire(coins);
  const normal = addDecCoins(parsed);
  if (normal.length !== parsed.length || parsed.some((c, i) => c.denom !== normal[i]!.denom || c.amount <= 0n))
    throw new Error(`distribution genesis: ${what} must be sorted by denom, without duplicates, and positive`);
  return parsed;
}

export function initDistributionGenesis(ctx: Context, k: DistributionKeeper, raw: unknown): void {
  const g = parseGenesis(raw);
  const params = g.params ?? defaultParams();
  try {
    validateParams(params);
  } catch (err) {
    throw new Error(`distribution genesis params: ${(err as Error).message}`);
  }
  k.setParams(ctx, params);
  const pool = genesisDecCoins(g.feePool?.communityPool ?? [], "fee_pool.community_pool");
  k.setCommunityPool(ctx, pool);
  let holdings: DecCoin[] = pool;
  for (const w of g.delegatorWithdrawInfos)
    k.setWithdrawAddress(ctx, parseAccAddress(w.delegatorAddress, "delegator address"), parseAccAddress(w.withdrawAddress, "withdraw address"));
  for (const r of g.outstandingRewards) {
    const rewards = genesisDecCoins(r.outstandingRewards, "outstanding_rewards");
    k.setOutstanding(ctx, parseValAddress(r.validatorAddress), rewards);
    holdings = addDecCoins(holdings, rewards);
  }
  for (const r of g.validatorAccumulatedCommissions)
    k.setCommission(ctx, parseValAddress(r.validatorAddress), genesisDecCoins(r.accumulated?.commission ?? [], "accumulated commission"));
  for (const r of g.validatorHistoricalRewards)
    k.setHistoricalRewards(ctx, parseValAddress(r.validatorAddress), r.period, {
      ratio: genesisDecCoins(r.rewards?.cumulativeRewardRatio ?? [], "cumulative_reward_ratio"),
      referenceCount: r.rewards?.referenceCount ?? 0,
    });
  for (const r of g.validatorCurrentRewards)
    k.setCurrentRewards(ctx, parseValAddress(r.validatorAddress), {
      rewards: genesisDecCoins(r.rewards?.rewards ?? [], "current rewards"),
      period: r.rewards?.period ?? 0n,
    });
  for (const r of g.delegatorStartingInfos) {
    const info = r.startingInfo;
    k.setStartingInfo(ctx, parseValAddress(r.validatorAddress), parseAccAddress(r.delegatorAddress, "delegator address"), {
      previousPeriod: info?.previousPeriod ?? 0n,
      stake: BigInt(info?.stake || "0"),
      height: info?.height ?? 0n,
    });
  }
  for (const r of g.validatorSlashEvents) {
    const e = r.validatorSlashEvent;
    k.setSlashEvent(ctx, parseValAddress(r.validatorAddress), r.height, {
      validatorPeriod: e?.validatorPeriod ?? r.period,
      fraction: BigInt(e?.fraction || "0"),
    });
  }
  const expected = truncateDecimal(holdings).coins;
  const balances = k.bank.getAllBalances(ctx.store, moduleAddress(DISTRIBUTION_ACCOUNT));
  if (!coinsEqual(balances, expected))
    throw new Error(
      `distribution genesis: the distribution account holds ${formatCoins(balances) || "nothing"}, the module holdings are ${formatCoins(expected) || "nothing"}`,
    );
}

/** The state as a genesis file would hold it (the SDK's ExportGenesis), for export and round trips. */
export function exportDistributionGenesis(state: StateReader, k: DistributionKeeper): JsonValue {
  const g = create(GenesisStateSchema, {
    params: k.getParams(state),
    feePool: { communityPool: decCoinsToWire(k.communityPool(state)) },
    delegatorWithdrawInfos: [...k.withdrawAddresses(state)].map((w) => ({
      delegatorAddress: accAddressToString(w.delegator),
      withdrawAddress: accAddressToString(w.withdraw),
    })),
    outstandingRewards: [...k.validatorsWith(state, "outstanding")].map((v) => ({
      validatorAddress: valAddressToString(v),
      outstandingRewards: decCoinsToWire(k.outstanding(state, v)),
    })),
    validatorAccumulatedCommissions: [...k.validatorsWith(state, "commission")].map((v) => ({
      validatorAddress: valAddressToString(v),
      accumulated: { commission: decCoinsToWire(k.commission(state, v)) },
    })),
    validatorHistoricalRewards: [...k.allHistoricalRewards(state)].map((h) => ({
      validatorAddress: valAddressToString(h.validator),
      period: h.period,
      rewards: { cumulativeRewardRatio: decCoinsToWire(h.rewards.ratio), referenceCount: h.rewards.referenceCount },
    })),
    validatorCurrentRewards: [...k.validatorsWith(state, "current")].map((v) => {
      const c = k.currentRewards(state, v)!;
      return { validatorAddress: valAddressToString(v), rewards: { rewards: decCoinsToWire(c.rewards), period: c.period } };
    }),
    delegatorStartingInfos: [...k.allStartingInfos(state)].map((s) => ({
      delegatorAddress: accAddressToString(s.delegator),
      validatorAddress: valAddressToString(s.validator),
      startingInfo: { previousPeriod: s.info.previousPeriod, stake: decToWire(s.info.stake), height: s.info.height },
    })),
    validatorSlashEvents: [...k.allSlashEvents(state)].map((s) => ({
      validatorAddress: valAddressToString(s.validator),
      height: s.height,
      period: s.event.validatorPeriod,
      validatorSlashEvent: { validatorPeriod: s.event.validatorPeriod, fraction: decToWire(s.event.fraction) },
    })),
  });
  return genesisToJson(g);
}
