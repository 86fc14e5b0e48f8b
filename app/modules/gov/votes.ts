// Votes: options are checked without state (CheckTx rejects a bad split), then a vote is accepted
// only while its proposal is in the voting period, replacing the voter's earlier vote.
import { create } from "@bufbuild/protobuf";
import { VoteOption, VoteSchema, WeightedVoteOptionSchema, ProposalStatus, type WeightedVoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { DEC_ONE, formatDec, parseDec } from "../../../sdk/math/dec.js";
import { accAddressToString } from "../../../common/address.js";
import { govErrors } from "./errors.js";
import { emitProposalVote } from "./events.js";
import type { GovKeeper } from "./keeper.js";
import { checkMetadata } from "./proposalChecks.js";

const VALID_OPTIONS = new Set<number>([VoteOption.YES, VoteOption.ABSTAIN, VoteOption.NO, VoteOption.NO_WITH_VETO]);

function optionText(o: { option: number; weight: string }): string {
  return `option:${VoteOption[o.option] ? `VOTE_OPTION_${VoteOption[o.option]}` : o.option} weight:"${o.weight.slice(0, 80)}"`;
}

export function checkVoteOption(option: number): void {
  if (!VALID_OPTIONS.has(option)) throw govErrors.invalidVote.wrap(VoteOption[option] ? `VOTE_OPTION_${VoteOption[option]}` : String(option));
}

/**
 * A split vote: distinct valid options, each weight in (0, 1], summing to exactly 1. Returns the
 * options with weights in the SDK's 18-digit form.
 */
export function checkWeightedOptions(options: readonly WeightedVoteOption[]): WeightedVoteOption[] {
  if (options.length === 0) throw sdkErrors.invalidRequest.wrap("no vote options");
  const seen = new Set<number>();
  let total = 0n;
  const out = options.map((o) => {
    let weight: bigint;
    try {
      weight = parseDec(o.weight);
    } catch {
      throw govErrors.invalidVote.wrap(optionText(o));
    }
    if (!VALID_OPTIONS.has(o.option) || weight === 0n || weight > DEC_ONE) throw govErrors.invalidVote.wrap(optionText(o));
    if (seen.has(o.option)) throw govErrors.invalidVote.wrap("duplicated vote option");
    seen.add(o.option);
    total += weight;
    return create(WeightedVoteOptionSchema, { option: o.option, weight: formatDec(weight) });
  });
  if (total > DEC_ONE) throw govErrors.invalidVote.wrap("total weight overflow 1.00");
  if (total < DEC_ONE) throw govErrors.invalidVote.wrap("total weight lower than 1.00");
  return out;
}

/** A single option with the whole weight, as MsgVote casts it. */
export function singleOption(option: VoteOption): WeightedVoteOption[] {
  return [create(WeightedVoteOptionSchema, { option, weight: formatDec(DEC_ONE) })];
}

export function addVote(keeper: GovKeeper, ctx: Context, id: bigint, voter: Uint8Array, options: WeightedVoteOption[], metadata: string): void {
  const proposal = keeper.getProposal(ctx.store, id);
  if (!proposal) throw govErrors.unknownProposal.wrap(`proposal ${id} doesn't exist`);
  if (proposal.status !== ProposalStatus.VOTING_PERIOD) throw govErrors.inactiveProposal.wrap(`proposal ${id} is ${ProposalStatus[proposal.status]}`);
  checkMetadata(metadata);
  const voterText = accAddressToString(voter);
  keeper.setVote(ctx, voter, create(VoteSchema, { proposalId: id, voter: voterText, options, metadata }));
  emitProposalVote(ctx, id, voterText, options);
}
