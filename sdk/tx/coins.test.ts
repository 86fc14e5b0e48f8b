import { test } from "node:test";
import assert from "node:assert/strict";
import { formatCoins, MAX_COIN_AMOUNT, parseCoin, parseCoins } from "./coins.js";

test("one coin: integer amount then denom, spaces between allowed as in the SDK", () => {
  assert.deepEqual(parseCoin("1000uunit"), { denom: "uunit", amount: "1000" });
  assert.deepEqual(parseCoin(" 7 ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2 "), {
    denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2",
    amount: "7",
  });
  assert.deepEqual(parseCoin("0005uunit"), { denom: "uunit", amount: "5" });
  assert.deepEqual(parseCoin("1factory/unit1abc/x:y.z_w-v"), { denom: "factory/unit1abc/x:y.z_w-v", amount: "1" });
});

test("bad coins are refused with a message that says what is wrong", () => {
  const cases: Array<[string, RegExp]> = [
    ["", /expected an integer amount followed by a denom/],
    ["uunit", /expected an integer amount followed by a denom/],
    ["1000", /expected an integer amount followed by a denom/],
    ["-5uunit", /unsigned integer, without a sign/],
    ["+5uunit", /unsigned integer, without a sign/],
    ["1.5uunit", /integer in the base denom/],
    [".5uunit", /integer in the base denom/],
    ["10u", /invalid denom "u"/],
    ["10ab", /invalid denom "ab"/],
    ["10uunit!", /invalid denom "uunit!"/],
    ["10 uu nit", /invalid denom "uu nit"/],
    [`10${"a".repeat(129)}`, /invalid denom/],
    [`${MAX_COIN_AMOUNT + 1n}uunit`, /larger than 2\^256-1/],
  ];
  for (const [input, message] of cases) assert.throws(() => parseCoin(input), message, input);
  assert.equal(parseCoin(`${MAX_COIN_AMOUNT}uunit`).amount, MAX_COIN_AMOUNT.toString());
  assert.equal(parseCoin(`10${"a".repeat(128)}`).amount, "10");
});

test("coin lists are sorted by denom, zero amounts dropped, duplicates refused", () => {
  assert.deepEqual(parseCoins("5000uunit,3foo"), [
    { denom: "foo", amount: "3" },
    { denom: "uunit", amount: "5000" },
  ]);
  assert.deepEqual(parseCoins("0uunit"), []);
  assert.deepEqual(parseCoins(""), []);
  assert.deepEqual(parseCoins(" 1uunit , 2aunit "), [
    { denom: "aunit", amount: "2" },
    { denom: "uunit", amount: "1" },
  ]);
  assert.throws(() => parseCoins("1uunit,2uunit"), /duplicate denom uunit/);
  assert.throws(() => parseCoins("1uunit,,2foo"), /coin 2 is empty/);
  assert.throws(() => parseCoins("1uunit,x"), /invalid coin "x"/);
});

test("formatCoins is the inverse of parseCoins on a normalized list", () => {
  const text = "3foo,5000uunit";
  assert.equal(formatCoins(parseCoins(text)), text);
  assert.equal(formatCoins([]), "");
});
