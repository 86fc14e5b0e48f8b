// Gov parameters: the SDK v0.50 defaults (bond denom uunit), their validation (the SDK's
// Params.ValidateBasic, plus bounds the SDK leaves open), and a parsed form with exact integers
// for the rules that use them. Stored params were validated, so parsing them again cannot fail.
import { create } from "@bufbuild/protobuf";
import type { Duration } from "@bufbuild/protobuf/wkt";
import { ParamsSchema, type Params } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { formatCoins, parseCoins, type Coin } from "../../coins/coins.js";
import { DEC_ONE, formatDec, parseDec } from "../../../sdk/math/dec.js";
import { parseAccAddress } from "../../../common/address.js";
import { coinsAllGte, wireCoins } from "./coinMath.js";
import { durationNanos } from "./time.js";

export const GOV_DENOM = "uunit";
const DAY_SECONDS = 86_400n;
/** Longer periods would push deadlines past what RFC 3339 timestamps can print; the SDK sets no bound. */
const MAX_PERIOD_NANOS = 100n * 365n * DAY_SECONDS * 1_000_000_000n;

export function defaultParams(): Params {
  const dec = (text: string) => formatDec(parseDec(text));
  return create(ParamsSchema, {
    minDeposit: [{ denom: GOV_DENOM, amount: "10000000" }],
    maxDepositPeriod: { seconds: 2n * DAY_SECONDS },
    votingPeriod: { seconds: 2n * DAY_SECONDS },
    quorum: dec("0.334"),
    threshold: dec("0.5"),
    vetoThreshold: dec("0.334"),
    minInitialDepositRatio: dec("0"),
    proposalCancelRatio: dec("0.5"),
    proposalCancelDest: "",
    expeditedVotingPeriod: { seconds: DAY_SECONDS },
    expeditedThreshold: dec("0.667"),
    expeditedMinDeposit: [{ denom: GOV_DENOM, amount: "50000000" }],
    burnVoteQuorum: false,
    burnProposalDepositPrevote: false,
    burnVoteVeto: true,
    minDepositRatio: dec("0.01"),
  });
}

/** Params with decimals as LegacyDec atomics and periods in nanoseconds. */
export interface ParsedParams {
  minDeposit: Coin[];
  expeditedMinDeposit: Coin[];
  maxDepositPeriod: bigint;
  votingPeriod: bigint;
  expeditedVotingPeriod: bigint;
  quorum: bigint;
  threshold: bigint;
  expeditedThreshold: bigint;
  vetoThreshold: bigint;
  minInitialDepositRatio: bigint;
  proposalCancelRatio: bigint;
  proposalCancelDest: string;
  minDepositRatio: bigint;
  burnVoteQuorum: boolean;
  burnProposalDepositPrevote: boolean;
  burnVoteVeto: boolean;
}

function dec(value: string, name: string): bigint {
  try {
    return parseDec(value);
  } catch {
    throw new Error(`invalid ${name} "${value.slice(0, 80)}": expected a decimal such as 0.5`);
  }
}

function ratio(value: string, name: string, options: { positive?: boolean } = {}): bigint {
  const d = dec(value, name);
  if (options.positive && d === 0n) throw new Error(`${name} must be positive: ${value}`);
  if (d > DEC_ONE) throw new Error(`${name} too large: ${value}`);
  return d;
}

function period(d: Duration | undefined, name: string): bigint {
  if (!d) throw new Error(`${name} must be set`);
  if (d.seconds < 0n || d.nanos < 0 || d.nanos >= 1_000_000_000) throw new Error(`${name} must be positive`);
  const nanos = durationNanos(d);
  if (nanos <= 0n) throw new Error(`${name} must be positive`);
  if (nanos > MAX_PERIOD_NANOS) throw new Error(`${name} must be at most 100 years`);
  return nanos;
}

function coins(list: Params["minDeposit"], name: string): Coin[] {
  let parsed: Coin[];
  try {
    parsed = parseCoins(list);
  } catch (err) {
    throw new Error(`invalid ${name}: ${(err as Error).message}`);
  }
  if (parsed.length === 0) throw new Error(`invalid ${name}: must not be empty`);
  return parsed;
}

/** Validates params (throwing an Error that names the field) and returns their exact values. */
export function parseParams(p: Params): ParsedParams {
  const minDeposit = coins(p.minDeposit, "min_deposit");
  const expeditedMinDeposit = coins(p.expeditedMinDeposit, "expedited_min_deposit");
  if (coinsAllGte(minDeposit, expeditedMinDeposit)) {
    throw new Error(`expedited_min_deposit ${formatCoins(expeditedMinDeposit)} must be greater than min_deposit ${formatCoins(minDeposit)}`);
  }
  const threshold = ratio(p.threshold, "threshold", { positive: true });
  const expeditedThreshold = ratio(p.expeditedThreshold, "expedited_threshold", { positive: true });
  if (expeditedThreshold <= threshold) throw new Error(`expedited_threshold ${p.expeditedThreshold} must be greater than threshold ${p.threshold}`);
  const votingPeriod = period(p.votingPeriod, "voting_period");
  const expeditedVotingPeriod = period(p.expeditedVotingPeriod, "expedited_voting_period");
  if (expeditedVotingPeriod >= votingPeriod) throw new Error("expedited_voting_period must be strictly less than voting_period");
  if (p.proposalCancelDest !== "") {
    try {
      parseAccAddress(p.proposalCancelDest, "proposal_cancel_dest");
    } catch (err) {
      throw new Error(`proposal_cancel_dest is not a valid address: ${(err as Error).message}`);
    }
  }
  return {
    minDeposit,
    expeditedMinDeposit,
    maxDepositPeriod: period(p.maxDepositPeriod, "max_deposit_period"),
    votingPeriod,
    expeditedVotingPeriod,
    quorum: ratio(p.quorum, "quorum"),
    threshold,
    expeditedThreshold,
    vetoThreshold: ratio(p.vetoThreshold, "veto_threshold", { positive: true }),
    minInitialDepositRatio: ratio(p.minInitialDepositRatio, "min_initial_deposit_ratio"),
    proposalCancelRatio: ratio(p.proposalCancelRatio, "proposal_cancel_ratio"),
    proposalCancelDest: p.proposalCancelDest,
    minDepositRatio: ratio(p.minDepositRatio, "min_deposit_ratio"),
    burnVoteQuorum: p.burnVoteQuorum,
    burnProposalDepositPrevote: p.burnProposalDepositPrevote,
    burnVoteVeto: p.burnVoteVeto,
  };
}

/** Validated params in the form they are stored and answered: decimals in the SDK's 18-digit form. */
export function normalizeParams(p: Params): Params {
  const parsed = parseParams(p);
  return create(ParamsSchema, {
    ...p,
    minDeposit: wireCoins(parsed.minDeposit),
    expeditedMinDeposit: wireCoins(parsed.expeditedMinDeposit),
    quorum: formatDec(parsed.quorum),
    threshold: formatDec(parsed.threshold),
    vetoThreshold: formatDec(parsed.vetoThreshold),
    minInitialDepositRatio: formatDec(parsed.minInitialDepositRatio),
    proposalCancelRatio: formatDec(parsed.proposalCancelRatio),
    expeditedThreshold: formatDec(parsed.expeditedThreshold),
    minDepositRatio: formatDec(parsed.minDepositRatio),
  });
}
