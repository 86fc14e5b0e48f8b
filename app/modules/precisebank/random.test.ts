// Seeded random sends and burns among a few accounts (some starting empty), run straight on the
// block's branch, with every invariant checked after every operation. Rerun a failure with
// PRECISEBANK_SEED=<seed>; PRECISEBANK_OPS sets the number of operations per seed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { prng } from "../../../test/support/prng.js";
import { precisebankErrors } from "./errors.js";
import { brokenInvariants } from "./invariants.js";
import { addr, CF, Harness } from "./testHarness.js";

const SEEDS = process.env.PRECISEBANK_SEED ? [Number(process.env.PRECISEBANK_SEED)] : [1, 2611, 424242];
const OPS = Number(process.env.PRECISEBANK_OPS ?? 3000);
const USERS = [1, 2, 3, 4, 5, 6, 7, 8].map(addr);

function run(seed: number): void {
  const rand = prng(seed);
  const int = (n: number) => Math.floor(rand() * n);
  /** A uniform-ish bigint in [0, bound). */
  const below = (bound: bigint) => (bound <= 0n ? 0n : ((BigInt(int(2 ** 30)) << 30n) | BigInt(int(2 ** 30))) % bound);

  // Accounts 6..8 start empty; the others hold a few uunit and a random fraction.
  const h = new Harness(USERS.slice(0, 5).map((address) => ({ address, aunit: BigInt(1 + int(20)) * CF + below(CF) })));
  const where = (i: number, what: string) => `seed ${seed}, op ${i} (${what})`;
  const sumUsers = () => USERS.reduce((sum, a) => sum + h.balance(a), 0n);
  const bankHolders = () => [...USERS, h.reserve].reduce((sum, a) => sum + h.uunit(a), 0n);

  const amountFor = (balance: bigint): bigint => {
    switch (int(9)) {
      case 0:
        return BigInt(1 + int(1000));
      case 1:
        return 1n + below(CF - 1n);
      case 2:
        return CF - BigInt(int(3));
      case 3:
        return CF + BigInt(int(3));
      case 4:
        return BigInt(1 + int(3)) * CF;
      case 5:
        return balance > 0n ? 1n + below(balance) : 1n;
      case 6:
        return balance > 0n ? balance : 1n;
      case 7:
        return balance + 1n; // always too much
      default:
        return 1n + below(5n * CF);
    }
  };

  // How often each path ran, so a generator that stopped producing one fails the test.
  const seen = { borrow: 0, carry: 0, direct: 0, rollover: 0, refused: 0, selfSend: 0 };
  try {
    for (let i = 0; i < OPS; i++) {
      const from = USERS[int(USERS.length)]!;
      const to = USERS[int(USERS.length)]!;
      const amount = amountFor(h.balance(from));
      const burning = int(4) === 0;
      const hitReserve = int(50) === 0;
      const what = `${burning ? "burn" : "send"} ${amount}aunit${hitReserve ? " involving the reserve" : ""}`;

      const before = {
        dump: h.dump(),
        users: sumUsers(),
        supply: h.totalSupply(),
        bankSupply: h.bankSupply(),
        remainder: h.remainder(),
        reserve: h.uunit(h.reserve),
        fromBalance: h.balance(from),
        fFrom: h.fraction(from),
        fTo: h.fraction(to),
      };
      const ctx = h.ctx();
      let error: unknown;
      try {
        if (burning) h.keeper.burnExtended(ctx, hitReserve ? h.reserve : from, amount);
        else if (hitReserve) h.keeper.sendExtended(ctx, ...(int(2) ? ([from, h.reserve] as const) : ([h.reserve, to] as const)), amount);
        else h.keeper.sendExtended(ctx, from, to, amount);
      } catch (err) {
        error = err;
      }

      if (error !== undefined) {
        // Every failure is a clear one, and the keeper wrote nothing before failing.
        const expected = hitReserve ? precisebankErrors.reserveAccount : precisebankErrors.insufficientFunds;
        assert.ok(expected.is(error), `${where(i, what)}: unexpected ${String(error)}`);
        if (!hitReserve) assert.ok(before.fromBalance < amount, `${where(i, what)}: refused although funded`);
        assert.deepEqual(h.dump(), before.dump, `${where(i, what)}: a failed operation changed state`);
        seen.refused++;
        continue;
      }
      assert.ok(!hitReserve && before.fromBalance >= amount, `${where(i, what)}: should have failed`);

      assert.deepEqual(brokenInvariants(h.keeper, h.branch), [], where(i, what));
      for (const { amount: f } of h.keeper.fractionalBalances(h.branch)) assert.ok(f > 0n && f < CF, where(i, what));
      assert.ok(h.remainder() >= 0n && h.remainder() < CF, where(i, what));
      // Total supply moves only by burns, by exactly the burned amount; the users' balances are it.
      assert.equal(h.totalSupply(), before.supply - (burning ? amount : 0n), `${where(i, what)}: total supply`);
      assert.equal(sumUsers(), h.totalSupply(), `${where(i, what)}: users' balances vs total supply`);
      const fraction = amount % CF;
      if (burning) {
        if (before.remainder + fraction >= CF) seen.rollover++;
      } else if (from === to) {
        seen.selfSend++;
      } else {
        if (before.fFrom < fraction && before.fTo + fraction >= CF) seen.direct++;
        else if (h.uunit(h.reserve) > before.reserve) seen.borrow++;
        else if (h.uunit(h.reserve) < before.reserve) seen.carry++;
      }
      if (!burning) {
        assert.equal(sumUsers() + h.remainder(), before.users + before.remainder, `${where(i, what)}: a send changed balances + remainder`);
        assert.equal(h.balance(from), before.fromBalance - (from === to ? 0n : amount), where(i, what));
      }
      // Nothing minted: bank supply never rises, and bank's holders still add up to it.
      assert.ok(h.bankSupply() <= before.bankSupply, `${where(i, what)}: bank supply rose`);
      assert.equal(bankHolders(), h.bankSupply(), `${where(i, what)}: bank balances vs bank supply`);
    }
    for (const [path, count] of Object.entries(seen)) assert.ok(count > 0, `seed ${seed}: the ${path} path never ran`);
  } finally {
    h.close();
  }
}

for (const seed of SEEDS) {
  test(`random sends and burns keep every invariant (seed ${seed}, ${OPS} ops)`, () => run(seed));
}
