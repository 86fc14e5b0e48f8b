// Logs over hand-written block records and receipts: Ethereum's filter semantics, the bloom skip,
// the clamp to the latest height, the two bounds with messages that say how to narrow, and the
// cost of a scan: large filters hashed once, the event loop turning, the time budget.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Bloom } from "@ethereumjs/vm";
import { QueryLogsRequestSchema, type QueryLogsRequest } from "../../../../gen/chain/evm/query_pb.js";
import { QueryBudget } from "../../../query/budget.js";
import { QueryError } from "../../../../common/grpc/queryError.js";
import { openStore } from "../../../store/index.js";
import { moduleReader, moduleStore } from "../../../store/prefixStore.js";
import { addIncludedTx, beginEvmBlock, getEvmBlockRecord } from "../state/evmBlocks.js";
import { MODULE_NAME } from "../state/keys.js";
import { bloomBits, logsQuery, MAX_FILTER_VALUES, MAX_LOGS, parseLogsRequest } from "./logsQuery.js";
import { logsBudget } from "./queryLimits.js";
import { defaultEvmParams } from "../state/params.js";
import { storeReceipt } from "../state/receipts.js";
import { EvmKeeper } from "../state/keeper.js";

const A = new Uint8Array(20).fill(0xaa);
const B = new Uint8Array(20).fill(0xbb);
const T1 = new Uint8Array(32).fill(1);
const T2 = new Uint8Array(32).fill(2);
const T3 = new Uint8Array(32).fill(3);

test("a value's bloom bits are the ones @ethereumjs/vm's Bloom sets for it", () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < 300; i++) {
    const value = Uint8Array.from({ length: i % 2 === 0 ? 20 : 32 }, () => next() & 0xff);
    const bloom = new Bloom();
    bloom.add(value);
    const expected = [...bloom.bitvector].flatMap((mask, index) => (mask !== 0 ? [[index, mask]] : []));
    assert.deepEqual(bloomBits(value), expected, `value ${Buffer.from(value).toString("hex")}`);
  }
});

/** Blocks 1..n, each with one tx whose logs `logsAt(height)` gives. */
function chain(n: number, logsAt: (h: number) => { address: Uint8Array; topics: Uint8Array[] }[]) {
  const store = openStore(":memory:");
  const branch = store.begin();
  const evm = moduleStore(branch, MODULE_NAME);
  for (let h = 1; h <= n; h++) {
    const header = {
      chainId: "",
      height: BigInt(h),
      time: timestampFromMs(h * 1000),
      hash: new Uint8Array(32).fill(h % 256),
      proposerAddress: new Uint8Array(),
    };
    const block = beginEvmBlock(evm, header, defaultEvmParams());
    const logs = logsAt(h).map((l) => ({ ...l, data: Uint8Array.of(h) }));
    if (logs.length === 0) continue;
    const bloom = new Bloom();
    for (const l of logs) [l.address, ...l.topics].forEach((x) => bloom.add(x));
    const txHash = new Uint8Array(32).fill(0x40 + (h % 100));
    storeReceipt(evm, {
      txHash,
      status: 1,
      gasUsed: 1n,
      cumulativeGasUsed: 1n,
      logs,
      bloom: bloom.bitvector,
      contractAddress: new Uint8Array(),
      effectiveGasPrice: "",
      blockHeight: BigInt(h),
      txIndex: 0,
      from: new Uint8Array(20),
      to: new Uint8Array(20),
      txType: 2,
      firstLogIndex: 0,
    });
    addIncludedTx(evm, block, { hash: txHash, gasUsed: 1n, logCount: logs.length, bloom: bloom.bitvector });
  }
  store.commit(branch, n, new Uint8Array(32));
  return { state: store.view(), height: n, close: () => store.close() };
}

type Chain = ReturnType<typeof chain>;
const req = (r: MessageInitShape<typeof QueryLogsRequestSchema>): QueryLogsRequest => create(QueryLogsRequestSchema, r);
/** The query as the server runs it: parsed, then scanned on a budget. */
const logs = (r: MessageInitShape<typeof QueryLogsRequestSchema>, c: Chain, budget: QueryBudget = logsBudget()) =>
  logsQuery(new EvmKeeper(), parseLogsRequest(req(r)), c, budget);
const heights = async (r: ReturnType<typeof logs>) => (await r).logs!.map((l) => Number(l.blockHeight));
const invalid = (fn: () => Promise<unknown>, message: RegExp) =>
  assert.rejects(
    async () => fn(),
    (e) => e instanceof QueryError && e.grpcCode === 3 && message.test(e.message),
  );

test("address and position-wise topic sets, wildcards, in chain order with block hash and indexes", async () => {
  const c = chain(6, (h) => [{ address: h % 2 === 0 ? A : B, topics: [T1, h % 3 === 0 ? T2 : T3] }, ...(h === 4 ? [{ address: A, topics: [] }] : [])]);
  assert.deepEqual(await heights(logs({ fromHeight: 1n, toHeight: 6n }, c)), [1, 2, 3, 4, 4, 5, 6], "no filter: every log");
  assert.deepEqual(await heights(logs({ fromHeight: 1n, toHeight: 6n, addresses: [A] }, c)), [2, 4, 4, 6]);
  assert.deepEqual(await heights(logs({ fromHeight: 1n, toHeight: 6n, addresses: [A, B] }, c)), [1, 2, 3, 4, 4, 5, 6]);
  assert.deepEqual(await heights(logs({ fromHeight: 1n, toHeight: 6n, topics: [{ anyOf: [] }, { anyOf: [T2] }] }, c)), [3, 6], "a wildcard first position");
  assert.deepEqual(
    await heights(logs({ fromHeight: 1n, toHeight: 6n, topics: [{ anyOf: [T1] }, { anyOf: [T2, T3] }] }, c)),
    [1, 2, 3, 4, 5, 6],
    "the topic-less log does not match a topic position",
  );
  assert.deepEqual(await heights(logs({ fromHeight: 1n, toHeight: 6n, addresses: [A], topics: [{ anyOf: [T2] }] }, c)), []);
  const [entry] = (await logs({ fromHeight: 4n, toHeight: 4n, addresses: [A], topics: [] }, c)).logs!.slice(1);
  assert.deepEqual([Buffer.from(entry!.blockHash as Uint8Array), entry!.txIndex, entry!.logIndex], [Buffer.alloc(32, 4), 0, 1]);
  c.close();
});

test("range: clamped to the latest height; from above to is refused; from above the latest is empty", async () => {
  const c = chain(3, () => [{ address: A, topics: [T1] }]);
  assert.deepEqual(await heights(logs({ fromHeight: 2n, toHeight: 99n }, c)), [2, 3]);
  assert.deepEqual(await heights(logs({ fromHeight: 7n, toHeight: 9n }, c)), []);
  await invalid(() => logs({ fromHeight: 3n, toHeight: 2n }, c), /^from_height 3 is above to_height 2$/);
  c.close();
});

test("bad filters: lengths, too many positions", async () => {
  const c = chain(1, () => []);
  await invalid(() => logs({ toHeight: 1n, addresses: [new Uint8Array(19)] }, c), /^addresses\[0\] must be 20 bytes, got 19$/);
  await invalid(
    () => logs({ toHeight: 1n, topics: [{ anyOf: [T1] }, { anyOf: [new Uint8Array(31)] }] }, c),
    /^topics\[1\]\.any_of\[0\] must be 32 bytes, got 31$/,
  );
  await invalid(() => logs({ toHeight: 1n, topics: [{}, {}, {}, {}, {}] }, c), /at most 4 topic positions/);
  c.close();
});

test("at most 10000 blocks and 10000 logs per query, with a message saying how to narrow", async () => {
  const c = chain(10_001, (h) =>
    h <= 5_001
      ? [
          { address: A, topics: [T1] },
          { address: B, topics: [T1] },
        ]
      : [],
  );
  assert.ok(getEvmBlockRecord(moduleReader(c.state, MODULE_NAME), 10_001n));
  await invalid(
    () => logs({ fromHeight: 1n, toHeight: 10_001n }, c),
    /spans 10001 blocks, more than the limit of 10000 per query: split it into ranges of at most 10000 blocks/,
  );
  await invalid(() => logs({ fromHeight: 0n, toHeight: 20_000n }, c), /the range 0\.\.10001 spans 10002 blocks/);
  // 5001 blocks of two logs each: 10002 logs match without a filter, 5001 with one.
  await invalid(
    () => logs({ fromHeight: 1n, toHeight: 10_000n }, c),
    new RegExp(`more than ${MAX_LOGS} logs match in 1\\.\\.10000: narrow the block range, or the filter's addresses and topics`),
  );
  assert.equal((await logs({ fromHeight: 1n, toHeight: 10_000n, addresses: [B] }, c)).logs!.length, 5_001);
  // The bloom skips blocks without reading receipts: a filter nothing matches over 10000 blocks.
  assert.equal((await logs({ fromHeight: 2n, toHeight: 10_001n, topics: [{ anyOf: [T3] }] }, c)).logs!.length, 0);
  c.close();
});

test("a filter of 1000 addresses and 4 x 1000 topics over 10000 blocks: its values hashed once, not per block", async () => {
  // Block h % 100 === 0 holds one log of A with topic T1; the others' blooms are empty, so every
  // block tests every value's bits. Hashed per block this took over a minute.
  const c = chain(10_000, (h) => (h % 100 === 0 ? [{ address: A, topics: [T1] }] : []));
  const filler = (length: number, i: number) => {
    const v = new Uint8Array(length);
    new DataView(v.buffer).setUint32(0, i + 1);
    return v;
  };
  const addresses = [A, ...Array.from({ length: MAX_FILTER_VALUES - 1 }, (_, i) => filler(20, i))];
  const topics = [0, 1, 2, 3].map((p) => ({ anyOf: p === 0 ? [T1, ...Array.from({ length: MAX_FILTER_VALUES - 1 }, (_, i) => filler(32, i))] : [] }));
  const start = performance.now();
  const found = await logs({ fromHeight: 1n, toHeight: 10_000n, addresses, topics }, c);
  const ms = performance.now() - start;
  assert.equal(found.logs!.length, 100);
  assert.ok(ms < 5_000, `took ${ms.toFixed(0)} ms`);
  c.close();
});

test("a long scan lets the event loop turn between slices, and stops at its time budget", async () => {
  const c = chain(10_000, (h) => [{ address: A, topics: [T1] }, ...(h % 2 === 0 ? [{ address: B, topics: [T2] }] : [])]);
  // A clock that advances 1 ms per reading: slices end after a few blocks, whatever the machine's speed.
  let clock = 0;
  let turns = 0;
  const timer = setInterval(() => turns++, 0);
  try {
    const fakeClock = new QueryBudget({ timeoutMs: 1e9, timedOut: () => new Error("unreachable"), now: () => clock++ });
    assert.equal((await logs({ fromHeight: 1n, toHeight: 10_000n, addresses: [B] }, c, fakeClock)).logs!.length, 5_000);
    assert.ok(turns > 0, "timers ran while the scan did");
  } finally {
    clearInterval(timer);
  }
  await assert.rejects(
    logs({ fromHeight: 1n, toHeight: 10_000n, addresses: [B] }, c, logsBudget(undefined, 1)),
    (e) => e instanceof QueryError && e.grpcCode === 8 && /^the logs query ran out of time \(timeout = 1ms\): narrow the block range/.test(e.message),
  );
  const cancel = new AbortController();
  cancel.abort();
  await assert.rejects(logs({ fromHeight: 1n, toHeight: 10_000n }, c, logsBudget(cancel.signal)), (e) => e instanceof QueryError && e.grpcCode === 1);
  c.close();
});
