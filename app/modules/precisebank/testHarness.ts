// Test-only: the precisebank keeper over a real store branch with the real auth and bank keepers,
// built as app/modules.ts builds them (a module account list that includes the reserve). State
// is set up through the real genesis functions, so a harness state is one genesis would accept.
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Context } from "../../context.js";
import { AppError } from "../../../common/errors.js";
import { QueryServices } from "../../query/service.js";
import { openStore, type Branch, type Store } from "../../store/index.js";
import { testLogger } from "../../../test/support/logger.js";
import { accAddressToString } from "../../../common/address.js";
import { AccountKeeper } from "../auth/keeper.js";
import { moduleAddress, PRECISEBANK_RESERVE } from "../../../common/moduleAccounts.js";
import { BankKeeper } from "../bank/keeper.js";
import { CONVERSION_FACTOR, INTEGER_DENOM } from "./denoms.js";
import { initPrecisebankGenesis } from "./genesis.js";
import { PrecisebankKeeper } from "./keeper.js";
import { registerPrecisebankQueries } from "./queryServer.js";

export const CF = CONVERSION_FACTOR;

/** A deterministic address: 20 copies of `n`. */
export function addr(n: number): Uint8Array {
  return new Uint8Array(20).fill(n);
}

export interface Holding {
  address: Uint8Array;
  /** Full balance in aunit: its uunit go to bank, its fraction to precisebank. */
  aunit: bigint;
}

export class Harness {
  readonly store: Store = openStore(":memory:");
  readonly branch: Branch = this.store.begin();
  readonly accounts = new AccountKeeper([
    { name: "fee_collector", permissions: [] },
    { name: "gov", permissions: ["burner"] },
    { name: PRECISEBANK_RESERVE, permissions: ["burner"] },
  ]);
  readonly bank = new BankKeeper(this.accounts);
  readonly keeper = new PrecisebankKeeper(this.bank, this.accounts);
  readonly queries = new QueryServices();
  readonly reserve = moduleAddress(PRECISEBANK_RESERVE);

  /**
   * Accounts with the given aunit balances. The reserve gets exactly the uunit that back their
   * fractions plus the remainder; when no remainder is given, the smallest one that makes the
   * backing whole is chosen.
   */
  constructor(holdings: Holding[] = [], remainder?: bigint) {
    registerPrecisebankQueries(this.queries, this.keeper);
    const ctx = this.ctx();
    for (const m of this.accounts.moduleAccounts) this.accounts.newAccount(ctx, moduleAddress(m.name), { name: m.name, permissions: m.permissions });
    let fractions = 0n;
    for (const h of holdings) fractions += h.aunit % CF;
    const r = remainder ?? (CF - (fractions % CF)) % CF;
    const backing = [...holdings.map((h) => ({ address: h.address, uunit: h.aunit / CF })), { address: this.reserve, uunit: (fractions + r) / CF }];
    let supply = 0n;
    for (const b of backing) {
      if (b.uunit > 0n) this.bank.setGenesisBalance(ctx, b.address, { denom: INTEGER_DENOM, amount: b.uunit });
      supply += b.uunit;
    }
    this.bank.setSupply(ctx, { denom: INTEGER_DENOM, amount: supply });
    initPrecisebankGenesis(ctx, this.keeper, {
      balances: holdings.filter((h) => h.aunit % CF !== 0n).map((h) => ({ address: accAddressToString(h.address), amount: (h.aunit % CF).toString() })),
      remainder: r.toString(),
    });
  }

  ctx(): Context {
    return new Context(
      { chainId: "unit_2611-1", height: 3n, time: timestampFromMs(1_700_000_000_000), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) },
      this.branch,
      testLogger,
    );
  }

  balance(address: Uint8Array): bigint {
    return this.keeper.getBalance(this.branch, address);
  }
  fraction(address: Uint8Array): bigint {
    return this.keeper.getFractionalBalance(this.branch, address);
  }
  uunit(address: Uint8Array): bigint {
    return this.bank.getBalance(this.ctx().store, address, INTEGER_DENOM);
  }
  remainder(): bigint {
    return this.keeper.getRemainder(this.branch);
  }
  bankSupply(): bigint {
    return this.bank.getSupply(this.ctx().store, INTEGER_DENOM);
  }
  totalSupply(): bigint {
    return this.keeper.totalSupply(this.branch);
  }

  /** Runs `op` as a tx would run it: in a nested branch kept only on success. Returns the AppError, if any. */
  run(op: (ctx: Context) => void): { error?: AppError; events: Context["events"] } {
    const nested = this.ctx().nested();
    try {
      op(nested.ctx);
      nested.write();
      return { events: nested.ctx.events };
    } catch (err) {
      if (err instanceof AppError) return { error: err, events: nested.ctx.events };
      throw err;
    }
  }

  /** Runs `op` straight on the branch: a failing op that wrote anything first would show in `dump()`. */
  direct(op: (ctx: Context) => void): AppError {
    const ctx = this.ctx();
    try {
      op(ctx);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error("operation unexpectedly succeeded");
  }

  /** Every key and value in the branch, hex, in key order. */
  dump(): string[] {
    return [...this.branch.iterator()].map(({ key, value }) => `${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`);
  }

  query<I extends DescMessage, O extends DescMessage>(path: string, input: I, req: MessageInitShape<I>, output: O): MessageShape<O> {
    const method = this.queries.method(path);
    if (!method) throw new Error(`no query method ${path}`);
    return fromBinary(output, method.handle(toBinary(input, create(input, req)), { state: this.branch, height: 3 }));
  }

  close(): void {
    this.store.close();
  }
}
