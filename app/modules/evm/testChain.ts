// Test-only: a small chain of its own (auth, bank, precisebank, evm) with the routing tx processor,
// driven block by block the way UnitApp drives it (genesis branch as block 1's root, one branch
// per block committed with its app hash, CheckTx on a branch of the last commit at the next
// height), with only the modules the EVM needs. test/evmInProcess.test.ts runs Ethereum txs
// through UnitApp itself.
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Context, type BlockHeader } from "../../context.js";
import { defaultAppState, withGenesisBalances } from "../../genesis.js";
import { validateModuleList } from "../../module.js";
import { MODULE_ACCOUNTS } from "../../modules.js";
import { QueryRouter } from "../../query/router.js";
import { openStore, type Branch, type Store } from "../../store/index.js";
import { CosmosTxProcessor } from "../../tx/cosmosTxProcessor.js";
import { MsgRouter } from "../../tx/msgRouter.js";
import type { TxResult } from "../../tx/processor.js";
import { RoutingTxProcessor } from "../../tx/routingTxProcessor.js";
import { SignatureCache } from "../../tx/signatures.js";
import { testLogger } from "../../../test/support/logger.js";
import { accAddressToString } from "../auth/addressCodec.js";
import { AccountKeeper } from "../auth/keeper.js";
import { authModule } from "../auth/module.js";
import { BankKeeper } from "../bank/keeper.js";
import { bankModule } from "../bank/module.js";
import { brokenInvariants } from "../precisebank/invariants.js";
import { INTEGER_DENOM, PrecisebankKeeper, precisebankModule } from "../precisebank/module.js";
import { EthTxProcessor } from "./ethTxProcessor.js";
import { evmModule } from "./module.js";
import { StoreStateManager } from "./stateManager.js";

export const CHAIN_ID = "unit_2611-1";
const T0 = 1_700_000_000_000;

export class EvmTestChain {
  readonly store: Store = openStore(":memory:");
  readonly accounts = new AccountKeeper(MODULE_ACCOUNTS.map((m) => ({ name: m.name, permissions: [...m.permissions] })));
  readonly bank = new BankKeeper(this.accounts);
  readonly precisebank = new PrecisebankKeeper(this.bank, this.accounts);
  readonly modules = validateModuleList([authModule(this.accounts), bankModule(this.bank, this.accounts), precisebankModule(this.precisebank), evmModule]);
  readonly queries = new QueryRouter();
  readonly processor: RoutingTxProcessor;
  height = 0;
  private genesis: Branch | undefined;
  private checkState: Branch;

  /** `uunit` funds whole-uunit balances at genesis; `baseFee` overrides the evm param (aunit per gas). */
  constructor(funds: { address: Uint8Array; uunit: bigint }[], baseFee?: bigint) {
    const msgs = new MsgRouter();
    for (const m of this.modules) m.registerServices?.({ msgs, queries: this.queries.services });
    const cosmos = new CosmosTxProcessor(msgs, { accounts: this.accounts, bank: this.bank, sigCache: new SignatureCache() });
    this.processor = new RoutingTxProcessor(cosmos, new EthTxProcessor({ accounts: this.accounts, precisebank: this.precisebank }));
    const state = withGenesisBalances(defaultAppState(this.modules), funds.map((f) => ({ address: accAddressToString(f.address), coins: [{ denom: INTEGER_DENOM, amount: f.uunit.toString() }] }))) as Record<string, { params?: Record<string, unknown> }>;
    if (baseFee !== undefined) state.evm!.params!.base_fee = baseFee.toString();
    const root = this.store.begin();
    const ctx = new Context(this.header(0), root, testLogger);
    for (const m of this.modules) m.initGenesis?.(ctx, state[m.name]);
    this.genesis = root;
    this.checkState = root.branch();
  }

  header(height: number): BlockHeader {
    return { chainId: CHAIN_ID, height: BigInt(height), time: timestampFromMs(T0 + height * 1000), hash: new Uint8Array(32).fill(height & 0xff), proposerAddress: new Uint8Array(20) };
  }

  /** Finalizes and commits a block of `txs`, awaiting each delivery in order. */
  async block(txs: Uint8Array[]): Promise<TxResult[]> {
    const height = this.height + 1;
    const root = this.genesis ?? this.store.begin();
    const header = this.header(height);
    const results: TxResult[] = [];
    for (const tx of txs) results.push(await this.processor.deliver({ header, state: root, logger: testLogger }, tx));
    this.store.commit(root, height, root.appHash(this.store.lastHash, height));
    this.height = height;
    this.genesis = undefined;
    this.checkState = this.store.begin();
    return results;
  }

  /** CheckTx against the mempool's state (bumped by earlier checks since the last commit). */
  check(tx: Uint8Array): TxResult {
    return this.processor.check({ header: this.header(this.height + 1), state: this.checkState, logger: testLogger }, tx, false);
  }

  /** A context over a throwaway branch of the committed state. */
  ctx(): Context {
    return new Context(this.header(this.height), this.store.begin(), testLogger);
  }
  manager(): StoreStateManager {
    return new StoreStateManager({ accounts: this.accounts, precisebank: this.precisebank }, this.ctx());
  }
  balance(address: Uint8Array): bigint {
    return this.precisebank.getBalance(this.store.view(), address);
  }
  nonce(address: Uint8Array): bigint {
    return this.accounts.getAccount(this.accounts.store(this.ctx()), address)?.sequence ?? 0n;
  }
  totalSupply(): bigint {
    return this.precisebank.totalSupply(this.store.view());
  }
  bankSupply(): bigint {
    return this.bank.getSupply(this.bank.store(this.ctx()), INTEGER_DENOM);
  }
  broken(): string[] {
    return brokenInvariants(this.precisebank, this.store.view());
  }
  close(): void {
    this.store.close();
  }
}
