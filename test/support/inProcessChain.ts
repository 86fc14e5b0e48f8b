// The real app and store driven by ABCI calls in-process, without CometBFT: for pipeline tests
// that need thousands of txs and exact control over blocks. Consensus itself is tested with the
// real binary in the integration tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../../gen/tendermint/abci/types_pb.js";
import type { ConsensusParamsSchema } from "../../gen/tendermint/types/params_pb.js";
import { UnitApp } from "../../app/app.js";
import type { CheckTxWindowOptions } from "../../app/checkTxWindows.js";
import { defaultAppState, withGenesisBalances, type GenesisBalance } from "../../app/genesis.js";
import { wireApp } from "../../app/modules.js";
import { openStore, type Store } from "../../app/store/index.js";
import type { ElementFolder } from "../../app/store/elementFold/pool.js";
import type { CheckTxResult, FinalizeBlockResult, InitChainResult, QueryResult } from "../../abci/application.js";
import { testLogger } from "./logger.js";

export const TEST_CHAIN_ID = "unit_2611-1";
/** Genesis time; block h is at this plus h seconds. */
export const GENESIS_TIME_MS = 1_700_000_000_000;

export class InProcessChain {
  height = 0;

  private constructor(
    readonly app: UnitApp,
    readonly store: Store,
    private readonly dir: string,
  ) {}

  /** What InitChain answered (the genesis validator set among it). */
  initChainResult: InitChainResult = {};

  /**
   * A chain whose genesis is every module's defaults plus `balances`; `editAppState` may change
   * the result (staking validators, shorter periods). Blocks are one second apart.
   */
  static async create(
    balances: readonly GenesisBalance[],
    options: {
      editAppState?: (state: Record<string, unknown>) => Record<string, unknown>;
      /** The block's consensus limits InitChain hands the app (CometBFT always sends them; default: none). */
      blockParams?: { maxBytes: bigint; maxGas: bigint };
      /** All of InitChain's consensus params, as CometBFT sends them (overrides blockParams). */
      consensusParams?: MessageInitShape<typeof ConsensusParamsSchema>;
      /** When CheckTx may run between a block's txs (default: the node's). */
      checkTxWindows?: CheckTxWindowOptions;
      /** Threads that share the state hash's element hashes (app/store/elementFold; default: none). */
      elementFolder?: ElementFolder;
    } = {},
  ): Promise<InProcessChain> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-chain-"));
    const store = openStore(path.join(dir, "app.db"), { synchronous: "NORMAL" });
    store.useElementFolder(options.elementFolder);
    const app = new UnitApp({ store, ...wireApp(), logger: testLogger, ...(options.checkTxWindows ? { checkTxWindows: options.checkTxWindows } : {}) });
    const defaults = withGenesisBalances(defaultAppState(wireApp().modules), balances);
    const appState = options.editAppState ? options.editAppState(defaults) : defaults;
    const chain = new InProcessChain(app, store, dir);
    chain.initChainResult = await app.initChain(
      create(pb.RequestInitChainSchema, {
        chainId: TEST_CHAIN_ID,
        initialHeight: 1n,
        appStateBytes: Buffer.from(JSON.stringify(appState)),
        time: timestampFromMs(GENESIS_TIME_MS),
        ...(options.consensusParams
          ? { consensusParams: options.consensusParams }
          : options.blockParams
            ? { consensusParams: { block: options.blockParams } }
            : {}),
      }),
    );
    return chain;
  }

  checkTx(tx: Uint8Array, recheck = false): Promise<CheckTxResult> {
    return Promise.resolve(this.app.checkTx(create(pb.RequestCheckTxSchema, { tx, type: recheck ? 1 : 0 })));
  }

  /** Finalizes and commits one block holding `txs`. */
  async block(txs: Uint8Array[]): Promise<FinalizeBlockResult> {
    const result = await this.finalize(txs);
    await this.commit();
    return result;
  }

  /** FinalizeBlock alone for the next height (commit() follows). */
  finalize(txs: Uint8Array[]): Promise<FinalizeBlockResult> {
    this.height++;
    return this.app.finalizeBlock(
      create(pb.RequestFinalizeBlockSchema, {
        txs,
        height: BigInt(this.height),
        time: timestampFromMs(GENESIS_TIME_MS + this.height * 1000),
        hash: new Uint8Array(32).fill(this.height % 256),
        proposerAddress: new Uint8Array(20),
      }),
    );
  }

  async commit(): Promise<void> {
    await this.app.commit(create(pb.RequestCommitSchema));
  }

  /** PrepareProposal for the next block over `txs` (the mempool's, in order). */
  async prepareProposal(txs: Uint8Array[], maxTxBytes = 1_048_576n): Promise<Uint8Array[]> {
    const next = this.height + 1;
    const res = await this.app.prepareProposal(
      create(pb.RequestPrepareProposalSchema, { txs, maxTxBytes, height: BigInt(next), time: timestampFromMs(GENESIS_TIME_MS + next * 1000) }),
    );
    return res.txs ?? [];
  }

  /** ProcessProposal for the next block holding `txs`: true when the app accepts it. */
  async processProposal(txs: Uint8Array[]): Promise<boolean> {
    const next = this.height + 1;
    const res = await this.app.processProposal(
      create(pb.RequestProcessProposalSchema, {
        txs,
        height: BigInt(next),
        time: timestampFromMs(GENESIS_TIME_MS + next * 1000),
        hash: new Uint8Array(32).fill(next % 256),
        proposerAddress: new Uint8Array(20),
      }),
    );
    return res.status === pb.ResponseProcessProposal_ProposalStatus.ACCEPT;
  }

  async query(path: string, data: Uint8Array, height = 0): Promise<QueryResult> {
    return this.app.query(create(pb.RequestQuerySchema, { path, data, height: BigInt(height) }));
  }

  /** A gRPC-path query with typed request and response; throws with the log on a non-zero code. */
  async grpc<I extends DescMessage, O extends DescMessage>(path: string, input: I, req: MessageInitShape<I>, output: O): Promise<MessageShape<O>> {
    const res = await this.query(path, toBinary(input, create(input, req)));
    if ((res.code ?? 0) !== 0) throw new Error(`query ${path} failed with code ${res.code}: ${res.log}`);
    return fromBinary(output, res.value ?? new Uint8Array());
  }

  close(): void {
    this.store.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
