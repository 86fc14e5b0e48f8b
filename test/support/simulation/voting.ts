// Random voting operations for the simulation: electoral authorities create elections whose windows
// open and close within seconds of block time (the genesis lowers min_voting_period to 2 s), accounts
// register and vote, authorities cancel; valid and deliberately invalid. The model (electoral
// authorities, each election's window, options, voters and ballots) follows the committed txs and
// events. Block h is at genesis + h s and the end block of h opens the elections whose start it
// reached, so during block h's txs an election is OPEN exactly when start <= time(h) - 1 s < end.
import { timestampFromMs, type Any } from "@bufbuild/protobuf/wkt";
import { MsgCreateElectionResponseSchema, MsgCreateElectionSchema } from "../../../gen/chain/voting/tx_pb.js";
import { packAny } from "../../../sdk/tx/index.js";
import { msgCancelElection, msgCastVote, msgCreateElection, msgRegisterVoter } from "../../../sdk/tx/votingMessages.js";
import { firstResponse, ROLES, takesInvalid, typedAttr, type OpContext, type Planned, type SimEvent } from "./ops.js";

/** Governance keeps min_voting_period at 2 to 3 s, max_voting_period at 30 to 60 s and max_options at 4 to 10. */
export const SIM_VOTING_PARAMS = { min_voting_period: "2s", max_voting_period: "60s", max_options: 10 };
/** Valid windows last 8 to 25 s and offer 2 to 4 of these; no election ever offers "maybe". */
const OPTIONS = ["yes", "no", "abstain", "blank", "alice", "bob"];
const NEVER_AN_OPTION = "maybe";
const BLOCK_MS = 1_000;

interface ElectionModel {
  id: bigint;
  options: string[];
  startMs: number;
  endMs: number;
  authority: number;
  cancelled: boolean;
  /** Account indexes, in the order they registered (voted). */
  registered: number[];
  voted: number[];
}

export class VotingSim {
  /** Electoral authorities (account indexes) as of the last committed block, in the order added. */
  private authorities: number[] = [ROLES.electoralAuthorities[0]];
  /** Elections in id order. */
  private readonly elections: ElectionModel[] = [];

  constructor(private readonly addrs: readonly string[]) {}

  editGenesis(state: Record<string, unknown>): Record<string, unknown> {
    const voting = state.voting as Record<string, unknown>;
    return {
      ...state,
      voting: {
        ...voting,
        params: SIM_VOTING_PARAMS,
        electoral_authorities: this.authorities.map((i) => ({ address: this.addrs[i], name: `electoral authority ${i}` })),
      },
    };
  }

  observe(e: SimEvent): void {
    if (e.type === "chain.voting.EventElectoralAuthorityAdded") {
      const index = this.addrs.indexOf(typedAttr(e, "address"));
      if (index >= 0 && !this.authorities.includes(index)) this.authorities.push(index);
    } else if (e.type === "chain.voting.EventElectoralAuthorityRemoved") {
      const index = this.addrs.indexOf(typedAttr(e, "address"));
      this.authorities = this.authorities.filter((i) => i !== index);
    } else if (e.type === "chain.voting.EventElectionCancelled") {
      const election = this.find(BigInt(typedAttr(e, "election_id")));
      if (election) election.cancelled = true;
    }
  }

  private find(id: bigint): ElectionModel | undefined {
    return this.elections.find((e) => e.id === id);
  }

  /** Ids of the last few elections created, for governance's cancellations (older ones have ended). */
  recentElectionIds(): bigint[] {
    return this.elections.slice(-4).map((e) => e.id);
  }

  private ended(e: ElectionModel, timeMs: number): boolean {
    return e.cancelled || timeMs >= e.endMs;
  }

  private open(e: ElectionModel, timeMs: number): boolean {
    return !e.cancelled && e.startMs <= timeMs - BLOCK_MS && timeMs < e.endMs;
  }

  /** An id no election has, nor can get within one block. */
  private get unknownElectionId(): bigint {
    return BigInt(this.elections.length) + 1_000n;
  }

  async create(c: OpContext): Promise<Planned> {
    const kind = "voting/create";
    const startMs = c.timeMs + c.int(4) * BLOCK_MS;
    let options = OPTIONS.filter(() => c.int(2) === 0).slice(0, 4);
    if (options.length < 2) options = OPTIONS.slice(0, 2);
    const input = {
      title: `sim ${c.seed} election at ${c.height}`,
      options,
      eligibilityCredentialType: c.int(2) === 0 ? "kyc" : "",
      votingStart: startMs,
      votingEnd: startMs + (8 + c.int(18)) * BLOCK_MS,
    };
    const signer = this.authorities.length > 0 ? c.pick(this.authorities) : c.pick(ROLES.nobody);
    const authority = c.addrs[signer]!;
    if (!takesInvalid(c, this.authorities.length > 0)) {
      return {
        kind,
        tx: await c.cosmosTx(signer, [msgCreateElection({ ...input, authority })]),
        onOk: (res) => {
          const { electionId } = firstResponse(res, MsgCreateElectionResponseSchema);
          this.elections.push({ id: electionId, options, startMs, endMs: input.votingEnd, authority: signer, cancelled: false, registered: [], voted: [] });
        },
      };
    }
    const sent = async (from: number, msg: Any): Promise<Planned> => ({ kind, tx: await c.cosmosTx(from, [msg]), mustFail: true });
    const variants = [
      () => {
        const from = c.pick(ROLES.nobody);
        return sent(from, msgCreateElection({ ...input, authority: c.addrs[from]! }));
      },
      () => sent(signer, msgCreateElection({ ...input, authority, votingStart: c.timeMs - 5 * BLOCK_MS, votingEnd: c.timeMs + 10 * BLOCK_MS })),
      // Shorter than any min_voting_period governance sets (at least 2 s), or longer than any max (at most 60 s).
      () => sent(signer, msgCreateElection({ ...input, authority, votingEnd: startMs + (c.int(2) === 0 ? 1 : 120) * BLOCK_MS })),
      // More options than max_options ever allows (10), fewer than the hard limit (100).
      () => sent(signer, msgCreateElection({ ...input, authority, options: Array.from({ length: 11 }, (_, i) => `option ${i}`) })),
      async (): Promise<Planned> => {
        // An empty window (the SDK's builder refuses to build it; the chain's validateBasic refuses it too).
        const msg = packAny(MsgCreateElectionSchema, { ...input, authority, votingStart: timestampFromMs(startMs), votingEnd: timestampFromMs(startMs) });
        return { kind, tx: await c.refusedTx(signer, [msg]), mustFail: true };
      },
    ];
    return c.pick(variants)();
  }

  async cancel(c: OpContext): Promise<Planned> {
    const kind = "voting/cancel";
    const live = this.elections.filter((e) => !this.ended(e, c.timeMs) && this.authorities.includes(e.authority));
    const ended = this.elections.filter((e) => this.ended(e, c.timeMs));
    const cancel = async (from: number, electionId: bigint, mustFail: boolean): Promise<Planned> => ({
      kind,
      tx: await c.cosmosTx(from, [msgCancelElection({ signer: c.addrs[from]!, electionId })]),
      mustFail,
    });
    if (!takesInvalid(c, live.length > 0)) {
      const e = c.pick(live);
      return cancel(e.authority, e.id, false);
    }
    // Neither the election's authority nor gov (and perhaps no such election).
    const variants = [() => cancel(c.pick(ROLES.nobody), this.elections.length > 0 ? c.pick(this.elections).id : this.unknownElectionId, true)];
    // Closed, cancelled, or at its voting_end: final.
    if (ended.length > 0)
      variants.push(() => {
        const e = c.pick(ended);
        return cancel(e.authority, e.id, true);
      });
    return c.pick(variants)();
  }

  async register(c: OpContext): Promise<Planned> {
    const kind = "voting/register";
    const live = this.elections.filter((e) => !this.ended(e, c.timeMs) && e.registered.length < this.addrs.length);
    // No election to register for: usually create one first.
    if (live.length === 0 && c.int(4) !== 0) return this.create(c);
    const register = async (voter: number, electionId: bigint): Promise<Planned> => ({
      kind,
      tx: await c.cosmosTx(voter, [msgRegisterVoter({ voter: this.addrs[voter]!, electionId })]),
      mustFail: true,
    });
    if (!takesInvalid(c, live.length > 0)) {
      const e = c.pick(live);
      const voter = c.pick(this.addrs.map((_, i) => i).filter((i) => !e.registered.includes(i)));
      return { ...(await register(voter, e.id)), mustFail: false, onOk: () => void e.registered.push(voter) };
    }
    const ended = this.elections.filter((e) => this.ended(e, c.timeMs));
    const withVoters = this.elections.filter((e) => e.registered.length > 0);
    const variants = [() => register(c.int(this.addrs.length), this.unknownElectionId)];
    if (ended.length > 0) variants.push(() => register(c.int(this.addrs.length), c.pick(ended).id));
    // Registration is once per election.
    if (withVoters.length > 0)
      variants.push(() => {
        const e = c.pick(withVoters);
        return register(c.pick(e.registered), e.id);
      });
    return c.pick(variants)();
  }

  async vote(c: OpContext): Promise<Planned> {
    const kind = "voting/vote";
    const open = this.elections.filter((e) => this.open(e, c.timeMs) && e.registered.some((i) => !e.voted.includes(i)));
    // Nobody can vote yet: usually register a voter (or create an election) first.
    if (open.length === 0 && c.int(4) !== 0) return this.register(c);
    const vote = async (voter: number, electionId: bigint, option: string): Promise<Planned> => ({
      kind,
      tx: await c.cosmosTx(voter, [msgCastVote({ voter: this.addrs[voter]!, electionId, option })]),
      mustFail: true,
    });
    if (!takesInvalid(c, open.length > 0)) {
      const e = c.pick(open);
      const voter = c.pick(e.registered.filter((i) => !e.voted.includes(i)));
      return { ...(await vote(voter, e.id, c.pick(e.options))), mustFail: false, onOk: () => void e.voted.push(voter) };
    }
    const voted = this.elections.filter((e) => e.voted.length > 0);
    const scheduled = this.elections.filter((e) => !e.cancelled && e.startMs > c.timeMs - BLOCK_MS && e.registered.length > 0);
    const variants = [
      () => {
        const e = this.elections.length > 0 ? c.pick(this.elections) : undefined;
        const voter = e && e.registered.length > 0 ? c.pick(e.registered) : c.int(this.addrs.length);
        return vote(voter, e?.id ?? this.unknownElectionId, NEVER_AN_OPTION);
      },
    ];
    // One ballot per voter.
    if (voted.length > 0)
      variants.push(() => {
        const e = c.pick(voted);
        return vote(c.pick(e.voted), e.id, c.pick(e.options));
      });
    // Registered, but the election has not opened: no ballot before voting_start.
    if (scheduled.length > 0)
      variants.push(() => {
        const e = c.pick(scheduled);
        return vote(c.pick(e.registered), e.id, c.pick(e.options));
      });
    return c.pick(variants)();
  }
}
