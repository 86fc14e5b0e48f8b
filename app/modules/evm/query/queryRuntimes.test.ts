// eth_calls share kept VMs (queryRuntimes.ts): calls at one height reuse one VM and each still
// reads its own state; a new block gives new answers from the same VM; a call's writes never reach
// the next call on the same VM; a run that threw leaves its VM behind; calls at once get VMs of
// their own; and an idle VM holds no state.
import assert from "node:assert/strict";
import { test, before, after } from "node:test";
import { bytesToBigInt } from "@ethereumjs/util";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { QueryCallRequestSchema, type CallArgsSchema } from "../../../../gen/chain/evm/query_pb.js";
import { type QueryContext } from "../../../query/service.js";
import { WorkQueue } from "../../../query/workQueue.js";
import { callQuery } from "./callQuery.js";
import { queryRuntimes } from "./callRunner.js";
import { deployCode, JUMP_LOOP_RUNTIME, probe, PROBE_RUNTIME } from "../testing/testContracts.js";
import { EvmTestChain } from "../testing/testChain.js";
import { TestSigner } from "../testing/testSigner.js";

const alice = new TestSigner(new Uint8Array(32).fill(0x61));
const target = alice.contractAddress(0n);
const loop = alice.contractAddress(1n);

let chain: EvmTestChain;
before(async () => {
  chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 9n }]);
  for (const r of await chain.block([alice.tx({ data: deployCode(PROBE_RUNTIME) }), alice.tx({ data: deployCode(JUMP_LOOP_RUNTIME) })]))
    assert.equal(r.code ?? 0, 0, r.log);
});
after(() => chain.close());

const queue = () => new WorkQueue({ what: "test executions", maxRunning: 4, maxWaiting: 16 });
const ctx = (): QueryContext => ({ state: chain.store.view(), height: chain.store.lastHeight });
const call = (args: MessageInitShape<typeof CallArgsSchema>, at = ctx(), timeoutMs?: number) =>
  callQuery(chain.evmKeepers, queue(), create(QueryCallRequestSchema, { args }), at, timeoutMs);
const word = (r: { returnData?: Uint8Array }) => bytesToBigInt(r.returnData!);
const built = () => queryRuntimes(chain.evmKeepers).built;

test("calls share a VM, at one height and after a block, whose answers are the new state's", async () => {
  const start = built();
  const first = await call({ to: target.bytes, data: probe.get });
  for (let i = 0; i < 5; i++) assert.equal(word(await call({ to: target.bytes, data: probe.get })), word(first));
  assert.equal(built() - start, 1, "one VM for six calls");

  const [r] = await chain.block([alice.tx({ to: target, data: probe.increment })]);
  assert.equal(r!.code ?? 0, 0, r!.log);
  assert.equal(word(await call({ to: target.bytes, data: probe.get })), word(first) + 1n, "the new block's state");
  assert.equal(built() - start, 1, "a new block context, the same VM in the new block");
  // A call at the old height, on the view it was given, still answers from that height.
  const env = await call({ to: target.bytes, data: probe.env });
  assert.equal(bytesToBigInt(env.returnData!.subarray(0, 32)), BigInt(chain.store.lastHeight) + 1n, "NUMBER is the next block's");
});

test("a call's writes stay out of the next call on the same VM", async () => {
  const before = word(await call({ to: target.bytes, data: probe.get }));
  const start = built();
  const inc = await call({ from: alice.address.bytes, to: target.bytes, data: probe.increment });
  assert.deepEqual([inc.reverted, inc.vmError], [false, ""]);
  assert.equal(word(await call({ to: target.bytes, data: probe.get })), before, "the increment was dropped");
  assert.equal(built(), start, "the same VM");
});

test("BLOCKHASH on a kept VM answers as on the first call", async () => {
  await chain.block([]);
  const height = BigInt(chain.store.lastHeight);
  const hashAt = async (n: bigint, at?: QueryContext) => word(await call({ to: target.bytes, data: probe.blockHash(n) }, at));
  const parent = await hashAt(height);
  assert.notEqual(parent, 0n, "the latest block's hash is retained");
  assert.equal(await hashAt(height), parent, "again, on the kept VM");
});

test("a call that ran out of time leaves its VM behind; calls at once get VMs of their own", async () => {
  await chain.block([]);
  const start = built();
  await call({ to: target.bytes, data: probe.get });
  await assert.rejects(call({ from: alice.address.bytes, to: loop.bytes }, ctx(), 30), /execution aborted/);
  assert.equal(built() - start, 0, "the timed-out call took the kept VM");
  await call({ to: target.bytes, data: probe.get });
  assert.equal(built() - start, 1, "and it was not kept: the next call built another");
  const answers = await Promise.all([0, 1, 2].map(() => call({ to: target.bytes, data: probe.get })));
  assert.equal(new Set(answers.map(word)).size, 1);
  assert.equal(built() - start, 3, "three at once: the kept VM and two more");
});

test("an idle VM holds no state: its state manager refuses to read", async () => {
  await call({ to: target.bytes, data: probe.get });
  const runtimes = queryRuntimes(chain.evmKeepers) as unknown as { idle: Map<string, { sm: { getAccount(a: unknown): Promise<unknown> } }[]> };
  const idle = [...runtimes.idle.values()].flat();
  assert.ok(idle.length > 0);
  for (const rt of idle) await assert.rejects(rt.sm.getAccount(alice.address), /an idle query VM has no state/);
});
