// The hand-written FinalizeBlock and CheckTx encoders must produce exactly protobuf-es's bytes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { ResponseSchema } from "../gen/tendermint/abci/types_pb.js";
import type { CheckTxResult, FinalizeBlockResult } from "./application.js";
import { encodeCheckTxResponse, encodeFinalizeBlockResponse } from "./responseEncoding.js";
import { prng } from "../test/support/prng.js";

function randomResult(rand: () => number): FinalizeBlockResult {
  const int = (n: number) => Math.floor(rand() * n);
  // ASCII, two- and three-byte characters, astral ones and lone surrogates; short and long strings.
  const char = () => {
    const r = rand();
    if (r < 0.85) return String.fromCodePoint(32 + int(90));
    if (r < 0.93) return String.fromCodePoint(0x400 + int(3000));
    if (r < 0.97) return String.fromCodePoint(0x1f300 + int(200));
    return String.fromCharCode(0xd800 + int(0x800));
  };
  const str = () => (rand() < 0.2 ? "" : Array.from({ length: int(rand() < 0.2 ? 200 : 40) }, char).join(""));
  const bytes = () => Uint8Array.from({ length: rand() < 0.3 ? 0 : int(200) }, () => int(256));
  const event = () => ({ type: str(), attributes: Array.from({ length: int(4) }, () => ({ key: str(), value: str(), index: rand() < 0.5 })) });
  const big = () => [0n, 1n, 127n, 128n, 300n, 2n ** 40n, 2n ** 63n - 1n, -1n, -(2n ** 63n)][int(9)]!;
  return {
    events: Array.from({ length: int(3) }, event),
    txResults: Array.from({ length: int(6) }, () => ({
      code: [0, 1, 5, 111222, 2 ** 32 - 1][int(5)]!,
      data: bytes(),
      log: str(),
      info: str(),
      gasWanted: big(),
      gasUsed: big(),
      events: Array.from({ length: int(5) }, event),
      codespace: str(),
    })),
    validatorUpdates: rand() < 0.3 ? [{ pubKey: { sum: { case: "ed25519", value: bytes() } }, power: big() }] : [],
    ...(rand() < 0.2 ? { consensusParamUpdates: { block: { maxBytes: 1000n, maxGas: -1n } } } : {}),
    appHash: bytes(),
  };
}

test("hand-encoded FinalizeBlock responses equal protobuf-es's bytes", () => {
  const rand = prng(20261120);
  for (let i = 0; i < 500; i++) {
    const result = randomResult(rand);
    const expected = toBinary(ResponseSchema, create(ResponseSchema, { value: { case: "finalizeBlock", value: result } }));
    const actual = encodeFinalizeBlockResponse(result);
    assert.deepEqual(Buffer.from(actual).toString("hex"), Buffer.from(expected).toString("hex"), `case ${i}`);
  }
});

test("a block whose lengths outgrow the encoder's table, and a small one after it, equal protobuf-es's bytes", () => {
  const rand = prng(20261129);
  // ~30,000 strings and submessages: the table starts at 4,096 entries and doubles several times.
  const txResults = Array.from({ length: 300 }, (_, i) => ({
    code: i % 7 === 0 ? 5 : 0,
    gasUsed: BigInt(i * 1000),
    events: Array.from({ length: 12 }, (_, e) => ({
      type: `event${e}`,
      attributes: Array.from({ length: 4 }, (_, a) => ({ key: `key${a}`, value: `value ${i}/${e}/${a} \u00e9`, index: a % 2 === 0 })),
    })),
  }));
  const large: FinalizeBlockResult = { txResults, appHash: new Uint8Array(32).fill(7) };
  for (const result of [large, randomResult(rand), large, randomResult(rand)]) {
    const expected = toBinary(ResponseSchema, create(ResponseSchema, { value: { case: "finalizeBlock", value: result } }));
    assert.equal(Buffer.from(encodeFinalizeBlockResponse(result)).toString("hex"), Buffer.from(expected).toString("hex"));
  }
});

test("an empty result still encodes the finalize_block case", () => {
  const decoded = fromBinary(ResponseSchema, encodeFinalizeBlockResponse({}));
  assert.equal(decoded.value.case, "finalizeBlock");
});

test("hand-encoded CheckTx responses equal protobuf-es's bytes", () => {
  const rand = prng(20261127);
  const results: CheckTxResult[] = [{}, { code: 0, gasWanted: 0n, gasUsed: 0n }];
  // A tx result's fields are a CheckTx response's (events included, though the app sends none).
  for (let i = 0; i < 500; i++) for (const { $typeName: _, ...fields } of randomResult(rand).txResults ?? []) results.push(fields);
  for (const [i, result] of results.entries()) {
    const expected = toBinary(ResponseSchema, create(ResponseSchema, { value: { case: "checkTx", value: result } }));
    assert.equal(Buffer.from(encodeCheckTxResponse(result)).toString("hex"), Buffer.from(expected).toString("hex"), `case ${i}`);
  }
  assert.ok(results.length > 1000);
  const decoded = fromBinary(ResponseSchema, encodeCheckTxResponse({ code: 5, log: "insufficient funds", gasWanted: 200000n }));
  assert.equal(decoded.value.case, "checkTx");
  assert.equal(decoded.value.value.code, 5);
  assert.equal(decoded.value.value.log, "insufficient funds");
});
