import { test } from "node:test";
import assert from "node:assert/strict";
import { decMul, decQuo, decTruncate, formatDec, parseDec } from "./dec.js";

test("parses and prints as LegacyDec does", () => {
  assert.equal(formatDec(parseDec("0.334")), "0.334000000000000000");
  assert.equal(formatDec(parseDec("1")), "1.000000000000000000");
  assert.equal(formatDec(parseDec("12.000000000000000001")), "12.000000000000000001");
  for (const bad of ["", "-1", "1.", ".5", "1.0000000000000000001", "1e3", " 1", "0x10"]) assert.throws(() => parseDec(bad), /invalid decimal/, bad);
});

test("multiplication and division round half to even at the 18th digit", () => {
  // 1/3 = 0.333...333 (the 19th digit 3 rounds down); 2/3 rounds up.
  assert.equal(formatDec(decQuo(parseDec("1"), parseDec("3"))), "0.333333333333333333");
  assert.equal(formatDec(decQuo(parseDec("2"), parseDec("3"))), "0.666666666666666667");
  // Exactly half an atomic unit: to even.
  assert.equal(decMul(parseDec("0.000000000000000001"), parseDec("0.5")), 0n);
  assert.equal(decMul(parseDec("0.000000000000000003"), parseDec("0.5")), 2n);
  assert.equal(decMul(parseDec("0.000000000000000001"), parseDec("0.51")), 1n);
  assert.equal(decTruncate(parseDec("7.999999999999999999")), 7n);
  assert.throws(() => decQuo(1n, 0n), /division by zero/);
});
