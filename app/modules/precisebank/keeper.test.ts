// Exact borrow/carry and burn cases of the precisebank keeper over the real bank and auth keepers.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { accAddressToString } from "../../../common/address.js";
import { precisebankErrors } from "./errors.js";
import { brokenInvariants } from "./invariants.js";
import { addr, CF, Harness } from "./testHarness.js";
import { eventsOfType } from "../../../test/support/eventAttributes.js";
import { testLogger } from "../../../test/support/logger.js";
import { AppError } from "../../../common/errors.js";
import { QuietContext, type Context } from "../../context.js";

const A = addr(1);
const B = addr(2);
const FRESH = addr(9);

let h: Harness;
afterEach(() => h?.close());

/** State of the parties a case looks at, to compare before and after. */
function snapshot(harness: Harness, ...who: Uint8Array[]) {
  return {
    accounts: who.map((a) => ({ uunit: harness.uunit(a), fraction: harness.fraction(a) })),
    reserve: harness.uunit(harness.reserve),
    remainder: harness.remainder(),
    bankSupply: harness.bankSupply(),
  };
}

function assertSound(harness: Harness): void {
  assert.deepEqual(brokenInvariants(harness.keeper, harness.branch), []);
}

function send(from: Uint8Array, to: Uint8Array, amount: bigint) {
  const res = h.run((ctx) => h.keeper.sendExtended(ctx, from, to, amount));
  assert.equal(res.error, undefined, res.error?.message);
  assertSound(h);
  return res.events;
}

function burn(from: Uint8Array, amount: bigint) {
  const res = h.run((ctx) => h.keeper.burnExtended(ctx, from, amount));
  assert.equal(res.error, undefined, res.error?.message);
  assertSound(h);
  return res.events;
}

/** The uunit bank transfers among the events, as "sender>recipient:amount". */
function bankTransfers(events: ReturnType<typeof send>, harness: Harness): string[] {
  const name = (text: string) =>
    text === accAddressToString(harness.reserve) ? "reserve" : text === accAddressToString(A) ? "A" : text === accAddressToString(B) ? "B" : text;
  return eventsOfType(events, "transfer")
    .filter((a) => a.amount!.endsWith("uunit"))
    .map((a) => `${name(a.sender!)}>${name(a.recipient!)}:${a.amount}`);
}

describe("balances", () => {
  test("aunit balance is bank uunit x 10^12 plus the fraction", () => {
    h = new Harness([{ address: A, aunit: 7n * CF + 123n }]);
    assert.equal(h.uunit(A), 7n);
    assert.equal(h.fraction(A), 123n);
    assert.equal(h.balance(A), 7n * CF + 123n);
    assert.equal(h.balance(FRESH), 0n);
    assert.equal(h.remainder(), CF - 123n);
    assert.equal(h.uunit(h.reserve), 1n);
    assert.equal(h.totalSupply(), 7n * CF + 123n);
    assertSound(h);
  });

  test("the keeper refuses to start without the reserve module account", async () => {
    const { AccountKeeper } = await import("../auth/keeper.js");
    const { BankKeeper } = await import("../bank/keeper.js");
    const { PrecisebankKeeper } = await import("./keeper.js");
    const accounts = new AccountKeeper([{ name: "precisebank", permissions: [] }]);
    assert.throws(() => new PrecisebankKeeper(new BankKeeper(accounts), accounts), /"precisebank" with the "burner" permission/);
    h = new Harness();
  });
});

describe("sendExtended", () => {
  test("fraction only, neither borrow nor carry: no uunit moves", () => {
    h = new Harness([
      { address: A, aunit: 2n * CF + 500n },
      { address: B, aunit: 3n * CF },
    ]);
    const before = snapshot(h, A, B);
    const events = send(A, B, 200n);
    assert.deepEqual(snapshot(h, A, B), {
      ...before,
      accounts: [
        { uunit: 2n, fraction: 300n },
        { uunit: 3n, fraction: 200n },
      ],
    });
    assert.deepEqual(bankTransfers(events, h), []);
    const aunitTransfer = events.find((e) => e.type === "transfer")!;
    assert.ok(aunitTransfer.attributes!.some((a) => a.key === "amount" && a.value === "200aunit"));
  });

  test("the sender's fraction goes to exactly zero: its key is deleted, no borrow", () => {
    h = new Harness([
      { address: A, aunit: CF + 777n },
      { address: B, aunit: 0n },
    ]);
    const reserve = h.uunit(h.reserve);
    send(A, B, 777n);
    assert.equal(h.fraction(A), 0n);
    assert.equal(h.uunit(A), 1n);
    assert.equal(h.fraction(B), 777n);
    assert.equal(h.uunit(h.reserve), reserve);
    assert.equal([...h.keeper.fractionalBalances(h.branch)].length, 1, "only B holds a fraction");
  });

  test("the recipient's fraction crosses 10^12: the reserve carries one uunit to it", () => {
    h = new Harness([
      { address: A, aunit: 500n },
      { address: B, aunit: CF - 100n },
    ]);
    const reserve = h.uunit(h.reserve);
    const events = send(A, B, 300n);
    assert.deepEqual(snapshot(h, A, B).accounts, [
      { uunit: 0n, fraction: 200n },
      { uunit: 1n, fraction: 200n },
    ]);
    assert.equal(h.uunit(h.reserve), reserve - 1n);
    assert.deepEqual(bankTransfers(events, h), ["reserve>B:1uunit"]);
  });

  test("the recipient's fraction reaches exactly 10^12: carried, fraction zero", () => {
    h = new Harness([
      { address: A, aunit: 500n },
      { address: B, aunit: CF - 100n },
    ]);
    send(A, B, 100n);
    assert.deepEqual(snapshot(h, A, B).accounts, [
      { uunit: 0n, fraction: 400n },
      { uunit: 1n, fraction: 0n },
    ]);
  });

  test("the sender's fraction goes negative: it borrows one uunit into the reserve", () => {
    h = new Harness([
      { address: A, aunit: 5n * CF + 100n },
      { address: B, aunit: 0n },
    ]);
    const reserve = h.uunit(h.reserve);
    const events = send(A, B, 300n);
    assert.deepEqual(snapshot(h, A, B).accounts, [
      { uunit: 4n, fraction: CF - 200n },
      { uunit: 0n, fraction: 300n },
    ]);
    assert.equal(h.uunit(h.reserve), reserve + 1n);
    assert.deepEqual(bankTransfers(events, h), ["A>reserve:1uunit"]);
  });

  test("borrow and carry together: one uunit moves directly from sender to recipient", () => {
    h = new Harness([
      { address: A, aunit: 2n * CF + 100n },
      { address: B, aunit: CF - 100n },
    ]);
    const reserve = h.uunit(h.reserve);
    const events = send(A, B, 500n);
    assert.deepEqual(snapshot(h, A, B).accounts, [
      { uunit: 1n, fraction: CF - 400n },
      { uunit: 1n, fraction: 400n },
    ]);
    assert.equal(h.uunit(h.reserve), reserve, "the reserve is not involved");
    assert.deepEqual(bankTransfers(events, h), ["A>B:1uunit"]);
  });

  test("borrow and carry with a whole part: the direct uunit joins the whole-part transfer", () => {
    h = new Harness([
      { address: A, aunit: 5n * CF + 100n },
      { address: B, aunit: CF - 100n },
    ]);
    const events = send(A, B, 2n * CF + 500n);
    assert.deepEqual(snapshot(h, A, B).accounts, [
      { uunit: 2n, fraction: CF - 400n },
      { uunit: 3n, fraction: 400n },
    ]);
    assert.deepEqual(bankTransfers(events, h), ["A>B:3uunit"]);
  });

  test("exactly 10^12 aunit: one uunit moves, fractions untouched", () => {
    h = new Harness([
      { address: A, aunit: 3n * CF + 42n },
      { address: B, aunit: 9n },
    ]);
    const before = snapshot(h, A, B);
    const events = send(A, B, CF);
    assert.deepEqual(snapshot(h, A, B), {
      ...before,
      accounts: [
        { uunit: 2n, fraction: 42n },
        { uunit: 1n, fraction: 9n },
      ],
    });
    assert.deepEqual(bankTransfers(events, h), ["A>B:1uunit"]);
  });

  test("10^12 - 1 aunit: a fraction-only send that borrows and carries", () => {
    h = new Harness([
      { address: A, aunit: CF + 10n },
      { address: B, aunit: 5n },
    ]);
    send(A, B, CF - 1n);
    // A: 10 - (CF-1) borrows, leaving 11; B: 5 + CF-1 = CF+4 carries, leaving 4.
    assert.deepEqual(snapshot(h, A, B).accounts, [
      { uunit: 0n, fraction: 11n },
      { uunit: 1n, fraction: 4n },
    ]);
  });

  test("10^12 - 1 aunit from a fraction that covers it: no borrow, no carry", () => {
    h = new Harness([
      { address: A, aunit: CF - 1n },
      { address: B, aunit: 0n },
    ]);
    const reserve = h.uunit(h.reserve);
    send(A, B, CF - 1n);
    assert.deepEqual(snapshot(h, A, B).accounts, [
      { uunit: 0n, fraction: 0n },
      { uunit: 0n, fraction: CF - 1n },
    ]);
    assert.equal(h.uunit(h.reserve), reserve);
  });

  test("a self-send changes nothing, whatever the fraction", () => {
    for (const [balance, amount] of [
      [3n * CF + 600n, 700n],
      [3n * CF + 600n, CF - 100n],
      [3n * CF, 2n * CF + 5n],
    ] as const) {
      h = new Harness([{ address: A, aunit: balance }]);
      const before = h.dump();
      send(A, A, amount);
      assert.deepEqual(h.dump(), before, `self-send of ${amount} from ${balance}`);
      assert.equal(h.balance(A), balance);
      h.close();
    }
    h = new Harness([{ address: A, aunit: 10n }]);
    const err = h.run((ctx) => h.keeper.sendExtended(ctx, A, A, 11n)).error;
    assert.ok(precisebankErrors.insufficientFunds.is(err), "a self-send still needs the funds");
  });

  test("a fraction-only receipt creates the recipient's account", () => {
    h = new Harness([{ address: A, aunit: 1000n }]);
    assert.equal(h.accounts.getAccount(h.ctx().store, FRESH), undefined);
    send(A, FRESH, 10n);
    assert.ok(h.accounts.getAccount(h.ctx().store, FRESH));
  });

  test("insufficient funds: aunit wording, nothing written even straight on the branch", () => {
    const cases: [bigint, bigint][] = [
      [0n, 1n], // an empty account
      [CF, CF + 1n], // enough uunit for the whole part, no fraction to cover the rest
      [CF + 5n, CF + 6n], // would need to borrow a uunit it does not have
      [3n * CF + 1n, 4n * CF], // whole part too large
    ];
    for (const [balance, amount] of cases) {
      h = new Harness([
        { address: A, aunit: balance },
        { address: B, aunit: CF - 1n },
      ]);
      const before = h.dump();
      const err = h.direct((ctx) => h.keeper.sendExtended(ctx, A, B, amount));
      assert.ok(precisebankErrors.insufficientFunds.is(err));
      assert.equal(err.codespace, "precisebank");
      assert.equal(err.message, `spendable balance ${balance}aunit is smaller than ${amount}aunit: insufficient funds`);
      assert.deepEqual(h.dump(), before);
      h.close();
    }
    h = new Harness();
  });

  test("zero and negative amounts, and the reserve as a party, are refused", () => {
    h = new Harness([{ address: A, aunit: 5n * CF }]);
    const before = h.dump();
    for (const amount of [0n, -1n, -CF]) {
      const err = h.direct((ctx) => h.keeper.sendExtended(ctx, A, B, amount));
      assert.ok(precisebankErrors.invalidAmount.is(err));
      assert.match(err.message, /is not positive/);
    }
    assert.ok(precisebankErrors.reserveAccount.is(h.direct((ctx) => h.keeper.sendExtended(ctx, A, h.reserve, 1n))));
    assert.ok(precisebankErrors.reserveAccount.is(h.direct((ctx) => h.keeper.sendExtended(ctx, h.reserve, A, 1n))));
    assert.deepEqual(h.dump(), before);
  });
});

describe("burnExtended", () => {
  test("a fraction burn without borrow adds to the remainder; supply falls by the amount", () => {
    h = new Harness([{ address: A, aunit: 2n * CF + 600n }], 0n + (CF - 600n));
    const supply = h.totalSupply();
    const bankSupply = h.bankSupply();
    burn(A, 100n);
    assert.equal(h.fraction(A), 500n);
    assert.equal(h.remainder(), CF - 500n);
    assert.equal(h.bankSupply(), bankSupply);
    assert.equal(h.totalSupply(), supply - 100n);
  });

  test("the remainder reaching 10^12 rolls over: the reserve burns one uunit", () => {
    h = new Harness([{ address: A, aunit: 2n * CF + 600n }]);
    assert.equal(h.remainder(), CF - 600n);
    const reserve = h.uunit(h.reserve);
    const bankSupply = h.bankSupply();
    const supply = h.totalSupply();
    const events = burn(A, 610n); // borrows: 600 - 610 < 0, and the remainder rolls over to 10
    assert.equal(h.remainder(), 10n);
    assert.deepEqual(snapshot(h, A).accounts, [{ uunit: 1n, fraction: CF - 10n }]);
    assert.equal(h.uunit(h.reserve), reserve, "borrowed uunit is the one burned");
    assert.equal(h.bankSupply(), bankSupply - 1n);
    assert.equal(h.totalSupply(), supply - 610n);
    assert.ok(events.some((e) => e.type === "burn" && e.attributes!.some((a) => a.value === "610aunit")));
  });

  test("rollover without borrow: the reserve's own uunit is burned", () => {
    h = new Harness([
      { address: A, aunit: CF + 600n },
      { address: B, aunit: CF - 700n },
    ]);
    // fractions 600 + (CF-700) = CF - 100, so the remainder is 100 and the reserve holds 1 uunit
    assert.equal(h.remainder(), 100n);
    assert.equal(h.uunit(h.reserve), 1n);
    burn(B, CF - 700n); // no borrow; remainder 100 + CF - 700 = CF - 600, no rollover yet
    assert.equal(h.remainder(), CF - 600n);
    assert.equal(h.uunit(h.reserve), 1n);
    const supply = h.bankSupply();
    burn(A, 600n); // no borrow; remainder reaches exactly 10^12
    assert.equal(h.remainder(), 0n);
    assert.equal(h.uunit(h.reserve), 0n);
    assert.equal(h.bankSupply(), supply - 1n);
    assert.equal(h.uunit(A), 1n);
    assert.equal(h.fraction(A), 0n);
  });

  test("borrow without rollover: one uunit goes into the reserve, none is burned", () => {
    h = new Harness([{ address: A, aunit: 3n * CF + 10n }], CF - 10n);
    // Bring the remainder down: a burn that rolls over leaves it at 0.
    burn(A, 10n);
    assert.equal(h.remainder(), 0n);
    const reserve = h.uunit(h.reserve);
    const bankSupply = h.bankSupply();
    burn(A, 50n);
    assert.deepEqual(snapshot(h, A).accounts, [{ uunit: 2n, fraction: CF - 50n }]);
    assert.equal(h.uunit(h.reserve), reserve + 1n);
    assert.equal(h.remainder(), 50n);
    assert.equal(h.bankSupply(), bankSupply);
  });

  test("a whole-uunit burn: bank supply falls, fraction and remainder stay", () => {
    h = new Harness([{ address: A, aunit: 3n * CF + 10n }]);
    const before = snapshot(h, A);
    burn(A, 2n * CF);
    assert.deepEqual(snapshot(h, A), { ...before, accounts: [{ uunit: 1n, fraction: 10n }], bankSupply: before.bankSupply - 2n });
  });

  test("insufficient funds, zero amounts and the reserve leave state unchanged", () => {
    h = new Harness([{ address: A, aunit: CF + 5n }]);
    const before = h.dump();
    const err = h.direct((ctx) => h.keeper.burnExtended(ctx, A, CF + 6n));
    assert.ok(precisebankErrors.insufficientFunds.is(err));
    assert.equal(err.message, `spendable balance ${CF + 5n}aunit is smaller than ${CF + 6n}aunit: insufficient funds`);
    assert.ok(precisebankErrors.invalidAmount.is(h.direct((ctx) => h.keeper.burnExtended(ctx, A, 0n))));
    assert.ok(precisebankErrors.reserveAccount.is(h.direct((ctx) => h.keeper.burnExtended(ctx, h.reserve, 1n))));
    assert.ok(precisebankErrors.insufficientFunds.is(h.direct((ctx) => h.keeper.burnExtended(ctx, FRESH, 1n))));
    assert.deepEqual(h.dump(), before);
  });
});

describe("withholdExtended (the mempool's check state)", () => {
  /** Runs `op` in a context that records no events, as CheckTx's does. */
  const quietly = (op: (ctx: Context) => void) => op(new QuietContext(h.ctx().header, h.branch, testLogger));

  test("the sender's uunit and fraction fall by the amount; reserve, remainder and supply stay", () => {
    h = new Harness([
      { address: A, aunit: 5n * CF + 10n },
      { address: B, aunit: CF - 1n },
    ]);
    const before = snapshot(h, A, B);
    // A fraction of 20 from 10: the account borrows, so two whole uunit go for 1 x 10^12 + 20.
    quietly((ctx) => h.keeper.withholdExtended(ctx, A, CF + 20n));
    assert.equal(h.balance(A), 4n * CF - 10n);
    assert.deepEqual([h.uunit(A), h.fraction(A)], [3n, CF - 10n]);
    assert.deepEqual({ ...snapshot(h, A, B), accounts: before.accounts.slice(1) }, { ...before, accounts: snapshot(h, B).accounts });
    // Fraction only, no borrow: bank untouched.
    quietly((ctx) => h.keeper.withholdExtended(ctx, A, 5n));
    assert.deepEqual([h.uunit(A), h.fraction(A)], [3n, CF - 15n]);
  });

  test("refused in a block's context, and for more than the balance, the reserve or nothing", () => {
    h = new Harness([{ address: A, aunit: CF + 5n }]);
    const before = h.dump();
    assert.throws(() => h.keeper.withholdExtended(h.ctx(), A, 1n), /only for the mempool's check state/);
    quietly((ctx) => {
      assert.ok(precisebankErrors.insufficientFunds.is(catchAppError(() => h.keeper.withholdExtended(ctx, A, CF + 6n))));
      assert.ok(precisebankErrors.invalidAmount.is(catchAppError(() => h.keeper.withholdExtended(ctx, A, 0n))));
      assert.ok(precisebankErrors.reserveAccount.is(catchAppError(() => h.keeper.withholdExtended(ctx, h.reserve, 1n))));
    });
    assert.deepEqual(h.dump(), before);
  });
});

function catchAppError(op: () => void): AppError {
  try {
    op();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("operation unexpectedly succeeded");
}
