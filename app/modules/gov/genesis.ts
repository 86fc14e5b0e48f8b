// Gov genesis in the SDK's JSON shape (cosmos.gov.v1.GenesisState), as x/gov's genesis.go reads
// and writes it: the next proposal id, params, the constitution, and the whole proposal state
// (proposals with their messages, deposits, votes). Files made for a new chain carry only the
// first three; an export carries everything. The pre-v0.47 split params are refused.
import { create, createRegistry, fromJson, toJson, type JsonValue, type Registry } from "@bufbuild/protobuf";
import { GenesisStateSchema } from "../../../gen/cosmos/gov/v1/genesis_pb.js";
import { TextProposalSchema } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { useCosmosAnyUrls } from "../../../sdk/tx/anyUrls.js";
import { importProposalState } from "./genesisImport.js";
import type { GovKeeper } from "./keeper.js";
import { defaultParams } from "./params.js";

export const DEFAULT_STARTING_PROPOSAL_ID = 1n;

/** What a proposal's messages may hold: every routed message and the legacy text content. */
function proposalRegistry(keeper: GovKeeper): Registry {
  return createRegistry(...keeper.router.schemas(), TextProposalSchema);
}

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
  const registry = proposalRegistry(keeper);
  let g;
  try {
    // Cosmos type URLs ("/name") inside the messages, so they re-encode to the bytes exported.
    g = useCosmosAnyUrls(GenesisStateSchema, fromJson(GenesisStateSchema, raw as JsonValue, { registry }), registry);
  } catch (err) {
    throw new Error(`gov genesis: ${(err as Error).message}`);
  }
  if (g.startingProposalId === 0n) throw new Error("gov genesis: starting_proposal_id must be greater than 0");
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
  importProposalState(ctx, keeper, g);
}

/** Gov's whole state as the section initGovGenesis reads back (the SDK's ExportGenesis). */
export function exportGovGenesis(state: StateReader, keeper: GovKeeper): JsonValue {
  const g = create(GenesisStateSchema, {
    startingProposalId: keeper.nextProposalId(state),
    deposits: keeper.allDeposits(state),
    votes: keeper.allVotes(state),
    proposals: keeper.allProposals(state),
    params: keeper.getParams(state),
    constitution: keeper.getConstitution(state),
  });
  try {
    return toJson(GenesisStateSchema, g, { registry: proposalRegistry(keeper), useProtoFieldName: true, alwaysEmitImplicit: true });
  } catch (err) {
    throw new Error(`gov export: ${(err as Error).message}`);
  }
}
