/**
 * Seconds of compute per million gas for the BN254 (0x06-0x08) and BLS12-381 (0x0b-0x11)
 * precompiles, on @ethereumjs/evm's pure-JavaScript default (noble) and on the WebAssembly
 * backends every VM of the node uses (app/modules/evm/precompiles/precompileBackends.ts), side by side; then
 * a 30M-gas tx looping on each side's slowest one. The KZG point evaluation precompile (0x0a) has
 * no noble side: the library ships no KZG, so it runs on the node's (mcl-wasm) alone. The library
 * runs with the node's bundle rewrites (bench/libraryRewrites/).
 *
 *   npm run bench -- precompiles [flags]     (or: node --import tsx bench/precompiles.ts [flags])
 *     --gas 2000000        gas per table row and backend (at least 8 calls' worth)
 *     --runs 3             runs per row and backend, interleaved; the table shows the fastest
 *     --tx-gas 30000000    gas of the looping tx
 *     --skip-noble-tx      skip the looping tx on noble (minutes at 30M gas)
 *
 * A row is one call of a contract that STATICCALLs the precompile with the row's input again and
 * again (all gas but 1/64, app/modules/evm/testing/testContracts.ts precompileLoopRuntime) until its gas
 * runs out: the work a tx makes every validator do, the EVM's loop included (about 130 gas a
 * turn; the "JUMP loop" row is that floor). Rows run on a bare EVM over an in-memory state. The
 * looping tx on the WebAssembly side also runs as a block's tx through the node's own path
 * (EthTxProcessor over the store, app/modules/evm/testing/testChain.ts): the FinalizeBlock figure.
 * The reference rows (JUMP loop, BLAKE2F, MODEXP) use no curve backend: the same on both sides.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { EVM, EVMMockBlockchain, NobleBLS, NobleBN254 } from "@ethereumjs/evm";
import { SimpleStateManager } from "@ethereumjs/statemanager";
import { concatBytes, createAddressFromString, intToBytes, setLengthLeft } from "@ethereumjs/util";
import { evmCommon } from "../common/ethereum/ethTx.js";
import { createEvmOnWasmPrecompiles } from "../app/modules/evm/precompiles/precompileBackends.js";
import { BLS12_381_ORDER, blsFp, blsG1Times, blsG2Times, bnG1Times, bnG2Times, scalar } from "../app/modules/evm/precompiles/precompileInputs.js";
import { CORRECT_CLAIM, pointEvaluationInput } from "../app/modules/evm/precompiles/pointEvaluationInputs.js";
import { deployCode, JUMP_LOOP_RUNTIME, precompileLoopRuntime } from "../app/modules/evm/testing/testContracts.js";
import { EvmTestChain } from "../app/modules/evm/testing/testChain.js";
import { underNodeLibraryCode } from "./libraryRewrites/index.js";
import { TestSigner } from "../app/modules/evm/testing/testSigner.js";

const { values: args } = parseArgs({
  options: {
    gas: { type: "string", default: "2000000" },
    "tx-gas": { type: "string", default: "30000000" },
    runs: { type: "string", default: "3" },
    "skip-noble-tx": { type: "boolean", default: false },
  },
});
const ROW_GAS = positiveBigInt("gas");
const TX_GAS = positiveBigInt("tx-gas");
const RUNS = Number(positiveBigInt("runs"));

function positiveBigInt(name: "gas" | "tx-gas" | "runs"): bigint {
  const n = Number(args[name]);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return BigInt(n);
}

interface Row {
  name: string;
  /** The precompile, or undefined for the bare JUMP loop. */
  address?: number;
  input: Uint8Array;
  outputLength: number;
  /** Gas of one precompile call. */
  callGas: number;
  /** Same on both sides: no curve backend involved. */
  reference?: boolean;
  /** Only the node's side has a backend for it. */
  wasmOnly?: boolean;
}

/** Full-width scalars that look random (multiplication cost depends on the bits set). */
const scalarAt = (i: number) => scalar((0x9e3779b97f4a7c15f39cc0605cedc8341082276bf3a27251f86c6a11d0c18e95n * BigInt(i + 1)) % (1n << 256n));
const bnPairs = (k: number) => concatBytes(...Array.from({ length: k }, (_, i) => concatBytes(bnG1Times(BigInt(i + 2)), bnG2Times(BigInt(i + 3)))));
const blsPairs = (k: number) => concatBytes(...Array.from({ length: k }, (_, i) => concatBytes(blsG1Times(BigInt(i + 2)), blsG2Times(BigInt(i + 3)))));
const g1Msm = (k: number) => concatBytes(...Array.from({ length: k }, (_, i) => concatBytes(blsG1Times(BigInt(i + 2)), scalarAt(i))));
const g2Msm = (k: number) => concatBytes(...Array.from({ length: k }, (_, i) => concatBytes(blsG2Times(BigInt(i + 2)), scalarAt(i))));
/** EIP-2537 MSM gas: k x per-pair gas x discount(k) / 1000 (discounts for k = 1, 16, 128 only). */
const msmGas = (k: number, perPair: number, discounts: Record<number, number>) => Math.floor((k * perPair * discounts[k]!) / 1000);
const G1_DISCOUNT = { 1: 1000, 16: 677, 128: 519 };
const G2_DISCOUNT = { 1: 1000, 16: 717, 128: 524 };
const u32 = (n: number) => setLengthLeft(intToBytes(n), 4);
const word = (n: number) => setLengthLeft(intToBytes(n), 32);

function rows(): Row[] {
  return [
    { name: "JUMP loop (no precompile)", input: new Uint8Array(), outputLength: 0, callGas: 0, reference: true },
    { name: "IDENTITY 0x04, 32 bytes (the cost of a call)", address: 0x04, input: new Uint8Array(32).fill(7), outputLength: 32, callGas: 18, reference: true },
    {
      name: "BLAKE2F 0x09, 100,000 rounds",
      address: 0x09,
      input: concatBytes(u32(100_000), new Uint8Array(208), Uint8Array.of(1)),
      outputLength: 64,
      callGas: 100_000,
      reference: true,
    },
    {
      name: "MODEXP 0x05, 1-byte modulus, 512-byte exponent",
      address: 0x05,
      input: concatBytes(word(1), word(512), word(1), Uint8Array.of(0xff), new Uint8Array(512).fill(0xff), Uint8Array.of(0xfd)),
      outputLength: 1,
      callGas: 1365,
      reference: true,
    },
    { name: "KZG point evaluation 0x0a", address: 0x0a, input: pointEvaluationInput(CORRECT_CLAIM), outputLength: 64, callGas: 50_000, wasmOnly: true },
    { name: "BN254 add 0x06", address: 0x06, input: concatBytes(bnG1Times(3n), bnG1Times(5n)), outputLength: 64, callGas: 150 },
    { name: "BN254 mul 0x07", address: 0x07, input: concatBytes(bnG1Times(3n), scalarAt(0)), outputLength: 64, callGas: 6_000 },
    { name: "BN254 pairing 0x08, 2 pairs", address: 0x08, input: bnPairs(2), outputLength: 32, callGas: 45_000 + 2 * 34_000 },
    { name: "BN254 pairing 0x08, 8 pairs", address: 0x08, input: bnPairs(8), outputLength: 32, callGas: 45_000 + 8 * 34_000 },
    { name: "BLS12-381 G1 add 0x0b", address: 0x0b, input: concatBytes(blsG1Times(3n), blsG1Times(5n)), outputLength: 128, callGas: 375 },
    ...[1, 16, 128].map((k) => ({
      name: `BLS12-381 G1 MSM 0x0c, ${k} pair${k > 1 ? "s" : ""}`,
      address: 0x0c,
      input: g1Msm(k),
      outputLength: 128,
      callGas: msmGas(k, 12_000, G1_DISCOUNT),
    })),
    { name: "BLS12-381 G2 add 0x0d", address: 0x0d, input: concatBytes(blsG2Times(3n), blsG2Times(5n)), outputLength: 256, callGas: 600 },
    ...[1, 16, 128].map((k) => ({
      name: `BLS12-381 G2 MSM 0x0e, ${k} pair${k > 1 ? "s" : ""}`,
      address: 0x0e,
      input: g2Msm(k),
      outputLength: 256,
      callGas: msmGas(k, 22_500, G2_DISCOUNT),
    })),
    { name: "BLS12-381 pairing 0x0f, 2 pairs", address: 0x0f, input: blsPairs(2), outputLength: 32, callGas: 37_700 + 2 * 32_600 },
    { name: "BLS12-381 pairing 0x0f, 8 pairs", address: 0x0f, input: blsPairs(8), outputLength: 32, callGas: 37_700 + 8 * 32_600 },
    { name: "BLS12-381 map fp to G1 0x10", address: 0x10, input: blsFp(BLS12_381_ORDER * 12345n), outputLength: 128, callGas: 5_500 },
    {
      name: "BLS12-381 map fp2 to G2 0x11",
      address: 0x11,
      input: concatBytes(blsFp(BLS12_381_ORDER * 12345n), blsFp(987654321n)),
      outputLength: 256,
      callGas: 23_800,
    },
  ];
}

const runtimeOf = (row: Row) => (row.address === undefined ? JUMP_LOOP_RUNTIME : precompileLoopRuntime(row.address, row.input.length, row.outputLength));

type Side = "noble" | "wasm";

function bareEvm(side: Side): EVM {
  const opts = { common: evmCommon(2611n).copy(), stateManager: new SimpleStateManager(), blockchain: new EVMMockBlockchain() };
  return side === "noble" ? new EVM({ ...opts, bls: new NobleBLS(), bn254: new NobleBN254() }) : createEvmOnWasmPrecompiles(opts);
}

/** Seconds for one call of the row's loop with `gas`; throws unless the loop spent it all. */
async function timeLoop(side: Side, row: Row, gas: bigint): Promise<number> {
  const evm = bareEvm(side);
  const loop = createAddressFromString("0x00000000000000000000000000000000000100ff");
  await evm.stateManager.putCode(loop, runtimeOf(row));
  const start = performance.now();
  const r = await evm.runCall({ to: loop, data: row.input, gasLimit: gas });
  const seconds = (performance.now() - start) / 1000;
  if (r.execResult.executionGasUsed !== gas || r.execResult.exceptionError?.error !== "out of gas")
    throw new Error(`${row.name} on ${side}: the loop did not spend its gas (${r.execResult.exceptionError?.error})`);
  return seconds;
}

/** The row's loop as a tx of a block of the node's own test chain, on the WebAssembly backends. */
async function timeBlockTx(row: Row, gas: bigint): Promise<number> {
  const alice = new TestSigner(new Uint8Array(32).fill(0x61));
  const chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 12n }]);
  try {
    const loop = alice.contractAddress(0n);
    const [deployed] = await chain.block([alice.tx({ data: deployCode(runtimeOf(row)), gasLimit: 1_000_000n })]);
    if ((deployed!.code ?? 0) !== 0) throw new Error(`deploy: ${deployed!.log}`);
    const start = performance.now();
    const [r] = await chain.block([alice.tx({ to: loop, data: row.input, gasLimit: gas })]);
    const seconds = (performance.now() - start) / 1000;
    if ((r!.code ?? 0) !== 0 || r!.gasUsed !== gas) throw new Error(`the looping tx: code ${r!.code}, gas used ${r!.gasUsed}: ${r!.log}`);
    return seconds;
  } finally {
    chain.close();
  }
}

const fmt = (x: number, digits = 3) => x.toFixed(digits);
const bigMax = (a: bigint, b: bigint) => (a > b ? a : b);

async function main(): Promise<void> {
  underNodeLibraryCode();
  console.log(
    `Machine: ${os.cpus()[0]?.model ?? "unknown"}, ${os.cpus().length} CPUs; Node ${process.version}; at least ${ROW_GAS} gas per row, fastest of ${RUNS} runs\n`,
  );
  const all = rows();
  const perMgas = new Map<string, Record<Side, number>>();
  console.log("| loop on | gas per call | noble s / M gas | WebAssembly s / M gas | speed-up |");
  console.log("|---|--:|--:|--:|--:|");
  for (const row of all) {
    const result = { noble: Infinity, wasm: Infinity };
    // At least 8 calls, so that the last call, which runs out of gas at once, skews little.
    const gas = bigMax(ROW_GAS, 8n * BigInt(row.callGas + 200));
    const sides = row.wasmOnly ? (["wasm"] as const) : (["noble", "wasm"] as const);
    for (const side of sides) await timeLoop(side, row, bigMax(200_000n, BigInt(row.callGas) * 2n)); // warm-up
    // The fastest run: other work on the machine only ever adds time.
    for (let run = 0; run < RUNS; run++) {
      for (const side of sides) result[side] = Math.min(result[side], (await timeLoop(side, row, gas)) / (Number(gas) / 1e6));
    }
    perMgas.set(row.name, result);
    const name = row.reference ? `${row.name} (reference)` : row.name;
    const [noble, speedUp] = row.wasmOnly ? ["-", "-"] : [fmt(result.noble), `${fmt(result.noble / result.wasm, 1)}x`];
    console.log(`| ${name} | ${row.callGas.toLocaleString("en-US")} | ${noble} | ${fmt(result.wasm)} | ${speedUp} |`);
  }

  const slowest = (side: Side) =>
    all.filter((r) => !r.reference && !(side === "noble" && r.wasmOnly)).reduce((a, b) => (perMgas.get(a.name)![side] >= perMgas.get(b.name)![side] ? a : b));
  console.log(`\nA ${TX_GAS.toLocaleString("en-US")}-gas tx looping on the slowest curve precompile of each side:\n`);
  console.log("| backend | loop on | where | seconds |");
  console.log("|---|---|---|--:|");
  const nobleSlowest = slowest("noble");
  if (!args["skip-noble-tx"]) console.log(`| noble | ${nobleSlowest.name} | bare EVM | ${fmt(await timeLoop("noble", nobleSlowest, TX_GAS), 2)} |`);
  const wasmSlowest = slowest("wasm");
  console.log(`| WebAssembly | ${wasmSlowest.name} | bare EVM | ${fmt(await timeLoop("wasm", wasmSlowest, TX_GAS), 2)} |`);
  console.log(`| WebAssembly | ${wasmSlowest.name} | block tx (EthTxProcessor, store) | ${fmt(await timeBlockTx(wasmSlowest, TX_GAS), 2)} |`);
}

await main();
