// Precisebank genesis: what it accepts, what it writes, and each rule it enforces, including the
// reserve invariant against the balance bank genesis credited the reserve.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { accAddressToString } from "../../../common/address.js";
import { CONVERSION_FACTOR as CF, EXTENDED_DENOM, INTEGER_DENOM } from "./denoms.js";
import { defaultPrecisebankGenesis, initPrecisebankGenesis } from "./genesis.js";
import { brokenInvariants } from "./invariants.js";
import { addr, Harness } from "./testHarness.js";

const A = accAddressToString(addr(1));
const B = accAddressToString(addr(2));

let h: Harness;
afterEach(() => h?.close());

/** An empty harness whose reserve bank genesis credited with `reserve` uunit. */
function withReserve(reserve: bigint): Harness {
  const harness = new Harness();
  const ctx = harness.ctx();
  harness.bank.setGenesisBalance(ctx, harness.reserve, { denom: INTEGER_DENOM, amount: reserve });
  harness.bank.setSupply(ctx, { denom: INTEGER_DENOM, amount: reserve });
  return harness;
}

function init(genesis: unknown): void {
  initPrecisebankGenesis(h.ctx(), h.keeper, genesis);
}

test("the default genesis is empty and valid", () => {
  assert.deepEqual(defaultPrecisebankGenesis(), { balances: [], remainder: "0" });
  h = withReserve(0n);
  init(defaultPrecisebankGenesis());
  assert.equal(h.remainder(), 0n);
  assert.deepEqual(brokenInvariants(h.keeper, h.branch), []);
});

test("balances and remainder are written when the reserve backs them exactly", () => {
  h = withReserve(2n);
  init({
    balances: [
      { address: A, amount: (CF - 1n).toString() },
      { address: B, amount: "600" },
    ],
    remainder: (CF - 599n).toString(),
  });
  assert.equal(h.fraction(addr(1)), CF - 1n);
  assert.equal(h.fraction(addr(2)), 600n);
  assert.equal(h.remainder(), CF - 599n);
  assert.equal(h.keeper.totalFractionalBalances(h.branch), CF + 599n);
  assert.deepEqual(brokenInvariants(h.keeper, h.branch), []);
});

test("each rule is enforced with a message naming the field", () => {
  const cases: [bigint, unknown, RegExp][] = [
    [1n, { balances: [{ address: A, amount: "0" }], remainder: CF.toString() }, /balances\[0\]\.amount: 0aunit must be above 0/],
    [1n, { balances: [{ address: A, amount: CF.toString() }], remainder: "0" }, /balances\[0\]\.amount: .* below 1000000000000/],
    [1n, { balances: [], remainder: CF.toString() }, /remainder: 1000000000000aunit must be below/],
    [1n, { balances: [{ address: A, amount: "-5" }], remainder: "0" }, /balances\[0\]\.amount/],
    [
      1n,
      {
        balances: [
          { address: A, amount: "500" },
          { address: A.toUpperCase(), amount: "500" },
        ],
        remainder: (CF - 1000n).toString(),
      },
      /balances\[1\]: duplicate address/,
    ],
    [1n, { balances: [{ address: "unit1bad", amount: "5" }], remainder: "0" }, /balances\[0\]\.address/],
    [
      0n,
      { balances: [{ address: A, amount: "500" }], remainder: (CF - 500n).toString() },
      /reserve balance 0uunit must equal the fractional balances 500aunit plus the remainder/,
    ],
    [2n, { balances: [{ address: A, amount: "500" }], remainder: (CF - 500n).toString() }, /reserve balance 2uunit/],
    [1n, { balances: [{ address: A, amount: "500" }], remainder: "0" }, /reserve balance 1uunit/],
    [0n, { balances: [], remainder: "0", bogus: 1 }, /precisebank genesis/],
  ];
  for (const [reserve, genesis, message] of cases) {
    h = withReserve(reserve);
    assert.throws(() => init(genesis), message, JSON.stringify(genesis));
    h.close();
  }
  h = withReserve(1n);
  const reserveAddress = accAddressToString(h.reserve);
  assert.throws(
    () => init({ balances: [{ address: reserveAddress, amount: "5" }], remainder: (CF - 5n).toString() }),
    /the reserve cannot hold a fractional balance/,
  );
});

test("a bank genesis holding aunit is refused: aunit is never a bank denom", () => {
  h = withReserve(0n);
  h.bank.setGenesisBalance(h.ctx(), addr(1), { denom: EXTENDED_DENOM, amount: 5n });
  h.bank.setSupply(h.ctx(), { denom: EXTENDED_DENOM, amount: 5n });
  assert.throws(() => init(defaultPrecisebankGenesis()), /bank has a supply of 5aunit/);
});
