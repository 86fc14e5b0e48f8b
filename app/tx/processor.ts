// How the app hands raw CometBFT transactions to the transaction pipeline.
import type { Logger } from "pino";
import type { AbciEvent, BlockHeader } from "../context.js";
import type { Branch } from "../store/index.js";
import type { Any } from "@bufbuild/protobuf/wkt";

/** What a tx returns to CometBFT (ExecTxResult / ResponseCheckTx fields). */
export interface TxResult {
  code?: number;
  codespace?: string;
  log?: string;
  info?: string;
  data?: Uint8Array;
  gasWanted?: bigint;
  gasUsed?: bigint;
  events?: AbciEvent[];
}

/** Where a tx runs: the block (or mempool) header and the branch it may write to. */
export interface TxEnv {
  header: BlockHeader;
  /**
   * The processor writes to nested branches of this and merges them into it only for the parts
   * of the tx that succeed; a tx that fails validation leaves it untouched.
   */
  state: Branch;
  logger: Logger;
}

/** What simulating a tx (gas estimation) reports. */
export interface SimulationResult {
  gasWanted: bigint;
  gasUsed: bigint;
  data: Uint8Array;
  log: string;
  events: AbciEvent[];
  msgResponses: Any[];
}

export interface TxProcessor {
  /** Mempool admission: the same checks as delivery, against the mempool's own state branch. */
  check(env: TxEnv, tx: Uint8Array, recheck: boolean): TxResult;
  /**
   * A new tx whose CheckTx waits behind others: starts the work of its check that needs no state
   * (an Ethereum tx's sender recovery, on another thread), and returns what its `check` should
   * await first, or undefined when nothing. `env` is the mempool's, for reading parameters only.
   */
  checkAhead?(env: TxEnv, tx: Uint8Array): Promise<void> | undefined;
  /** Executes a tx of a block. */
  /** Execution in a block; may be async (the EVM's runTx is), and the app awaits each in order. */
  deliver(env: TxEnv, tx: Uint8Array): TxResult | Promise<TxResult>;
  /** Runs a tx on a branch that is always discarded (gas estimation); throws on failure. */
  simulate?(env: TxEnv, tx: Uint8Array): SimulationResult;
  /**
   * PrepareProposal: the mempool txs a proposer puts in its block, in order, keeping only those
   * `validateProposal` accepts (default: what fits the byte budget). `env.state` is a throwaway
   * branch of the last committed state.
   */
  selectForProposal?(env: TxEnv, txs: readonly Uint8Array[], limits: BlockLimits, admitted?: AdmittedResults): Uint8Array[];
  /**
   * ProcessProposal: why a proposed block's txs are unacceptable, or undefined when they are
   * acceptable. Deterministic: a function of the txs, `limits` and `env` (a throwaway branch of the
   * last committed state), never of the local mempool (`admitted` saves work, it does not change
   * the verdict). Without it every proposal is accepted.
   */
  validateProposal?(env: TxEnv, txs: readonly Uint8Array[], limits: BlockLimits, admitted?: AdmittedResults): ProposalRejection | undefined;
}

/**
 * CheckTx's results for a proposal's first txs, given when they are the first ones the mempool
 * admitted, in this order (app/tx/admittedTxs.ts): each passed the proposal check already, over
 * the state the check would build, so its result stands in for running the check again.
 */
export interface AdmittedResults {
  readonly results: readonly TxResult[];
  /** Writes those txs' changes (kept from their CheckTx) into `state`, a branch of the last committed state, in order. */
  replay(state: Branch): void;
}

/** What a block's txs may take together. */
export interface BlockLimits {
  /** Bytes, counted as CometBFT counts them (each tx with its proto framing); negative: no limit. */
  maxTxBytes: number;
  /** Gas wanted by all txs together (CometBFT's block max_gas); negative: no limit. */
  maxGas: bigint;
}

/** Why a proposal was rejected: the first tx (or the point in the list) that broke a rule. */
export interface ProposalRejection {
  index: number;
  reason: string;
}

/** Code and codespace of the SDK's "tx parse error". */
export const TX_DECODE_ERROR = { codespace: "sdk", code: 2 } as const;

/** The pipeline of a chain that has no transaction types registered: every tx is refused. */
export const noTransactions: TxProcessor = {
  check: () => ({ ...TX_DECODE_ERROR, log: "tx parse error: this node has no transaction decoder registered" }),
  deliver: () => ({ ...TX_DECODE_ERROR, log: "tx parse error: this node has no transaction decoder registered" }),
};

/**
 * Failures that say nothing about the tx and may differ between validators (disk, database,
 * resource exhaustion): they must halt the node, never become a tx result.
 */
export function isFatal(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === "SqliteError" ||
    err.name === "HeightNotAvailableError" ||
    (err instanceof RangeError && /call stack|allocation|Array buffer/i.test(err.message))
  );
}
