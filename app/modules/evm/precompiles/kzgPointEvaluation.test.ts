// The point evaluation precompile (0x0a): the KZG proof check against the mainnet ceremony's
// vectors (c-kzg-4844's verify_kzg_proof cases, pointEvaluationInputs.ts) and proofs built here
// from the ceremony's [τ]₁; the precompile's answers through a bare EVM; and a block's txs and
// eth_call reaching it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { EVMMockBlockchain } from "@ethereumjs/evm";
import { SimpleStateManager } from "@ethereumjs/statemanager";
import { bytesToHex, concatBytes, createAddressFromString, hexToBytes } from "@ethereumjs/util";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { QueryCallRequestSchema, QueryCallResponseSchema } from "../../../../gen/chain/evm/query_pb.js";
import { WorkQueue } from "../../../query/workQueue.js";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";
import type { TxResult } from "../../../tx/processor.js";
import { callQuery } from "../query/callQuery.js";
import { EvmTestChain } from "../testing/testChain.js";
import { TestSigner } from "../testing/testSigner.js";
import { createEvmOnWasmPrecompiles, precompileBackends } from "./precompileBackends.js";
import { CORRECT_CLAIM, INCORRECT_CLAIM, pointEvaluationInput, type KzgClaim } from "./pointEvaluationInputs.js";
import { firstEventOfType } from "../../../../test/support/eventAttributes.js";

type Hex = `0x${string}`;

const INFINITY: Hex = `0xc0${"00".repeat(47)}`;
/** The zero polynomial: commitment and proof both the point at infinity. */
const ZERO_POLYNOMIAL: KzgClaim = { commitment: INFINITY, z: `0x${"00".repeat(31)}02`, y: `0x${"00".repeat(32)}`, proof: INFINITY };
/** The G1 generator with its last byte cut: 47 bytes. */
const SHORT_POINT: Hex = "0x97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6";

const G1 = bls12_381.G1.Point;
const ORDER = G1.Fn.ORDER;
/** [τ]₁ (`g1_monomial[1]`) of the ceremony: with it, proofs of a line a + b·x need no blob. */
const TAU_G1 = G1.fromHex("ad3eb50121139aa34db1d545093ac9374ab7bca2c0f3bf28e27c8dcd8fc7cb42d25926fc0c97b336e9f0fb35e5a04c81");
const word = (n: bigint): Hex => `0x${n.toString(16).padStart(64, "0")}`;
const point = (p: InstanceType<typeof G1>): Hex => bytesToHex(p.toBytes()) as Hex;
/** k·p for any k below the order (noble's multiply refuses 0). */
const times = (p: InstanceType<typeof G1>, k: bigint) => (k === 0n ? G1.ZERO : p.multiply(k));

/** p(x) = a + b·x committed as a·G + b·[τ]₁; its quotient at any z is the constant b, so π = b·G. */
function line(a: bigint, b: bigint, z: bigint): KzgClaim {
  return { commitment: point(times(G1.BASE, a).add(times(TAU_G1, b))), z: word(z), y: word((a + b * z) % ORDER), proof: point(times(G1.BASE, b)) };
}

const verify = (v: KzgClaim) => precompileBackends.kzg.verifyProof(v.commitment, v.z, v.y, v.proof);
const badArgs = /^Error: C_KZG_BADARGS/;

test("proofs of the mainnet ceremony's test cases check as c-kzg checks them", () => {
  assert.equal(verify(CORRECT_CLAIM), true);
  assert.equal(verify(INCORRECT_CLAIM), false);
  assert.equal(verify(ZERO_POLYNOMIAL), true);
  assert.equal(verify({ ...ZERO_POLYNOMIAL, y: word(1n) }), false);
  for (const v of [
    { ...CORRECT_CLAIM, commitment: SHORT_POINT },
    { ...CORRECT_CLAIM, proof: SHORT_POINT },
    { ...CORRECT_CLAIM, z: word(ORDER) },
    { ...CORRECT_CLAIM, y: word(ORDER + 5n) },
    { ...CORRECT_CLAIM, y: CORRECT_CLAIM.y.slice(0, -2) as Hex },
    // x = 5 is on the curve (5³ + 4 is a square) but its point is off the prime-order subgroup;
    // the generator's encoding with its top byte set to 0x80 (its x's top bits cleared) names an
    // x with no point on the curve.
    { ...CORRECT_CLAIM, commitment: `0x80${"00".repeat(46)}05` as Hex },
    { ...CORRECT_CLAIM, proof: point(G1.BASE).replace(/^0x../, "0x80") as Hex },
    // Malformed flag bytes: no compression flag; infinity with the sign bit, or with a payload;
    // an x not below the field modulus.
    { ...CORRECT_CLAIM, commitment: `0x00${CORRECT_CLAIM.commitment.slice(4)}` as Hex },
    { ...CORRECT_CLAIM, proof: `0xe0${"00".repeat(47)}` as Hex },
    { ...CORRECT_CLAIM, proof: `0xc0${"00".repeat(46)}01` as Hex },
    { ...CORRECT_CLAIM, commitment: `0x${((0x80n << 376n) | G1.Fp.ORDER).toString(16)}` as Hex },
  ]) {
    assert.throws(() => verify(v), badArgs, JSON.stringify(v));
  }
});

test("a line's proof checks at any point, and no other value or proof does", () => {
  for (const [a, b, z] of [
    [7n, 3n, 5n],
    [0n, 1n, 0n],
    [ORDER - 1n, ORDER - 2n, ORDER - 1n],
    [123456789n, 0n, 42n], // a constant: the proof is the point at infinity
  ] as const) {
    const v = line(a, b, z);
    assert.equal(verify(v), true, `${a} + ${b}x at ${z}`);
    assert.equal(verify({ ...v, y: word((a + b * z + 1n) % ORDER) }), false);
    assert.equal(verify({ ...v, z: word((z + 1n) % ORDER) }), b === 0n, "another point: only a constant has the same value there");
    assert.equal(verify({ ...v, proof: point(times(G1.BASE, (b + 1n) % ORDER)) }), false);
  }
});

/** Its answer to a proof that checks: FIELD_ELEMENTS_PER_BLOB (4096), then the BLS modulus. */
const VALID_OUTPUT = bytesToHex(concatBytes(hexToBytes(word(4096n)), hexToBytes(word(ORDER))));
const POINT_EVALUATION = createAddressFromString(`0x${"0a".padStart(40, "0")}`);

test("the precompile answers through the node's EVM: 50,000 gas, and each refusal keeps all the gas", async () => {
  const evm = createEvmOnWasmPrecompiles({ common: evmCommon(2611n).copy(), stateManager: new SimpleStateManager(), blockchain: new EVMMockBlockchain() });
  const call = async (data: Uint8Array) => {
    const r = await evm.runCall({ to: POINT_EVALUATION, data, gasLimit: 100_000n });
    return { output: bytesToHex(r.execResult.returnValue), gas: r.execResult.executionGasUsed, error: r.execResult.exceptionError?.error };
  };
  assert.deepEqual(await call(pointEvaluationInput(CORRECT_CLAIM)), { output: VALID_OUTPUT, gas: 50_000n, error: undefined });
  assert.deepEqual(await call(pointEvaluationInput(line(7n, 3n, 5n))), { output: VALID_OUTPUT, gas: 50_000n, error: undefined });
  const refused = async (data: Uint8Array) => {
    const r = await call(data);
    assert.equal(r.gas, 100_000n);
    return r.error;
  };
  assert.equal(await refused(pointEvaluationInput(INCORRECT_CLAIM)), "kzg proof invalid");
  assert.equal(await refused(pointEvaluationInput({ ...CORRECT_CLAIM, z: word(ORDER) })), "kzg inputs invalid");
  const wrongHash = pointEvaluationInput(CORRECT_CLAIM);
  wrongHash[5]! ^= 1;
  assert.equal(await refused(wrongHash), "kzg commitment does not match versioned hash");
  assert.equal(await refused(pointEvaluationInput(CORRECT_CLAIM).subarray(1)), "invalid input length");
});

let chain: EvmTestChain;
const alice = new TestSigner(new Uint8Array(32).fill(0x0a));
before(() => {
  chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 9n }]);
});
after(() => chain.close());

test("a block's txs and eth_call reach the precompile: a good proof succeeds, a bad one fails the call, not the node", async () => {
  // Regression: with no KZG in the VM's Common, the library threw "kzg not initialized" out of the
  // tx, which was then included as failed by the node rather than by the EVM.
  const failure = (r: TxResult) => firstEventOfType(r.events, "ethereum_tx").ethereumTxFailed;
  const [good, bad] = await chain.block([
    alice.tx({ to: POINT_EVALUATION.bytes, data: pointEvaluationInput(CORRECT_CLAIM) }),
    alice.tx({ to: POINT_EVALUATION.bytes, data: pointEvaluationInput(INCORRECT_CLAIM) }),
  ]);
  assert.equal(good!.code ?? 0, 0, good!.log);
  assert.equal(failure(good!), undefined);
  assert.equal(bad!.code ?? 0, 0, bad!.log);
  assert.equal(failure(bad!), "kzg proof invalid");

  const queue = new WorkQueue({ what: "test executions", maxRunning: 1, maxWaiting: 1 });
  const call = async (v: KzgClaim) =>
    create(
      QueryCallResponseSchema,
      await callQuery(
        chain.evmKeepers,
        queue,
        create(QueryCallRequestSchema, { args: { from: alice.address.bytes, to: POINT_EVALUATION.bytes, data: pointEvaluationInput(v) } }),
        { state: chain.store.view(), height: chain.store.lastHeight },
      ),
    );
  const ok = await call(line(11n, 13n, 17n));
  assert.deepEqual([ok.reverted, ok.vmError, bytesToHex(ok.returnData)], [false, "", VALID_OUTPUT]);
  const refused = await call({ ...CORRECT_CLAIM, y: INCORRECT_CLAIM.y });
  assert.deepEqual([refused.reverted, refused.vmError, bytesToHex(refused.returnData)], [false, "kzg proof invalid", "0x"]);
});
