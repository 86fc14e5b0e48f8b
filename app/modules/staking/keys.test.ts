import { test } from "node:test";
import assert from "node:assert/strict";
import { compareBytes } from "../../store/bytes.js";
import {
  delegationKey,
  delegationsOfDelegatorPrefix,
  parseUnbondingQueueKey,
  timeKey,
  u64be,
  unbondingQueueKey,
  UNBONDING_QUEUE_PREFIX,
  validatorKey,
} from "./keys.js";

const a = (n: number) => new Uint8Array(20).fill(n);
const t = (seconds: bigint, nanos = 0) => ({ seconds, nanos }) as never;

test("u64 keys sort numerically, including across byte boundaries", () => {
  const ns = [0n, 1n, 255n, 256n, 65_535n, 65_536n, 2n ** 32n, 2n ** 63n, 2n ** 64n - 1n];
  const sorted = [...ns].map(u64be).sort(compareBytes);
  assert.deepEqual(
    sorted.map((b) => Buffer.from(b).readBigUInt64BE()),
    ns,
  );
  assert.throws(() => u64be(-1n), RangeError);
  assert.throws(() => u64be(2n ** 64n), RangeError);
});

test("queue keys sort by completion time (seconds, then nanos) before the pair", () => {
  const keys = [
    unbondingQueueKey(t(1_700_000_000n, 999_999_999), a(1), a(1)),
    unbondingQueueKey(t(1_700_000_001n, 0), a(0), a(0)),
    unbondingQueueKey(t(255n, 0), a(9), a(9)),
    unbondingQueueKey(t(256n, 0), a(0), a(0)),
    unbondingQueueKey(t(1_700_000_000n, 5), a(9), a(9)),
  ];
  const order = [...keys].sort(compareBytes).map((k) => parseUnbondingQueueKey(k.subarray(UNBONDING_QUEUE_PREFIX.length)));
  assert.deepEqual(
    order.map((o) => `${o.seconds}.${o.nanos}`),
    ["255.0", "256.0", "1700000000.5", "1700000000.999999999", "1700000001.0"],
  );
  assert.deepEqual(order[0]!.delegator, a(9));
  assert.throws(() => timeKey(t(-1n)), /before 1970/);
});

test("a delegator's delegations share a prefix and sort by validator", () => {
  const prefix = delegationsOfDelegatorPrefix(a(3));
  const keys = [delegationKey(a(3), a(200)), delegationKey(a(3), a(1)), delegationKey(a(4), a(0)), delegationKey(a(2), a(255))].sort(compareBytes);
  assert.equal(keys.filter((k) => Buffer.from(k).subarray(0, prefix.length).equals(Buffer.from(prefix))).length, 2);
  assert.deepEqual(
    keys.map((k) => k[1]),
    [2, 3, 3, 4],
  );
  assert.deepEqual(
    keys.map((k) => k[21]),
    [255, 1, 200, 0],
  );
  assert.throws(() => validatorKey(new Uint8Array(32)), /20-byte/);
});
