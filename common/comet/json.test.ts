import { test } from "node:test";
import assert from "node:assert/strict";
import { CometShapeError, Json } from "./json.js";
import { GrpcCode } from "../errors.js";

const at = (value: unknown) => new Json(value, "result");

test("RFC3339 times keep nanoseconds and honour offsets", () => {
  const t = at("2026-11-20T22:59:04.181739313Z").time();
  assert.equal(t.seconds, BigInt(Date.UTC(2026, 10, 20, 22, 59, 4) / 1000));
  assert.equal(t.nanos, 181739313);
  assert.equal(at("2026-11-20T22:59:03.629Z").time().nanos, 629_000_000);
  assert.equal(at("2026-11-21T00:59:04+02:00").time().seconds, BigInt(Date.UTC(2026, 10, 20, 22, 59, 4) / 1000));
});

test("Go's zero time (year 1) is not read as 1901", () => {
  assert.equal(at("0001-01-01T00:00:00Z").time().seconds, -62135596800n);
});

test("int64 strings become bigints; numbers are accepted for small ints", () => {
  assert.equal(at("9223372036854775807").bigint(), 9223372036854775807n);
  assert.equal(at(7).int(), 7);
  assert.throws(() => at("12a").bigint(), CometShapeError);
  assert.throws(() => at(1.5).int(), CometShapeError);
});

test("hex and base64 bytes are checked", () => {
  assert.deepEqual([...at("0A0b").hex()], [10, 11]);
  assert.deepEqual([...at("").hex()], []);
  assert.deepEqual([...at("AQI=").base64()], [1, 2]);
  assert.throws(() => at("0A0").hex(), /result: expected hex bytes, got "0A0"/);
  assert.throws(() => at("A!==").base64(), /expected base64/);
});

test("a missing or null member names its path and maps to INTERNAL", () => {
  const j = at({ block: { header: null } });
  assert.equal(j.get("block").opt("header"), undefined);
  try {
    j.get("block").get("header");
    assert.fail("expected a throw");
  } catch (err) {
    assert.ok(err instanceof CometShapeError);
    assert.equal(err.grpcCode, GrpcCode.INTERNAL);
    assert.match(err.message, /result\.block\.header: expected a value, got null/);
  }
  assert.throws(() => at([]).get("x"), /result: expected an object, got an array/);
});

test("Go's null slices read as empty lists", () => {
  assert.deepEqual(at(null).list(), []);
  assert.deepEqual(at({}).opt("txs")?.list() ?? [], []);
  assert.equal(at([1, 2]).list()[1]!.path, "result[1]");
});
