// Gov genesis in the SDK's JSON shape (cosmos.gov.v1.GenesisState): the first proposal id, params
// and the constitution. Chains start without proposals here, so proposals, deposits and votes in
// genesis are refused rather than half-imported; so are the pre-v0.47 split params.
import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { GenesisStateSchema } from "../../../gen/cosmos/gov/v1/genesis_pb.js";
import type { Context } from "../../context.js";
import type { GovKeeper } from "./keeper.js";
import { defaultParams } from "./params.js";

export const DEFAULT_STARTING_PROPOSAL_ID = 1n;

export function defaultGovGenesis(): unknown {
  return toJson(
    GenesisStateSchema,
    create(GenesisStateSchema, { startingProposalId: DEFAULT_STARTING_PROPOSAL_ID, params: defaultParams(), constitution: "" }),
    {
      useProtoFieldName: true,
      alwaysEmitImplicit: true,
    },
  );
}

export function initGovGenesis(ctx: Context, keeper: GovKeeper, raw: unknown): void {
  let g;
  try {
    g = fromJson(GenesisStateSchema, raw as never);
  } catch (err) {
    throw new Error(`gov genesis: ${(err as Error).message}`);
  }
  if (g.startingProposalId === 0n) throw new Error("gov genesis: starting_proposal_id must be greater than 0");
  if (g.proposals.length > 0 || g.deposits.length > 0 || g.votes.length > 0) {
    throw new Error("gov genesis: importing proposals, deposits or votes is not supported; start with none");
  }
  if (g.depositParams || g.votingParams || g.tallyParams) {
    throw new Error("gov genesis: deposit_params, voting_params and tally_params are deprecated; set them in params");
  }
  try {
    keeper.setParams(ctx, g.params ?? defaultParams());
  } catch (err) {
    throw new Error(`gov genesis params: ${(err as Error).message}`);
  }
  keeper.setNextProposalId(ctx, g.startingProposalId);
  keeper.setConstitution(ctx, g.constitution);
}
