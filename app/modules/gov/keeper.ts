// The only code that touches gov's keys: proposals, their two deadline queues, deposits, votes,
// params and the constitution. The rules (submit, deposit, vote, tally, end block) live in their
// own files and reach state through these methods.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { DepositSchema, ParamsSchema, ProposalSchema, VoteSchema, type Deposit, type Params, type Proposal, type Vote } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Context } from "../../context.js";
import type { KVReader, KVStore } from "../../store/types.js";
import type { MsgRouter } from "../../tx/msgRouter.js";
import type { GovBankKeeper, GovStakingKeeper } from "./expectedKeepers.js";
import {
  DEPOSIT_PREFIX,
  ACTIVE_QUEUE_PREFIX,
  CONSTITUTION_KEY,
  depositKey,
  depositsPrefix,
  INACTIVE_QUEUE_PREFIX,
  NEXT_PROPOSAL_ID_KEY,
  PARAMS_KEY,
  proposalKey,
  queueDueEnd,
  queueKey,
  queueKeyId,
  readU64be,
  u64be,
  voteKey,
  votesPrefix,
} from "./keys.js";
import { defaultParams, normalizeParams } from "./params.js";
import { timestampNanos } from "./time.js";
import { getMessage } from "../../store/messages.js";

export const GOV_MODULE = "gov";

/** Which deadline queue: deposit period (inactive) or voting period (active), as the SDK names them. */
export type ProposalQueue = "inactive" | "active";
const QUEUE_PREFIX: Record<ProposalQueue, Uint8Array> = { inactive: INACTIVE_QUEUE_PREFIX, active: ACTIVE_QUEUE_PREFIX };

export class GovKeeper {
  constructor(
    readonly bank: GovBankKeeper,
    readonly staking: GovStakingKeeper,
    /** The app's router: proposal messages are checked against it at submission and run through it when passed. */
    readonly router: MsgRouter,
    /** The address governance-only messages must carry as their authority: the gov account's own. */
    readonly authority: string,
  ) {}

  store(ctx: Context): KVStore {
    return ctx.storeFor(GOV_MODULE);
  }

  getParams(store: KVReader): Params {
    return getMessage(store, PARAMS_KEY, ParamsSchema) ?? defaultParams();
  }

  /** Validates (throws an Error naming the field) and stores params in normalized form. */
  setParams(store: KVStore, params: Params): void {
    store.set(PARAMS_KEY, toBinary(ParamsSchema, normalizeParams(params)));
  }

  getConstitution(store: KVReader): string {
    const raw = store.get(CONSTITUTION_KEY);
    return raw ? Buffer.from(raw).toString("utf8") : "";
  }

  setConstitution(store: KVStore, text: string): void {
    store.set(CONSTITUTION_KEY, Buffer.from(text, "utf8"));
  }

  /** Ids start at 1 (or genesis' starting_proposal_id) and are never reused. */
  nextProposalId(store: KVReader): bigint {
    const raw = store.get(NEXT_PROPOSAL_ID_KEY);
    return raw ? readU64be(raw) : 1n;
  }

  setNextProposalId(store: KVStore, id: bigint): void {
    store.set(NEXT_PROPOSAL_ID_KEY, u64be(id));
  }

  getProposal(store: KVReader, id: bigint): Proposal | undefined {
    return getMessage(store, proposalKey(id), ProposalSchema);
  }

  setProposal(store: KVStore, proposal: Proposal): void {
    store.set(proposalKey(proposal.id), toBinary(ProposalSchema, proposal));
  }

  /** Removes a proposal and its queue entries; its deposits and votes are the caller's to settle. */
  deleteProposal(store: KVStore, proposal: Proposal): void {
    if (proposal.depositEndTime) this.dequeue(store, "inactive", timestampNanos(proposal.depositEndTime), proposal.id);
    if (proposal.votingEndTime) this.dequeue(store, "active", timestampNanos(proposal.votingEndTime), proposal.id);
    store.delete(proposalKey(proposal.id));
  }

  enqueue(store: KVStore, queue: ProposalQueue, endNanos: bigint, id: bigint): void {
    store.set(queueKey(QUEUE_PREFIX[queue], endNanos, id), new Uint8Array());
  }

  dequeue(store: KVStore, queue: ProposalQueue, endNanos: bigint, id: bigint): void {
    store.delete(queueKey(QUEUE_PREFIX[queue], endNanos, id));
  }

  /** Ids whose deadline is at or before `nowNanos`, by deadline then id. Read fully before anyone edits the queue. */
  due(store: KVReader, queue: ProposalQueue, nowNanos: bigint): bigint[] {
    const prefix = QUEUE_PREFIX[queue];
    const ids: bigint[] = [];
    for (const { key } of store.iterator({ start: prefix, end: queueDueEnd(prefix, nowNanos) })) ids.push(queueKeyId(key));
    return ids;
  }

  getDeposit(store: KVReader, id: bigint, depositor: Uint8Array): Deposit | undefined {
    return getMessage(store, depositKey(id, depositor), DepositSchema);
  }

  setDeposit(store: KVStore, depositor: Uint8Array, deposit: Deposit): void {
    store.set(depositKey(deposit.proposalId, depositor), toBinary(DepositSchema, deposit));
  }

  deleteDeposit(store: KVStore, id: bigint, depositor: Uint8Array): void {
    store.delete(depositKey(id, depositor));
  }

  /** A proposal's deposits by depositor address, read fully so callers may delete as they go. */
  deposits(store: KVReader, id: bigint): { depositor: Uint8Array; deposit: Deposit }[] {
    const out: { depositor: Uint8Array; deposit: Deposit }[] = [];
    for (const { key, value } of store.prefixIterator(depositsPrefix(id))) out.push({ depositor: Uint8Array.from(key.subarray(9)), deposit: fromBinary(DepositSchema, value) });
    return out;
  }

  /** The sum of every deposit held for open proposals, by denom (sorted). */
  heldDeposits(store: KVReader): Map<string, bigint> {
    const totals = new Map<string, bigint>();
    for (const { value } of store.prefixIterator(DEPOSIT_PREFIX)) {
      for (const c of fromBinary(DepositSchema, value).amount) totals.set(c.denom, (totals.get(c.denom) ?? 0n) + BigInt(c.amount));
    }
    return new Map([...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  hasDeposit(store: KVReader, id: bigint, depositor: Uint8Array): boolean {
    return store.has(depositKey(id, depositor));
  }

  getVote(store: KVReader, id: bigint, voter: Uint8Array): Vote | undefined {
    return getMessage(store, voteKey(id, voter), VoteSchema);
  }

  /** A later vote by the same voter replaces the earlier one. */
  setVote(store: KVStore, voter: Uint8Array, vote: Vote): void {
    store.set(voteKey(vote.proposalId, voter), toBinary(VoteSchema, vote));
  }

  hasVote(store: KVReader, id: bigint, voter: Uint8Array): boolean {
    return store.has(voteKey(id, voter));
  }

  /** A proposal's votes by voter address, read fully so callers may delete as they go. */
  votes(store: KVReader, id: bigint): { voter: Uint8Array; vote: Vote }[] {
    const out: { voter: Uint8Array; vote: Vote }[] = [];
    for (const { key, value } of store.prefixIterator(votesPrefix(id))) out.push({ voter: Uint8Array.from(key.subarray(9)), vote: fromBinary(VoteSchema, value) });
    return out;
  }

  deleteVotes(store: KVStore, id: bigint): void {
    for (const { voter } of this.votes(store, id)) store.delete(voteKey(id, voter));
  }
}
