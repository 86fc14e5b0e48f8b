// Log filter criteria: parsing (addresses, topic positions with nulls and alternatives, block
// range or hash) and matching as Ethereum does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { logMatches, parseLogCriteria } from "./logFilter.js";

const A = `0x${"aa".repeat(20)}`;
const B = `0x${"bb".repeat(20)}`;
const T1 = `0x${"01".repeat(32)}`;
const T2 = `0x${"02".repeat(32)}`;
const T3 = `0x${"03".repeat(32)}`;
const bytes = (h: string) => Uint8Array.from(Buffer.from(h.slice(2), "hex"));
const log = (address: string, ...topics: string[]) => ({ address: bytes(address), topics: topics.map(bytes) });

test("an empty filter matches every log", () => {
  const c = parseLogCriteria({});
  assert.ok(logMatches(c, log(A)));
  assert.ok(logMatches(c, log(B, T1, T2)));
});

test("addresses: one or a list", () => {
  assert.ok(logMatches(parseLogCriteria({ address: A }), log(A)));
  assert.ok(!logMatches(parseLogCriteria({ address: A }), log(B)));
  assert.ok(logMatches(parseLogCriteria({ address: [A, B] }), log(B)));
});

test("topics: positions, null wildcards, alternatives, and the log needs as many topics as positions", () => {
  assert.ok(logMatches(parseLogCriteria({ topics: [T1] }), log(A, T1, T2)));
  assert.ok(!logMatches(parseLogCriteria({ topics: [T2] }), log(A, T1, T2)));
  assert.ok(logMatches(parseLogCriteria({ topics: [null, T2] }), log(A, T1, T2)));
  assert.ok(logMatches(parseLogCriteria({ topics: [[T3, T1], [T2]] }), log(A, T1, T2)));
  assert.ok(!logMatches(parseLogCriteria({ topics: [[T3, T2]] }), log(A, T1, T2)));
  assert.ok(logMatches(parseLogCriteria({ topics: [[T3, null]] }), log(A, T1)), "a null among alternatives matches anything");
  assert.ok(logMatches(parseLogCriteria({ topics: [[]] }), log(A, T1)), "no alternatives match anything");
  assert.ok(!logMatches(parseLogCriteria({ topics: [null, null, null] }), log(A, T1, T2)), "three positions need three topics");
});

test("the block range or a block hash, not both; bad parts are named", () => {
  assert.deepEqual(parseLogCriteria({ fromBlock: "0x1", toBlock: "latest" }).fromBlock, { kind: "number", height: 1n });
  assert.deepEqual(parseLogCriteria({ blockHash: T1 }).blockHash, bytes(T1));
  assert.throws(() => parseLogCriteria({ blockHash: T1, fromBlock: "0x1" }), /cannot specify both BlockHash and FromBlock\/ToBlock/);
  assert.throws(() => parseLogCriteria({ topics: [T1, T1, T1, T1, T1] }), /too many topics/);
  assert.throws(() => parseLogCriteria({ address: "0x12" }), /filter.address: expected 0x followed by 40 hex digits/);
  assert.throws(() => parseLogCriteria({ topics: [[T1, "0x1"]] }), /filter.topics\[0\]\[1\]/);
  assert.throws(() => parseLogCriteria({ address: Array.from({ length: 1001 }, () => A) }), /more than 1000 addresses/);
  assert.throws(() => parseLogCriteria("latest"), /expected a filter object/);
  assert.equal(parseLogCriteria({ fromBlock: "0x1" }, "logs filter", { blocks: false }).fromBlock, undefined, "subscriptions ignore the range");
});
