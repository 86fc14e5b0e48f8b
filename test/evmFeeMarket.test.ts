// The EIP-1559 fee market and the EvmBlock records through the whole app (UnitApp over SQLite):
// the base fee rises after full blocks and falls back to the floor after empty ones, with values
// worked out by hand; CheckTx holds txs to the next block's base fee; each block's record lists
// its included txs, their gas and their logs' bloom, and counts the whole gas limit of a tx that
// failed after it ran.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Bloom } from "@ethereumjs/vm";
import {
  QueryAccountRequestSchema,
  QueryAccountResponseSchema,
  QueryBlockRequestSchema,
  QueryBlockResponseSchema,
  QueryParamsRequestSchema,
  QueryParamsResponseSchema,
} from "../gen/chain/evm/query_pb.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { moduleAddress } from "../common/moduleAccounts.js";
import { BURN_ALL_INIT, deployCode, LOG_TOPIC, probe, PROBE_RUNTIME } from "../app/modules/evm/testing/testContracts.js";
import { TestSigner, txHashHex } from "../app/modules/evm/testing/testSigner.js";
import { GENESIS_TIME_MS, InProcessChain } from "./support/inProcessChain.js";

const alice = new TestSigner(new Uint8Array(32).fill(0x11));
const bob = new TestSigner(new Uint8Array(32).fill(0x22));
const GWEI = 1_000_000_000n;

let chain: InProcessChain;
before(async () => {
  chain = await InProcessChain.create(
    [alice, bob].map((s) => ({ address: formatAccountAddress(s.address.bytes), coins: [{ denom: "uunit", amount: "1000000000000" }] })),
  );
});
after(() => chain.close());

const block = async (height: number) =>
  await chain.grpc("/chain.evm.Query/Block", QueryBlockRequestSchema, { height: BigInt(height), includeReceipts: true }, QueryBlockResponseSchema);
const balance = async (s: TestSigner) =>
  BigInt((await chain.grpc("/chain.evm.Query/Account", QueryAccountRequestSchema, { address: s.address.toString() }, QueryAccountResponseSchema)).balance);
const ok = (r: { code?: number; log?: string }) => assert.equal(r.code ?? 0, 0, r.log);
/** Two 15M-gas deployments that burn all of it: a full block (30M used, twice the target). */
const fullBlockTxs = (maxFeePerGas: bigint) =>
  [0, 1].map(() => alice.tx({ data: BURN_ALL_INIT, gasLimit: 15_000_000n, maxFeePerGas, maxPriorityFeePerGas: 0n }));

test("params: the fee market's defaults", async () => {
  const { params } = await chain.grpc("/chain.evm.Query/Params", QueryParamsRequestSchema, {}, QueryParamsResponseSchema);
  assert.deepEqual([params?.minBaseFee, params?.chainId, params?.baseFeeChangeDenominator, params?.elasticityMultiplier], ["1000000000", 2611n, 8, 2]);
});

test("the base fee rises by 1/8 after each full block, CheckTx holds txs to the next block's, and it falls back to the floor", async () => {
  await chain.block([]); // 1
  assert.equal((await block(1)).block?.baseFee, GWEI.toString(), "the first block starts at the floor");
  for (const r of (await chain.block(fullBlockTxs(2n * GWEI))).txResults!) ok(r); // 2: at 1 gwei, 30M used
  const two = (await block(2)).block!;
  assert.deepEqual([two.baseFee, two.gasUsed, two.gasLimit], [GWEI.toString(), 30_000_000n, 30_000_000n]);

  const before = await balance(alice);
  for (const r of (await chain.block(fullBlockTxs(2n * GWEI))).txResults!) ok(r); // 3: 1e9 + 1e9/8
  const three = await block(3);
  assert.equal(three.block?.baseFee, "1125000000");
  assert.equal(before - (await balance(alice)), 30_000_000n * 1_125_000_000n, "every tx of the block pays (and burns) the block's base fee");
  assert.deepEqual(
    three.receipts.map((r) => r.effectiveGasPrice),
    ["1125000000", "1125000000"],
  );

  // Block 4 will charge 1125000000 + 1125000000/8: a cap between the two is refused now.
  const short = await chain.checkTx(alice.tx({ to: bob.address, maxFeePerGas: 1_200_000_000n, maxPriorityFeePerGas: 0n, gasLimit: 21_000n }));
  assert.equal(short.codespace, "evm");
  assert.equal(short.code, 6);
  assert.equal(short.log, `max fee per gas less than block base fee: address ${alice.address.toString()}, maxFeePerGas: 1200000000, baseFee: 1265625000`);
  alice.nonce--; // refused: the nonce is still free

  await chain.block([]); // 4
  assert.equal((await block(4)).block?.baseFee, "1265625000");
  await chain.block([]); // 5: an empty parent takes 1/8 off (truncated)
  assert.equal((await block(5)).block?.baseFee, "1107421875");
  await chain.block([]); // 6: 1107421875 - 138427734 would be below the floor
  assert.equal((await block(6)).block?.baseFee, GWEI.toString());
  const fine = await chain.checkTx(alice.tx({ to: bob.address, maxFeePerGas: GWEI, maxPriorityFeePerGas: 0n, gasLimit: 21_000n }));
  ok(fine);
  await chain.block([]); // 7 (the checked tx stays in the mempool's state only)
  alice.nonce--;
});

test("a block's record: its hash and time, its executed txs in order, their gas and their logs' bloom", async () => {
  const deploy = alice.tx({ data: deployCode(PROBE_RUNTIME), gasLimit: 500_000n });
  const contract = alice.contractAddress(alice.nonce - 1n);
  ok((await chain.block([deploy])).txResults![0]!);
  const increment = alice.tx({ to: contract, data: probe.increment });
  const transfer = bob.tx({ to: alice.address, value: 5n, gasLimit: 21_000n });
  const replay = transfer; // nonce too low the second time: refused before execution, not in the record
  const reverting = bob.tx({ to: contract, data: probe.fail });
  const results = (await chain.block([increment, transfer, replay, reverting])).txResults!;
  assert.deepEqual(
    results.map((r) => r.code ?? 0),
    [0, 0, 2, 0],
  );
  const height = chain.height;
  const { block: record, receipts } = await block(height);
  assert.deepEqual(Buffer.from(record!.hash), Buffer.alloc(32, height % 256), "the CometBFT block hash");
  assert.equal(record!.time, BigInt(GENESIS_TIME_MS / 1000 + height));
  assert.deepEqual(
    record!.txHashes.map((h) => Buffer.from(h).toString("hex")),
    [increment, transfer, reverting].map((t) => txHashHex(t).slice(2)),
  );
  assert.equal(record!.txCount, 3);
  assert.equal(
    record!.gasUsed,
    receipts.reduce((sum, r) => sum + r.gasUsed, 0n),
  );
  assert.deepEqual(
    receipts.map((r) => [r.txIndex, r.status]),
    [
      [0, 1],
      [1, 1],
      [2, 0],
    ],
  );
  assert.equal(receipts[2]!.cumulativeGasUsed, record!.gasUsed);
  assert.equal(record!.logCount, 1);
  assert.deepEqual(
    results.map((r) => r.gasUsed),
    [receipts[0]!.gasUsed, receipts[1]!.gasUsed, 0n, receipts[2]!.gasUsed],
  );
  // The bloom is the OR of the receipts' blooms, and holds the log's address and topic.
  const or = new Uint8Array(256);
  for (const r of receipts) r.bloom.forEach((b, i) => (or[i]! |= b));
  assert.deepEqual(Buffer.from(record!.bloom), Buffer.from(or));
  const bloom = new Bloom(record!.bloom);
  assert.ok(bloom.check(contract.bytes) && bloom.check(LOG_TOPIC));
  assert.ok(!bloom.check(new Uint8Array(20).fill(0x77)));
  // An empty block's record: no txs, a zero bloom.
  await chain.block([]);
  const empty = (await block(chain.height)).block!;
  assert.deepEqual([empty.txHashes.length, empty.txCount, empty.gasUsed, empty.logCount, empty.bloom.every((b) => b === 0)], [0, 0, 0n, 0, true]);
});

test("txs that fail after they ran count their whole gas limit: against the 30M cap and in the next base fee", async () => {
  const gov = moduleAddress("gov");
  // Value for the gov account fails each after it ran; each pays, and uses, its 15M gas limit.
  const failing = [0, 1].map(() => bob.tx({ to: gov, value: 1n, gasLimit: 15_000_000n, maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 0n }));
  const late = bob.tx({ to: alice.address, gasLimit: 21_000n, maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 0n });
  const results = (await chain.block([...failing, late])).txResults!;
  assert.deepEqual(
    results.map((r) => [r.code ?? 0, r.gasUsed]),
    [
      [0, 15_000_000n],
      [0, 15_000_000n],
      [7, 0n],
    ],
  );
  assert.match(results[2]!.log ?? "", /^exceeds block gas limit: block gas used 30000000 \+ gas limit 21000 > 30000000$/);
  bob.nonce--; // the late tx did not run
  const { block: record, receipts } = await block(chain.height);
  assert.deepEqual(
    [record!.gasUsed, record!.txCount, receipts.map((r) => [r.status, r.gasUsed])],
    [
      30_000_000n,
      2,
      [
        [0, 15_000_000n],
        [0, 15_000_000n],
      ],
    ],
  );
  // A full parent: the next base fee rises by 1/8.
  await chain.block([]);
  const base = BigInt(record!.baseFee);
  assert.equal((await block(chain.height)).block?.baseFee, (base + base / 8n).toString());
});
