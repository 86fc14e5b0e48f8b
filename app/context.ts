// What a state transition sees: the block it belongs to, the store branch it writes to, and the
// events it emits. Time comes from the block header only; nothing here reads the wall clock.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import type { Logger } from "pino";
import type { EventSchema } from "../gen/tendermint/abci/types_pb.js";
import { Branch } from "./store/branch.js";
import { moduleStore } from "./store/prefixStore.js";
import type { KVStore, StateStore } from "./store/types.js";

export type AbciEvent = MessageInitShape<typeof EventSchema>;

export interface BlockHeader {
  chainId: string;
  height: bigint;
  time: Timestamp;
  /** CometBFT block hash; empty during InitChain. */
  hash: Uint8Array;
  proposerAddress: Uint8Array;
}

/** One validator's vote in the last block's commit, as FinalizeBlock's `decided_last_commit` lists it. */
export interface CommitVote {
  /** The validator's consensus address: the first 20 bytes of sha256 of its consensus public key. */
  consAddress: Uint8Array;
  power: bigint;
  /** CometBFT's BlockIDFlag: 1 absent, 2 commit, 3 nil. Only `absent` counts as a missed block. */
  blockIdFlag: number;
}

/** Evidence of misbehaviour CometBFT hands the app with a block (FinalizeBlock's `misbehavior`). */
export interface BlockMisbehavior {
  /** 1 duplicate vote (double sign), 2 light client attack. */
  type: number;
  consAddress: Uint8Array;
  /** The validator's power at the infraction height. */
  power: bigint;
  height: bigint;
  time: Timestamp;
  totalVotingPower: bigint;
}

/** What consensus tells a block about the one before it; empty outside FinalizeBlock. */
export interface BlockConsensusInfo {
  lastCommit: { round: number; votes: readonly CommitVote[] };
  misbehavior: readonly BlockMisbehavior[];
}

export const NO_CONSENSUS_INFO: BlockConsensusInfo = Object.freeze({ lastCommit: Object.freeze({ round: 0, votes: [] }), misbehavior: [] });

export class Context {
  readonly events: AbciEvent[] = [];

  constructor(
    readonly header: BlockHeader,
    /** The branch this transition writes to; discarded by the caller if the transition fails. */
    readonly store: StateStore,
    readonly logger: Logger,
    /** The last commit's votes and reported misbehaviour: begin-block hooks (distribution, slashing) read them. */
    readonly consensus: BlockConsensusInfo = NO_CONSENSUS_INFO,
  ) {}

  /** The namespace of one module: keys under `<name>/`. Module names never contain '/'. */
  storeFor(moduleName: string): KVStore {
    return moduleStore(this.store, moduleName);
  }

  /** False for a context whose events go nowhere: emitters may then skip building them. */
  get recordsEvents(): boolean {
    return true;
  }

  /** An event with `attributes` in key order (emitters on the hot path list them in that order already, sparing the sort). */
  emit(type: string, attributes: Record<string, string>): void {
    const keys = Object.keys(attributes);
    if (!inOrder(keys)) keys.sort();
    const list: { key: string; value: string; index: boolean }[] = new Array(keys.length);
    for (let i = 0; i < keys.length; i++) list[i] = { key: keys[i]!, value: attributes[keys[i]!]!, index: true };
    this.events.push({ type, attributes: list });
  }

  /**
   * A nested branch for work that must apply all or nothing inside a block (a passed proposal's
   * messages): its writes and events reach this context only through `write()`.
   */
  nested(): { ctx: Context; write(): void } {
    if (!(this.store instanceof Branch)) throw new Error("nested() needs a context over a store branch");
    const branch = this.store.branch();
    const ctx = this.withStore(branch);
    return {
      ctx,
      write: () => {
        branch.write();
        this.events.push(...ctx.events);
      },
    };
  }

  /** A context over another store (a nested branch) sharing this block's header. */
  withStore(store: StateStore): Context {
    return new Context(this.header, store, this.logger, this.consensus);
  }
}

/** A context whose events go nowhere, for the passes that return none (CheckTx, rechecks, proposal checks). */
export class QuietContext extends Context {
  override get recordsEvents(): boolean {
    return false;
  }

  override emit(): void {}
}

/** Whether `keys` are already in the order `sort()` gives strings (by UTF-16 code units). */
function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}
