// Test-only: gov over a real store branch with the real auth and bank keepers, a MsgRouter holding
// bank's MsgSend and gov's own messages (v1 and v1beta1), and a staking stand-in whose validators and delegations a
// test sets directly. Messages run as the tx pipeline runs them: validateBasic, then the handler in
// a nested branch that is kept only on success.
import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { TimestampSchema, type Any } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { packAny } from "../../../sdk/tx/registry.js";
import { Context, type AbciEvent } from "../../context.js";
import { AppError } from "../../../common/errors.js";
import type { Branch, Store } from "../../store/index.js";
import { openStore } from "../../store/index.js";
import type { StateReader } from "../../store/types.js";
import { executeMsg, MsgRouter } from "../../tx/msgRouter.js";
import { accAddressToString } from "../../../common/address.js";
import { AccountKeeper } from "../auth/keeper.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { BankKeeper } from "../bank/keeper.js";
import { msgSendHandler } from "../bank/msgServer.js";
import { govEndBlock } from "./endBlocker.js";
import type { BondedValidatorView, GovStakingKeeper } from "./expectedKeepers.js";
import { initGovGenesis } from "./genesis.js";
import { GovKeeper } from "./keeper.js";
import { legacyMsgDepositHandler, legacyMsgSubmitProposalHandler, legacyMsgVoteHandler, legacyMsgVoteWeightedHandler } from "./legacyMsgServer.js";
import {
  msgCancelProposalHandler,
  msgDepositHandler,
  msgExecLegacyContentHandler,
  msgSubmitProposalHandler,
  msgUpdateParamsHandler,
  msgVoteHandler,
  msgVoteWeightedHandler,
} from "./msgServer.js";
import { GOV_AUTHORITY } from "../../modules.js";

const silent = pino({ level: "silent" });
export const DENOM = "uunit";
/** Genesis time of the harness, in seconds since 1970. */
export const START_SECONDS = 1_700_000_000n;

/** A deterministic 20-byte address for test account `n`. */
export function testAddress(n: number): Uint8Array {
  return Uint8Array.from({ length: 20 }, (_, i) => (i === 0 ? 0xa0 : (n * 31 + i) & 0xff));
}

/** Validators and delegations set by the test; shares are LegacyDec atomics. */
export class FakeStaking implements GovStakingKeeper {
  validators: BondedValidatorView[] = [];
  delegations = new Map<string, { validator: Uint8Array; shares: bigint }[]>();
  /** When set, overrides the sum of validators' tokens (e.g. unbonded-but-counted edge cases). */
  totalOverride: bigint | undefined;

  totalBondedTokens(_state: StateReader): bigint {
    return this.totalOverride ?? this.validators.reduce((sum, v) => sum + v.tokens, 0n);
  }
  bondedValidators(_state: StateReader): BondedValidatorView[] {
    return [...this.validators].sort((a, b) => Buffer.compare(Buffer.from(a.operator), Buffer.from(b.operator)));
  }
  delegationsOf(_state: StateReader, delegator: Uint8Array): { validator: Uint8Array; shares: bigint }[] {
    return this.delegations.get(Buffer.from(delegator).toString("hex")) ?? [];
  }
  /** A bonded validator whose operator account is `operator`, with its self-delegation. */
  addValidator(operator: Uint8Array, tokens: bigint, delegatorShares = tokens * 10n ** 18n): void {
    this.validators.push({ operator, tokens, delegatorShares });
  }
  delegate(delegator: Uint8Array, validator: Uint8Array, shares: bigint): void {
    const key = Buffer.from(delegator).toString("hex");
    this.delegations.set(key, [...(this.delegations.get(key) ?? []), { validator, shares }]);
  }
}

export type ExecResult = { ok: true; events: AbciEvent[]; response: unknown } | { ok: false; error: AppError; events: AbciEvent[]; wrote: number };

export class GovHarness {
  readonly store: Store;
  readonly root: Branch;
  readonly router = new MsgRouter();
  readonly accounts = new AccountKeeper([
    { name: "fee_collector", permissions: [] },
    { name: "gov", permissions: ["burner"] },
  ]);
  readonly bank = new BankKeeper(this.accounts);
  readonly staking = new FakeStaking();
  readonly keeper: GovKeeper;
  seconds = START_SECONDS;
  height = 1n;

  constructor(genesis: Record<string, unknown> = {}) {
    this.store = openStore(":memory:");
    this.root = this.store.begin();
    this.keeper = new GovKeeper(this.bank, this.staking, this.router, GOV_AUTHORITY);
    this.router.register(msgSendHandler(this.bank, this.accounts));
    for (const h of [
      msgSubmitProposalHandler,
      msgVoteHandler,
      msgVoteWeightedHandler,
      msgDepositHandler,
      msgUpdateParamsHandler,
      msgCancelProposalHandler,
      msgExecLegacyContentHandler,
      legacyMsgSubmitProposalHandler,
      legacyMsgVoteHandler,
      legacyMsgVoteWeightedHandler,
      legacyMsgDepositHandler,
    ]) {
      this.router.register(h(this.keeper) as never);
    }
    const ctx = this.ctx();
    for (const m of this.accounts.moduleAccounts) this.accounts.newAccount(ctx, moduleAddress(m.name), { name: m.name, permissions: m.permissions });
    initGovGenesis(ctx, this.keeper, { starting_proposal_id: "1", ...genesis });
  }

  ctx(store: Branch = this.root): Context {
    const header = {
      chainId: "test",
      height: this.height,
      time: create(TimestampSchema, { seconds: this.seconds }),
      hash: new Uint8Array(),
      proposerAddress: new Uint8Array(),
    };
    return new Context(header, store, silent);
  }

  fund(address: Uint8Array, amount: bigint): void {
    const ctx = this.ctx();
    this.bank.setGenesisBalance(ctx, address, { denom: DENOM, amount: this.balance(address) + amount });
    this.bank.setSupply(ctx, { denom: DENOM, amount: this.bank.getSupply(ctx.store, DENOM) + amount });
  }

  balance(address: Uint8Array): bigint {
    return this.bank.getBalance(this.root, address, DENOM);
  }

  supply(): bigint {
    return this.bank.getSupply(this.root, DENOM);
  }

  /** Runs one message as a tx would; on failure nothing it wrote is kept (`wrote` counts what it tried). */
  exec(any: Any): ExecResult {
    const branch = this.root.branch();
    const ctx = this.ctx(branch);
    try {
      const response = executeMsg(ctx, this.router.decode(any));
      branch.write();
      return { ok: true, events: ctx.events, response };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { ok: false, error: err, events: ctx.events, wrote: branch.changes().length };
    }
  }

  msg<D extends DescMessage>(schema: D, init: MessageInitShape<D>): ExecResult {
    return this.exec(packAny(schema, init));
  }

  /** Moves block time forward and runs gov's end block at the new time; returns its events. */
  endBlock(advanceSeconds = 0n): AbciEvent[] {
    this.seconds += advanceSeconds;
    this.height++;
    const ctx = this.ctx();
    govEndBlock(this.keeper, ctx);
    return ctx.events;
  }

  /** A digest of the whole state: equal digests mean nothing changed. */
  digest(): string {
    return this.store.appHashOf(this.root, 1, new Uint8Array(32)).toString("hex");
  }

  close(): void {
    this.store.close();
  }
}

export const bech32 = accAddressToString;
