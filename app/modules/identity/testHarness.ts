// Test-only: the identity keeper and handlers over a real store branch, without the app's wiring.
// Handlers run as the tx pipeline runs them (validateBasic, then handle) but straight on the
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
import { AccountKeeper } from "../auth/keeper.js";
import { IdentityKeeper } from "./keeper.js";
import { registerIdentityQueries } from "./queryServer.js";
import { GOV_AUTHORITY } from "../../modules.js";

export const BLOCK_TIME_MS = 1_700_000_123_000;

/** A deterministic address: 20 copies of `n`, and its bech32. */
export function addr(n: number): { bytes: Uint8Array; text: string } {
  const bytes = new Uint8Array(20).fill(n);
  return { bytes, text: accAddressToString(bytes) };
}

export class Harness {
  readonly store: Store = openStore(":memory:");
  readonly branch: Branch = this.store.begin();
  readonly accounts = new AccountKeeper([{ name: "gov", permissions: [] }]);
  readonly keeper = new IdentityKeeper(this.accounts, GOV_AUTHORITY);
  readonly queries = new QueryServices();

  constructor() {
    registerIdentityQueries(this.queries, this.keeper);
  }

  ctx(): Context {
    return new Context(
      { chainId: "unit_2611-1", height: 7n, time: timestampFromMs(BLOCK_TIME_MS), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) },
      this.branch,
      testLogger,
    );
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
    return fromBinary(output, method.handle(toBinary(input, create(input, req)), { state: this.branch, height: 7 }));
  }

  close(): void {
    this.store.close();
  }
}
