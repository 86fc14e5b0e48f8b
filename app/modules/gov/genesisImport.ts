// Gov's proposal state from a genesis file, as the SDK's InitGenesis writes it: each proposal, and
// its entry in the deposit-period (inactive) or voting-period (active) queue the end block reads;
// each deposit and vote under its proposal and address. Checked as the SDK's ValidateGenesis
// (no duplicates, nothing for unknown proposals), plus what the end block relies on: queued
// proposals have their deadline, deposits and votes belong to open proposals, ids stay below the
// next id, and the gov account holds the deposits (the SDK requires its balance to equal them; here
// it may also hold funds of its own).
import { create } from "@bufbuild/protobuf";
import { DepositSchema, ProposalStatus, VoteSchema, type Proposal } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { GenesisState } from "../../../gen/cosmos/gov/v1/genesis_pb.js";
import type { Context } from "../../context.js";
import { formatCoins, parseCoins } from "../../coins/coins.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import type { GovKeeper } from "./keeper.js";
import { timestampNanos } from "./time.js";
import { checkWeightedOptions } from "./votes.js";

const OPEN = new Set([ProposalStatus.DEPOSIT_PERIOD, ProposalStatus.VOTING_PERIOD]);
const SETTLED = new Set([ProposalStatus.PASSED, ProposalStatus.REJECTED, ProposalStatus.FAILED]);

function fail(what: string, err: unknown): never {
  throw new Error(`gov genesis ${what}: ${err instanceof Error ? err.message : String(err)}`);
}

export function importProposalState(ctx: Context, keeper: GovKeeper, g: GenesisState): void {
  const proposals = new Map<bigint, Proposal>();
  for (const [i, p] of g.proposals.entries()) {
    try {
      importProposal(ctx, keeper, p, g.startingProposalId, proposals);
    } catch (err) {
      fail(`proposals[${i}]`, err);
    }
  }
  const seen = new Set<string>();
  for (const [i, d] of g.deposits.entries()) {
    try {
      const status = proposals.get(d.proposalId)?.status;
      if (status === undefined) throw new Error(`proposal ${d.proposalId} does not exist`);
      if (!OPEN.has(status)) throw new Error(`proposal ${d.proposalId} is ${ProposalStatus[status]}; only open proposals hold deposits`);
      const depositor = parseAccAddress(d.depositor, "depositor");
      once(seen, `d${d.proposalId}/${accAddressToString(depositor)}`, "deposit");
      parseCoins(d.amount);
      keeper.setDeposit(ctx, depositor, create(DepositSchema, { proposalId: d.proposalId, depositor: accAddressToString(depositor), amount: d.amount }));
    } catch (err) {
      fail(`deposits[${i}]`, err);
    }
  }
  for (const [i, v] of g.votes.entries()) {
    try {
      const status = proposals.get(v.proposalId)?.status;
      if (status === undefined) throw new Error(`proposal ${v.proposalId} does not exist`);
      // Votes are deleted when a proposal is tallied: only one in its voting period has any.
      if (status !== ProposalStatus.VOTING_PERIOD) throw new Error(`proposal ${v.proposalId} is ${ProposalStatus[status]}, not in its voting period`);
      const voter = parseAccAddress(v.voter, "voter");
      once(seen, `v${v.proposalId}/${accAddressToString(voter)}`, "vote");
      const options = checkWeightedOptions(v.options);
      keeper.setVote(ctx, voter, create(VoteSchema, { proposalId: v.proposalId, voter: accAddressToString(voter), options, metadata: v.metadata }));
    } catch (err) {
      fail(`votes[${i}]`, err);
    }
  }
  checkDepositsHeld(ctx, keeper);
}

function importProposal(ctx: Context, keeper: GovKeeper, p: Proposal, next: bigint, proposals: Map<bigint, Proposal>): void {
  if (p.id === 0n || p.id >= next) throw new Error(`id ${p.id} must be between 1 and starting_proposal_id - 1 (${next - 1n})`);
  if (proposals.has(p.id)) throw new Error(`duplicate proposal id ${p.id}`);
  if (!OPEN.has(p.status) && !SETTLED.has(p.status)) throw new Error(`proposal ${p.id} has status ${ProposalStatus[p.status] ?? p.status}`);
  if (p.status === ProposalStatus.DEPOSIT_PERIOD) {
    if (!p.depositEndTime) throw new Error(`proposal ${p.id} is in its deposit period without deposit_end_time`);
    keeper.enqueue(ctx, "inactive", timestampNanos(p.depositEndTime), p.id);
  }
  if (p.status === ProposalStatus.VOTING_PERIOD) {
    if (!p.votingStartTime || !p.votingEndTime) throw new Error(`proposal ${p.id} is in its voting period without voting_start_time and voting_end_time`);
    keeper.enqueue(ctx, "active", timestampNanos(p.votingEndTime), p.id);
  }
  parseCoins(p.totalDeposit);
  keeper.setProposal(ctx, p);
  proposals.set(p.id, p);
}

function once(seen: Set<string>, key: string, what: string): void {
  if (seen.has(key)) throw new Error(`duplicate ${what} by ${key.slice(key.indexOf("/") + 1)}`);
  seen.add(key);
}

/** The end block refunds or burns deposits from the gov account: it must hold them all. */
function checkDepositsHeld(ctx: Context, keeper: GovKeeper): void {
  const gov = moduleAddress(GOV_ACCOUNT);
  for (const [denom, held] of keeper.heldDeposits(ctx.store)) {
    const balance = keeper.bank.getBalance(ctx.store, gov, denom);
    if (balance < held) {
      throw new Error(
        `gov genesis: the deposits total ${formatCoins([{ denom, amount: held }])} but the gov account holds ${formatCoins([{ denom, amount: balance }])}`,
      );
    }
  }
}
