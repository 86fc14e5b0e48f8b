// The JSON-RPC envelope: what is a request, how batches and notifications are answered, the
// error codes and messages clients match on, the batch and time bounds, and that no input makes
// the dispatcher throw.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pino } from "pino";
import { Dispatcher, type MethodSpec } from "./dispatcher.js";
import { RpcError } from "./errors.js";

const methods = new Map<string, MethodSpec>([
  ["echo", { maxParams: 2, handler: (p) => p[0] }],
  ["nothing", { maxParams: 0, handler: () => undefined }],
  ["slow", { maxParams: 0, handler: () => new Promise((resolve) => setTimeout(() => resolve("late"), 500)) }],
  [
    "refuse",
    {
      maxParams: 0,
      handler: () => {
        throw new RpcError(3, "execution reverted: no", "0x08c379a0");
      },
    },
  ],
  [
    "crash",
    {
      maxParams: 0,
      handler: () => {
        throw new TypeError("boom");
      },
    },
  ],
  [
    "big",
    {
      maxParams: 0,
      handler: async () => {
        bigRuns++;
        return "x".repeat(600);
      },
    },
  ],
]);
let bigRuns = 0;
const dispatcher = new Dispatcher(methods, { maxBatch: 3, timeoutMs: 100, maxBatchResponseChars: 1000, batchConcurrency: 2 }, pino({ level: "silent" }));

test("a request is answered with its id and result; a method returning nothing answers null", async () => {
  assert.deepEqual(await dispatcher.handleText('{"jsonrpc":"2.0","id":7,"method":"echo","params":["hi"]}'), { jsonrpc: "2.0", id: 7, result: "hi" });
  assert.deepEqual(await dispatcher.handleText('{"jsonrpc":"2.0","id":"a","method":"nothing"}'), { jsonrpc: "2.0", id: "a", result: null });
  assert.deepEqual(await dispatcher.handleText('{"jsonrpc":"2.0","id":null,"method":"nothing","params":[]}'), { jsonrpc: "2.0", id: null, result: null });
});

test("malformed JSON is -32700; a non-request is -32600 with a null id", async () => {
  const parse = await dispatcher.handleText('{"jsonrpc":"2.0","id":1,"method":"echo"');
  assert.equal((parse as { error: { code: number } }).error.code, -32700);
  for (const body of [
    '"text"',
    "42",
    "null",
    '{"id":1,"method":"echo"}',
    '{"jsonrpc":"1.0","id":1,"method":"echo"}',
    '{"jsonrpc":"2.0","id":1}',
    '{"jsonrpc":"2.0","id":1,"method":""}',
    '{"jsonrpc":"2.0","id":{},"method":"echo"}',
    '{"jsonrpc":"2.0","id":true,"method":"echo"}',
  ]) {
    const answer = (await dispatcher.handleText(body)) as { error: { code: number }; id: unknown };
    assert.equal(answer.error.code, -32600, body);
  }
  const wrongVersion = (await dispatcher.handleText('{"jsonrpc":"1.0","id":5,"method":"echo"}')) as { id: unknown };
  assert.equal(wrongVersion.id, 5, "a readable id is echoed even on an invalid request");
});

test("params that are not an array are -32602; too many params are -32602", async () => {
  const byName = (await dispatcher.handleText('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"a":1}}')) as { error: { code: number; message: string } };
  assert.equal(byName.error.code, -32602);
  const many = (await dispatcher.handleText('{"jsonrpc":"2.0","id":1,"method":"echo","params":[1,2,3]}')) as { error: { code: number; message: string } };
  assert.deepEqual(many.error, { code: -32602, message: "too many arguments, want at most 2" });
});

test("an unknown method is -32601 in geth's words, whatever its name", async () => {
  for (const name of ["eth_sendTransaction", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
    const answer = (await dispatcher.handleValue({ jsonrpc: "2.0", id: 1, method: name })) as { error: { code: number; message: string } };
    assert.deepEqual(answer.error, { code: -32601, message: `the method ${name} does not exist/is not available` });
  }
});

test("RpcErrors keep their code, message and data; other failures are -32603 for that request only", async () => {
  const refused = (await dispatcher.handleText('{"jsonrpc":"2.0","id":1,"method":"refuse"}')) as { error: unknown };
  assert.deepEqual(refused.error, { code: 3, message: "execution reverted: no", data: "0x08c379a0" });
  const crashed = (await dispatcher.handleText('{"jsonrpc":"2.0","id":2,"method":"crash"}')) as { error: { code: number; message: string } };
  assert.equal(crashed.error.code, -32603);
  assert.match(crashed.error.message, /boom/);
});

test("a batch answers each request in order, skips notifications, and is bounded", async () => {
  const answers = (await dispatcher.handleText(
    '[{"jsonrpc":"2.0","id":1,"method":"echo","params":[1]},{"jsonrpc":"2.0","method":"echo","params":[2]},{"jsonrpc":"2.0","id":3,"method":"nope"}]',
  )) as Array<{ id: number }>;
  assert.deepEqual(
    answers.map((a) => a.id),
    [1, 3],
  );
  assert.equal(await dispatcher.handleText('[{"jsonrpc":"2.0","method":"echo"}]'), undefined, "notifications only: nothing to answer");
  assert.equal(await dispatcher.handleText('{"jsonrpc":"2.0","method":"echo"}'), undefined);
  const empty = (await dispatcher.handleText("[]")) as { error: { code: number } };
  assert.equal(empty.error.code, -32600);
  const big = (await dispatcher.handleValue(Array.from({ length: 4 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "echo" })))) as {
    error: { code: number; message: string };
  };
  assert.deepEqual(big.error, { code: -32600, message: "batch of 4 requests exceeds the limit of 3" });
  const mixed = (await dispatcher.handleText('[1, {"jsonrpc":"2.0","id":9,"method":"echo","params":["x"]}]')) as Array<{
    id: unknown;
    error?: unknown;
    result?: unknown;
  }>;
  assert.equal(mixed.length, 2);
  assert.equal((mixed[0]!.error as { code: number }).code, -32600);
  assert.equal(mixed[1]!.result, "x");
});

test("a request that takes longer than the timeout is answered -32002", async () => {
  const answer = (await dispatcher.handleText('{"jsonrpc":"2.0","id":1,"method":"slow"}')) as { error: { code: number; message: string } };
  assert.deepEqual(answer.error, { code: -32002, message: "request timed out after 0.1s" });
});

test("garbage never makes the dispatcher throw", async () => {
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pieces = [
    '{"jsonrpc":"2.0"',
    '"id":',
    "1",
    '"method":"echo"',
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "null",
    '"\\u0000"',
    "\u00ff",
    "1e999",
    "-",
    '"params":[',
    "true",
  ];
  for (let i = 0; i < 2000; i++) {
    const text = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => pieces[Math.floor(rand() * pieces.length)]).join("");
    await dispatcher.handleText(text);
  }
  const deep = "[".repeat(5000) + "]".repeat(5000);
  const answer = (await dispatcher.handleText(deep)) as Array<{ error: { code: number } }>;
  assert.equal(answer[0]!.error.code, -32600, "a batch of one nested array: one invalid request");
});

test("a batch whose answers pass the size bound: the rest are refused with -32003, not run", async () => {
  bigRuns = 0;
  const batch = [1, 2, 3, 4].map((id) => ({ jsonrpc: "2.0", id, method: "big" }));
  const bounded = new Dispatcher(methods, { maxBatch: 10, timeoutMs: 100, maxBatchResponseChars: 1000, batchConcurrency: 2 }, pino({ level: "silent" }));
  const answers = (await bounded.handleValue(batch)) as Array<{ id: number; result?: string; error?: { code: number; message: string } }>;
  assert.deepEqual(
    answers.map((a) => a.id),
    [1, 2, 3, 4],
    "answered in order",
  );
  assert.equal(answers[0]!.result?.length, 600);
  for (const a of answers.slice(1)) assert.deepEqual(a.error, { code: -32003, message: "response too large" });
  // Two run at once: the third starts when the first is done (the bound not yet passed); the fourth never runs.
  assert.equal(bigRuns, 3);
  const small = (await bounded.handleValue([
    { jsonrpc: "2.0", id: 1, method: "big" },
    { jsonrpc: "2.0", id: 2, method: "echo", params: [1] },
  ])) as Array<{ result?: unknown }>;
  assert.deepEqual(
    small.map((a) => typeof a.result),
    ["string", "number"],
    "within the bound everything is answered",
  );
});
