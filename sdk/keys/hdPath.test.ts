import { test } from "node:test";
import assert from "node:assert/strict";
import { COIN_TYPE, hdPath } from "./hdPath.js";

test("the path uses coin type 118 with configurable account and index", () => {
  assert.equal(COIN_TYPE, 118);
  assert.equal(hdPath(), "m/44'/118'/0'/0/0");
  assert.equal(hdPath({ account: 2, index: 7 }), "m/44'/118'/2'/0/7");
  assert.throws(() => hdPath({ index: -1 }), /index must be an integer from 0 to 2147483647/);
  assert.throws(() => hdPath({ account: 2 ** 31 }), /account must be an integer/);
  assert.throws(() => hdPath({ index: 1.5 }), /index must be an integer/);
});
