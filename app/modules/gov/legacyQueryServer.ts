// cosmos.gov.v1beta1.Query: the v1 answers (same state, same checks and errors) in their legacy
// form (legacyConvert.ts), as the SDK's legacyQueryServer gives them. Params answers only the
// group params_type names, which is required; the tally ratios are LegacyDec bytes.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { DepositParamsSchema, TallyParamsSchema, VotingParamsSchema } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { Query, type QueryParamsResponseSchema } from "../../../gen/cosmos/gov/v1beta1/query_pb.js";
import { parseDec } from "../../../sdk/math/dec.js";
import type { QueryServices } from "../../query/service.js";
import type { StateReader } from "../../store/types.js";
import type { GovKeeper } from "./keeper.js";
import { legacyDeposit, legacyProposal, legacyTally, legacyVote } from "./legacyConvert.js";
import { currentTally, filteredProposals, findDeposit, findProposal, findVote, paramsTypeArg, proposalIdArg } from "./queryRules.js";

/** A LegacyDec as the bytes a `bytes` LegacyDec field carries: the ASCII integer text of its atomics. */
function decBytes(text: string): Uint8Array {
  return new TextEncoder().encode(parseDec(text).toString());
}

function paramsAnswer(keeper: GovKeeper, state: StateReader, paramsType: string): MessageInitShape<typeof QueryParamsResponseSchema> {
  const params = keeper.getParams(state);
  switch (paramsTypeArg(paramsType, false)) {
    case "voting":
      return { votingParams: create(VotingParamsSchema, { votingPeriod: params.votingPeriod }) };
    case "deposit":
      return { depositParams: create(DepositParamsSchema, { minDeposit: params.minDeposit, maxDepositPeriod: params.maxDepositPeriod }) };
    default:
      return {
        tallyParams: create(TallyParamsSchema, {
          quorum: decBytes(params.quorum),
          threshold: decBytes(params.threshold),
          vetoThreshold: decBytes(params.vetoThreshold),
        }),
      };
  }
}

export function registerLegacyGovQueries(services: QueryServices, keeper: GovKeeper): void {
  services.register(Query, {
    proposal: (req, { state }) => ({ proposal: legacyProposal(findProposal(keeper, state, req.proposalId)) }),
    proposals: (req, { state }) => {
      const page = filteredProposals(keeper, state, { ...req, proposalStatus: req.proposalStatus as number });
      return { proposals: page.items.map(legacyProposal), pagination: page.pagination };
    },
    vote: (req, { state }) => ({ vote: legacyVote(findVote(keeper, state, req.proposalId, req.voter)) }),
    votes: (req, { state }) => {
      const page = keeper.votesPage(state, proposalIdArg(req.proposalId), req.pagination);
      return { votes: page.items.map(legacyVote), pagination: page.pagination };
    },
    params: (req, { state }) => paramsAnswer(keeper, state, req.paramsType),
    deposit: (req, { state }) => ({ deposit: legacyDeposit(findDeposit(keeper, state, req.proposalId, req.depositor)) }),
    deposits: (req, { state }) => {
      const page = keeper.depositsPage(state, proposalIdArg(req.proposalId), req.pagination);
      return { deposits: page.items.map(legacyDeposit), pagination: page.pagination };
    },
    tallyResult: (req, { state }) => ({ tally: legacyTally(currentTally(keeper, state, req.proposalId)) }),
  });
}
