// eth_call and eth_estimateGas (chain.evm.Query/Call, /EstimateGas) through the whole app: over
// ABCI Query in-process, over a real ABCI socket (CosmJS's path) and over the gRPC server (the
// JSON-RPC server's path). Calls change nothing; their gas used is what the same tx uses on
// chain; estimates are exact: a tx with the estimate succeeds, with one gas less it fails. A long
// call leaves the app answering consensus (blocks finalize and commit over ABCI while it runs),
// and one past 5 s stops with geth's "execution aborted (timeout = 5s)".
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { status, type ServiceError } from "@grpc/grpc-js";
import { bigIntToBytes, bytesToBigInt, bytesToHex, concatBytes, setLengthLeft } from "@ethereumjs/util";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as Q from "../gen/chain/evm/query_pb.js";
import type * as pb from "../gen/tendermint/abci/types_pb.js";
import { AbciServer } from "../abci/server.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { GrpcServer } from "../app/grpc/server.js";
import { moduleAddress } from "../common/moduleAccounts.js";
import {
  deployCode,
  errorStringData,
  JUMP_LOOP_RUNTIME,
  precompileLoopRuntime,
  probe,
  PROBE_RUNTIME,
  proxyRuntime,
  REVERT_REASON,
} from "../app/modules/evm/testing/testContracts.js";
import { TestSigner, txHashHex } from "../app/modules/evm/testing/testSigner.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { GENESIS_TIME_MS, InProcessChain } from "./support/inProcessChain.js";
import { RawAbciClient } from "./support/abciClient.js";
import { testLogger } from "./support/logger.js";

const alice = new TestSigner(new Uint8Array(32).fill(0x41));
/** Holds enough for 30,000 gas at 1 gwei and nothing more. */
const poor = new TestSigner(new Uint8Array(32).fill(0x42));
const stranger = new TestSigner(new Uint8Array(32).fill(0x43));
const GWEI = 1_000_000_000n;
const target = alice.contractAddress(0n);
const proxy = alice.contractAddress(1n);

type CallArgs = MessageInitShape<typeof Q.CallArgsSchema>;

let chain: InProcessChain;
before(async () => {
  chain = await InProcessChain.create([
    { address: formatAccountAddress(alice.address.bytes), coins: [{ denom: "uunit", amount: "1000000000" }] },
    { address: formatAccountAddress(poor.address.bytes), coins: [{ denom: "uunit", amount: "30" }] }, // 30e12 aunit
  ]);
  await chain.block([]);
  const results = (
    await chain.block([
      alice.tx({ data: deployCode(PROBE_RUNTIME), gasLimit: 500_000n }),
      alice.tx({ data: deployCode(proxyRuntime(target.bytes)), gasLimit: 500_000n }),
    ])
  ).txResults!;
  for (const r of results) assert.equal(r.code ?? 0, 0, r.log);
  assert.equal((await chain.block([alice.tx({ to: target, data: probe.increment })])).txResults![0]!.code ?? 0, 0);
});
after(() => chain.close());

async function abci(
  method: "Call" | "EstimateGas",
  args: CallArgs,
  height = 0,
): Promise<pb.ResponseQuery | { code?: number; log?: string; value?: Uint8Array }> {
  const input = method === "Call" ? Q.QueryCallRequestSchema : Q.QueryEstimateGasRequestSchema;
  return chain.query(`/chain.evm.Query/${method}`, toBinary(input, create(input, { args })), height);
}
async function ethCall(args: CallArgs, height = 0): Promise<Q.QueryCallResponse> {
  const res = await abci("Call", args, height);
  if ((res.code ?? 0) !== 0) throw new Error(res.log);
  return fromBinary(Q.QueryCallResponseSchema, res.value!);
}
async function estimate(args: CallArgs): Promise<Q.QueryEstimateGasResponse> {
  const res = await abci("EstimateGas", args);
  if ((res.code ?? 0) !== 0) throw new Error(res.log);
  return fromBinary(Q.QueryEstimateGasResponseSchema, res.value!);
}
async function refused(method: "Call" | "EstimateGas", args: CallArgs, log: RegExp): Promise<void> {
  const res = await abci(method, args);
  assert.equal(res.code, 18, res.log);
  assert.match(res.log ?? "", /^rpc error: code = InvalidArgument desc = /);
  assert.match((res.log ?? "").replace(/^rpc error: code = \w+ desc = /, ""), log);
}
const account = async (s: TestSigner) =>
  fromBinary(
    Q.QueryAccountResponseSchema,
    (
      await chain.query(
        "/chain.evm.Query/Account",
        toBinary(Q.QueryAccountRequestSchema, create(Q.QueryAccountRequestSchema, { address: s.address.toString() })),
      )
    ).value!,
  );
const slot0 = async () =>
  bytesToBigInt(
    fromBinary(
      Q.QueryStorageResponseSchema,
      (
        await chain.query(
          "/chain.evm.Query/Storage",
          toBinary(Q.QueryStorageRequestSchema, create(Q.QueryStorageRequestSchema, { address: target.toString(), slot: "0x0" })),
        )
      ).value!,
    ).value,
  );
const receipt = async (raw: Uint8Array) =>
  fromBinary(
    Q.QueryReceiptResponseSchema,
    (await chain.query("/chain.evm.Query/Receipt", toBinary(Q.QueryReceiptRequestSchema, create(Q.QueryReceiptRequestSchema, { txHash: txHashHex(raw) }))))
      .value!,
  ).receipt!;
const word = (n: bigint) => {
  const w = new Uint8Array(32);
  for (let i = 31; n > 0n; i--, n >>= 8n) w[i] = Number(n & 0xffn);
  return w;
};

test("a view: the return data, and gas used as a tx (intrinsic gas included)", async () => {
  const r = await ethCall({ to: target.bytes, data: probe.get });
  assert.deepEqual(r.returnData, word(1n));
  assert.deepEqual([r.reverted, r.vmError], [false, ""]);
  assert.ok(r.gasUsed > 21_000n && r.gasUsed < 30_000n, String(r.gasUsed));
  // From the zero address (no from) and from a bech32-free empty account alike.
  assert.deepEqual((await ethCall({ from: stranger.address.bytes, to: target.bytes, data: probe.get })).returnData, word(1n));
});

test("a revert answers with Error(string) data; out of gas and invalid opcode with the VM's reason", async () => {
  const rev = await ethCall({ to: target.bytes, data: probe.fail });
  assert.equal(rev.reverted, true);
  assert.deepEqual(rev.returnData, errorStringData(REVERT_REASON));
  assert.equal(Buffer.from(rev.returnData.subarray(68, 68 + REVERT_REASON.length)).toString(), REVERT_REASON);
  const oog = await ethCall({ to: target.bytes, data: probe.burn, gas: 100_000n });
  assert.deepEqual([oog.reverted, oog.vmError, oog.gasUsed], [false, "out of gas", 100_000n]);
  assert.equal((await ethCall({ to: target.bytes, data: probe.burn })).gasUsed, 30_000_000n, "gas 0 is the 30M cap");
  assert.equal((await ethCall({ to: target.bytes, data: probe.burn, gas: 99_000_000n })).gasUsed, 30_000_000n, "and more is capped");
  // A priced call without a gas limit gets what the balance pays for: poor holds 30000 gas at 1 gwei.
  assert.equal((await ethCall({ from: poor.address.bytes, to: target.bytes, data: probe.burn, maxFeePerGas: GWEI.toString() })).gasUsed, 30_000n);
  assert.equal((await ethCall({ to: target.bytes, data: probe.invalid })).vmError, "invalid opcode");
});

test("a state-changing call returns but nothing persists: not the storage, the nonce, the balance, the app hash", async () => {
  const before = { slot: await slot0(), account: await account(alice), hash: Buffer.from(chain.store.lastHash) };
  const r = await ethCall({ from: alice.address.bytes, to: target.bytes, data: probe.increment, value: "0" });
  assert.deepEqual([r.reverted, r.vmError], [false, ""]);
  assert.equal(await slot0(), before.slot);
  assert.deepEqual(await account(alice), before.account);
  // A call sending value from a priced sender, too.
  const paid = await ethCall({ from: alice.address.bytes, to: stranger.address.bytes, value: "5", maxFeePerGas: (10n * GWEI).toString() });
  assert.equal(paid.gasUsed, 21_000n);
  assert.equal((await account(stranger)).balance, "0");
  assert.deepEqual(await account(alice), before.account);
  assert.deepEqual(Buffer.from(chain.store.lastHash), before.hash);
});

test("gas used equals the same tx's on chain, priced or not", async () => {
  const unpriced = await ethCall({ from: alice.address.bytes, to: target.bytes, data: probe.increment });
  const priced = await ethCall({
    from: alice.address.bytes,
    to: target.bytes,
    data: probe.increment,
    maxFeePerGas: (5n * GWEI).toString(),
    maxPriorityFeePerGas: GWEI.toString(),
  });
  const legacy = await ethCall({ from: alice.address.bytes, to: target.bytes, data: probe.increment, gasPrice: (2n * GWEI).toString() });
  const raw = alice.tx({ to: target, data: probe.increment });
  const result = (await chain.block([raw])).txResults![0]!;
  assert.equal(result.code ?? 0, 0, result.log);
  const onChain = (await receipt(raw)).gasUsed;
  assert.deepEqual([unpriced.gasUsed, priced.gasUsed, legacy.gasUsed], [onChain, onChain, onChain]);
  // A refund (slot 0 back to zero) is counted the same way.
  const clear = await ethCall({ from: alice.address.bytes, to: target.bytes, data: probe.clear });
  const clearTx = alice.tx({ to: target, data: probe.clear });
  await chain.block([clearTx]);
  assert.equal(clear.gasUsed, (await receipt(clearTx)).gasUsed);
  // Restore slot 0 for the tests after this one.
  await chain.block([alice.tx({ to: target, data: probe.increment })]);
});

test("the call runs as the next block: its number, the latest block's time, the next base fee when priced, coinbase, gas limit", async () => {
  const h = BigInt(chain.height);
  const words = (r: Q.QueryCallResponse) => [0, 1, 2, 3, 4].map((i) => bytesToBigInt(r.returnData.subarray(32 * i, 32 * i + 32)));
  const priced = words(await ethCall({ from: alice.address.bytes, to: target.bytes, data: probe.env, maxFeePerGas: (5n * GWEI).toString() }));
  assert.deepEqual(priced, [h + 1n, BigInt(GENESIS_TIME_MS / 1000) + h, GWEI, bytesToBigInt(moduleAddress("fee_collector")), 30_000_000n]);
  const free = words(await ethCall({ to: target.bytes, data: probe.env }));
  assert.equal(free[2], 0n, "no price: the base fee reads 0, as geth's eth_call");
  // At an earlier height (ABCI Query's height), as that height's next block.
  assert.equal(words(await ethCall({ to: target.bytes, data: probe.env }, 2))[0], 3n);
});

test("a contract creation answers with the deployed code", async () => {
  const r = await ethCall({ from: alice.address.bytes, data: deployCode(PROBE_RUNTIME) });
  assert.deepEqual(r.returnData, PROBE_RUNTIME);
});

test("calls that cannot start are INVALID_ARGUMENT, in geth's words", async () => {
  await refused(
    "Call",
    { from: stranger.address.bytes, to: alice.address.bytes, value: "5" },
    new RegExp(`^insufficient funds for gas \\* price \\+ value: address ${stranger.address.toString()} have 0 want 5$`),
  );
  await refused(
    "Call",
    { from: alice.address.bytes, to: target.bytes, maxFeePerGas: "999" },
    new RegExp(`^max fee per gas less than block base fee: address ${alice.address.toString()}, maxFeePerGas: 999, baseFee: 1000000000$`),
  );
  // One non-zero calldata byte: 21016 intrinsic, but Prague's EIP-7623 floor is 21000 + 4 tokens x 10.
  await refused("Call", { to: target.bytes, data: probe.get, gas: 20_000n }, /^intrinsic gas too low: have 20000, want 21040$/);
  await refused(
    "Call",
    { to: target.bytes, gasPrice: "1", maxFeePerGas: "1" },
    /^both gas_price and \(max_fee_per_gas or max_priority_fee_per_gas\) specified$/,
  );
  await refused("Call", { to: target.bytes, maxFeePerGas: "1", maxPriorityFeePerGas: "2" }, /^max priority fee per gas higher than max fee per gas/);
  await refused("Call", { from: new Uint8Array(19), to: target.bytes }, /^args\.from must be 20 bytes, got 19$/);
  await refused("Call", { to: new Uint8Array(21) }, /^args\.to must be 20 bytes, got 21$/);
  await refused("Call", { to: target.bytes, value: "-1" }, /^args\.value must be a decimal amount of aunit/);
  await refused("Call", { to: target.bytes, gasPrice: "0x10" }, /^args\.gas_price must be a decimal amount of aunit/);
  await refused(
    "Call",
    { to: target.bytes, data: new Uint8Array(128 * 1024 + 1) },
    /^args\.data and access_list take 131073 bytes, more than the tx size limit of 131072$/,
  );
  await refused("EstimateGas", { to: target.bytes, data: new Uint8Array(200 * 1024) }, /more than the tx size limit/);
  const missing = await chain.query("/chain.evm.Query/Call", toBinary(Q.QueryCallRequestSchema, create(Q.QueryCallRequestSchema, {})));
  assert.match(missing.log ?? "", /args are missing/);
});

test("estimates are exact: a tx with the estimate succeeds, with one gas less it fails", async () => {
  const cases: [string, CallArgs, Uint8Array | undefined][] = [
    ["a storage write and a log", { from: alice.address.bytes, to: target.bytes, data: probe.increment }, target.bytes],
    ["a call through a proxy (63/64 of the gas left reaches the callee)", { from: alice.address.bytes, to: proxy.bytes, data: probe.increment }, proxy.bytes],
  ];
  for (const [what, args, to] of cases) {
    const { gas, reverted, vmError } = await estimate(args);
    assert.deepEqual([reverted, vmError], [false, ""], what);
    const short = alice.tx({ to: to!, data: args.data, gasLimit: gas - 1n });
    const exact = alice.tx({ to: to!, data: args.data, gasLimit: gas });
    await chain.block([short]);
    await chain.block([exact]);
    assert.equal((await receipt(short)).status, 0, `${what}: ${gas - 1n} is not enough`);
    const r = await receipt(exact);
    assert.equal(r.status, 1, `${what}: ${gas} is`);
    if (to === proxy.bytes) assert.ok(gas > r.gasUsed, "the proxy needs more than it uses");
    else assert.equal(gas, r.gasUsed, "no refund: the estimate is the gas used");
  }
  assert.equal((await estimate({ from: alice.address.bytes, to: stranger.address.bytes, value: "1" })).gas, 21_000n, "a plain transfer");
});

test("an estimate that fails at the cap answers with the failure", async () => {
  const rev = await estimate({ to: target.bytes, data: probe.fail });
  assert.deepEqual([rev.reverted, rev.gas], [true, 30_000_000n]);
  assert.deepEqual(rev.returnData, errorStringData(REVERT_REASON));
  const oog = await estimate({ to: target.bytes, data: probe.burn, gas: 50_000n });
  assert.deepEqual([oog.vmError, oog.gas], ["out of gas", 50_000n], "the gas asked for is the cap");
  // A priced call is capped by what the balance pays for: 30e12 aunit / 1 gwei = 30000 gas.
  const broke = await estimate({ from: poor.address.bytes, to: target.bytes, data: probe.burn, maxFeePerGas: GWEI.toString() });
  assert.deepEqual([broke.vmError, broke.gas], ["out of gas", 30_000n]);
  await refused(
    "EstimateGas",
    { from: poor.address.bytes, to: target.bytes, value: (31n * 10n ** 12n).toString() },
    /^insufficient funds for gas \* price \+ value: insufficient funds for transfer/,
  );
});

test("over a real ABCI socket, as CosmJS queries: the Query request awaits the call", async () => {
  const server = new AbciServer(chain.app, { address: "tcp://127.0.0.1:0", logger: testLogger });
  const port = Number((await server.listen()).split(":").pop());
  const client = await RawAbciClient.connect(port);
  try {
    const data = toBinary(Q.QueryCallRequestSchema, create(Q.QueryCallRequestSchema, { args: { to: target.bytes, data: probe.get } }));
    client.send(
      { value: { case: "query", value: { path: "/chain.evm.Query/Call", data } } },
      { value: { case: "echo", value: { message: "after" } } },
      { value: { case: "flush", value: {} } },
    );
    const [query, echo] = await client.waitFor(3);
    assert.equal(query!.value.case, "query");
    const res = query!.value.value as pb.ResponseQuery;
    assert.equal(res.code, 0, res.log);
    assert.equal(res.height, BigInt(chain.height));
    assert.deepEqual(Buffer.from(fromBinary(Q.QueryCallResponseSchema, res.value).returnData), Buffer.from(word(await slot0())));
    assert.equal(echo!.value.case, "echo", "responses stay in request order");
  } finally {
    client.close();
    await server.close();
  }
});

test("over gRPC: Call and EstimateGas awaited, concurrent calls answered, errors as statuses", async () => {
  const server = new GrpcServer({ queries: chain.app.queries.services, state: chain.store, logger: testLogger });
  const client = new NodeGrpcClient(`127.0.0.1:${await server.listen("127.0.0.1", 0)}`);
  try {
    const calls = await Promise.all([1, 2, 3].map(() => client.call(Q.Query, "call", { args: { to: target.bytes, data: probe.get } })));
    const value = Buffer.from(word(await slot0()));
    for (const c of calls) {
      assert.deepEqual(Buffer.from(c.response.returnData), value);
      assert.equal(c.height, chain.height);
    }
    const est = await client.call(Q.Query, "estimateGas", { args: { from: alice.address.bytes, to: target.bytes, data: probe.increment } });
    assert.ok(est.response.gas > 21_000n);
    const rev = await client.call(Q.Query, "call", { args: { to: target.bytes, data: probe.fail } });
    assert.equal(rev.response.reverted, true);
    await assert.rejects(
      client.call(Q.Query, "call", { args: { to: new Uint8Array(3) } }),
      (e: ServiceError) => e.code === status.INVALID_ARGUMENT && /args\.to must be 20 bytes/.test(e.details),
    );
    const old = await client.call(Q.Query, "call", { args: { to: target.bytes, data: probe.env } }, { height: 2 });
    assert.equal(bytesToBigInt(old.response.returnData.subarray(0, 32)), 3n);
    assert.equal(bytesToHex(old.response.returnData.subarray(0, 32)), bytesToHex(word(3n)));
  } finally {
    client.close();
    await server.close();
  }
});

/** Finalizes and commits the chain's next block over a real ABCI socket; resolves with how long that took. */
async function blockOverSocket(client: RawAbciClient): Promise<number> {
  const height = chain.height + 1;
  const seen = client.responses.length;
  const start = performance.now();
  client.send(
    {
      value: {
        case: "finalizeBlock",
        value: {
          height: BigInt(height),
          time: timestampFromMs(GENESIS_TIME_MS + height * 1000),
          hash: new Uint8Array(32).fill(height % 256),
          proposerAddress: new Uint8Array(20),
        },
      },
    },
    { value: { case: "commit", value: {} } },
    { value: { case: "flush", value: {} } },
  );
  const responses = await client.waitFor(seen + 3, 20_000);
  chain.height = height;
  assert.deepEqual(
    responses.slice(seen).map((r) => r.value.case),
    ["finalizeBlock", "commit", "flush"],
  );
  return performance.now() - start;
}

test("blocks keep finalizing and committing over ABCI while a long eth_call runs over gRPC", async () => {
  const loop = alice.contractAddress(alice.nonce);
  assert.equal((await chain.block([alice.tx({ data: deployCode(JUMP_LOOP_RUNTIME) })])).txResults![0]!.code ?? 0, 0);
  const abciServer = new AbciServer(chain.app, { address: "tcp://127.0.0.1:0", logger: testLogger });
  const abciClient = await RawAbciClient.connect(Number((await abciServer.listen()).split(":").pop()));
  const grpcServer = new GrpcServer({ queries: chain.app.queries.services, state: chain.store, logger: testLogger });
  const grpc = new NodeGrpcClient(`127.0.0.1:${await grpcServer.listen("127.0.0.1", 0)}`);
  try {
    const heightAtCall = chain.height;
    let callDone = false;
    // 30M gas of JUMPs, the most a call may have: about a second here, well inside the 5 s query
    // timeout on a machine half as fast, and longer than two blocks take.
    const gas = 30_000_000n;
    const call = grpc.call(Q.Query, "call", { args: { to: loop.bytes, gas } }).finally(() => (callDone = true));
    await new Promise((r) => setTimeout(r, 100));
    const latencies = [await blockOverSocket(abciClient), await blockOverSocket(abciClient)];
    assert.equal(callDone, false, "the call was still computing when both blocks had committed");
    for (const ms of latencies) assert.ok(ms < 1_000, `a block took ${ms.toFixed(0)} ms to finalize and commit during the call`);
    const { response, height } = await call;
    assert.deepEqual([response.vmError, response.gasUsed], ["out of gas", gas]);
    assert.equal(height, heightAtCall, "the call read its own height throughout");
  } finally {
    grpc.close();
    abciClient.close();
    await Promise.all([grpcServer.close(), abciServer.close()]);
  }
});

test('a call past 5 s stops with RESOURCE_EXHAUSTED "execution aborted (timeout = 5s)" and changes nothing', async () => {
  // BLAKE2 compressions of 100,000 rounds each (0.1M gas a call; the precompile left in pure
  // JavaScript that computes longest per gas), one call after another until the gas runs out:
  // several seconds of work at 30M gas, in slices between the calls.
  const blakeLoop = alice.contractAddress(alice.nonce);
  assert.equal((await chain.block([alice.tx({ data: deployCode(precompileLoopRuntime(0x09, 213, 64)) })])).txResults![0]!.code ?? 0, 0);
  const input = concatBytes(setLengthLeft(bigIntToBytes(100_000n), 4), new Uint8Array(208), Uint8Array.of(1));
  const server = new GrpcServer({ queries: chain.app.queries.services, state: chain.store, logger: testLogger });
  const client = new NodeGrpcClient(`127.0.0.1:${await server.listen("127.0.0.1", 0)}`);
  try {
    const before = { hash: Buffer.from(chain.store.lastHash), account: await account(alice) };
    // A short one first: the loop is real work that ends in out of gas.
    assert.equal((await client.call(Q.Query, "call", { args: { to: blakeLoop.bytes, data: input, gas: 100_000n } })).response.vmError, "out of gas");
    const start = performance.now();
    await assert.rejects(
      client.call(Q.Query, "call", { args: { from: alice.address.bytes, to: blakeLoop.bytes, data: input } }),
      (e: ServiceError) => e.code === status.RESOURCE_EXHAUSTED && e.details === "execution aborted (timeout = 5s)",
    );
    const took = performance.now() - start;
    assert.ok(took >= 5_000 && took < 7_000, `answered after ${took.toFixed(0)} ms`);
    assert.deepEqual({ hash: Buffer.from(chain.store.lastHash), account: await account(alice) }, before);
  } finally {
    client.close();
    await server.close();
  }
});
