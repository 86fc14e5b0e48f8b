// The WebAssembly precompile backends against the library's pure-JavaScript default (noble): the
// same bytes, gas and error for every case of precompileInputs.ts; every VM the node builds (a
// block's and a query's) runs on them; and the same error as noble shows through a block's receipt
// events and through eth_call.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { EVM, EVMMockBlockchain, NobleBLS, NobleBN254, type EVMResult } from "@ethereumjs/evm";
import { SimpleStateManager } from "@ethereumjs/statemanager";
import { bytesToHex, concatBytes, createAddressFromString } from "@ethereumjs/util";
import { QueryCallRequestSchema, QueryCallResponseSchema } from "../../../../gen/chain/evm/query_pb.js";
import { QueryBudget } from "../../../query/budget.js";
import { WorkQueue } from "../../../query/workQueue.js";
import type { TxResult } from "../../../tx/processor.js";
import { blockHashChain } from "../tx/blockHashChain.js";
import { callQuery } from "../query/callQuery.js";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";
import { Bn254WithNobleErrors, createEvmOnWasmPrecompiles, precompileBackends } from "./precompileBackends.js";
import { BLS12_381_ORDER, blsG1Multiples, blsG1Times, blsG2Times, bnG1Times, bnG2Times, precompileCases, scalar } from "./precompileInputs.js";
import { queryStateManager } from "../query/queryState.js";
import { EvmTestChain } from "../testing/testChain.js";
import { TestSigner } from "../testing/testSigner.js";
import { createEvmRuntime } from "../tx/vmFactory.js";
import { firstEventOfType } from "../../../../test/support/eventAttributes.js";

const precompile = (n: number) => createAddressFromString(`0x${n.toString(16).padStart(40, "0")}`);
const outcome = (r: EVMResult) => ({
  returnValue: bytesToHex(r.execResult.returnValue),
  gasUsed: r.execResult.executionGasUsed,
  error: r.execResult.exceptionError?.error,
});

function plainEvm(backends: { bls?: NobleBLS; bn254?: NobleBN254 }): EVM {
  return new EVM({ common: evmCommon(2611n).copy(), stateManager: new SimpleStateManager(), blockchain: new EVMMockBlockchain(), ...backends });
}

test("every case answers with the same bytes, gas and error on the WebAssembly backends as on noble", async () => {
  const noble = plainEvm({ bls: new NobleBLS(), bn254: new NobleBN254() });
  const wasm = createEvmOnWasmPrecompiles({ common: evmCommon(2611n).copy(), stateManager: new SimpleStateManager(), blockchain: new EVMMockBlockchain() });
  const cases = precompileCases();
  const failures = new Set<string>();
  for (const c of cases) {
    const call = async (evm: EVM) => outcome(await evm.runCall({ to: precompile(c.address), data: c.data, gasLimit: 10_000_000n }));
    const expected = await call(noble);
    assert.deepEqual(await call(wasm), expected, `0x${c.address.toString(16)} ${c.name}`);
    if (expected.error !== undefined) failures.add(expected.error);
  }
  // The cases reach every kind of refusal, not only successes.
  assert.deepEqual([...failures].sort(), ["fp point not in field", "input is empty", "invalid input length", "point not on curve", "revert"]);
  for (const address of [0x06, 0x07, 0x08, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11]) {
    const mine = cases.filter((c) => c.address === address);
    assert.ok(mine.length >= 5, `cases for 0x${address.toString(16)}`);
  }
});

test("a BN254 pairing refused by rustbn gets noble's error, found at the first bad pair", () => {
  // rustbn alone answers an empty result ("out of gas") for all of these.
  const bn = precompileBackends.bn254 as Bn254WithNobleErrors;
  const [g, q] = [bnG1Times(1n), bnG2Times(1n)];
  const xAboveP = q.slice();
  xAboveP[0] = q[0]! + 0x40; // x.imaginary + 2^254 > p
  const errorOf = (input: Uint8Array) => {
    try {
      bn.pairing(input);
      return "no error";
    } catch (e) {
      return e instanceof Error ? "plain error" : (e as { error: string }).error;
    }
  };
  assert.equal(errorOf(concatBytes(g, q, g, xAboveP)), "fp point not in field");
  assert.equal(errorOf(concatBytes(g, xAboveP, g, q)), "fp point not in field");
  assert.equal(errorOf(concatBytes(new Uint8Array(64).fill(1), q, g, xAboveP)), "plain error");
  assert.equal(errorOf(concatBytes(g, q, new Uint8Array(64).fill(1), xAboveP)), "plain error");
  assert.equal(errorOf(concatBytes(g, q, new Uint8Array(64).fill(1), q)), "plain error");
  assert.equal(errorOf(concatBytes(g, q)), "no error");
});

test("multi-scalar multiplications past a chunk of mcl's match noble, and past its stack leave it working", () => {
  // Regression: one mcl multiplication of about 5,500 G1 (2,900 G2) pairs overflows mcl-wasm's
  // stack, a trap that corrupts the instance for every later call.
  const { bls } = precompileBackends;
  const one = scalar(1n);
  // Pairs (2G, 1), (3G, 1), ...: the sum is one multiple of G, which noble computes at once.
  const points = blsG1Multiples(2n, 5800);
  const g1 = (n: number) => concatBytes(...points.slice(0, n).flatMap((p) => [p, one]));
  const sumOf = (n: number) => (BigInt(n) * BigInt(n + 3)) / 2n; // 2 + 3 + ... + (n + 1)
  assert.equal(bytesToHex(bls.msmG1(g1(1100))), bytesToHex(blsG1Times(sumOf(1100))));
  assert.equal(bytesToHex(bls.msmG1(g1(5800))), bytesToHex(blsG1Times(sumOf(5800))));
  const [q, q2] = [blsG2Times(1n), blsG2Times(2n)];
  const g2 = concatBytes(...Array.from({ length: 3100 }, (_, i) => [i < 1024 ? q : q2, one]).flat());
  assert.equal(bytesToHex(bls.msmG2(g2)), bytesToHex(blsG2Times(1024n + 2n * (3100n - 1024n))));
  // A point off the curve opening the second chunk fails the whole, with noble's error.
  const bad = g1(1100);
  bad.set(concatBytes(new Uint8Array(16), new Uint8Array(48).fill(1), new Uint8Array(16), new Uint8Array(48).fill(1)), 1024 * 160);
  assert.throws(
    () => bls.msmG1(bad),
    (e) => (e as { error?: string }).error === "point not on curve",
  );
  // Still working after all that.
  assert.equal(bytesToHex(bls.msmG1(g1(3))), bytesToHex(blsG1Times(9n)));
});

let chain: EvmTestChain;
const alice = new TestSigner(new Uint8Array(32).fill(0x7a));
before(() => {
  chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 9n }]);
});
after(() => chain.close());

test("the VMs of blocks and of queries both run on the WebAssembly backends", async () => {
  // Regression: createVM's evmOpts go through createEVM, which in @ethereumjs/evm 10.1.3 replaces a given bn254 with noble's.
  const state = chain.store.view();
  const runtime = (budget?: QueryBudget) =>
    createEvmRuntime(
      2611n,
      queryStateManager(chain.evmKeepers, state, 1n),
      blockHashChain(chain.evmKeepers.blocks, state),
      { number: 1n, timestamp: 0n, baseFee: 0n },
      budget,
    );
  for (const { vm } of [await runtime(), await runtime(new QueryBudget({ timeoutMs: 1_000, timedOut: () => new Error("timeout") }))]) {
    const evm = vm.evm as unknown as { _bls: unknown; _bn254: unknown };
    assert.equal(evm._bls, precompileBackends.bls);
    assert.equal(evm._bn254, precompileBackends.bn254);
  }
});

test("in a block and in eth_call, precompile results and refusals read as on noble", async () => {
  const attrs = (r: TxResult, type: string) => firstEventOfType(r.events, type);
  const pairing = concatBytes(blsG1Times(2n), blsG2Times(3n), blsG1Times(BLS12_381_ORDER - 6n), blsG2Times(1n)); // e(2G,3Q)e(-6G,Q) = 1
  const badAdd = concatBytes(bnG1Times(1n), new Uint8Array(64).fill(1));
  const results = await chain.block([alice.tx({ to: precompile(0x0f), data: pairing }), alice.tx({ to: precompile(0x06), data: badAdd })]);
  for (const r of results) assert.equal(r.code ?? 0, 0, r.log);
  assert.equal(attrs(results[0]!, "ethereum_tx").ethereumTxFailed, undefined);
  // rustbn alone would say "out of gas".
  assert.equal(attrs(results[1]!, "ethereum_tx").ethereumTxFailed, "revert");

  const queue = new WorkQueue({ what: "test executions", maxRunning: 1, maxWaiting: 1 });
  // The response as the query server encodes it (absent fields read as their defaults).
  const call = async (to: number, data: Uint8Array) =>
    create(
      QueryCallResponseSchema,
      await callQuery(chain.evmKeepers, queue, create(QueryCallRequestSchema, { args: { from: alice.address.bytes, to: precompile(to).bytes, data } }), {
        state: chain.store.view(),
        height: chain.store.lastHeight,
      }),
    );
  const ok = await call(0x0f, pairing);
  assert.deepEqual([ok.reverted, ok.vmError, bytesToHex(ok.returnData)], [false, "", `0x${"00".repeat(31)}01`]);
  const refused = await call(0x06, badAdd);
  assert.deepEqual([refused.reverted, refused.vmError], [true, ""]);
});
