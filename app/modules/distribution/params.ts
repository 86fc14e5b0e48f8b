// Distribution params: the community tax taken from every allocation before validators share it,
// and whether delegators may set a withdraw address. The proposer rewards are the SDK's deprecated
// fields: v0.50 ignores them and refuses to set them to anything but zero.
import { create } from "@bufbuild/protobuf";
import { ParamsSchema, type Params } from "../../../gen/cosmos/distribution/v1beta1/distribution_pb.js";
import { DEC_ONE, parseDec } from "../../../sdk/math/dec.js";
import { distributionErrors } from "./errors.js";
import { decFromWire, decToWire } from "./wire.js";

/** The SDK's default community tax: 2 %. */
export const DEFAULT_COMMUNITY_TAX = parseDec("0.02");

export function defaultParams(): Params {
  return create(ParamsSchema, {
    communityTax: decToWire(DEFAULT_COMMUNITY_TAX),
    baseProposerReward: decToWire(0n),
    bonusProposerReward: decToWire(0n),
    withdrawAddrEnabled: true,
  });
}

/** Params.ValidateBasic: a community tax in [0, 1]; the deprecated rewards zero. */
export function validateParams(params: Params): void {
  if (params.communityTax === "") throw distributionErrors.invalidParams.wrap("community tax must be not nil");
  const tax = decFromWire(params.communityTax);
  if (tax < 0n) throw distributionErrors.invalidParams.wrap(`community tax must be positive: ${params.communityTax}`);
  if (tax > DEC_ONE) throw distributionErrors.invalidParams.wrap(`community tax too large: ${params.communityTax}`);
  for (const [name, value] of [
    ["base_proposer_reward", params.baseProposerReward],
    ["bonus_proposer_reward", params.bonusProposerReward],
  ] as const) {
    if (decFromWire(value) !== 0n) throw distributionErrors.invalidParams.wrap(`cannot update ${name}: the field is deprecated and must be zero`);
  }
}

export function communityTax(params: Params): bigint {
  return decFromWire(params.communityTax);
}
