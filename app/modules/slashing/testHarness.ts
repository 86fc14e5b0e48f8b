// Test-only: slashing (and evidence) over the real staking, bank and auth keepers on a real SQLite
// branch (staking's StakingFixture), with the slashing hooks installed before genesis as the
// composition root installs them. A block is driven by hand: begin block with the votes and
// misbehaviour given, then staking's end block.
import { pino } from "pino";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { ConsensusParamsSchema, type ConsensusParams } from "../../../gen/tendermint/types/params_pb.js";
import { Context, type AbciEvent, type BlockMisbehavior, type CommitVote } from "../../context.js";
import type { ValidatorUpdate } from "../../module.js";
import { QueryServices } from "../../query/service.js";
import { consensusAddress } from "../staking/consensusKey.js";
import { multiStakingHooks } from "../staking/hooks.js";
import { accText, addr, StakingFixture } from "../staking/testFixture.js";
import { EvidenceKeeper } from "../evidence/keeper.js";
import { evidenceModule } from "../evidence/module.js";
import type { SlashingStakingKeeper } from "./expectedKeepers.js";
import { slashingHooks } from "./hooks.js";
import { SlashingKeeper } from "./keeper.js";
import { slashingModule } from "./module.js";
import { paramsOf, parseParams, defaultParams, type ParsedParams } from "./params.js";
import type { AppModule } from "../../module.js";

export const UNIT = 1_000_000n;
export const GOV = accText(0xee);
const logger = pino({ level: "silent" });

/** Validator n's consensus address (its key is 32 bytes of n, as in StakingFixture). */
export const consOf = (n: number) => consensusAddress(Buffer.alloc(32, n));
export const operatorOf = addr;

export const FLAG_ABSENT = 1;
export const FLAG_COMMIT = 2;
export const FLAG_NIL = 3;

export class SlashingHarness {
  readonly slashing: SlashingKeeper;
  readonly evidence: EvidenceKeeper;
  readonly queries = new QueryServices();
  private consensusParams: ConsensusParams | undefined;
  private readonly modules: AppModule[];

  private constructor(
    readonly f: StakingFixture,
    slashing: SlashingKeeper,
  ) {
    this.slashing = slashing;
    this.evidence = new EvidenceKeeper(f.staking, slashing, { getParams: () => this.consensusParams });
    this.modules = [slashingModule(this.slashing), evidenceModule(this.evidence)];
    for (const m of this.modules) m.registerServices?.({ msgs: f.msgs, queries: this.queries });
  }

  /** Validators n = 1.. with `powers[n-1]` units of power each; slashing params changed by `params`. */
  static create(powers: bigint[], params: Partial<ParsedParams> = {}): SlashingHarness {
    // The fixture creates the staking keeper, and its genesis already calls the slashing hooks:
    // the slashing keeper reaches staking through a forwarder filled in right after.
    let staking: StakingFixture["staking"] | undefined;
    const forward = new Proxy({} as SlashingStakingKeeper, {
      get:
        (_target, name: keyof SlashingStakingKeeper) =>
        (...args: never[]) =>
          (staking![name] as (...a: never[]) => unknown).apply(staking, args),
    });
    const keeper = new SlashingKeeper(forward, GOV);
    const f = StakingFixture.create({
      balances: powers.map((p, i) => ({ address: accText(i + 1), amount: p * UNIT + 10n * UNIT })),
      genValidators: powers.map((p, i) => ({ delegator: i + 1, amount: p * UNIT })),
      hooks: multiStakingHooks(slashingHooks(keeper)),
      editGenesis: (g) => ({ ...g, params: { ...(g.params as object), unbonding_time: "100s" } }),
    });
    staking = f.staking;
    const h = new SlashingHarness(f, keeper);
    keeper.setParams(f.ctx, paramsOf({ ...parseParams(defaultParams()), ...params }));
    return h;
  }

  setConsensusParams(params: MessageInitShape<typeof ConsensusParamsSchema> | undefined): void {
    this.consensusParams = params && create(ConsensusParamsSchema, params);
  }

  /** The next block, `seconds` later: begin blocks with these votes and misbehaviour, then staking's end block. */
  block(votes: CommitVote[], misbehavior: BlockMisbehavior[] = [], seconds = 1): { events: AbciEvent[]; updates: ValidatorUpdate[] } {
    this.f.nextBlock(seconds);
    const ctx = new Context(this.f.ctx.header, this.f.branch, logger, { lastCommit: { round: 0, votes }, misbehavior });
    for (const m of this.modules) m.beginBlock?.(ctx);
    return { events: ctx.events, updates: this.f.endBlock() };
  }

  /** Votes of validators 1..count, `flags[n-1]` each (default commit). */
  votes(powers: bigint[], flags: number[] = []): CommitVote[] {
    return powers.map((power, i) => ({ consAddress: consOf(i + 1), power, blockIdFlag: flags[i] ?? FLAG_COMMIT }));
  }

  get ctx(): Context {
    return this.f.ctx;
  }

  query<I extends DescMessage, O extends DescMessage>(path: string, input: I, req: MessageInitShape<I>, output: O): MessageShape<O> {
    const m = this.queries.method(path);
    if (!m) throw new Error(`no method ${path}`);
    return fromBinary(output, m.handle(toBinary(input, create(input, req)), { state: this.f.branch, height: Number(this.f.height) }));
  }

  close(): void {
    this.f.close();
  }
}

export { addr, accText };
