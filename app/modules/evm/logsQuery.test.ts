// Logs over hand-written block records and receipts: Ethereum's filter semantics, the bloom skip,
// the clamp to the latest height, and the two bounds with messages that say how to narrow.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Bloom } from "@ethereumjs/vm";
import { QueryLogsRequestSchema, type QueryLogsRequest } from "../../../gen/chain/evm/query_pb.js";
import { QueryError } from "../../query/service.js";
import { openStore } from "../../store/index.js";
import { moduleReader, moduleStore } from "../../store/prefixStore.js";
import { addIncludedTx, beginEvmBlock, getEvmBlockRecord } from "./evmBlocks.js";
import { EVM_STORE } from "./keys.js";
import { logsQuery, MAX_LOGS } from "./logsQuery.js";
import { defaultEvmParams } from "./params.js";
import { storeReceipt } from "./receipts.js";

const A = new Uint8Array(20).fill(0xaa);
const B = new Uint8Array(20).fill(0xbb);
const T1 = new Uint8Array(32).fill(1);
const T2 = new Uint8Array(32).fill(2);
const T3 = new Uint8Array(32).fill(3);

/** Blocks 1..n, each with one tx whose logs `logsAt(height)` gives. */
function chain(n: number, logsAt: (h: number) => { address: Uint8Array; topics: Uint8Array[] }[]) {
  const store = openStore(":memory:");
  const branch = store.begin();
  const evm = moduleStore(branch, EVM_STORE);
  for (let h = 1; h <= n; h++) {
    const header = { chainId: "", height: BigInt(h), time: timestampFromMs(h * 1000), hash: new Uint8Array(32).fill(h % 256), proposerAddress: new Uint8Array() };
    const block = beginEvmBlock(evm, header, defaultEvmParams());
    const logs = logsAt(h).map((l) => ({ ...l, data: Uint8Array.of(h) }));
    if (logs.length === 0) continue;
    const bloom = new Bloom();
    for (const l of logs) [l.address, ...l.topics].forEach((x) => bloom.add(x));
    const txHash = new Uint8Array(32).fill(0x40 + (h % 100));
    storeReceipt(evm, { txHash, status: 1, gasUsed: 1n, cumulativeGasUsed: 1n, logs, bloom: bloom.bitvector, blockHeight: BigInt(h), txIndex: 0, firstLogIndex: 0 });
    addIncludedTx(evm, block, { hash: txHash, gasUsed: 1n, logCount: logs.length, bloom: bloom.bitvector });
  }
  store.commit(branch, n, new Uint8Array(32));
  return { state: store.view(), height: n, close: () => store.close() };
}

const req = (r: MessageInitShape<typeof QueryLogsRequestSchema>): QueryLogsRequest => create(QueryLogsRequestSchema, r);
const heights = (r: ReturnType<typeof logsQuery>) => r.logs!.map((l) => Number(l.blockHeight));
const invalid = (fn: () => unknown, message: RegExp) => assert.throws(fn, (e) => e instanceof QueryError && e.grpcCode === 3 && message.test(e.message));

test("address and position-wise topic sets, wildcards, in chain order with block hash and indexes", () => {
  const c = chain(6, (h) => [
    { address: h % 2 === 0 ? A : B, topics: [T1, h % 3 === 0 ? T2 : T3] },
    ...(h === 4 ? [{ address: A, topics: [] }] : []),
  ]);
  assert.deepEqual(heights(logsQuery(req({ fromHeight: 1n, toHeight: 6n }), c)), [1, 2, 3, 4, 4, 5, 6], "no filter: every log");
  assert.deepEqual(heights(logsQuery(req({ fromHeight: 1n, toHeight: 6n, addresses: [A] }), c)), [2, 4, 4, 6]);
  assert.deepEqual(heights(logsQuery(req({ fromHeight: 1n, toHeight: 6n, addresses: [A, B] }), c)), [1, 2, 3, 4, 4, 5, 6]);
  assert.deepEqual(heights(logsQuery(req({ fromHeight: 1n, toHeight: 6n, topics: [{ anyOf: [] }, { anyOf: [T2] }] }), c)), [3, 6], "a wildcard first position");
  assert.deepEqual(heights(logsQuery(req({ fromHeight: 1n, toHeight: 6n, topics: [{ anyOf: [T1] }, { anyOf: [T2, T3] }] }), c)), [1, 2, 3, 4, 5, 6], "the topic-less log does not match a topic position");
  assert.deepEqual(heights(logsQuery(req({ fromHeight: 1n, toHeight: 6n, addresses: [A], topics: [{ anyOf: [T2] }] }), c)), []);
  const [entry] = logsQuery(req({ fromHeight: 4n, toHeight: 4n, addresses: [A], topics: [] }), c).logs!.slice(1);
  assert.deepEqual([Buffer.from(entry!.blockHash as Uint8Array), entry!.txIndex, entry!.logIndex], [Buffer.alloc(32, 4), 0, 1]);
  c.close();
});

test("range: clamped to the latest height; from above to is refused; from above the latest is empty", () => {
  const c = chain(3, () => [{ address: A, topics: [T1] }]);
  assert.deepEqual(heights(logsQuery(req({ fromHeight: 2n, toHeight: 99n }), c)), [2, 3]);
  assert.deepEqual(heights(logsQuery(req({ fromHeight: 7n, toHeight: 9n }), c)), []);
  invalid(() => logsQuery(req({ fromHeight: 3n, toHeight: 2n }), c), /^from_height 3 is above to_height 2$/);
  c.close();
});

test("bad filters: lengths, too many positions", () => {
  const c = chain(1, () => []);
  invalid(() => logsQuery(req({ toHeight: 1n, addresses: [new Uint8Array(19)] }), c), /^addresses\[0\] must be 20 bytes, got 19$/);
  invalid(() => logsQuery(req({ toHeight: 1n, topics: [{ anyOf: [T1] }, { anyOf: [new Uint8Array(31)] }] }), c), /^topics\[1\]\.any_of\[0\] must be 32 bytes, got 31$/);
  invalid(() => logsQuery(req({ toHeight: 1n, topics: [{}, {}, {}, {}, {}] }), c), /at most 4 topic positions/);
  c.close();
});

test("at most 10000 blocks and 10000 logs per query, with a message saying how to narrow", () => {
  const c = chain(10_001, (h) => (h <= 5_001 ? [{ address: A, topics: [T1] }, { address: B, topics: [T1] }] : []));
  assert.ok(getEvmBlockRecord(moduleReader(c.state, EVM_STORE), 10_001n));
  invalid(() => logsQuery(req({ fromHeight: 1n, toHeight: 10_001n }), c), /spans 10001 blocks, more than the limit of 10000 per query: split it into ranges of at most 10000 blocks/);
  invalid(() => logsQuery(req({ fromHeight: 0n, toHeight: 20_000n }), c), /the range 0\.\.10001 spans 10002 blocks/);
  // 5001 blocks of two logs each: 10002 logs match without a filter, 5001 with one.
  invalid(() => logsQuery(req({ fromHeight: 1n, toHeight: 10_000n }), c), new RegExp(`more than ${MAX_LOGS} logs match in 1\\.\\.10000: narrow the block range, or the filter's addresses and topics`));
  assert.equal(logsQuery(req({ fromHeight: 1n, toHeight: 10_000n, addresses: [B] }), c).logs!.length, 5_001);
  // The bloom skips blocks without reading receipts: a filter nothing matches over 10000 blocks.
  assert.equal(logsQuery(req({ fromHeight: 2n, toHeight: 10_001n, topics: [{ anyOf: [T3] }] }), c).logs!.length, 0);
  c.close();
});
