import { test } from "node:test";
import assert from "node:assert/strict";
import { adjustGas, coinsFlag, DEFAULT_GAS, gasFlag, memoFlag } from "./txFlags.js";
import { renderText } from "./output.js";

test("--gas: default 200000, an integer, or auto with the adjustment (default 1.0)", () => {
  assert.deepEqual(gasFlag(undefined, undefined), { kind: "fixed", limit: DEFAULT_GAS });
  assert.deepEqual(gasFlag("123", undefined), { kind: "fixed", limit: 123n });
  assert.deepEqual(gasFlag("auto", undefined), { kind: "auto", adjustment: 1 });
  assert.deepEqual(gasFlag("auto", "1.5"), { kind: "auto", adjustment: 1.5 });
  for (const bad of ["0", "-1", "1.5", "lots", "99999999999999999999"]) assert.throws(() => gasFlag(bad, undefined), /--gas expects/, bad);
  for (const bad of ["0", "-1", "x", "1e3", "1000"]) assert.throws(() => gasFlag("auto", bad), /--gas-adjustment expects/, bad);
});

test("simulated gas is scaled and rounded up, exactly, even for large values", () => {
  assert.equal(adjustGas(100_000n, 1), 100_000n);
  assert.equal(adjustGas(100_001n, 1.5), 150_002n);
  assert.equal(adjustGas(3n, 1.3), 4n);
  assert.equal(adjustGas(10n ** 18n, 1.1), 11n * 10n ** 17n);
});

test("fees and memo flags are checked", () => {
  assert.deepEqual(coinsFlag("--fees", "5000uunit"), [{ denom: "uunit", amount: "5000" }]);
  assert.deepEqual(coinsFlag("--fees", undefined), []);
  assert.throws(() => coinsFlag("--fees", "5000"), /--fees: invalid coin/);
  assert.equal(memoFlag(undefined, undefined), "");
  assert.equal(memoFlag("hi", undefined), "hi");
  assert.equal(memoFlag(undefined, "hi"), "hi");
  assert.throws(() => memoFlag("a", "b"), /only one/);
  assert.throws(() => memoFlag("x".repeat(257), undefined), /at most 256/);
});

test("text output is YAML-like and quotes what would read as something else", () => {
  const text = renderText({
    balances: [{ denom: "uunit", amount: "1000" }],
    pagination: { next_key: null, total: "1" },
    empty: [],
    flag: true,
    memo: "",
    note: "a: b",
  });
  assert.equal(
    text,
    [
      "balances:",
      "  - denom: uunit",
      '    amount: "1000"',
      "pagination:",
      "  next_key: null",
      '  total: "1"',
      "empty: []",
      "flag: true",
      'memo: ""',
      'note: "a: b"',
      "",
    ].join("\n"),
  );
  assert.equal(
    renderText({ account: { "@type": "/cosmos.auth.v1beta1.ModuleAccount", name: "gov" } }),
    'account:\n  "@type": /cosmos.auth.v1beta1.ModuleAccount\n  name: gov\n',
  );
});
