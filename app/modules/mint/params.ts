// Mint params and minter: the SDK v0.50 defaults and checks (Params.Validate, ValidateMinter), with
// this chain's one rule on top: it does not inflate, so every inflation figure is zero. goal_bonded
// and blocks_per_year keep the SDK's defaults: they describe the SDK's curve, which clients read,
// and a chain turning inflation on later starts from them (docs/mint.md).
import { create } from "@bufbuild/protobuf";
import { MinterSchema, ParamsSchema, type Minter, type Params } from "../../../gen/cosmos/mint/v1beta1/mint_pb.js";
import { assertDenom } from "../../../sdk/tx/coins.js";
import { DEC_ONE, parseDec } from "../../../sdk/math/dec.js";

export const MINT_DENOM = "uunit";
/** The SDK's default: a year of 5-second blocks (60 x 60 x 8766 / 5). */
export const DEFAULT_BLOCKS_PER_YEAR = 6_311_520n;
const DEFAULT_GOAL_BONDED = parseDec("0.67");

/** A LegacyDec field's wire text: the integer text of its atomics. */
export const decToWire = (atomics: bigint): string => atomics.toString();

/** Atomics of a wire LegacyDec; empty is zero, as gogoproto reads an absent field. */
export function decFromWire(text: string, name: string): bigint {
  if (text === "") return 0n;
  if (!/^-?[0-9]{1,100}$/.test(text)) throw new Error(`${name}: "${text.slice(0, 80)}" is not a LegacyDec`);
  return BigInt(text);
}

export function defaultParams(): Params {
  return create(ParamsSchema, {
    mintDenom: MINT_DENOM,
    inflationRateChange: decToWire(0n),
    inflationMax: decToWire(0n),
    inflationMin: decToWire(0n),
    goalBonded: decToWire(DEFAULT_GOAL_BONDED),
    blocksPerYear: DEFAULT_BLOCKS_PER_YEAR,
  });
}

export function zeroMinter(): Minter {
  return create(MinterSchema, { inflation: decToWire(0n), annualProvisions: decToWire(0n) });
}

/** Throws an Error naming the field unless `value` (atomics) is exactly zero. */
function zeroOnly(value: bigint, name: string): void {
  if (value !== 0n) throw new Error(`${name} must be 0: this chain does not mint (fees are the only staking reward; see docs/mint.md)`);
}

/** Params (LegacyDec fields as wire atomics) checked as the SDK checks them, plus zero inflation. */
export function validateParams(p: Params): void {
  if (p.mintDenom.trim() === "") throw new Error("mint denom cannot be blank");
  assertDenom(p.mintDenom);
  const rateChange = decFromWire(p.inflationRateChange, "inflation_rate_change");
  const max = decFromWire(p.inflationMax, "inflation_max");
  const min = decFromWire(p.inflationMin, "inflation_min");
  const goal = decFromWire(p.goalBonded, "goal_bonded");
  for (const [name, value] of [
    ["inflation_rate_change", rateChange],
    ["inflation_max", max],
    ["inflation_min", min],
  ] as const) {
    if (value < 0n) throw new Error(`${name} cannot be negative: ${value}`);
    if (value > DEC_ONE) throw new Error(`${name} too large: ${value}`);
  }
  if (goal <= 0n) throw new Error("goal bonded must be positive");
  if (goal > DEC_ONE) throw new Error("goal bonded too large");
  if (p.blocksPerYear === 0n) throw new Error("blocks per year must be positive");
  if (max < min) throw new Error("max inflation must be greater than or equal to min inflation");
  zeroOnly(rateChange, "inflation_rate_change");
  zeroOnly(max, "inflation_max");
  zeroOnly(min, "inflation_min");
}

export function validateMinter(m: Minter): void {
  const inflation = decFromWire(m.inflation, "inflation");
  const provisions = decFromWire(m.annualProvisions, "annual_provisions");
  if (inflation < 0n) throw new Error(`mint parameter Inflation should be positive, is ${inflation}`);
  zeroOnly(inflation, "minter inflation");
  zeroOnly(provisions, "minter annual_provisions");
}
