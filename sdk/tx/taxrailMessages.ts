// Taxrail messages as Anys ready for a tx body (chain.taxrail). Both are signed by a
// jurisdiction's authority (a set-rule may also travel in a gov proposal); update-params only in
// a gov proposal.
import type { Any } from "@bufbuild/protobuf/wkt";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ParamsSchema } from "../../gen/chain/taxrail/taxrail_pb.js";
import { MsgSetTaxRuleSchema, MsgUpdateParamsSchema, MsgWithdrawTaxSchema } from "../../gen/chain/taxrail/tx_pb.js";
import type { Coin } from "./coins.js";
import { jurisdictionCodeProblem } from "./jurisdictions.js";
import { packAny } from "./registry.js";

/** Basis points: 10,000 = 100 %. No rate can exceed it, whatever the chain's max_rate_bps. */
export const BPS_DENOMINATOR = 10_000;

/** `/chain.taxrail.MsgSetTaxRule` packed in an Any. */
export function msgSetTaxRule(input: { authority: string; jurisdictionCode: string; rateBps: number }): Any {
  const problem = jurisdictionCodeProblem(input.jurisdictionCode);
  if (problem) throw new Error(problem);
  if (!Number.isInteger(input.rateBps) || input.rateBps < 0 || input.rateBps > BPS_DENOMINATOR)
    throw new Error(`rate ${input.rateBps} bps must be an integer from 0 to ${BPS_DENOMINATOR}`);
  return packAny(MsgSetTaxRuleSchema, input);
}

/** `/chain.taxrail.MsgWithdrawTax` packed in an Any; `amount` sorted by denom. */
export function msgWithdrawTax(input: { authority: string; jurisdictionCode: string; recipient: string; amount: Coin[] }): Any {
  const problem = jurisdictionCodeProblem(input.jurisdictionCode);
  if (problem) throw new Error(problem);
  return packAny(MsgWithdrawTaxSchema, input);
}

/** `/chain.taxrail.MsgUpdateParams` for a gov proposal: the module's whole params. */
export function msgUpdateTaxrailParams(input: { authority: string; params: MessageInitShape<typeof ParamsSchema> }): Any {
  if (input.params.maxRateBps !== undefined && input.params.maxRateBps > BPS_DENOMINATOR)
    throw new Error(`max rate ${input.params.maxRateBps} bps must not exceed ${BPS_DENOMINATOR}`);
  return packAny(MsgUpdateParamsSchema, input);
}
