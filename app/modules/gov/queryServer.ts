// cosmos.gov.v1.Query over committed state, with the SDK's answers and error texts.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { DepositParamsSchema, TallyParamsSchema, VotingParamsSchema } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { Query, type QueryParamsResponseSchema } from "../../../gen/cosmos/gov/v1/query_pb.js";
import { type QueryServices } from "../../query/service.js";
import type { StateReader } from "../../store/types.js";
import type { GovKeeper } from "./keeper.js";
import { currentTally, filteredProposals, findDeposit, findProposal, findVote, paramsTypeArg, proposalIdArg } from "./queryRules.js";

/** The Params answer: the full params always, plus the legacy group `params_type` names. */
function paramsAnswer(keeper: GovKeeper, state: StateReader, paramsType: string): MessageInitShape<typeof QueryParamsResponseSchema> {
  const params = keeper.getParams(state);
  const answer: MessageInitShape<typeof QueryParamsResponseSchema> = { params };
  switch (paramsTypeArg(paramsType, true)) {
    case "":
      return answer;
    case "voting":
      return { ...answer, votingParams: create(VotingParamsSchema, { votingPeriod: params.votingPeriod }) };
    case "deposit":
      return { ...answer, depositParams: create(DepositParamsSchema, { minDeposit: params.minDeposit, maxDepositPeriod: params.maxDepositPeriod }) };
    case "tallying":
      return { ...answer, tallyParams: create(TallyParamsSchema, { quorum: params.quorum, threshold: params.threshold, vetoThreshold: params.vetoThreshold }) };
  }
}

export function registerGovQueries(services: QueryServices, keeper: GovKeeper): void {
  services.register(Query, {
    constitution: (_req, { state }) => ({ constitution: keeper.getConstitution(state) }),
    proposal: (req, { state }) => ({ proposal: findProposal(keeper, state, req.proposalId) }),
    proposals: (req, { state }) => {
      const page = filteredProposals(keeper, state, req);
      return { proposals: page.items, pagination: page.pagination };
    },
    vote: (req, { state }) => ({ vote: findVote(keeper, state, req.proposalId, req.voter) }),
    votes: (req, { state }) => {
      const page = keeper.votesPage(state, proposalIdArg(req.proposalId), req.pagination);
      return { votes: page.items, pagination: page.pagination };
    },
    params: (req, { state }) => paramsAnswer(keeper, state, req.paramsType),
    deposit: (req, { state }) => ({ deposit: findDeposit(keeper, state, req.proposalId, req.depositor) }),
    deposits: (req, { state }) => {
      const page = keeper.depositsPage(state, proposalIdArg(req.proposalId), req.pagination);
      return { deposits: page.items, pagination: page.pagination };
    },
    tallyResult: (req, { state }) => ({ tally: currentTally(keeper, state, req.proposalId) }),
  });
}
