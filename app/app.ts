// The composition root of the state machine: the store, the ordered module list, the tx pipeline
// and query routing behind the ABCI methods.
//
// Block lifecycle: InitChain writes genesis to a branch that stays pending (nothing is persisted
// before the first block commits, so a crash before then just repeats InitChain). FinalizeBlock
// runs begin-block hooks, each tx in its own nested branch, end-block hooks, and computes the app
// hash over the previous hash, the hash of the whole state after the block and the block's sorted
// change set (Store.appHashOf). Commit persists the block's change set, height and hash in one
// SQLite transaction.
import { create, toBinary } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import type { Logger } from "pino";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { BaseApplication } from "../abci/baseApplication.js";
import { selectTxsWithinBytes } from "../abci/proposal.js";
import { blockLimits, type ConsensusParamsStore } from "./blockParams.js";
import { ConsensusParamsSchema, type ConsensusParams } from "../gen/tendermint/types/params_pb.js";
import type * as A from "../abci/application.js";
import { Context, type BlockHeader } from "./context.js";
import { consensusInfo } from "./consensusInfo.js";
import type { AppModule, ValidatorUpdate } from "./module.js";
import { BlockInfoKeeper } from "./modules/blockinfo/keeper.js";
import { QUERY_ERRORS, QueryRouter } from "./query/router.js";
import type { QueryExecutor } from "./query/executor.js";
import { SerialQueue } from "./serial.js";
import { BackgroundPruner } from "./backgroundPruner.js";
import { CheckTxWindows, type CheckTxWindowOptions } from "./checkTxWindows.js";
import { HeightNotAvailableError } from "./store/errors.js";
import type { Branch, Store } from "./store/index.js";
import { modulePrefix } from "./store/prefixStore.js";
import { isFatal, noTransactions, type TxEnv, type TxProcessor, type TxResult } from "./tx/processor.js";
import { AdmittedTxs } from "./tx/admittedTxs.js";
import { errorResult } from "../common/errors.js";
import { registerSimulate } from "./query/simulateService.js";
import { APP_NAME, APP_PROTOCOL_VERSION, APP_SEMVER } from "../common/version.js";
import type { SnapshotManager } from "./snapshots/manager.js";
import { SnapshotRestore } from "./snapshots/restore.js";
import { applyResult, offerResult } from "./snapshots/abciResults.js";

const EPOCH = create(TimestampSchema);

/** App-level keys live under this namespace; no module may take the name. */
const APP_NAMESPACE = "app/";
const CHAIN_ID_KEY = Buffer.from(`${APP_NAMESPACE}chain_id`);

/** The SDK's "internal" code, for CheckTx failures outside the tx pipeline. */
const INTERNAL_RESULT = { codespace: "sdk", code: 1 } as const;

export interface AppOptions {
  store: Store;
  modules: readonly AppModule[];
  logger: Logger;
  txProcessor?: TxProcessor;
  queries?: QueryRouter;
  /**
   * Fault injection for crash tests only: stretches FinalizeBlock and both sides of the Commit
   * write by this many ms, so a random kill lands inside them. Never set on a real node.
   */
  faultBlockDelayMs?: number;
  /** Where query methods run (the worker pool, app/query/pool/); default: this thread. */
  queryExecutor?: QueryExecutor;
  /**
   * Where CometBFT's consensus params are kept (the consensus module's keeper). Without it
   * InitChain keeps none and proposals are held to CometBFT's own caps only.
   */
  consensusParams?: ConsensusParamsStore;
  /** Snapshots taken after Commit and served for state sync, and restores (app/snapshots/); absent = none. */
  snapshots?: SnapshotManager;
  /**
   * Called once CometBFT's handshake with this app is through (its Info on a chain with blocks,
   * InitChain on a new one), after the answer has gone out. CometBFT then waits about a block
   * interval before the first proposal: time for start-up work the handshake should not queue
   * behind (app/main.ts loads the EVM's code then).
   */
  afterHandshake?: () => void;
  /** When CheckTx may run between a block's txs (app/checkTxWindows.ts); default: DEFAULT_CHECK_TX_WINDOWS. */
  checkTxWindows?: CheckTxWindowOptions;
}

interface PendingGenesis {
  branch: Branch;
  hash: Uint8Array;
  initialHeight: number;
}

interface PendingBlock {
  /** What Commit persists: the genesis branch for the first block, else the block itself. */
  root: Branch;
  /** The block's own writes; merged into `root` only at Commit, so a repeated FinalizeBlock starts clean. */
  block: Branch;
  height: number;
  hash: Uint8Array;
  /** The hash this block chains from, which a snapshot at its height records. */
  prevHash: Uint8Array;
}

/** How long the pre-Commit mempool view may still answer pending reads (wall clock: queries only). */
const RECHECK_GRACE_MS = 2_000;

export class UnitApp extends BaseApplication {
  private readonly store: Store;
  private readonly modules: readonly AppModule[];
  private readonly logger: Logger;
  private readonly txProcessor: TxProcessor;
  readonly queries: QueryRouter;
  private readonly serial = new SerialQueue();
  /** CheckTx between a block's txs, on the check state, which the block does not touch. */
  private readonly checkTxWindows: CheckTxWindows;
  /** Reads the last block's record for CheckTx's header (blockinfo's keeper holds no state). */
  private readonly blockInfo = new BlockInfoKeeper();
  private chainId = "";
  private genesis: PendingGenesis | undefined;
  private pending: PendingBlock | undefined;
  private checkState: Branch;
  /**
   * The mempool's state from before the last Commit, kept for pending reads (an EVM account's
   * pending nonce) until CometBFT has rechecked the txs still waiting: without it a wallet asking
   * in that gap would not see its own waiting txs and reuse a nonce. Dropped at the first new
   * CheckTx (CometBFT sends the rechecks first, on the same connection) or after a short grace.
   */
  private preCommitCheckState: { state: Branch; until: number } | undefined;
  /** The header CheckTx runs under; it changes only when a block commits, so it is built then. */
  private checkHeader: BlockHeader;
  /** Work started for queued CheckTx requests (checkTxQueued), by the request's tx bytes. */
  private readonly checksAhead = new WeakMap<Uint8Array, Promise<void>>();
  /** What CheckTx admitted into `checkState`, in order: proposals that are its first txs need no second check. */
  private readonly admitted = new AdmittedTxs();
  private readonly faultDelayMs: number;
  private readonly consensusParams: ConsensusParamsStore | undefined;
  private readonly snapshots: SnapshotManager | undefined;
  private afterHandshake: (() => void) | undefined;
  /** The state-sync restore in progress, between OfferSnapshot and its last chunk. */
  private restore: SnapshotRestore | undefined;
  /** Pruning's deletions, between blocks. */
  private readonly pruner: BackgroundPruner;

  constructor(options: AppOptions) {
    super();
    if (options.modules.some((m) => m.name === APP_NAMESPACE.slice(0, -1))) throw new Error(`module name "app" is reserved`);
    this.store = options.store;
    this.modules = options.modules;
    for (const m of this.modules) for (const prefix of m.blockKeyedPrefixes ?? []) this.store.declareBlockKeyed(Buffer.concat([modulePrefix(m.name), prefix]));
    this.logger = options.logger;
    this.txProcessor = options.txProcessor ?? noTransactions;
    this.queries = options.queries ?? new QueryRouter();
    if (options.queryExecutor) this.queries.useExecutor(options.queryExecutor);
    this.faultDelayMs = options.faultBlockDelayMs ?? 0;
    this.consensusParams = options.consensusParams;
    this.snapshots = options.snapshots;
    this.afterHandshake = options.afterHandshake;
    this.checkTxWindows = new CheckTxWindows(options.checkTxWindows);
    this.pruner = new BackgroundPruner(this.store, this.serial, this.logger.child({ component: "pruning" }));
    // Deletions a previous run left pending.
    this.pruner.kick();
    if (this.store.lastHeight > 0) this.chainId = Buffer.from(this.store.view().get(CHAIN_ID_KEY) ?? []).toString();
    this.checkState = this.store.begin();
    this.checkHeader = this.nextCheckHeader();
    // Queries that read the mempool's view (an EVM account's pending nonce) or the latest state
    // whatever height they were asked at (EVM blocks and logs), on gRPC and ABCI Query alike.
    this.queries.services.provideStateAccess({
      pending: () => this.pendingViews(),
      latest: () => ({ state: this.store.view(), height: this.store.lastHeight }),
    });
    const simulate = this.txProcessor.simulate?.bind(this.txProcessor);
    if (simulate)
      registerSimulate(this.queries.services, (tx) => simulate({ header: this.checkHeader, state: this.simulationState(), logger: this.logger }, tx));
  }

  /** Stops the work the app runs on its own between requests (pruning's deletions); call before closing the store. */
  stop(): void {
    this.pruner.stop();
  }

  /** A throwaway branch over the latest committed state (genesis before block 1 commits). */
  private simulationState(): Branch {
    return this.genesis ? this.genesis.branch.branch() : this.store.begin();
  }

  /**
   * Queued behind in-flight consensus work: a CometBFT restarted while its predecessor's Commit
   * is still running must see the height that Commit produces, or it would replay that block
   * onto state that already contains it.
   */
  override info(_req: pb.RequestInfo): Promise<A.InfoResult> {
    return this.serial.run(() => {
      if (this.store.lastHeight > 0) this.handshakeDone();
      return {
        data: APP_NAME,
        version: APP_SEMVER,
        appVersion: APP_PROTOCOL_VERSION,
        lastBlockHeight: BigInt(this.store.lastHeight),
        lastBlockAppHash: this.store.lastHash,
      };
    });
  }

  /** Runs afterHandshake the first time only, once the current answer has been sent. */
  private handshakeDone(): void {
    const callback = this.afterHandshake;
    this.afterHandshake = undefined;
    if (callback) setImmediate(callback);
  }

  override initChain(req: pb.RequestInitChain): Promise<A.InitChainResult> {
    return this.serial.run(async () => {
      if (this.store.lastHeight > 0) throw new Error(`InitChain on a chain that has committed height ${this.store.lastHeight}`);
      const initialHeight = req.initialHeight > 0n ? Number(req.initialHeight) : 1;
      const branch = this.store.begin();
      branch.set(CHAIN_ID_KEY, Buffer.from(req.chainId));
      const appState = parseAppState(req.appStateBytes, this.modules);
      const header: BlockHeader = {
        chainId: req.chainId,
        height: BigInt(initialHeight - 1),
        time: req.time ?? EPOCH,
        hash: new Uint8Array(),
        proposerAddress: new Uint8Array(),
      };
      const ctx = new Context(header, branch, this.logger);
      // As the SDK's InitChain stores them: the limits every later proposal is checked against.
      if (req.consensusParams) this.consensusParams?.initParams(ctx, req.consensusParams);
      const validators: ValidatorUpdate[] = [];
      for (const m of this.modules) {
        const genesis = appState[m.name] ?? m.defaultGenesis?.();
        if (genesis !== undefined) validators.push(...(m.initGenesis?.(ctx, genesis) ?? []));
      }
      // A genesis of many accounts: its element hashes shared with the state hash threads, if any.
      await this.store.foldAhead(branch);
      const hash = this.store.appHashOf(branch, initialHeight - 1, new Uint8Array());
      this.chainId = req.chainId;
      this.genesis = { branch, hash, initialHeight };
      this.pending = undefined;
      // Until block 1 commits, the mempool checks against genesis state.
      this.restartMempoolState(branch.branch());
      this.logger.info({ chainId: req.chainId, initialHeight, appHash: Buffer.from(hash).toString("hex") }, "genesis initialised");
      this.handshakeDone();
      // An empty list keeps genesis.json's validators; a chain with staking validators replaces them.
      return { appHash: hash, validators };
    });
  }

  /**
   * The mempool's txs that fit the budget and pass ProcessProposal's checks: so an honest proposer
   * never builds a block the other validators reject (see app/tx/proposalSelection.ts). They go in
   * the order this node's CheckTx admitted them (app/tx/admittedTxs.ts), where CheckTx's results
   * stand for their checks, not in CometBFT's list order, which can differ.
   */
  override prepareProposal(req: pb.RequestPrepareProposal): Promise<A.PrepareProposalResult> {
    return this.serial.run(() => {
      const select = this.txProcessor.selectForProposal?.bind(this.txProcessor);
      if (!select) return { txs: selectTxsWithinBytes(req.txs, req.maxTxBytes) };
      const env = this.proposalEnv(req.height, req.time, new Uint8Array(), req.proposerAddress);
      const params = blockLimits(this.consensusParams?.getParams(env.state));
      // CometBFT's budget is below the block's max_bytes already; the cap only makes sure of it.
      const asked = Number(req.maxTxBytes);
      const maxTxBytes = asked < 0 ? params.maxBytes : Math.min(asked, params.maxBytes);
      const txs = this.admitted.inAdmissionOrder(req.txs);
      return { txs: select(env, txs, { maxTxBytes, maxGas: params.maxGas }, this.admitted.resultsFor(txs)) };
    });
  }

  /**
   * Accepts a proposal only if every tx decodes and passes CheckTx's checks against the last
   * committed state, in order, and the txs fit the block's bytes and gas, as the SDK's default
   * handler does; otherwise a byzantine proposer could fill blocks with undecodable, fee-less txs
   * that every node stores forever. Deterministic: when the txs are the first ones this node's
   * mempool admitted, CheckTx's results stand in for the checks (app/tx/admittedTxs.ts), which give
   * the same verdict; the mempool decides only how much work the verdict takes.
   */
  override processProposal(req: pb.RequestProcessProposal): Promise<A.ProcessProposalResult> {
    return this.serial.run(() => {
      const validate = this.txProcessor.validateProposal?.bind(this.txProcessor);
      if (!validate) return { status: pb.ResponseProcessProposal_ProposalStatus.ACCEPT };
      const env = this.proposalEnv(req.height, req.time, req.hash, req.proposerAddress);
      const params = blockLimits(this.consensusParams?.getParams(env.state));
      const rejection = validate(env, req.txs, { maxTxBytes: params.maxBytes, maxGas: params.maxGas }, this.admitted.resultsFor(req.txs));
      if (!rejection) return { status: pb.ResponseProcessProposal_ProposalStatus.ACCEPT };
      this.logger.warn({ height: Number(req.height), txs: req.txs.length, ...rejection }, "rejected a block proposal");
      return { status: pb.ResponseProcessProposal_ProposalStatus.REJECT };
    });
  }

  /** Where a proposal for `height` is built or checked: a throwaway branch of the last committed state. */
  private proposalEnv(height: bigint, time: pb.RequestProcessProposal["time"], hash: Uint8Array, proposerAddress: Uint8Array): TxEnv {
    return {
      header: { chainId: this.chainId, height, time: time ?? EPOCH, hash, proposerAddress },
      state: this.simulationState(),
      logger: this.logger,
    };
  }

  override finalizeBlock(req: pb.RequestFinalizeBlock): Promise<A.FinalizeBlockResult> {
    return this.serial.run(() => this.checkTxWindows.duringBlock((between) => this.executeBlock(req, between)));
  }

  /** FinalizeBlock's work; `between` may let CheckTx run between two txs (app/checkTxWindows.ts). */
  private async executeBlock(req: pb.RequestFinalizeBlock, between: () => Promise<void> | undefined): Promise<A.FinalizeBlockResult> {
    await this.faultDelay();
    const height = Number(req.height);
    const { root, block, prevHash } = this.openBlock(height);
    const header: BlockHeader = {
      chainId: this.chainId,
      height: req.height,
      time: req.time ?? EPOCH,
      hash: req.hash,
      proposerAddress: req.proposerAddress,
    };
    const ctx = new Context(header, block, this.logger, consensusInfo(req));
    const paramsBefore = this.consensusParams?.getParams(block);
    for (const m of this.modules) m.beginBlock?.(ctx);
    // Strictly one after another: each tx sees the writes of the ones before it.
    const txResults: TxResult[] = [];
    for (const tx of req.txs) {
      txResults.push(await this.deliverTx(header, block, tx));
      const window = between();
      if (window) await window;
    }
    const validatorUpdates: ValidatorUpdate[] = [];
    for (const m of this.modules) validatorUpdates.push(...(m.endBlock?.(ctx) ?? []));
    const consensusParamUpdates = changedConsensusParams(paramsBefore, this.consensusParams?.getParams(block));
    await this.store.foldAhead(block);
    const hash = this.store.appHashOf(block, height, prevHash);
    this.pending = { root, block, height, hash, prevHash };
    return { events: ctx.events, txResults, validatorUpdates, appHash: hash, ...(consensusParamUpdates ? { consensusParamUpdates } : {}) };
  }

  override commit(_req: pb.RequestCommit): Promise<A.CommitResult> {
    return this.serial.run(async () => {
      const pending = this.pending;
      if (!pending) throw new Error("Commit without a finalized block");
      await this.faultDelay();
      // Block H's own change set, which a snapshot at H carries to prove itself against the app hash.
      const link = this.snapshots?.due(pending.height) ? { height: pending.height, prevHash: pending.prevHash, changes: pending.block.changes() } : undefined;
      if (pending.block !== pending.root) pending.block.write();
      this.store.commit(pending.root, pending.height, pending.hash);
      await this.faultDelay();
      this.pending = undefined;
      this.genesis = undefined;
      // The mempool re-checks its txs against the new state.
      this.preCommitCheckState = { state: this.checkState, until: Date.now() + RECHECK_GRACE_MS };
      this.restartMempoolState(this.store.begin());
      if (link) this.snapshots?.take(link);
      this.pruner.kick();
      return { retainHeight: 0n };
    });
  }

  /**
   * During a block's execution in its windows, otherwise in turn (app/checkTxWindows.ts); after
   * the work started for it while it was queued, if any (checkTxQueued).
   */
  override checkTx(req: pb.RequestCheckTx): Promise<A.CheckTxResult> {
    const check = () => this.check(req);
    const run = () => this.checkTxWindows.admit(check) ?? this.serial.run(check);
    const ahead = this.checksAhead.get(req.tx);
    if (ahead === undefined) return run();
    this.checksAhead.delete(req.tx);
    return ahead.then(run);
  }

  /**
   * A new tx queued behind other CheckTx requests: what its check can do before its turn starts
   * now (an Ethereum tx's sender recovery, on a sender recovery thread when the node has them).
   * Nothing here touches the check state, so the checks still run in arrival order.
   */
  checkTxQueued(req: pb.RequestCheckTx): void {
    if (req.type !== pb.CheckTxType.NEW || !this.txProcessor.checkAhead) return;
    try {
      const ahead = this.txProcessor.checkAhead({ header: this.checkHeader, state: this.checkState, logger: this.logger }, req.tx);
      if (ahead !== undefined) this.checksAhead.set(req.tx, ahead);
    } catch (err) {
      // Only a head start is lost: the check does all of its work itself.
      this.logger.debug({ err }, "could not start a CheckTx ahead");
    }
  }

  private check(req: pb.RequestCheckTx): A.CheckTxResult {
    if (req.type !== 1) this.preCommitCheckState = undefined; // the rechecks are done
    // CometBFT halts on an exception response, so nothing here may escape as one.
    try {
      // Its own branch, so its writes can be kept for the proposal checks (admittedTxs.ts).
      const state = this.checkState.branch();
      const result = safely(() => this.txProcessor.check({ header: this.checkHeader, state, logger: this.logger }, req.tx, req.type === 1));
      const writes = state.writeAndKeep();
      if ((result.code ?? 0) === 0) this.admitted.record(req.tx, result, writes);
      return result;
    } catch (err) {
      this.logger.error({ err }, "CheckTx failed outside the tx pipeline");
      return { ...INTERNAL_RESULT, log: `internal error: ${(err as Error).message}` };
    }
  }

  override listSnapshots(_req: pb.RequestListSnapshots): A.ListSnapshotsResult {
    const list = this.snapshots?.list() ?? [];
    return {
      snapshots: list.map((s) => ({
        height: BigInt(s.height),
        format: s.format,
        chunks: s.chunks,
        hash: Buffer.from(s.hash, "hex"),
        metadata: Buffer.from(s.metadata, "hex"),
      })),
    };
  }

  override loadSnapshotChunk(req: pb.RequestLoadSnapshotChunk): A.LoadSnapshotChunkResult {
    return { chunk: this.snapshots?.loadChunk(Number(req.height), req.format, req.chunk) ?? new Uint8Array() };
  }

  /** State sync: only an empty node restores, and only with somewhere to keep the chunks. */
  override offerSnapshot(req: pb.RequestOfferSnapshot): Promise<A.OfferSnapshotResult> {
    return this.serial.run(() => {
      this.restore?.discard();
      this.restore = undefined;
      const snapshot = req.snapshot;
      if (!this.snapshots || !snapshot || this.store.lastHeight > 0 || this.genesis) return { result: offerResult("abort") };
      const offered = { height: Number(snapshot.height), format: snapshot.format, chunks: snapshot.chunks, hash: snapshot.hash, metadata: snapshot.metadata };
      const session = SnapshotRestore.offer(this.snapshots.dir, offered, req.appHash, (height, hash, entries) => this.store.restore(height, hash, entries));
      if (!(session instanceof SnapshotRestore)) {
        this.logger.warn({ height: offered.height, format: offered.format, reason: session.reason }, "snapshot refused");
        return { result: offerResult(session.verdict) };
      }
      this.restore = session;
      this.logger.info({ height: offered.height, chunks: offered.chunks }, "restoring a snapshot");
      return { result: offerResult("accept") };
    });
  }

  override applySnapshotChunk(req: pb.RequestApplySnapshotChunk): Promise<A.ApplySnapshotChunkResult> {
    return this.serial.run(() => {
      const session = this.restore;
      if (!session) return { result: applyResult("abort") };
      const outcome = session.apply(req.index, req.chunk, req.sender);
      if (outcome.reason)
        this.logger.warn(
          { height: session.height, chunk: req.index, sender: req.sender, result: outcome.result, reason: outcome.reason },
          "snapshot chunk refused",
        );
      if (outcome.result === "rejectSnapshot" || outcome.restored) this.restore = undefined;
      if (outcome.restored) {
        this.chainId = Buffer.from(this.store.view().get(CHAIN_ID_KEY) ?? []).toString();
        this.restartMempoolState(this.store.begin());
        this.logger.info({ height: this.store.lastHeight, appHash: Buffer.from(this.store.lastHash).toString("hex") }, "state restored from a snapshot");
      }
      return { result: applyResult(outcome.result), refetchChunks: outcome.refetchChunks ?? [], rejectSenders: outcome.rejectSenders ?? [] };
    });
  }

  /** The mempool's views for pending reads, newest first (QueryContext.pending). */
  private pendingViews(): Branch[] {
    const before = this.preCommitCheckState;
    if (before && Date.now() < before.until) return [this.checkState, before.state];
    this.preCommitCheckState = undefined;
    return [this.checkState];
  }

  /** The mempool's state starts again from `state` (a Commit, InitChain, a restore). */
  private restartMempoolState(state: Branch): void {
    this.checkState = state;
    this.checkHeader = this.nextCheckHeader();
    this.admitted.reset();
  }

  /** The header CheckTx runs under: the next height, at the last committed block's time. */
  private nextCheckHeader(): BlockHeader {
    const next = this.genesis ? this.genesis.initialHeight : this.store.lastHeight + 1;
    const last = this.store.lastHeight > 0 ? this.blockInfo.lastBlock(this.store.view()) : undefined;
    return { chainId: this.chainId, height: BigInt(next), time: last?.time ?? EPOCH, hash: new Uint8Array(), proposerAddress: new Uint8Array() };
  }

  /** Not queued behind consensus work: it reads committed views, and may await (eth_call runs the VM). */
  override async query(req: pb.RequestQuery): Promise<A.QueryResult> {
    const height = req.height > 0n ? Number(req.height) : this.store.lastHeight;
    try {
      const view = this.store.view(height);
      return { ...(await this.queries.route(req.path, req.data, view, height)), height: BigInt(height) };
    } catch (err) {
      if (err instanceof HeightNotAvailableError) return { ...QUERY_ERRORS.heightUnavailable, log: err.message, height: BigInt(height) };
      return { ...QUERY_ERRORS.invalidRequest, log: (err as Error).message, height: BigInt(height) };
    }
  }

  private async faultDelay(): Promise<void> {
    if (this.faultDelayMs > 0) await new Promise((r) => setTimeout(r, this.faultDelayMs));
  }

  /** The branch a block at `height` writes to, the root to commit, and the hash it chains from. */
  private openBlock(height: number): { root: Branch; block: Branch; prevHash: Uint8Array } {
    if (this.genesis) {
      if (height !== this.genesis.initialHeight) throw new Error(`first block must be at height ${this.genesis.initialHeight}, got ${height}`);
      // A fresh child each time: an earlier FinalizeBlock of this height that never committed leaves no trace.
      return { root: this.genesis.branch, block: this.genesis.branch.branch(), prevHash: this.genesis.hash };
    }
    if (this.store.lastHeight === 0) throw new Error("FinalizeBlock before InitChain");
    if (height !== this.store.lastHeight + 1) throw new Error(`expected block ${this.store.lastHeight + 1}, got ${height}`);
    const root = this.store.begin();
    return { root, block: root, prevHash: this.store.lastHash };
  }

  /** Runs one tx; the processor keeps only the parts of it that succeed. */
  private async deliverTx(header: BlockHeader, block: Branch, tx: Uint8Array): Promise<TxResult> {
    try {
      return await this.txProcessor.deliver({ header, state: block, logger: this.logger }, tx);
    } catch (err) {
      return recovered(err);
    }
  }
}

/**
 * Turns an error thrown by tx code into a failed-tx result, as the SDK recovers a panic: the same
 * code throws the same way on every validator. Store and system failures are not deterministic,
 * so they propagate and halt the node rather than commit a divergent result.
 */
function safely(run: () => TxResult): TxResult {
  try {
    return run();
  } catch (err) {
    return recovered(err);
  }
}

/** The failed-tx result for an error tx code threw (see safely); fatal errors propagate. */
function recovered(err: unknown): TxResult {
  if (isFatal(err)) throw err;
  return errorResult(err);
}

/**
 * What CometBFT must apply from the next height when the block changed the stored consensus params
 * (a passed MsgUpdateParams): every part but `version`, which the app leaves to CometBFT (an
 * update carrying it would also change the app version in later block headers). The SDK sends its
 * params with every block; sending them only when they change reaches CometBFT at the same height.
 */
function changedConsensusParams(before: ConsensusParams | undefined, after: ConsensusParams | undefined): ConsensusParams | undefined {
  if (!after) return undefined;
  const encoded = (p: ConsensusParams) => Buffer.from(toBinary(ConsensusParamsSchema, p));
  if (before && encoded(before).equals(encoded(after))) return undefined;
  return create(ConsensusParamsSchema, { block: after.block, evidence: after.evidence, validator: after.validator, abci: after.abci });
}

/** Parses the genesis app_state: a JSON object keyed by module name. */
function parseAppState(bytes: Uint8Array, modules: readonly AppModule[]): Record<string, unknown> {
  if (bytes.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch (err) {
    throw new Error(`genesis app_state is not valid JSON: ${(err as Error).message}`);
  }
  if (parsed === null) return {};
  if (typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("genesis app_state must be a JSON object keyed by module name");
  const known = new Set(modules.map((m) => m.name));
  const unknown = Object.keys(parsed)
    .filter((k) => !known.has(k))
    .sort();
  if (unknown.length > 0) throw new Error(`genesis app_state names unknown modules: ${unknown.join(", ")}`);
  return parsed as Record<string, unknown>;
}
