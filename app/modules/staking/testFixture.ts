// Test-only: the auth, bank and staking modules over a real SQLite store branch, run without the
// app's wiring. Messages run as a tx would (validateBasic, then handle in a nested branch that is
// kept only on success); queries go through the real query service table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { Context, type AbciEvent, type BlockHeader } from "../../context.js";
import { AppError } from "../../../common/errors.js";
import type { ValidatorUpdate } from "../../module.js";
import { QueryServices } from "../../query/service.js";
import { openStore, type Branch, type Store } from "../../store/index.js";
import { decodedMsg, executeMsg, MsgRouter, type MsgHandler } from "../../tx/msgRouter.js";
import { accAddressToString } from "../../../common/address.js";
import { AccountKeeper } from "../auth/keeper.js";
import { authModule } from "../auth/module.js";
import { BankKeeper } from "../bank/keeper.js";
import { bankModule } from "../bank/module.js";
import { encodeBech32 } from "../../../sdk/crypto/bech32.js";
import { encodeConsensusPubKey } from "./consensusKey.js";
import { genValidator } from "./genesis.js";
import type { StakingHooks } from "./hooks.js";
import { StakingKeeper } from "./keeper.js";
import { stakingModule } from "./module.js";

export const GENESIS_MS = 1_700_000_000_000;
const logger = pino({ level: "silent" });
const POOLS = [
  { name: "fee_collector", permissions: [] },
  { name: "gov", permissions: ["burner"] },
  { name: "bonded_tokens_pool", permissions: ["burner", "staking"] },
  { name: "not_bonded_tokens_pool", permissions: ["burner", "staking"] },
];

/** A deterministic test address: 20 bytes of `n`. */
export const addr = (n: number) => new Uint8Array(20).fill(n);
export const accText = (n: number) => accAddressToString(addr(n));
/** A deterministic 32-byte consensus key, base64. */
export const pubKeyB64 = (n: number) => Buffer.alloc(32, n).toString("base64");

/** A MsgCreateValidator for operator addr(n) with consensus key n: 10 % commission, at most 20 %, 1 % a day. */
export function createValidatorMsg(n: number, amount: bigint) {
  return {
    description: { moniker: `v${n}` },
    commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
    minSelfDelegation: "1",
    validatorAddress: encodeBech32("unitvaloper", addr(n)),
    pubkey: encodeConsensusPubKey(Buffer.alloc(32, n)),
    value: { denom: "uunit", amount: amount.toString() },
  };
}

export interface FixtureOptions {
  balances: { address: string; amount: bigint }[];
  genValidators?: { delegator: number; amount: bigint; moniker?: string }[];
  /** Edits the staking genesis JSON before InitChain. */
  editGenesis?: (g: Record<string, unknown>) => Record<string, unknown>;
  /** Set on the keeper before genesis, as the composition root does. */
  hooks?: StakingHooks;
}

export interface TxOutcome<O extends DescMessage> {
  response?: MessageShape<O>;
  error?: AppError;
  events: AbciEvent[];
}

export class StakingFixture {
  height = 0n;
  ctx: Context;
  readonly msgs = new MsgRouter();
  readonly queries = new QueryServices();
  initialValidators: ValidatorUpdate[] = [];

  private constructor(
    readonly store: Store,
    readonly branch: Branch,
    private readonly dir: string,
    readonly accounts: AccountKeeper,
    readonly bank: BankKeeper,
    readonly staking: StakingKeeper,
  ) {
    this.ctx = new Context(this.header(GENESIS_MS), branch, logger);
  }

  static create(options: FixtureOptions): StakingFixture {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "staking-test-"));
    const store = openStore(path.join(dir, "app.db"), { synchronous: "NORMAL" });
    const accounts = new AccountKeeper(POOLS);
    const bank = new BankKeeper(accounts);
    const staking = new StakingKeeper(bank, accounts);
    if (options.hooks) staking.setHooks(options.hooks);
    const f = new StakingFixture(store, store.begin(), dir, accounts, bank, staking);
    const modules = [authModule(accounts), bankModule(bank, accounts), stakingModule(staking)];
    for (const m of modules) m.registerServices?.({ msgs: f.msgs, queries: f.queries });
    const stakingGenesis = {
      ...(modules[2]!.defaultGenesis!() as Record<string, unknown>),
      gen_validators: (options.genValidators ?? []).map((g) =>
        genValidator({
          delegatorAddress: accText(g.delegator),
          pubKeyBase64: pubKeyB64(g.delegator),
          moniker: g.moniker ?? `validator-${g.delegator}`,
          amount: g.amount,
        }),
      ),
    };
    const genesis: Record<string, unknown> = {
      auth: modules[0]!.defaultGenesis!(),
      bank: {
        ...(modules[1]!.defaultGenesis!() as object),
        balances: options.balances.map((b) => ({ address: b.address, coins: [{ denom: "uunit", amount: b.amount.toString() }] })),
      },
      staking: options.editGenesis ? options.editGenesis(stakingGenesis) : stakingGenesis,
    };
    try {
      for (const m of modules) {
        const out = m.initGenesis?.(f.ctx, genesis[m.name]);
        if (m.name === "staking") f.initialValidators = out ?? [];
      }
    } catch (err) {
      f.close();
      throw err;
    }
    return f;
  }

  private header(ms: number): BlockHeader {
    return { chainId: "unit_2611-1", height: this.height, time: timestampFromMs(ms), hash: new Uint8Array(), proposerAddress: new Uint8Array() };
  }

  /** Moves to the next block, `seconds` after the current one (events of the last block are dropped). */
  nextBlock(seconds = 1): void {
    const ms = Number(this.ctx.header.time.seconds) * 1000 + seconds * 1000;
    this.height++;
    this.ctx = new Context(this.header(ms), this.branch, logger);
  }

  /** The staking module's begin-block over the current block. */
  beginBlock(): void {
    stakingModule(this.staking).beginBlock!(this.ctx);
  }

  /** The staking module's end-block over the current block. */
  endBlock(): ValidatorUpdate[] {
    return stakingModule(this.staking).endBlock!(this.ctx) ?? [];
  }

  /** Runs a message as a tx would: stateless checks, then the handler in a branch kept only on success. */
  deliver<I extends DescMessage, O extends DescMessage>(schema: I, msg: MessageInitShape<I>): TxOutcome<O> {
    const handler = this.handler(schema) as unknown as MsgHandler<I, O>;
    const decoded = fromBinary(schema, toBinary(schema, create(schema, msg)));
    const nested = this.ctx.nested();
    try {
      const response = create(handler.response, executeMsg(nested.ctx, decodedMsg(handler, decoded)) as MessageInitShape<O>);
      nested.write();
      return { response, events: nested.ctx.events };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { error: err, events: [] };
    }
  }

  private handler(schema: DescMessage): MsgHandler {
    const typeUrl = `/${schema.typeName}`;
    const handler = this.msgs.handler(typeUrl);
    if (!handler) throw new Error(`${typeUrl} is not registered`);
    return handler;
  }

  /** A gRPC-path query against the current (uncommitted) state; throws the QueryError on failure. */
  query<I extends DescMessage, O extends DescMessage>(method: string, input: I, req: MessageInitShape<I>, output: O): MessageShape<O> {
    const m = this.queries.method(`/cosmos.staking.v1beta1.Query/${method}`);
    if (!m) throw new Error(`no method ${method}`);
    return fromBinary(output, m.handle(toBinary(input, create(input, req)), { state: this.branch, height: Number(this.height) }));
  }

  balance(address: Uint8Array, denom = "uunit"): bigint {
    return this.bank.getBalance(this.ctx.store, address, denom);
  }

  /** Every key and value of the whole state, for "nothing changed" assertions. */
  snapshot(): string {
    const out: string[] = [];
    for (const { key, value } of this.branch.iterator()) out.push(`${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`);
    return out.join("\n");
  }

  close(): void {
    this.store.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
