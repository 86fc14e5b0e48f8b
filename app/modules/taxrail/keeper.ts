// The only code that reads or writes the taxrail module's keys. Every coin that enters or leaves
// the taxrail module account goes through `collectTransferTax` or `withdraw`, which change the
// jurisdiction's balance by the same amount in the same call: so the account always holds exactly
// the sum of all balances (invariants.ts checks it).
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { ParamsSchema, TaxBalanceSchema, TaxRuleSchema, type Params, type TaxBalance, type TaxRule } from "../../../gen/chain/taxrail/taxrail_pb.js";
import type { PageRequest } from "../../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { accAddressToString } from "../../../common/address.js";
import { sdkErrors } from "../../../common/errors.js";
import { moduleAddress, TAXRAIL_ACCOUNT } from "../../../common/moduleAccounts.js";
import { addCoins, formatCoins, parseAmount, sumCoins, type Coin } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import { paginate, type Page } from "../../query/pagination.js";
import { getMessage } from "../../store/messages.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import { taxrailErrors } from "./errors.js";
import { emitTaxCollected } from "./events.js";
import type { TaxrailAccountKeeper, TaxrailBankKeeper, TaxrailJurisdictionKeeper } from "./expectedKeepers.js";
import { BALANCE_PREFIX, balanceKey, MODULE_NAME, PARAMS_KEY, RULE_PREFIX, ruleKey } from "./keys.js";
import { BPS_DENOMINATOR, defaultTaxrailParams } from "./validation.js";

const toCoins = (wire: readonly { denom: string; amount: string }[]): Coin[] => wire.map((c) => ({ denom: c.denom, amount: parseAmount(c.amount) }));
const toWire = (coins: readonly Coin[]) => coins.filter((c) => c.amount > 0n).map((c) => ({ denom: c.denom, amount: c.amount.toString() }));

/** A jurisdiction's balance with bigint amounts. */
export interface JurisdictionBalance {
  jurisdictionCode: string;
  collected: Coin[];
  balance: Coin[];
}

/** What one asset transfer owes in tax (registry's TransferTax, declared there on its side). */
export interface TaxableTransfer {
  payer: Uint8Array;
  jurisdictionCode: string;
  assetId: bigint;
  price: Coin;
}

export class TaxrailKeeper {
  constructor(
    private readonly bank: TaxrailBankKeeper,
    private readonly accounts: TaxrailAccountKeeper,
    private readonly jurisdictions: TaxrailJurisdictionKeeper,
    /** The address governance-only messages must carry as their authority (the gov module account). */
    readonly authority: string,
  ) {}

  private readonly key = new StoreKey(MODULE_NAME);

  /** The module account that holds every jurisdiction's collected tax. */
  readonly moduleAddress = moduleAddress(TAXRAIL_ACCOUNT);

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultTaxrailParams();
  }

  setParams(ctx: Context, params: Params): void {
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, create(ParamsSchema, { maxRateBps: params.maxRateBps })));
  }

  // ---- other modules, through the interfaces taxrail declares

  /** The bech32 address of the jurisdiction's authority, as registry keeps it. */
  jurisdictionAuthority(state: StateReader, code: string): string | undefined {
    return this.jurisdictions.jurisdictionAuthority(state, code);
  }

  isModuleAddress(address: Uint8Array): string | undefined {
    return this.accounts.isModuleAddress(address);
  }

  // ---- rules

  getRule(state: StateReader, code: string): TaxRule | undefined {
    return getMessage(this.key.read(state), ruleKey(code), TaxRuleSchema);
  }

  /** Creates or replaces the jurisdiction's rule; returns the one it replaced. */
  setRule(ctx: Context, rule: TaxRule): TaxRule | undefined {
    const previous = this.getRule(ctx.store, rule.jurisdictionCode);
    this.key.write(ctx).set(ruleKey(rule.jurisdictionCode), toBinary(TaxRuleSchema, rule));
    return previous;
  }

  rulesPage(state: StateReader, req: PageRequest | undefined): Page<TaxRule> {
    return paginate(this.key.read(state), RULE_PREFIX, req, (_key, value) => fromBinary(TaxRuleSchema, value));
  }

  /** Every rule, in jurisdiction code order. */
  rules(state: StateReader): TaxRule[] {
    return [...this.key.read(state).prefixIterator(RULE_PREFIX)].map(({ value }) => fromBinary(TaxRuleSchema, value));
  }

  /** The rate charged now: the rule's, capped by max_rate_bps (lowering the cap binds existing rules at once); 0 without a rule. */
  effectiveRateBps(state: StateReader, code: string): number {
    const rate = this.getRule(state, code)?.rateBps ?? 0;
    return Math.min(rate, this.getParams(state).maxRateBps);
  }

  // ---- balances

  /** A jurisdiction's balance; empty lists when it never collected anything. */
  getBalance(state: StateReader, code: string): JurisdictionBalance {
    const stored = getMessage(this.key.read(state), balanceKey(code), TaxBalanceSchema);
    return { jurisdictionCode: code, collected: toCoins(stored?.collected ?? []), balance: toCoins(stored?.balance ?? []) };
  }

  /** The stored message form of a balance (queries and genesis). */
  balanceRecord(state: StateReader, code: string): TaxBalance {
    return getMessage(this.key.read(state), balanceKey(code), TaxBalanceSchema) ?? create(TaxBalanceSchema, { jurisdictionCode: code });
  }

  setBalance(ctx: Context, b: JurisdictionBalance): void {
    const record = create(TaxBalanceSchema, { jurisdictionCode: b.jurisdictionCode, collected: toWire(b.collected), balance: toWire(b.balance) });
    this.key.write(ctx).set(balanceKey(b.jurisdictionCode), toBinary(TaxBalanceSchema, record));
  }

  balancesPage(state: StateReader, req: PageRequest | undefined): Page<TaxBalance> {
    return paginate(this.key.read(state), BALANCE_PREFIX, req, (_key, value) => fromBinary(TaxBalanceSchema, value));
  }

  /** Every stored balance, in jurisdiction code order. */
  balances(state: StateReader): TaxBalance[] {
    return [...this.key.read(state).prefixIterator(BALANCE_PREFIX)].map(({ value }) => fromBinary(TaxBalanceSchema, value));
  }

  /** The sum of every jurisdiction's balance: what the module account must hold. */
  totalBalance(state: StateReader): Coin[] {
    return sumCoins(this.balances(state).map((b) => toCoins(b.balance)));
  }

  /** What the module account holds in bank. */
  moduleAccountBalance(state: StateReader): Coin[] {
    return this.bank.getAllBalances(state, this.moduleAddress);
  }

  // ---- moving coins

  /**
   * floor(price x rate / 10,000) of the price's denom, from the payer into the module account,
   * accounted to the jurisdiction. Checks the payer's funds before writing anything, so a payer
   * who cannot pay leaves the state as it was. Registry calls this for every asset transfer.
   */
  collectTransferTax(ctx: Context, t: TaxableTransfer): Coin {
    const rate = this.effectiveRateBps(ctx.store, t.jurisdictionCode);
    const tax: Coin = { denom: t.price.denom, amount: (t.price.amount * BigInt(rate)) / BigInt(BPS_DENOMINATOR) };
    if (tax.amount === 0n) return tax;
    const held = this.bank.getBalance(ctx.store, t.payer, tax.denom);
    if (held < tax.amount) {
      throw sdkErrors.insufficientFunds.wrap(
        `${accAddressToString(t.payer)} holds ${held}${tax.denom} and cannot pay the transfer tax of ${formatCoins([tax])} (${rate} bps of ${formatCoins([t.price])})`,
      );
    }
    this.bank.sendToModule(ctx, t.payer, TAXRAIL_ACCOUNT, [tax]);
    const b = this.getBalance(ctx.store, t.jurisdictionCode);
    this.setBalance(ctx, { jurisdictionCode: t.jurisdictionCode, collected: addCoins(b.collected, [tax]), balance: addCoins(b.balance, [tax]) });
    emitTaxCollected(ctx, {
      jurisdictionCode: t.jurisdictionCode,
      assetId: t.assetId,
      payer: accAddressToString(t.payer),
      amount: { denom: tax.denom, amount: tax.amount.toString() },
      rateBps: rate,
    });
    return tax;
  }

  /** Moves `coins` of the jurisdiction's balance out to `recipient`; never more than that balance. */
  withdraw(ctx: Context, code: string, recipient: Uint8Array, coins: readonly Coin[]): void {
    const b = this.getBalance(ctx.store, code);
    const left: Coin[] = b.balance.map((c) => ({ ...c }));
    for (const c of coins) {
      const have = left.find((x) => x.denom === c.denom);
      if (!have || have.amount < c.amount) {
        throw taxrailErrors.insufficientTaxBalance.wrap(`${code} holds ${have?.amount ?? 0n}${c.denom}, less than the ${c.amount}${c.denom} asked for`);
      }
      have.amount -= c.amount;
    }
    this.bank.sendFromModule(ctx, TAXRAIL_ACCOUNT, recipient, coins);
    this.setBalance(ctx, { jurisdictionCode: code, collected: b.collected, balance: left });
  }
}
