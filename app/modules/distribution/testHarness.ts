// Test-only: auth, bank, the real staking keeper and distribution over a real SQLite store branch,
// wired as the composition root wires them (staking's hooks are distribution's). Blocks run
// distribution's begin block with a last commit made of the bonded validators and their powers;
// messages run as a tx would (validateBasic, then the handler in a branch kept only on success).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { MsgDelegateSchema, MsgUndelegateSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { AppError } from "../../../common/errors.js";
import { accAddressToString, valAddressToString } from "../../../common/address.js";
import { DISTRIBUTION_ACCOUNT, FEE_COLLECTOR, moduleAddress } from "../../../common/moduleAccounts.js";
import { Context, type AbciEvent, type CommitVote } from "../../context.js";
import { QueryServices } from "../../query/service.js";
import { openStore, type Branch, type Store } from "../../store/index.js";
import { decodedMsg, executeMsg, MsgRouter, type MsgHandler } from "../../tx/msgRouter.js";
import { AccountKeeper } from "../auth/keeper.js";
import { authModule } from "../auth/module.js";
import { BankKeeper } from "../bank/keeper.js";
import { bankModule } from "../bank/module.js";
import { genValidator } from "../staking/genesis.js";
import { multiStakingHooks } from "../staking/hooks.js";
import { StakingKeeper } from "../staking/keeper.js";
import { stakingModule } from "../staking/module.js";
import { DistributionKeeper, distributionModule } from "./module.js";

export const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const GENESIS_MS = 1_700_000_000_000;
const logger = pino({ level: "silent" });
const ACCOUNTS = [
  { name: "fee_collector", permissions: [] },
  { name: "gov", permissions: ["burner"] },
  { name: "bonded_tokens_pool", permissions: ["burner", "staking"] },
  { name: "not_bonded_tokens_pool", permissions: ["burner", "staking"] },
  { name: "distribution", permissions: [] },
];

export const addr = (n: number) => new Uint8Array(20).fill(n);
export const acc = (n: number) => accAddressToString(addr(n));
export const valoper = (n: number) => valAddressToString(addr(n));
export const FEE_COLLECTOR_ADDRESS = moduleAddress(FEE_COLLECTOR);
export const DISTRIBUTION_ADDRESS = moduleAddress(DISTRIBUTION_ACCOUNT);

export interface ChainOptions {
  /** uunit balances of test accounts by number. */
  balances: Record<number, bigint>;
  /** Genesis validators: account number and self-delegation (10 % commission, staking's genesis rate). */
  validators: { n: number; amount: bigint }[];
  /** Edits the distribution genesis JSON. */
  distribution?: (g: Record<string, unknown>) => Record<string, unknown>;
  /** Extra genesis balances by raw address (e.g. the distribution account). */
  rawBalances?: { address: string; coins: { denom: string; amount: string }[] }[];
}

export interface Outcome<O extends DescMessage> {
  response?: MessageShape<O>;
  error?: AppError;
  events: AbciEvent[];
}

export class DistributionChain {
  height = 0n;
  ctx: Context;
  readonly msgs = new MsgRouter();
  readonly queries = new QueryServices();

  private constructor(
    readonly store: Store,
    readonly branch: Branch,
    private readonly dir: string,
    readonly accounts: AccountKeeper,
    readonly bank: BankKeeper,
    readonly staking: StakingKeeper,
    readonly distribution: DistributionKeeper,
  ) {
    this.ctx = this.context(GENESIS_MS, []);
  }

  static create(options: ChainOptions): DistributionChain {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "distribution-test-"));
    const store = openStore(path.join(dir, "app.db"), { synchronous: "NORMAL" });
    const accounts = new AccountKeeper(ACCOUNTS);
    const bank = new BankKeeper(accounts);
    const staking = new StakingKeeper(bank, accounts);
    const distribution = new DistributionKeeper({ bank, accounts, staking, authority: GOV });
    const distr = distributionModule(distribution);
    staking.setHooks(multiStakingHooks(distr.hooks()));
    const c = new DistributionChain(store, store.begin(), dir, accounts, bank, staking, distribution);
    const modules = [authModule(accounts), bankModule(bank, accounts), distr, stakingModule(staking)];
    for (const m of modules) m.registerServices?.({ msgs: c.msgs, queries: c.queries });
    const distributionGenesis = distr.defaultGenesis!() as Record<string, unknown>;
    const genesis: Record<string, unknown> = {
      auth: modules[0]!.defaultGenesis!(),
      bank: {
        ...(modules[1]!.defaultGenesis!() as object),
        balances: [
          ...Object.entries(options.balances).map(([n, amount]) => ({ address: acc(Number(n)), coins: [{ denom: "uunit", amount: amount.toString() }] })),
          ...(options.rawBalances ?? []),
        ],
      },
      distribution: options.distribution ? options.distribution(distributionGenesis) : distributionGenesis,
      staking: {
        ...(modules[3]!.defaultGenesis!() as Record<string, unknown>),
        gen_validators: options.validators.map((v) =>
          genValidator({ delegatorAddress: acc(v.n), pubKeyBase64: Buffer.alloc(32, v.n).toString("base64"), moniker: `v${v.n}`, amount: v.amount }),
        ),
      },
    };
    try {
      for (const m of modules) m.initGenesis?.(c.ctx, genesis[m.name]);
    } catch (err) {
      c.close();
      throw err;
    }
    return c;
  }

  private context(ms: number, votes: readonly CommitVote[]): Context {
    const header = { chainId: "unit_2611-1", height: this.height, time: timestampFromMs(ms), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) };
    return new Context(header, this.branch, logger, { lastCommit: { round: 0, votes }, misbehavior: [] });
  }

  /** The bonded validators and their powers, as CometBFT would list them in the next block's last commit. */
  bondedVotes(): CommitVote[] {
    return this.staking
      .allValidatorViews(this.branch)
      .filter((v) => v.status === BondStatus.BONDED)
      .map((v) => ({ consAddress: v.consAddress, power: v.tokens / 1_000_000n, blockIdFlag: 2 }));
  }

  /** Ends the block (staking's end block) and begins the next one, running distribution's begin block. */
  nextBlock(votes: readonly CommitVote[] = this.bondedVotes()): AbciEvent[] {
    if (this.height > 0n) stakingModule(this.staking).endBlock!(this.ctx);
    this.height++;
    this.ctx = this.context(GENESIS_MS + Number(this.height) * 1000, votes);
    distributionModule(this.distribution).beginBlock!(this.ctx);
    return this.ctx.events;
  }

  /** Fees as the ante handler takes them: from account `n` into fee_collector. */
  payFee(n: number, amount: bigint, denom = "uunit"): void {
    this.bank.sendToModule(this.ctx, addr(n), FEE_COLLECTOR, [{ denom, amount }]);
  }

  deliver<I extends DescMessage, O extends DescMessage>(schema: I, msg: MessageInitShape<I>): Outcome<O> {
    const handler = this.msgs.handler(`/${schema.typeName}`) as unknown as MsgHandler<I, O> | undefined;
    if (!handler) throw new Error(`${schema.typeName} is not registered`);
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

  /** Delivers and throws on failure. */
  ok<I extends DescMessage, O extends DescMessage>(schema: I, msg: MessageInitShape<I>): Outcome<O> {
    const out = this.deliver<I, O>(schema, msg);
    if (out.error) throw out.error;
    return out;
  }

  delegate(n: number, validator: number, amount: bigint): void {
    this.ok(MsgDelegateSchema, { delegatorAddress: acc(n), validatorAddress: valoper(validator), amount: { denom: "uunit", amount: amount.toString() } });
  }

  undelegate(n: number, validator: number, amount: bigint): void {
    this.ok(MsgUndelegateSchema, { delegatorAddress: acc(n), validatorAddress: valoper(validator), amount: { denom: "uunit", amount: amount.toString() } });
  }

  query<I extends DescMessage, O extends DescMessage>(method: string, input: I, req: MessageInitShape<I>, output: O): MessageShape<O> {
    const m = this.queries.method(`/cosmos.distribution.v1beta1.Query/${method}`);
    if (!m) throw new Error(`no method ${method}`);
    return fromBinary(output, m.handle(toBinary(input, create(input, req)), { state: this.branch, height: Number(this.height) }));
  }

  balance(address: Uint8Array, denom = "uunit"): bigint {
    return this.bank.getBalance(this.branch, address, denom);
  }

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
