// Where the pooled executor (executor.ts) runs a query: an eth_call on the app's thread while its
// gate admits it, and in the pool when the gate does not or when the inline run goes over its
// limits (the same request, path and height handed on); methods that do not answer inline, and
// every query without a gate, always in the pool.
import assert from "node:assert/strict";
import { test, before, after } from "node:test";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { bytesToBigInt } from "@ethereumjs/util";
import { QueryCallRequestSchema, QueryCallResponseSchema, QueryParamsRequestSchema } from "../../gen/chain/evm/query_pb.js";
import { InProcessExecutor, PooledExecutor, type QueryAnswer } from "./executor.js";
import { InlineGate } from "./inlineGate.js";
import { QueryServices, type QueryMethod } from "./service.js";
import { registerEvmQueries } from "../modules/evm/query/queryServer.js";
import { deployCode, JUMP_LOOP_RUNTIME, probe, PROBE_RUNTIME } from "../modules/evm/testing/testContracts.js";
import { EvmTestChain } from "../modules/evm/testing/testChain.js";
import { TestSigner } from "../modules/evm/testing/testSigner.js";

const alice = new TestSigner(new Uint8Array(32).fill(0x72));
const target = alice.contractAddress(0n);
const loop = alice.contractAddress(1n);

let chain: EvmTestChain;
let services: QueryServices;
before(async () => {
  chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 9n }]);
  for (const r of await chain.block([alice.tx({ data: deployCode(PROBE_RUNTIME) }), alice.tx({ data: deployCode(JUMP_LOOP_RUNTIME) })]))
    assert.equal(r.code ?? 0, 0, r.log);
  services = new QueryServices();
  registerEvmQueries(services, chain.evmKeepers);
});
after(() => chain.close());

/** A pool that records what it is handed and answers with a marker. */
function recordingPool() {
  const runs: { path: string; request: Uint8Array; height: number }[] = [];
  const marker = toBinary(QueryCallResponseSchema, create(QueryCallResponseSchema, { vmError: "answered by the pool" }));
  return {
    runs,
    marker,
    run: async (path: string, request: Uint8Array, height: number): Promise<QueryAnswer> => {
      runs.push({ path, request, height });
      return { response: marker, height: 1 };
    },
  };
}

const method = (path: string): QueryMethod => services.method(path)!;
const CALL = "/chain.evm.Query/Call";
const callRequest = (to: Uint8Array, data = new Uint8Array()) =>
  toBinary(QueryCallRequestSchema, create(QueryCallRequestSchema, { args: { to, data, gas: 30_000_000n } }));

test("an eth_call is answered on the app's thread; one past its limits, and other methods, by the pool", async () => {
  const pool = recordingPool();
  const executor = new PooledExecutor(pool, new InProcessExecutor(chain.store), new InlineGate());
  assert.equal(method(CALL).answersInline, true);

  // A machine busy with other tests can stall a call past the inline time (the first is also
  // cold): such a call is handed on like any other, so up to twenty tries, a pause apart so that
  // a stall can pass, for one answered inline.
  const get = callRequest(target.bytes, probe.get);
  let inline;
  for (let tries = 0; tries < 20 && executor.gate!.counts.answered === 0; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    inline = await executor.execute(method(CALL), get, 0);
  }
  assert.equal(executor.gate!.counts.answered, 1, `answered inline once in ${executor.gate!.counts.handedOver + 1} tries`);
  assert.equal(inline!.height, chain.store.lastHeight);
  const answer = fromBinary(QueryCallResponseSchema, inline!.response);
  assert.deepEqual([answer.reverted, answer.vmError, bytesToBigInt(answer.returnData)], [false, "", 0n], "the probe's counter, read inline");
  assert.deepEqual(
    pool.runs.map((r) => r.request),
    pool.runs.map(() => get),
    "the pool had only the tries that were handed on",
  );

  const before = { runs: pool.runs.length, handedOver: executor.gate!.counts.handedOver };
  const looping = callRequest(loop.bytes);
  const handed = await executor.execute(method(CALL), looping, 0);
  assert.deepEqual(handed.response, pool.marker, "a 30M-gas loop goes over the inline time and is handed on");
  assert.deepEqual(pool.runs.slice(before.runs), [{ path: CALL, request: looping, height: 0 }]);
  assert.equal(executor.gate!.counts.handedOver, before.handedOver + 1);

  const params = toBinary(QueryParamsRequestSchema, create(QueryParamsRequestSchema));
  assert.deepEqual((await executor.execute(method("/chain.evm.Query/Params"), params, 0)).response, pool.marker);
  assert.equal(pool.runs.at(-1)!.path, "/chain.evm.Query/Params");
  assert.equal(executor.gate!.counts.answered, 1);
});

test("without a gate (query.inline-calls = false) eth_calls go to the pool", async () => {
  const pool = recordingPool();
  const executor = new PooledExecutor(pool, new InProcessExecutor(chain.store), undefined);
  await executor.execute(method(CALL), callRequest(target.bytes, probe.get), 0);
  assert.equal(pool.runs.length, 1);
});

test("while the gate does not admit (the thread busy with other work), eth_calls go to the pool", async () => {
  const pool = recordingPool();
  const clock = { now: 0, busy: 0 };
  const gate = new InlineGate({ now: () => clock.now, busyMs: () => clock.busy });
  const executor = new PooledExecutor(pool, new InProcessExecutor(chain.store), gate);
  clock.now += 1_000;
  clock.busy += 900;
  await executor.execute(method(CALL), callRequest(target.bytes, probe.get), 0);
  assert.equal(pool.runs.length, 1);
  assert.deepEqual(gate.counts, { answered: 0, handedOver: 0 });
});
