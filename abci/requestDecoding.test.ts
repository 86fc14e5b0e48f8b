// The hand-read Flush and CheckTx requests must decode exactly as protobuf-es decodes them, and
// everything else must still be decoded (or refused) by protobuf-es.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { CheckTxType, RequestSchema } from "../gen/tendermint/abci/types_pb.js";
import { decodeRequest } from "./requestDecoding.js";
import { prng } from "../test/support/prng.js";

function both(frame: Uint8Array): { ours: unknown; theirs: unknown } {
  const run = (f: () => unknown) => {
    try {
      return { ok: f() };
    } catch (err) {
      return { error: (err as Error).message };
    }
  };
  return { ours: run(() => decodeRequest(frame)), theirs: run(() => fromBinary(RequestSchema, frame)) };
}

test("CometBFT's CheckTx and Flush requests decode as protobuf-es decodes them", () => {
  const rand = prng(27112026);
  const frames: Uint8Array[] = [toBinary(RequestSchema, create(RequestSchema, { value: { case: "flush", value: {} } }))];
  for (const length of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000])
    for (const type of [CheckTxType.NEW, CheckTxType.RECHECK]) {
      const tx = Uint8Array.from({ length }, () => Math.floor(rand() * 256));
      frames.push(toBinary(RequestSchema, create(RequestSchema, { value: { case: "checkTx", value: { tx, type } } })));
    }
  for (const frame of frames) {
    const { ours, theirs } = both(frame);
    assert.deepEqual(ours, theirs);
  }
  const recheck = decodeRequest(frames.at(-1)!);
  assert.equal(recheck.value.case, "checkTx");
  assert.equal(recheck.value.value.type, CheckTxType.RECHECK);
  assert.equal(recheck.value.value.tx.length, 70_000);
});

test("other shapes of the same requests, and mutated frames, decode (or fail) exactly as protobuf-es", () => {
  const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/ /g, ""), "hex"));
  const shapes = [
    "42 00", // empty RequestCheckTx
    "42 02 10 01", // RECHECK, no tx
    "42 05 0a 01 ff 10 00", // NEW written out
    "42 05 10 01 0a 01 ff", // fields in the other order
    "42 06 0a 01 ff 0a 01 ee", // tx twice: the last wins
    "42 05 0a 01 ff 10 07", // an enum value CometBFT does not send
    "42 06 0a 01 ff 18 01 ", // unknown field 3 (wrong length: 18 01 is 2 bytes, body says 6)
    "42 05 0a 01 ff 18 01", // unknown field 3
    "42 04 0a 03 ff", // tx longer than the body
    "42 80 00", // over-long varint for an empty body
    "42 05 0a 01 ff 10", // truncated enum
    "12 00", // flush
    "12 02 08 01", // flush with an unknown field
    "0a 00", // echo
    "42 04 0a 01 ff", // body longer than the frame
  ];
  const rand = prng(112026);
  const frames = shapes.map(hex);
  const base = toBinary(RequestSchema, create(RequestSchema, { value: { case: "checkTx", value: { tx: hex("0a0b0c0d0e0f"), type: CheckTxType.RECHECK } } }));
  for (let i = 0; i < 3000; i++) {
    const frame = Uint8Array.from(base);
    for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) frame[Math.floor(rand() * frame.length)] = Math.floor(rand() * 256);
    frames.push(rand() < 0.2 ? frame.subarray(0, Math.floor(rand() * frame.length)) : frame);
  }
  let failures = 0;
  for (const [i, frame] of frames.entries()) {
    const { ours, theirs } = both(frame);
    assert.deepEqual(ours, theirs, `frame ${i}: ${Buffer.from(frame).toString("hex")}`);
    if ("error" in (theirs as object)) failures++;
  }
  assert.ok(failures > 0, "some mutations are refused by both");
});
