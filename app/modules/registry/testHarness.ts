// Test-only: the registry and taxrail keepers over a real store branch with the real auth and bank
// keepers, connected as app/modules.ts connects them (registry charges tax through taxrail, taxrail
// asks registry for jurisdiction authorities). Identity is a set of attested addresses the test
// controls. Handlers run as the tx pipeline runs them (validateBasic, then handle) straight on the
// block's branch, so a failing handler that wrote anything before throwing would show in `dump()`.
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Context, type AbciEvent } from "../../context.js";
import { AppError } from "../../../common/errors.js";
import { QueryServices } from "../../query/service.js";
import { openStore, type Branch, type Store } from "../../store/index.js";
import { decodedMsg, executeMsg, type MsgHandler } from "../../tx/msgRouter.js";
import { testLogger } from "../../../test/support/logger.js";
import { accAddressToString } from "../../../common/address.js";
import { GOV_ACCOUNT, moduleAddress, TAXRAIL_ACCOUNT } from "../../../common/moduleAccounts.js";
import { AccountKeeper } from "../auth/keeper.js";
import { BankKeeper } from "../bank/keeper.js";
import { TaxrailKeeper } from "../taxrail/keeper.js";
import { registerTaxrailQueries } from "../taxrail/queryServer.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { RegistryKeeper } from "./keeper.js";
import { registerRegistryQueries } from "./queryServer.js";

export const BLOCK_TIME_MS = 1_700_000_123_000;
export const HEIGHT = 7n;
export const DENOM = "uunit";

/** A deterministic address: 20 copies of `n`, and its bech32. */
export function addr(n: number): { bytes: Uint8Array; text: string } {
  const bytes = new Uint8Array(20).fill(n);
  return { bytes, text: accAddressToString(bytes) };
}

export class Harness {
  readonly store: Store = openStore(":memory:");
  readonly branch: Branch = this.store.begin();
  readonly accounts = new AccountKeeper([
    { name: GOV_ACCOUNT, permissions: ["burner"] },
    { name: TAXRAIL_ACCOUNT, permissions: [] },
  ]);
  readonly bank = new BankKeeper(this.accounts);
  /** The bech32 addresses identity would call attested. */
  readonly attested = new Set<string>();
  readonly taxrail: TaxrailKeeper = new TaxrailKeeper(
    this.bank,
    this.accounts,
    { jurisdictionAuthority: (s, c) => this.registry.jurisdictionAuthority(s, c) },
    GOV_AUTHORITY,
  );
  readonly registry: RegistryKeeper = new RegistryKeeper(
    { isAttested: (_state, address) => this.attested.has(accAddressToString(address)) },
    { collectTransferTax: (ctx, t) => this.taxrail.collectTransferTax(ctx, t) },
    GOV_AUTHORITY,
  );
  readonly queries = new QueryServices();
  readonly taxAccount = moduleAddress(TAXRAIL_ACCOUNT);

  /** `funds`: uunit balances credited as bank's genesis would (supply follows). */
  constructor(funds: { address: Uint8Array; amount: bigint }[] = []) {
    registerRegistryQueries(this.queries, this.registry);
    registerTaxrailQueries(this.queries, this.taxrail);
    const ctx = this.ctx();
    for (const m of this.accounts.moduleAccounts) this.accounts.newAccount(ctx, moduleAddress(m.name), { name: m.name, permissions: m.permissions });
    let supply = 0n;
    for (const f of funds) {
      this.bank.setGenesisBalance(ctx, f.address, { denom: DENOM, amount: f.amount });
      supply += f.amount;
    }
    this.bank.setSupply(ctx, { denom: DENOM, amount: supply });
  }

  ctx(): Context {
    return new Context(
      { chainId: "unit_2611-1", height: HEIGHT, time: timestampFromMs(BLOCK_TIME_MS), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) },
      this.branch,
      testLogger,
    );
  }

  balance(address: Uint8Array, denom = DENOM): bigint {
    return this.bank.getBalance(this.branch, address, denom);
  }

  /** Runs a message to success; returns its response and the events it emitted. */
  run<I extends DescMessage, O extends DescMessage>(handler: MsgHandler<I, O>, msg: MessageInitShape<I>): { response: MessageShape<O>; events: AbciEvent[] } {
    const ctx = this.ctx();
    const response = create(handler.response, executeMsg(ctx, decodedMsg(handler, create(handler.request, msg))) as MessageInitShape<O>);
    return { response, events: ctx.events };
  }

  /** Runs a message that must fail; returns the AppError (anything else fails the test). */
  fail<I extends DescMessage, O extends DescMessage>(handler: MsgHandler<I, O>, msg: MessageInitShape<I>): AppError {
    try {
      this.run(handler, msg);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error(`${handler.request.typeName} unexpectedly succeeded`);
  }

  /** Every key and value in the branch, hex, in key order. */
  dump(): string[] {
    return [...this.branch.iterator()].map(({ key, value }) => `${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`);
  }

  /** A gRPC-path query against the branch. */
  query<I extends DescMessage, O extends DescMessage>(path: string, input: I, req: MessageInitShape<I>, output: O): MessageShape<O> {
    const method = this.queries.method(path);
    if (!method) throw new Error(`no query method ${path}`);
    return fromBinary(output, method.handle(toBinary(input, create(input, req)), { state: this.branch, height: Number(HEIGHT) }));
  }

  close(): void {
    this.store.close();
  }
}
