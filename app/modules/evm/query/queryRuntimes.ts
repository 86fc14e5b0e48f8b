// VMs kept between eth_calls. Building a VM (its Common's parameter table, the EVM's opcode and
// precompile tables) costs more than running a balanceOf, about 0.6 ms, so a query takes an idle
// VM and gives it back when its runs are over. A VM runs for one block context at a time (chain
// id, number, time, base fee: what a query at one height sees), fixed by the block it runs txs
// in: one kept for another height gets that height's block (contextBlock, about 0.1 ms), so a new
// height costs no new VMs. Only a VM whose runs all ended normally goes back, with its state
// manager emptied and detached from the query's state; one whose run threw (a timeout, a cancel,
// a store failure) is dropped, as FinalizeBlock drops its VM. A VM serves one query at a time:
// taken out while it runs, so concurrent queries get different ones. Which VM a query gets never
// changes its answer: every run starts from an empty journal over the query's own state
// (callRunner.ts), as on a fresh VM.
import type { StateReader } from "../../../store/types.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { StoreStateManager } from "../state/stateManager.js";
import { blockHashChain } from "../tx/blockHashChain.js";
import { BudgetSlot, type Ticker } from "../tx/budgetSlot.js";
import type { EvmBlockContext, EvmRuntime } from "../tx/vmFactory.js";
import { loadVm } from "../tx/vmLoader.js";
import { queryContext } from "./queryState.js";

/** Idle VMs kept per chain id: as many as queries run at once (MAX_RUNNING_QUERIES). */
const IDLE_PER_CHAIN = 4;

function refuse(): never {
  throw new Error("an idle query VM has no state");
}

/** What an idle VM reads: no state, so it pins no view of the store. */
const NO_STATE: StateReader = { wholeState: true, get: refuse, has: refuse, iterator: refuse, prefixIterator: refuse };
const DETACHED = queryContext(NO_STATE, 0n);

/** The state of the query a VM runs for now; BLOCKHASH reads blockinfo through it. */
class CurrentState implements StateReader {
  readonly wholeState = true;
  state: StateReader = NO_STATE;
  get: StateReader["get"] = (key) => this.state.get(key);
  has: StateReader["has"] = (key) => this.state.has(key);
  iterator: StateReader["iterator"] = (options) => this.state.iterator(options);
  prefixIterator: StateReader["prefixIterator"] = (prefix, reverse) => this.state.prefixIterator(prefix, reverse);
}

/** A VM for queries, its state manager, and what its hooks read: the running query's budget and state. */
export interface QueryRuntime {
  runtime: EvmRuntime;
  /** The block context runtime.block is for (contextKey). */
  context: string;
  sm: StoreStateManager;
  budget: BudgetSlot;
  state: CurrentState;
}

export class QueryRuntimes {
  private readonly idle = new Map<bigint, QueryRuntime[]>();
  /** VMs built, for tests of the reuse. */
  built = 0;

  /** `inline`: VMs for the app's own thread, with inline limits (tx/inlineGuards.ts). */
  constructor(
    private readonly keepers: EvmKeepers,
    private readonly inline = false,
  ) {}

  /**
   * A VM for `context` over `state` (a committed view at the query's height), running on `budget`:
   * an idle one when there is one (one already at `context` first), else a new one. Hand it back
   * with release().
   */
  async take(chainId: bigint, context: EvmBlockContext, state: StateReader, budget: Ticker): Promise<QueryRuntime> {
    const key = contextKey(context);
    const ctx = queryContext(state, context.number);
    const list = this.idle.get(chainId);
    const at = list ? list.findIndex((rt) => rt.context === key) : -1;
    const kept = at >= 0 ? list!.splice(at, 1)[0] : list?.pop();
    if (kept) {
      if (kept.context !== key) {
        kept.runtime.block = (await loadVm()).contextBlock(kept.runtime.vm, context);
        kept.context = key;
      }
      kept.sm.attach(ctx);
      kept.budget.use(budget);
      kept.state.state = state;
      return kept;
    }
    const rt = { sm: new StoreStateManager(this.keepers, ctx), budget: new BudgetSlot(), state: new CurrentState() };
    rt.budget.use(budget);
    rt.state.state = state;
    const { createEvmRuntime } = await loadVm();
    const runtime = await createEvmRuntime(chainId, rt.sm, blockHashChain(this.keepers.blocks, rt.state), context, rt.budget, this.inline);
    this.built++;
    return { ...rt, runtime, context: key };
  }

  /** Gives back a VM whose runs all ended normally (`reusable`); any other is dropped. */
  release(chainId: bigint, rt: QueryRuntime, reusable: boolean): void {
    rt.budget.use(undefined);
    rt.state.state = NO_STATE;
    if (!reusable || rt.sm.depth !== 0) return;
    rt.sm.discard();
    rt.sm.attach(DETACHED);
    let list = this.idle.get(chainId);
    if (!list) this.idle.set(chainId, (list = []));
    if (list.length < IDLE_PER_CHAIN) list.push(rt);
  }
}

function contextKey(c: EvmBlockContext): string {
  return `${c.number}/${c.timestamp}/${c.baseFee}`;
}
