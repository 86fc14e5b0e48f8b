// cosmos.gov.v1.Query over committed state, with the SDK's answers and error texts.
import { create, fromBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { DepositParamsSchema, DepositSchema, ProposalSchema, ProposalStatus, TallyParamsSchema, VoteSchema, VotingParamsSchema, type Proposal } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { Query, type QueryParamsResponseSchema } from "../../../gen/cosmos/gov/v1/query_pb.js";
import { paginate } from "../../query/pagination.js";
import { type QueryServices } from "../../query/service.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import { moduleReader } from "../../store/prefixStore.js";
import type { KVReader } from "../../store/types.js";
import { parseAccAddress } from "../../../common/address.js";
import { GOV_MODULE, type GovKeeper } from "./keeper.js";
import { depositsPrefix, PROPOSAL_PREFIX, votesPrefix } from "./keys.js";
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
function paramsAnswer(keeper: GovKeeper, gov: KVReader, paramsType: string): MessageInitShape<typeof QueryParamsResponseSchema> {
  const params = keeper.getParams(gov);
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
  const gov = (state: KVReader) => moduleReader(state, GOV_MODULE);
  const proposal = (state: KVReader, id: bigint): Proposal => {
    const p = keeper.getProposal(gov(state), proposalIdArg(id));
    if (!p) throw notFound(`proposal ${id} doesn't exist`);
    return p;
  };

  services.register(Query, {
    constitution: (_req, { state }) => ({ constitution: keeper.getConstitution(gov(state)) }),
    proposal: (req, { state }) => ({ proposal: proposal(state, req.proposalId) }),
    proposals: (req, { state }) => {
      const reader = gov(state);
      const voter = req.voter === "" ? undefined : addressArg(req.voter, "voter");
      const depositor = req.depositor === "" ? undefined : addressArg(req.depositor, "depositor");
      const page = paginate(reader, PROPOSAL_PREFIX, req.pagination, (_key, value) => {
        const p = fromBinary(ProposalSchema, value);
        if (req.proposalStatus !== ProposalStatus.UNSPECIFIED && p.status !== req.proposalStatus) return undefined;
        if (voter && !keeper.hasVote(reader, p.id, voter)) return undefined;
        if (depositor && !keeper.hasDeposit(reader, p.id, depositor)) return undefined;
        return p;
      });
      return { proposals: page.items, pagination: page.pagination };
    },
    vote: (req, { state }) => {
      const vote = keeper.getVote(gov(state), proposalIdArg(req.proposalId), addressArg(req.voter, "voter"));
      if (!vote) throw notFound(`voter: ${req.voter} not found for proposal: ${req.proposalId}`);
      return { vote };
    },
    votes: (req, { state }) => {
      const page = paginate(gov(state), votesPrefix(proposalIdArg(req.proposalId)), req.pagination, (_key, value) => fromBinary(VoteSchema, value));
      return { votes: page.items, pagination: page.pagination };
    },
    params: (req, { state }) => paramsAnswer(keeper, gov(state), req.paramsType),
    deposit: (req, { state }) => {
      const deposit = keeper.getDeposit(gov(state), proposalIdArg(req.proposalId), addressArg(req.depositor, "depositor"));
      if (!deposit) throw notFound(`depositer: ${req.depositor} not found for proposal: ${req.proposalId}`);
      return { deposit };
    },
    deposits: (req, { state }) => {
      const page = paginate(gov(state), depositsPrefix(proposalIdArg(req.proposalId)), req.pagination, (_key, value) => fromBinary(DepositSchema, value));
      return { deposits: page.items, pagination: page.pagination };
    },
    // Live during the voting period (nothing is deleted: queries never write), final afterwards.
    tallyResult: (req, { state }) => {
      const p = proposal(state, req.proposalId);
      if (p.status === ProposalStatus.DEPOSIT_PERIOD) return { tally: emptyTally() };
      if (p.status !== ProposalStatus.VOTING_PERIOD) return { tally: p.finalTallyResult ?? emptyTally() };
      const reader = gov(state);
      return { tally: computeTally(keeper.staking, state, keeper.votes(reader, p.id), p, parseParams(keeper.getParams(reader))).tally };
    },
  });
}
