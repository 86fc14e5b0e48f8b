// Staking parameters: the SDK's defaults, and the checks a genesis file must pass. Params are kept
// in state in wire form (min_commission_rate as LegacyDec atomics text).
import { create } from "@bufbuild/protobuf";
import { DurationSchema } from "@bufbuild/protobuf/wkt";
import { ParamsSchema, type Params } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { validateDenom } from "../../coins/coins.js";
import { DEC_ONE } from "../../../sdk/math/dec.js";
import { decFromWire } from "./wire.js";

/** Tokens per unit of consensus power: 1 UNIT (10^6 uunit) = power 1, as the SDK's DefaultPowerReduction. */
export const POWER_REDUCTION = 1_000_000n;

export const DEFAULT_BOND_DENOM = "uunit";

/** The SDK's DefaultParams with this chain's bond denom: 21 days of unbonding, 100 validators, 7 entries. */
const MAX_UNBONDING_SECONDS = 100n * 365n * 86_400n;

export function defaultParams(): Params {
  return create(ParamsSchema, {
    unbondingTime: create(DurationSchema, { seconds: 1_814_400n }),
    maxValidators: 100,
    maxEntries: 7,
    historicalEntries: 10_000,
    bondDenom: DEFAULT_BOND_DENOM,
    minCommissionRate: "0",
  });
}

/** Consensus power of a bonded validator's tokens (SDK TokensToConsensusPower). */
export function consensusPower(tokens: bigint): bigint {
  return tokens / POWER_REDUCTION;
}

/** Tokens worth `power` units of consensus power (SDK TokensFromConsensusPower). */
export function tokensFromConsensusPower(power: bigint): bigint {
  return power * POWER_REDUCTION;
}

/** Throws a plain Error naming the bad field (params only come from genesis here). */
export function validateParams(p: Params): void {
  const t = p.unbondingTime;
  if (!t || t.seconds < 0n || t.nanos < 0 || (t.seconds === 0n && t.nanos === 0)) throw new Error("unbonding_time must be positive");
  // Completion times must stay printable dates (events, queries) for any block time.
  if (t.seconds > MAX_UNBONDING_SECONDS) throw new Error("unbonding_time must be at most 100 years");
  if (p.maxValidators === 0) throw new Error("max_validators must be positive");
  if (p.maxEntries === 0) throw new Error("max_entries must be positive");
  try {
    validateDenom(p.bondDenom);
  } catch (err) {
    throw new Error(`bond_denom: ${(err as Error).message}`);
  }
  const rate = decFromWire(p.minCommissionRate);
  if (rate < 0n || rate > DEC_ONE) throw new Error("min_commission_rate must be between 0 and 1");
}
