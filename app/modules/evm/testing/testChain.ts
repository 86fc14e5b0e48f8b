// Test-only: a small chain of its own (blockinfo, auth, bank, precisebank, evm) with the routing tx
// processor, driven block by block the way UnitApp drives it (genesis branch as block 1's root,
// begin-block hooks, one branch per block committed with its app hash, CheckTx on a branch of the
// last commit at the next height), with only the modules the EVM needs. test/evmInProcess.test.ts
// runs Ethereum txs through UnitApp itself.
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Context, type AbciEvent, type BlockHeader } from "../../../context.js";
import { defaultAppState, withGenesisBalances } from "../../../genesis.js";
import { validateModuleList } from "../../../module.js";
import { MODULE_ACCOUNTS } from "../../../modules.js";
import { QueryRouter } from "../../../query/router.js";
import { openStore, type Branch, type Store } from "../../../store/index.js";
import { CosmosTxProcessor } from "../../../tx/cosmosTxProcessor.js";
import { MsgRouter } from "../../../tx/msgRouter.js";
import type { TxEnv, TxResult } from "../../../tx/processor.js";
import { RoutingTxProcessor } from "../../../tx/routingTxProcessor.js";
import { SignatureCache } from "../../auth/signatures.js";
import { BLOCK_GAS_LIMIT } from "../state/params.js";
import { authAnteHandler } from "../../auth/ante.js";
import { testLogger } from "../../../../test/support/logger.js";
import { accAddressToString } from "../../../../common/address.js";
import { BlockInfoKeeper } from "../../blockinfo/keeper.js";
import { blockInfoModule } from "../../blockinfo/module.js";
import { AccountKeeper } from "../../auth/keeper.js";
import { authModule } from "../../auth/module.js";
import { BankKeeper } from "../../bank/keeper.js";
import { bankModule } from "../../bank/module.js";
import { brokenInvariants } from "../../precisebank/invariants.js";
import { INTEGER_DENOM, PrecisebankKeeper, precisebankModule } from "../../precisebank/module.js";
import { EthTxProcessor } from "../tx/ethTxProcessor.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { evmModule } from "../module.js";
import { StoreStateManager } from "../state/stateManager.js";
import { EvmKeeper } from "../state/keeper.js";

export const CHAIN_ID = "unit_2611-1";
const T0 = 1_700_000_000_000;

export class EvmTestChain {
  readonly store: Store = openStore(":memory:");
  readonly accounts = new AccountKeeper(MODULE_ACCOUNTS.map((m) => ({ name: m.name, permissions: [...m.permissions] })));
  readonly bank = new BankKeeper(this.accounts);
  readonly precisebank = new PrecisebankKeeper(this.bank, this.accounts);
  readonly blockInfo = new BlockInfoKeeper();
  readonly evmKeepers: EvmKeepers = { evm: new EvmKeeper(), accounts: this.accounts, precisebank: this.precisebank, blocks: this.blockInfo };
  readonly modules = validateModuleList([
    blockInfoModule(this.blockInfo),
    authModule(this.accounts),
    bankModule(this.bank, this.accounts),
    precisebankModule(this.precisebank),
    evmModule(this.evmKeepers),
  ]);
  readonly queries = new QueryRouter();
  readonly processor: RoutingTxProcessor;
  /** The last block's own events (its begin and end blocks'), as FinalizeBlock returns them. */
  blockEvents: readonly AbciEvent[] = [];
  height = 0;
  private genesis: Branch | undefined;
  private checkState: Branch;

  /** `uunit` funds whole-uunit balances at genesis; `minBaseFee` overrides the evm param (aunit per gas). */
  constructor(funds: { address: Uint8Array; uunit: bigint }[], minBaseFee?: bigint) {
    const msgs = new MsgRouter();
    for (const m of this.modules) m.registerServices?.({ msgs, queries: this.queries.services });
    const cosmos = new CosmosTxProcessor(msgs, authAnteHandler({ accounts: this.accounts, bank: this.bank, sigCache: new SignatureCache() }));
    this.processor = new RoutingTxProcessor(cosmos, new EthTxProcessor(this.evmKeepers), BLOCK_GAS_LIMIT);
    this.queries.services.provideStateAccess({ pending: () => [this.checkState], latest: () => ({ state: this.store.view(), height: this.store.lastHeight }) });
    const state = withGenesisBalances(
      defaultAppState(this.modules),
      funds.map((f) => ({ address: accAddressToString(f.address), coins: [{ denom: INTEGER_DENOM, amount: f.uunit.toString() }] })),
    ) as Record<string, { params?: Record<string, unknown> }>;
    if (minBaseFee !== undefined) state.evm!.params!.min_base_fee = minBaseFee.toString();
    const root = this.store.begin();
    const ctx = new Context(this.header(0), root, testLogger);
    for (const m of this.modules) m.initGenesis?.(ctx, state[m.name]);
    this.genesis = root;
    this.checkState = root.branch();
  }

  header(height: number): BlockHeader {
    return {
      chainId: CHAIN_ID,
      height: BigInt(height),
      time: timestampFromMs(T0 + height * 1000),
      hash: blockHashOf(height),
      proposerAddress: new Uint8Array(20),
    };
  }

  /** Finalizes and commits a block of `txs`, awaiting each delivery in order, then the end blocks. */
  async block(txs: Uint8Array[]): Promise<TxResult[]> {
    const height = this.height + 1;
    const root = this.genesis ?? this.store.begin();
    const header = this.header(height);
    const ctx = new Context(header, root, testLogger);
    for (const m of this.modules) m.beginBlock?.(ctx);
    const results: TxResult[] = [];
    for (const tx of txs) results.push(await this.processor.deliver({ header, state: root, logger: testLogger }, tx));
    for (const m of this.modules) m.endBlock?.(ctx);
    this.blockEvents = ctx.events;
    this.store.commit(root, height, this.store.appHashOf(root, height, this.store.lastHash));
    this.height = height;
    this.genesis = undefined;
    this.checkState = this.store.begin();
    return results;
  }

  /** Where the next block's proposal is built or checked: a throwaway branch of the committed state. */
  proposalEnv(): TxEnv {
    return { header: this.header(this.height + 1), state: (this.genesis ?? this.store.begin()).branch(), logger: testLogger };
  }

  /** CheckTx against the mempool's state (bumped by earlier checks since the last commit). */
  check(tx: Uint8Array): TxResult {
    return this.processor.check({ header: this.header(this.height + 1), state: this.checkState, logger: testLogger }, tx, false);
  }

  /** A chain.evm.Query (or any query service) method by its gRPC path at `height` (0 = latest); throws the log on failure. */
  async query<I extends DescMessage, O extends DescMessage>(path: string, input: I, req: MessageInitShape<I>, output: O, height = 0): Promise<MessageShape<O>> {
    const at = height || this.store.lastHeight;
    const res = await this.queries.route(path, toBinary(input, create(input, req)), this.store.view(at), at);
    if ((res.code ?? 0) !== 0) throw new Error(res.log);
    return fromBinary(output, res.value ?? new Uint8Array());
  }

  /** A context over a throwaway branch of the committed state. */
  ctx(): Context {
    return new Context(this.header(this.height), this.store.begin(), testLogger);
  }
  manager(): StoreStateManager {
    return new StoreStateManager(this.evmKeepers, this.ctx());
  }
  balance(address: Uint8Array): bigint {
    return this.precisebank.getBalance(this.store.view(), address);
  }
  nonce(address: Uint8Array): bigint {
    return this.accounts.getAccount(this.ctx().store, address)?.sequence ?? 0n;
  }
  totalSupply(): bigint {
    return this.precisebank.totalSupply(this.store.view());
  }
  bankSupply(): bigint {
    return this.bank.getSupply(this.ctx().store, INTEGER_DENOM);
  }
  broken(): string[] {
    return brokenInvariants(this.precisebank, this.store.view());
  }
  close(): void {
    this.store.close();
  }
}

/** The block hash the test chain gives block `height`: distinct per height, never all zero. */
export function blockHashOf(height: number): Uint8Array {
  const hash = new Uint8Array(32).fill(0xb0);
  new DataView(hash.buffer).setUint32(28, height);
  return hash;
}
