// Stateless format rules shared by the messages (validateBasic) and genesis. The jurisdiction code
// rule is the client SDK's (sdk/tx/jurisdictions.ts), the one registry applies too.
import { create } from "@bufbuild/protobuf";
import { ParamsSchema, type Params } from "../../../gen/chain/taxrail/taxrail_pb.js";
import { jurisdictionCodeProblem } from "../../../sdk/tx/jurisdictions.js";
import { BPS_DENOMINATOR } from "../../../sdk/tx/taxrailMessages.js";
import { AppError } from "../../../common/errors.js";
import { parseCoins, type Coin } from "../../coins/coins.js";
import { taxrailErrors } from "./errors.js";

export { BPS_DENOMINATOR };
export const DEFAULT_MAX_RATE_BPS = 2_000;

export function defaultTaxrailParams(): Params {
  return create(ParamsSchema, { maxRateBps: DEFAULT_MAX_RATE_BPS });
}

export function validateJurisdictionCode(code: string, field = "jurisdiction_code"): void {
  const problem = jurisdictionCodeProblem(code);
  if (problem) throw taxrailErrors.invalidJurisdictionCode.wrap(`${field}: ${problem}`);
}

/** A rate no rule can exceed whatever the params say: at most 100 %. */
export function validateRate(rateBps: number, max: number, field = "rate_bps"): void {
  if (rateBps > max) throw taxrailErrors.invalidRate.wrap(`${field} ${rateBps} is above the maximum of ${max} bps`);
}

export function validateParams(params: Params | undefined, field = "params"): Params {
  if (!params) throw taxrailErrors.invalidParams.wrap(`${field} missing`);
  if (params.maxRateBps > BPS_DENOMINATOR)
    throw taxrailErrors.invalidParams.wrap(`${field}.max_rate_bps ${params.maxRateBps} is above ${BPS_DENOMINATOR} (100 %)`);
  return create(ParamsSchema, { maxRateBps: params.maxRateBps });
}

/** A non-empty coin list: valid denoms, positive amounts, sorted by denom, no duplicates. */
export function parseAmount(coins: readonly { denom: string; amount: string }[], field = "amount"): Coin[] {
  if (coins.length === 0) throw taxrailErrors.invalidAmount.wrap(`${field} is empty`);
  try {
    return parseCoins(coins);
  } catch (err) {
    throw taxrailErrors.invalidAmount.wrap(`${field}: ${err instanceof AppError ? err.message : String(err)}`);
  }
}
