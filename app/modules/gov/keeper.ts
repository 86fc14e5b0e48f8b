// The only code that touches gov's keys: proposals, their two deadline queues, deposits, votes,
// params and the constitution. The rules (submit, deposit, vote, tally, end block) live in their
// own files and reach state through these methods: reads take the whole state, writes the Context.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  DepositSchema,
  ParamsSchema,
  ProposalSchema,
  VoteSchema,
  type Deposit,
  type Params,
  type Proposal,
  type Vote,
} from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Context } from "../../context.js";
import { paginate, type Page, type PageRequest } from "../../query/pagination.js";
import { StoreKey } from "../../storeKey.js";
import type { StateReader } from "../../store/types.js";
import type { MsgRouter } from "../../tx/msgRouter.js";
import type { GovBankKeeper, GovStakingKeeper } from "./expectedKeepers.js";
import {
  DEPOSIT_PREFIX,
  ACTIVE_QUEUE_PREFIX,
  CONSTITUTION_KEY,
  depositKey,
  depositsPrefix,
  INACTIVE_QUEUE_PREFIX,
  MODULE_NAME,
  NEXT_PROPOSAL_ID_KEY,
  PARAMS_KEY,
  PROPOSAL_PREFIX,
  proposalKey,
  queueDueEnd,
  queueKey,
  queueKeyId,
  readU64be,
  u64be,
  voteKey,
  VOTE_PREFIX,
  votesPrefix,
} from "./keys.js";
import { defaultParams, normalizeParams } from "./params.js";
import { timestampNanos } from "./time.js";
import { getMessage } from "../../store/messages.js";

/** Which deadline queue: deposit period (inactive) or voting period (active), as the SDK names them. */
export type ProposalQueue = "inactive" | "active";
const QUEUE_PREFIX: Record<ProposalQueue, Uint8Array> = { inactive: INACTIVE_QUEUE_PREFIX, active: ACTIVE_QUEUE_PREFIX };

export class GovKeeper {
  private readonly key = new StoreKey(MODULE_NAME);

  constructor(
    readonly bank: GovBankKeeper,
    readonly staking: GovStakingKeeper,
    /** The app's router: proposal messages are checked against it at submission and run through it when passed. */
    readonly router: MsgRouter,
    /** The address governance-only messages must carry as their authority: the gov account's own. */
    readonly authority: string,
  ) {}

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultParams();
  }

  /** Validates (throws an Error naming the field) and stores params in normalized form. */
  setParams(ctx: Context, params: Params): void {
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, normalizeParams(params)));
  }

  getConstitution(state: StateReader): string {
    const raw = this.key.read(state).get(CONSTITUTION_KEY);
    return raw ? Buffer.from(raw).toString("utf8") : "";
  }

  setConstitution(ctx: Context, text: string): void {
    this.key.write(ctx).set(CONSTITUTION_KEY, Buffer.from(text, "utf8"));
  }

  /** Ids start at 1 (or genesis' starting_proposal_id) and are never reused. */
  nextProposalId(state: StateReader): bigint {
    const raw = this.key.read(state).get(NEXT_PROPOSAL_ID_KEY);
    return raw ? readU64be(raw) : 1n;
  }

  setNextProposalId(ctx: Context, id: bigint): void {
    this.key.write(ctx).set(NEXT_PROPOSAL_ID_KEY, u64be(id));
  }

  getProposal(state: StateReader, id: bigint): Proposal | undefined {
    return getMessage(this.key.read(state), proposalKey(id), ProposalSchema);
  }

  setProposal(ctx: Context, proposal: Proposal): void {
    this.key.write(ctx).set(proposalKey(proposal.id), toBinary(ProposalSchema, proposal));
  }

  /** Removes a proposal and its queue entries; its deposits and votes are the caller's to settle. */
  deleteProposal(ctx: Context, proposal: Proposal): void {
    if (proposal.depositEndTime) this.dequeue(ctx, "inactive", timestampNanos(proposal.depositEndTime), proposal.id);
    if (proposal.votingEndTime) this.dequeue(ctx, "active", timestampNanos(proposal.votingEndTime), proposal.id);
    this.key.write(ctx).delete(proposalKey(proposal.id));
  }

  /**
   * One page of proposals in id order, as the Proposals query pages them; `keep` filters (entries
   * it refuses do not count towards the limit).
   */
  proposalsPage(state: StateReader, req: PageRequest | undefined, keep: (proposal: Proposal) => boolean): Page<Proposal> {
    return paginate(this.key.read(state), PROPOSAL_PREFIX, req, (_key, value) => {
      const proposal = fromBinary(ProposalSchema, value);
      return keep(proposal) ? proposal : undefined;
    });
  }

  /** Every proposal, by id (the genesis export). */
  allProposals(state: StateReader): Proposal[] {
    return [...this.key.read(state).prefixIterator(PROPOSAL_PREFIX)].map(({ value }) => fromBinary(ProposalSchema, value));
  }

  /** Every deposit, by proposal id then depositor address (the genesis export). */
  allDeposits(state: StateReader): Deposit[] {
    return [...this.key.read(state).prefixIterator(DEPOSIT_PREFIX)].map(({ value }) => fromBinary(DepositSchema, value));
  }

  /** Every vote, by proposal id then voter address (the genesis export). */
  allVotes(state: StateReader): Vote[] {
    return [...this.key.read(state).prefixIterator(VOTE_PREFIX)].map(({ value }) => fromBinary(VoteSchema, value));
  }

  enqueue(ctx: Context, queue: ProposalQueue, endNanos: bigint, id: bigint): void {
    this.key.write(ctx).set(queueKey(QUEUE_PREFIX[queue], endNanos, id), new Uint8Array());
  }

  dequeue(ctx: Context, queue: ProposalQueue, endNanos: bigint, id: bigint): void {
    this.key.write(ctx).delete(queueKey(QUEUE_PREFIX[queue], endNanos, id));
  }

  /** Ids whose deadline is at or before `nowNanos`, by deadline then id. Read fully before anyone edits the queue. */
  due(state: StateReader, queue: ProposalQueue, nowNanos: bigint): bigint[] {
    const prefix = QUEUE_PREFIX[queue];
    const ids: bigint[] = [];
    for (const { key } of this.key.read(state).iterator({ start: prefix, end: queueDueEnd(prefix, nowNanos) })) ids.push(queueKeyId(key));
    return ids;
  }

  getDeposit(state: StateReader, id: bigint, depositor: Uint8Array): Deposit | undefined {
    return getMessage(this.key.read(state), depositKey(id, depositor), DepositSchema);
  }

  setDeposit(ctx: Context, depositor: Uint8Array, deposit: Deposit): void {
    this.key.write(ctx).set(depositKey(deposit.proposalId, depositor), toBinary(DepositSchema, deposit));
  }

  deleteDeposit(ctx: Context, id: bigint, depositor: Uint8Array): void {
    this.key.write(ctx).delete(depositKey(id, depositor));
  }

  /** A proposal's deposits by depositor address, read fully so callers may delete as they go. */
  deposits(state: StateReader, id: bigint): { depositor: Uint8Array; deposit: Deposit }[] {
    const out: { depositor: Uint8Array; deposit: Deposit }[] = [];
    for (const { key, value } of this.key.read(state).prefixIterator(depositsPrefix(id)))
      out.push({ depositor: Uint8Array.from(key.subarray(9)), deposit: fromBinary(DepositSchema, value) });
    return out;
  }

  /** One page of a proposal's deposits by depositor address, as the Deposits query pages them. */
  depositsPage(state: StateReader, id: bigint, req: PageRequest | undefined): Page<Deposit> {
    return paginate(this.key.read(state), depositsPrefix(id), req, (_key, value) => fromBinary(DepositSchema, value));
  }

  /** The sum of every deposit held for open proposals, by denom (sorted). */
  heldDeposits(state: StateReader): Map<string, bigint> {
    const totals = new Map<string, bigint>();
    for (const { value } of this.key.read(state).prefixIterator(DEPOSIT_PREFIX)) {
      for (const c of fromBinary(DepositSchema, value).amount) totals.set(c.denom, (totals.get(c.denom) ?? 0n) + BigInt(c.amount));
    }
    return new Map([...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  hasDeposit(state: StateReader, id: bigint, depositor: Uint8Array): boolean {
    return this.key.read(state).has(depositKey(id, depositor));
  }

  getVote(state: StateReader, id: bigint, voter: Uint8Array): Vote | undefined {
    return getMessage(this.key.read(state), voteKey(id, voter), VoteSchema);
  }

  /** A later vote by the same voter replaces the earlier one. */
  setVote(ctx: Context, voter: Uint8Array, vote: Vote): void {
    this.key.write(ctx).set(voteKey(vote.proposalId, voter), toBinary(VoteSchema, vote));
  }

  hasVote(state: StateReader, id: bigint, voter: Uint8Array): boolean {
    return this.key.read(state).has(voteKey(id, voter));
  }

  /** A proposal's votes by voter address, read fully so callers may delete as they go. */
  votes(state: StateReader, id: bigint): { voter: Uint8Array; vote: Vote }[] {
    const out: { voter: Uint8Array; vote: Vote }[] = [];
    for (const { key, value } of this.key.read(state).prefixIterator(votesPrefix(id)))
      out.push({ voter: Uint8Array.from(key.subarray(9)), vote: fromBinary(VoteSchema, value) });
    return out;
  }

  /** One page of a proposal's votes by voter address, as the Votes query pages them. */
  votesPage(state: StateReader, id: bigint, req: PageRequest | undefined): Page<Vote> {
    return paginate(this.key.read(state), votesPrefix(id), req, (_key, value) => fromBinary(VoteSchema, value));
  }

  deleteVotes(ctx: Context, id: bigint): void {
    const store = this.key.write(ctx);
    for (const { voter } of this.votes(ctx.store, id)) store.delete(voteKey(id, voter));
  }
}
