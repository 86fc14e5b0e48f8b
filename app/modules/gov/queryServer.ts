// cosmos.gov.v1.Query over committed state, with the SDK's answers and error texts.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { DepositParamsSchema, ProposalStatus, TallyParamsSchema, VotingParamsSchema, type Proposal } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { Query, type QueryParamsResponseSchema } from "../../../gen/cosmos/gov/v1/query_pb.js";
import { type QueryServices } from "../../query/service.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import type { StateReader } from "../../store/types.js";
import { parseAccAddress } from "../../../common/address.js";
import type { GovKeeper } from "./keeper.js";
import { parseParams } from "./params.js";
import { computeTally, emptyTally } from "./tally.js";

function proposalIdArg(id: bigint): bigint {
  if (id === 0n) throw invalidArgument("proposal id can not be 0");
  return id;
}

function addressArg(text: string, what: string): Uint8Array {
  if (text === "") throw invalidArgument(`empty ${what} address`);
  try {
    return parseAccAddress(text, what);
  } catch (err) {
    throw invalidArgument((err as Error).message);
  }
}

/** The Params answer: the full params always, plus the legacy group `params_type` names. */
function paramsAnswer(keeper: GovKeeper, state: StateReader, paramsType: string): MessageInitShape<typeof QueryParamsResponseSchema> {
  const params = keeper.getParams(state);
  const answer: MessageInitShape<typeof QueryParamsResponseSchema> = { params };
  switch (paramsType) {
    case "":
      return answer;
    case "voting":
      return { ...answer, votingParams: create(VotingParamsSchema, { votingPeriod: params.votingPeriod }) };
    case "deposit":
      return { ...answer, depositParams: create(DepositParamsSchema, { minDeposit: params.minDeposit, maxDepositPeriod: params.maxDepositPeriod }) };
    case "tallying":
      return { ...answer, tallyParams: create(TallyParamsSchema, { quorum: params.quorum, threshold: params.threshold, vetoThreshold: params.vetoThreshold }) };
    default:
      throw invalidArgument(`${paramsType.slice(0, 40)} is not a valid parameter type`);
  }
}

export function registerGovQueries(services: QueryServices, keeper: GovKeeper): void {
  const proposal = (state: StateReader, id: bigint): Proposal => {
    const p = keeper.getProposal(state, proposalIdArg(id));
    if (!p) throw notFound(`proposal ${id} doesn't exist`);
    return p;
  };

  services.register(Query, {
    constitution: (_req, { state }) => ({ constitution: keeper.getConstitution(state) }),
    proposal: (req, { state }) => ({ proposal: proposal(state, req.proposalId) }),
    proposals: (req, { state }) => {
      const voter = req.voter === "" ? undefined : addressArg(req.voter, "voter");
      const depositor = req.depositor === "" ? undefined : addressArg(req.depositor, "depositor");
      const page = keeper.proposalsPage(state, req.pagination, (p) => {
        if (req.proposalStatus !== ProposalStatus.UNSPECIFIED && p.status !== req.proposalStatus) return false;
        if (voter && !keeper.hasVote(state, p.id, voter)) return false;
        if (depositor && !keeper.hasDeposit(state, p.id, depositor)) return false;
        return true;
      });
      return { proposals: page.items, pagination: page.pagination };
    },
    vote: (req, { state }) => {
      const vote = keeper.getVote(state, proposalIdArg(req.proposalId), addressArg(req.voter, "voter"));
      if (!vote) throw notFound(`voter: ${req.voter} not found for proposal: ${req.proposalId}`);
      return { vote };
    },
    votes: (req, { state }) => {
      const page = keeper.votesPage(state, proposalIdArg(req.proposalId), req.pagination);
      return { votes: page.items, pagination: page.pagination };
    },
    params: (req, { state }) => paramsAnswer(keeper, state, req.paramsType),
    deposit: (req, { state }) => {
      const deposit = keeper.getDeposit(state, proposalIdArg(req.proposalId), addressArg(req.depositor, "depositor"));
      if (!deposit) throw notFound(`depositer: ${req.depositor} not found for proposal: ${req.proposalId}`);
      return { deposit };
    },
    deposits: (req, { state }) => {
      const page = keeper.depositsPage(state, proposalIdArg(req.proposalId), req.pagination);
      return { deposits: page.items, pagination: page.pagination };
    },
    // Live during the voting period (nothing is deleted: queries never write), final afterwards.
    tallyResult: (req, { state }) => {
      const p = proposal(state, req.proposalId);
      if (p.status === ProposalStatus.DEPOSIT_PERIOD) return { tally: emptyTally() };
      if (p.status !== ProposalStatus.VOTING_PERIOD) return { tally: p.finalTallyResult ?? emptyTally() };
      return { tally: computeTally(keeper.staking, state, keeper.votes(state, p.id), p, parseParams(keeper.getParams(state))).tally };
    },
  });
}
