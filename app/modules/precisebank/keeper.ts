// The 18-decimal view of the native coin, in the style of Kava's x/precisebank. An address's aunit
// balance is its bank uunit x 10^12 plus a fractional balance kept here; the reserve module
// account holds the uunit that backs every fraction, and the remainder is aunit the reserve backs
// that no account owns (what burns of fractions took out of circulation).
//
// INVARIANT, enforced here and only here (the sole code that changes fractions or the remainder):
//   reserve uunit x 10^12 == sum of all fractional balances + remainder
// with 0 < f < 10^12 for each stored fraction and 0 <= r < 10^12. Every operation moves whole
// uunit through bank so that the two sides change by the same amount. Nothing is ever minted, so
//   total aunit supply == bank supply(uunit) x 10^12 - remainder
// changes only by burns, by exactly the burned amount.
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import { equalBytes } from "../../store/bytes.js";
import { parseAmount } from "../../coins/coins.js";
import { moduleAddress, PRECISEBANK_RESERVE } from "../../../common/moduleAccounts.js";
import { CONVERSION_FACTOR, EXTENDED_DENOM, INTEGER_DENOM } from "./denoms.js";
import { precisebankErrors } from "./errors.js";
import { emitExtendedBurn, emitExtendedTransfer } from "./events.js";
import type { PrecisebankAccountKeeper, PrecisebankBankKeeper } from "./expectedKeepers.js";
import { addFraction, splitExtended, subFraction } from "./fractions.js";
import { fractionalBalanceKey, FRACTIONAL_BALANCE_PREFIX, MODULE_NAME, REMAINDER_KEY } from "./keys.js";

const utf8 = new TextDecoder();
const ONE_UUNIT = [{ denom: INTEGER_DENOM, amount: 1n }] as const;
const uunit = (amount: bigint) => [{ denom: INTEGER_DENOM, amount }];

function readAmount(raw: Uint8Array | undefined): bigint {
  return raw ? parseAmount(utf8.decode(raw)) : 0n;
}

export class PrecisebankKeeper {
  /** The reserve: a module account only this keeper moves coins in or out of. */
  readonly reserveAddress = moduleAddress(PRECISEBANK_RESERVE);

  constructor(
    private readonly bank: PrecisebankBankKeeper,
    private readonly accounts: PrecisebankAccountKeeper,
  ) {
    // Fail at start-up rather than at the first burn that rolls the remainder over.
    if (!accounts.moduleAccountPermissions(PRECISEBANK_RESERVE)?.includes("burner")) {
      throw new Error(`module account "${PRECISEBANK_RESERVE}" with the "burner" permission is missing from the module account list`);
    }
  }

  private readonly key = new StoreKey(MODULE_NAME);

  // ---- reads: `state` is the whole state (a committed view, or ctx.store inside a block)

  /** The fractional part of an address's aunit balance, in [0, 10^12). */
  getFractionalBalance(state: StateReader, address: Uint8Array): bigint {
    return readAmount(this.key.read(state).get(fractionalBalanceKey(address)));
  }

  getRemainder(state: StateReader): bigint {
    return readAmount(this.key.read(state).get(REMAINDER_KEY));
  }

  /** The full aunit balance: bank uunit x 10^12 + the fractional balance. */
  getBalance(state: StateReader, address: Uint8Array): bigint {
    return this.bank.getBalance(state, address, INTEGER_DENOM) * CONVERSION_FACTOR + this.getFractionalBalance(state, address);
  }

  /** Every non-zero fractional balance, in address order. */
  *fractionalBalances(state: StateReader): IterableIterator<{ address: Uint8Array; amount: bigint }> {
    for (const { key, value } of this.key.read(state).prefixIterator(FRACTIONAL_BALANCE_PREFIX)) {
      yield { address: key.subarray(FRACTIONAL_BALANCE_PREFIX.length), amount: readAmount(value) };
    }
  }

  /** The sum of all fractional balances: walks them all (for queries, genesis and checks, not for transitions). */
  totalFractionalBalances(state: StateReader): bigint {
    let total = 0n;
    for (const { amount } of this.fractionalBalances(state)) total += amount;
    return total;
  }

  /** The reserve's uunit, which back every fraction and the remainder. */
  reserveBalance(state: StateReader): bigint {
    return this.bank.getBalance(state, this.reserveAddress, INTEGER_DENOM);
  }

  /** All aunit in circulation: bank supply x 10^12 less the remainder nobody owns. */
  totalSupply(state: StateReader): bigint {
    return this.bank.getSupply(state, INTEGER_DENOM) * CONVERSION_FACTOR - this.getRemainder(state);
  }

  /** aunit bank holds, which must always be zero: aunit is never a bank denom. */
  extendedSupplyInBank(state: StateReader): bigint {
    return this.bank.getSupply(state, EXTENDED_DENOM);
  }

  // ---- transitions

  /**
   * Moves `amount` aunit from `from` to `to`, as Kava's SendCoins: the whole uunit go through
   * bank; the fraction moves between the two fractional balances. When the sender's fraction
   * would go negative it borrows one uunit into the reserve; when the recipient's reaches 10^12
   * one uunit is carried out of the reserve to it. When both happen the reserve would receive and
   * pay the same uunit, so it moves directly from sender to recipient instead.
   */
  sendExtended(ctx: Context, from: Uint8Array, to: Uint8Array, amount: bigint): void {
    this.checkAmount(amount);
    this.checkNotReserve(from, "send from");
    this.checkNotReserve(to, "send to");
    // Checked up front, in aunit, so a failure writes nothing. Enough aunit implies enough uunit
    // for every bank move below (the whole part, plus one when the sender borrows).
    const fromFraction = this.checkFunds(ctx, from, amount);
    if (equalBytes(from, to)) {
      // Nothing moves. (Computing both sides on one address would overwrite the sender's fraction
      // with the recipient's.)
      emitExtendedTransfer(ctx, from, to, amount);
      return;
    }

    const { integer, fractional } = splitExtended(amount);
    const sender = subFraction(fromFraction, fractional);
    const recipient = addFraction(this.getFractionalBalance(ctx.store, to), fractional);
    const direct = sender.borrow && recipient.carry;

    const whole = integer + (direct ? 1n : 0n);
    if (whole > 0n) this.bank.send(ctx, from, to, uunit(whole));
    if (!direct) {
      // The borrow goes in before the carry comes out, so the reserve never runs short.
      if (sender.borrow) this.bank.sendToModule(ctx, from, PRECISEBANK_RESERVE, ONE_UUNIT);
      // Cannot fail while the invariant holds: a carry without a borrow means the two fractions
      // sum to at least 10^12, all of it backed by the reserve.
      if (recipient.carry) this.bank.sendFromModule(ctx, PRECISEBANK_RESERVE, to, ONE_UUNIT);
    }
    this.setFraction(ctx, from, sender.fraction);
    this.setFraction(ctx, to, recipient.fraction);
    // Bank creates the recipient's account when uunit reach it; a fraction alone must too.
    this.accounts.ensureAccount(ctx, to);
    emitExtendedTransfer(ctx, from, to, amount);
  }

  /**
   * Destroys `amount` aunit held by `from`, as Kava's BurnCoins. The whole uunit are burned
   * through bank. The fraction leaves `from`'s fractional balance (borrowing one uunit into the
   * reserve if it goes negative) and is added to the remainder: it stays backed by the reserve
   * but belongs to nobody. When the remainder reaches 10^12, one whole uunit of backing is no
   * longer needed: the reserve burns it and the remainder drops by 10^12.
   *
   * Bank burns only from module accounts, so the uunit leaving `from` (the whole part, plus one
   * if it borrows) go to the reserve, and the reserve burns the whole part (plus one if the
   * remainder rolled over). When the account borrows and the remainder rolls over, the borrowed
   * uunit is the one burned, as Kava burns it straight from the account.
   */
  burnExtended(ctx: Context, from: Uint8Array, amount: bigint): void {
    const { integer, fractional, sender } = this.debit(ctx, from, amount, "burn from");
    let remainder = this.getRemainder(ctx.store) + fractional;
    const rollover = remainder >= CONVERSION_FACTOR;
    if (rollover) remainder -= CONVERSION_FACTOR;

    const toReserve = integer + (sender.borrow ? 1n : 0n);
    const toBurn = integer + (rollover ? 1n : 0n);
    if (toReserve > 0n) this.bank.sendToModule(ctx, from, PRECISEBANK_RESERVE, uunit(toReserve));
    // Cannot fail while the invariant holds: a rollover without a borrow means the remainder and
    // `from`'s fraction sum to at least 10^12, so the reserve held at least one uunit already.
    if (toBurn > 0n) this.bank.burn(ctx, PRECISEBANK_RESERVE, uunit(toBurn));
    this.setFraction(ctx, from, sender.fraction);
    this.setRemainderAmount(ctx, remainder);
    emitExtendedBurn(ctx, from, amount);
  }

  /**
   * Lowers `from`'s extended balance by `amount` in the mempool's check state: its uunit (the
   * whole part, plus one when its fraction borrows) and its fraction, but not the reserve, the
   * remainder or the supply that a burn also moves. What CheckTx leaves a sender for its next
   * pending tx, in a third of a burn's writes. Refused where events are recorded (a block, a
   * simulation).
   */
  withholdExtended(ctx: Context, from: Uint8Array, amount: bigint): void {
    if (ctx.recordsEvents) throw new Error("withholdExtended is only for the mempool's check state");
    const { integer, sender } = this.debit(ctx, from, amount, "withhold from");
    const whole = integer + (sender.borrow ? 1n : 0n);
    if (whole > 0n) this.bank.withhold(ctx, from, uunit(whole));
    this.setFraction(ctx, from, sender.fraction);
  }

  // ---- genesis writers (the caller checks the invariant against the reserve)

  setFractionalBalance(ctx: Context, address: Uint8Array, amount: bigint): void {
    this.setFraction(ctx, address, amount);
  }

  setRemainder(ctx: Context, amount: bigint): void {
    this.setRemainderAmount(ctx, amount);
  }

  // ---- internals

  private setFraction(ctx: Context, address: Uint8Array, amount: bigint): void {
    if (amount < 0n || amount >= CONVERSION_FACTOR) throw new RangeError(`fractional balance ${amount}${EXTENDED_DENOM} out of [0, ${CONVERSION_FACTOR})`);
    const key = fractionalBalanceKey(address);
    if (amount === 0n) this.key.write(ctx).delete(key);
    else this.key.write(ctx).set(key, Buffer.from(amount.toString()));
  }

  private setRemainderAmount(ctx: Context, amount: bigint): void {
    if (amount < 0n || amount >= CONVERSION_FACTOR) throw new RangeError(`remainder ${amount}${EXTENDED_DENOM} out of [0, ${CONVERSION_FACTOR})`);
    if (amount === 0n) this.key.write(ctx).delete(REMAINDER_KEY);
    else this.key.write(ctx).set(REMAINDER_KEY, Buffer.from(amount.toString()));
  }

  private checkAmount(amount: bigint): void {
    if (amount <= 0n) throw precisebankErrors.invalidAmount.wrap(`amount ${amount}${EXTENDED_DENOM} is not positive`);
  }

  private checkNotReserve(address: Uint8Array, what: string): void {
    if (equalBytes(address, this.reserveAddress)) throw precisebankErrors.reserveAccount.wrap(`cannot ${what} the ${PRECISEBANK_RESERVE} reserve`);
  }

  /**
   * What a burn and a withholding of `amount` from `from` start with: the amount and `from` checked
   * (`what` names the move in the reserve's refusal), its funds checked in aunit, and the amount
   * split into whole uunit and the fraction, with `from`'s fraction after it (borrowing or not).
   */
  private debit(ctx: Context, from: Uint8Array, amount: bigint, what: string) {
    this.checkAmount(amount);
    this.checkNotReserve(from, what);
    const fromFraction = this.checkFunds(ctx, from, amount);
    const { integer, fractional } = splitExtended(amount);
    return { integer, fractional, sender: subFraction(fromFraction, fractional) };
  }

  /** Throws unless `from` holds `amount`; returns its fractional balance, which the caller moves next. */
  private checkFunds(ctx: Context, from: Uint8Array, amount: bigint): bigint {
    const fraction = this.getFractionalBalance(ctx.store, from);
    const balance = this.bank.getBalance(ctx.store, from, INTEGER_DENOM) * CONVERSION_FACTOR + fraction;
    if (balance < amount) {
      throw precisebankErrors.insufficientFunds.wrap(`spendable balance ${balance}${EXTENDED_DENOM} is smaller than ${amount}${EXTENDED_DENOM}`);
    }
    return fraction;
  }
}
