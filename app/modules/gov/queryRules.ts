// What gov's two query services (cosmos.gov.v1 and its legacy view cosmos.gov.v1beta1) answer, over
// committed state, with the SDK's argument checks and not-found texts. Each service shapes the
// answers in its own wire form.
import { ProposalStatus, type Deposit, type Proposal, type TallyResult, type Vote } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { PageRequest } from "../../query/pagination.js";
import { addressArg } from "../../../common/grpc/addressArg.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import type { StateReader } from "../../store/types.js";
import { parseAccAddress } from "../../../common/address.js";
import type { GovKeeper } from "./keeper.js";
import { parseParams } from "./params.js";
import { computeTally, emptyTally } from "./tally.js";

export function proposalIdArg(id: bigint): bigint {
  if (id === 0n) throw invalidArgument("proposal id can not be 0");
  return id;
}

function govAddressArg(text: string, what: string): Uint8Array {
  return addressArg(text, (t) => parseAccAddress(t, what), `empty ${what} address`);
}

export function findProposal(keeper: GovKeeper, state: StateReader, id: bigint): Proposal {
  const p = keeper.getProposal(state, proposalIdArg(id));
  if (!p) throw notFound(`proposal ${id} doesn't exist`);
  return p;
}

export interface ProposalsFilter {
  proposalStatus: ProposalStatus;
  voter: string;
  depositor: string;
  pagination?: PageRequest;
}

/** One page of proposals matching every filter that is set. */
export function filteredProposals(keeper: GovKeeper, state: StateReader, req: ProposalsFilter) {
  const voter = req.voter === "" ? undefined : govAddressArg(req.voter, "voter");
  const depositor = req.depositor === "" ? undefined : govAddressArg(req.depositor, "depositor");
  return keeper.proposalsPage(state, req.pagination, (p) => {
    if (req.proposalStatus !== ProposalStatus.UNSPECIFIED && p.status !== req.proposalStatus) return false;
    if (voter && !keeper.hasVote(state, p.id, voter)) return false;
    if (depositor && !keeper.hasDeposit(state, p.id, depositor)) return false;
    return true;
  });
}

export function findVote(keeper: GovKeeper, state: StateReader, id: bigint, voter: string): Vote {
  const vote = keeper.getVote(state, proposalIdArg(id), govAddressArg(voter, "voter"));
  if (!vote) throw notFound(`voter: ${voter} not found for proposal: ${id}`);
  return vote;
}

export function findDeposit(keeper: GovKeeper, state: StateReader, id: bigint, depositor: string): Deposit {
  const deposit = keeper.getDeposit(state, proposalIdArg(id), govAddressArg(depositor, "depositor"));
  if (!deposit) throw notFound(`depositer: ${depositor} not found for proposal: ${id}`);
  return deposit;
}

/** Live during the voting period (nothing is deleted: queries never write), final afterwards. */
export function currentTally(keeper: GovKeeper, state: StateReader, id: bigint): TallyResult {
  const p = findProposal(keeper, state, id);
  if (p.status === ProposalStatus.DEPOSIT_PERIOD) return emptyTally();
  if (p.status !== ProposalStatus.VOTING_PERIOD) return p.finalTallyResult ?? emptyTally();
  return computeTally(keeper.staking, state, keeper.votes(state, p.id), p, parseParams(keeper.getParams(state))).tally;
}

export const PARAMS_TYPES = ["voting", "deposit", "tallying"] as const;
export type ParamsType = (typeof PARAMS_TYPES)[number];

/** A params_type the legacy groups name; `allowEmpty` lets "" through (v1 answers the full params then). */
export function paramsTypeArg(text: string, allowEmpty: boolean): ParamsType | "" {
  if (text === "" && allowEmpty) return "";
  if ((PARAMS_TYPES as readonly string[]).includes(text)) return text as ParamsType;
  throw invalidArgument(`${text.slice(0, 40)} is not a valid parameter type`);
}
