/**
 * The worst case of a block: seconds of FinalizeBlock per 30M gas of a contract that loops on one
 * cheap opcode (or call) until its gas runs out, for every opcode of 2 to 10 gas and the cheapest
 * state reads and calls. Each row runs as a block's tx through the node's own path (EthTxProcessor
 * over the store, app/modules/evm/testing/testChain.ts), on the node's interpreter loop
 * (app/modules/evm/tx/interpreterLoop.ts) and, as the reference in the same process, on
 * @ethereumjs/evm's own loop; runs alternate and the table keeps each side's fastest. Then the
 * slowest row runs once at the full block gas limit. The library runs with the node's bundle
 * rewrites (bench/libraryRewrites/): the bench restarts itself under them when they are missing.
 *
 *   npm run bench -- evm-worst-case [--gas 3000000] [--runs 3] [--only NAME,NAME]
 *
 * A row's contract is JUMPDEST, the body repeated to fill most of the code size limit, then a jump
 * back: the jump is a small share of each turn, so the row shows the body's cost per gas.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import { BLOCK_GAS_LIMIT } from "../app/modules/evm/state/params.js";
import { EvmTestChain } from "../app/modules/evm/testing/testChain.js";
import { TestSigner } from "../app/modules/evm/testing/testSigner.js";
import { deployCode } from "../app/modules/evm/testing/testContracts.js";
import { onLibraryLoop } from "../app/modules/evm/tx/interpreterLoop.js";
import { underNodeLibraryCode } from "./libraryRewrites/index.js";

const { values: args } = parseArgs({
  options: { gas: { type: "string", default: "3000000" }, runs: { type: "string", default: "3" }, only: { type: "string" } },
});
const ROW_GAS = BigInt(positiveIntFlag(args.gas, "gas"));
const RUNS = positiveIntFlag(args.runs, "runs");

const POP = 0x50;
const PUSH0 = 0x5f;
const FULL_WORD = [0x7f, ...new Array<number>(32).fill(0xff)]; // PUSH32 2^256-1
const CODE_BUDGET = 24_000;

interface Row {
  name: string;
  /** Pushed once, before the loop (operands the body reuses). */
  setup?: number[];
  body: number[];
}

/** An opcode that pushes one word, then POP: 2 + 2 gas a turn for most. */
const pushes = (name: string, op: number): Row => ({ name: `${name} POP`, body: [op, POP] });
/** DUP2 DUP2 OP POP on two full words. */
const binary = (name: string, op: number): Row => ({ name: `${name} of two full words`, setup: [...FULL_WORD, ...FULL_WORD], body: [0x81, 0x81, op, POP] });
/** DUP3 DUP3 DUP3 OP POP on three full words. */
const ternary = (name: string, op: number): Row => ({
  name: `${name} of three full words`,
  setup: [...FULL_WORD, ...FULL_WORD, ...FULL_WORD],
  body: [0x82, 0x82, 0x82, op, POP],
});
/** STATICCALL with all gas to `address`, no input or output, result popped. */
const staticcall = (name: string, address: number): Row => ({ name, body: [PUSH0, PUSH0, PUSH0, PUSH0, 0x60, address, 0x5a, 0xfa, POP] });

const ROWS: Row[] = [
  { name: "JUMPDEST", body: [0x5b] },
  { name: "PUSH0 POP", body: [PUSH0, POP] },
  ...(
    [
      ["ADDRESS", 0x30],
      ["ORIGIN", 0x32],
      ["CALLER", 0x33],
      ["CALLVALUE", 0x34],
      ["CALLDATASIZE", 0x36],
      ["CODESIZE", 0x38],
      ["GASPRICE", 0x3a],
      ["RETURNDATASIZE", 0x3d],
      ["COINBASE", 0x41],
      ["TIMESTAMP", 0x42],
      ["NUMBER", 0x43],
      ["PREVRANDAO", 0x44],
      ["GASLIMIT", 0x45],
      ["CHAINID", 0x46],
      ["SELFBALANCE", 0x47],
      ["BASEFEE", 0x48],
      ["BLOBBASEFEE", 0x4a],
      ["PC", 0x58],
      ["MSIZE", 0x59],
      ["GAS", 0x5a],
    ] as const
  ).map(([name, op]) => pushes(name, op)),
  ...(
    [
      ["ADD", 0x01],
      ["MUL", 0x02],
      ["SUB", 0x03],
      ["DIV", 0x04],
      ["SDIV", 0x05],
      ["MOD", 0x06],
      ["SMOD", 0x07],
      ["EXP", 0x0a],
      ["SIGNEXTEND", 0x0b],
      ["LT", 0x10],
      ["SLT", 0x12],
      ["EQ", 0x14],
      ["AND", 0x16],
      ["BYTE", 0x1a],
      ["SHL", 0x1b],
      ["SHR", 0x1c],
      ["SAR", 0x1d],
    ] as const
  ).map(([name, op]) => binary(name, op)),
  ternary("ADDMOD", 0x08),
  ternary("MULMOD", 0x09),
  { name: "ISZERO", setup: [PUSH0], body: [0x15] },
  { name: "NOT", setup: [PUSH0], body: [0x19] },
  { name: "CALLDATALOAD 0", body: [PUSH0, 0x35, POP] },
  { name: "MLOAD 0", body: [PUSH0, 0x51, POP] },
  { name: "MSTORE 0", body: [PUSH0, PUSH0, 0x52] },
  { name: "MSTORE8 0", body: [PUSH0, PUSH0, 0x53] },
  { name: "KECCAK256 of nothing", body: [PUSH0, PUSH0, 0x20, POP] },
  { name: "KECCAK256 of 32 bytes", body: [0x60, 32, PUSH0, 0x20, POP] },
  { name: "BLOCKHASH of the last block", body: [0x60, 1, 0x43, 0x03, 0x40, POP] },
  { name: "TLOAD 0", body: [PUSH0, 0x5c, POP] },
  { name: "TSTORE 0", body: [PUSH0, PUSH0, 0x5d] },
  { name: "SLOAD 0 (warm)", body: [PUSH0, 0x54, POP] },
  { name: "BALANCE of itself (warm)", body: [0x30, 0x31, POP] },
  { name: "EXTCODESIZE of itself (warm)", body: [0x30, 0x3b, POP] },
  { name: "EXTCODEHASH of itself (warm)", body: [0x30, 0x3f, POP] },
  staticcall("STATICCALL IDENTITY (0x04), no input", 0x04),
  staticcall("STATICCALL an empty account", 0x99),
];

function runtime(row: Row): Uint8Array {
  const setup = row.setup ?? [];
  const turns = Math.floor((CODE_BUDGET - setup.length) / row.body.length);
  const code = [...setup, 0x5b];
  for (let i = 0; i < turns; i++) code.push(...row.body);
  code.push(0x61, setup.length >> 8, setup.length & 0xff, 0x56); // PUSH2 <the JUMPDEST> JUMP
  return Uint8Array.from(code);
}

type Side = "library" | "node";

/** A chain with one contract per row, deployed; each row's tx is a block of its own. */
class Bench {
  private readonly alice = new TestSigner(new Uint8Array(32).fill(0x61));
  private readonly chain = new EvmTestChain([{ address: this.alice.address.bytes, uunit: 10n ** 15n }]);
  private readonly contracts = new Map<string, Uint8Array>();

  async deploy(rows: Row[]): Promise<void> {
    for (const row of rows) {
      this.contracts.set(row.name, this.alice.contractAddress(this.alice.nonce).bytes);
      const [r] = await this.chain.block([this.alice.tx({ data: deployCode(runtime(row)), gasLimit: 10_000_000n })]);
      if ((r!.code ?? 0) !== 0) throw new Error(`deploying ${row.name}: ${r!.log}`);
    }
  }

  /** Seconds of the block whose one tx loops on the row's body with `gas`. */
  async time(row: Row, side: Side, gas: bigint): Promise<number> {
    const tx = this.alice.tx({ to: this.contracts.get(row.name)!, gasLimit: gas, maxFeePerGas: 10n ** 12n });
    const start = performance.now();
    const [r] = side === "library" ? await onLibraryLoop(() => this.chain.block([tx])) : await this.chain.block([tx]);
    const seconds = (performance.now() - start) / 1000;
    // Every row's loop ends out of gas, having spent all of it; any other failure is a broken row.
    const failure = r!.events?.find((e) => e.type === "ethereum_tx")?.attributes?.find((a) => a.key === "ethereumTxFailed")?.value;
    if ((r!.code ?? 0) !== 0 || r!.gasUsed !== gas || failure !== "out of gas") {
      throw new Error(`${row.name} on the ${side} loop: code ${r!.code}, gas used ${r!.gasUsed}, ${failure ?? "no failure"}: ${r!.log}`);
    }
    return seconds;
  }

  close(): void {
    this.chain.close();
  }
}

async function main(): Promise<void> {
  underNodeLibraryCode();
  const only = args.only?.split(",").map((s) => s.trim().toLowerCase());
  const rows = only ? ROWS.filter((r) => only.some((o) => r.name.toLowerCase().startsWith(o))) : ROWS;
  if (rows.length === 0) throw new Error(`--only matched no row; rows: ${ROWS.map((r) => r.name).join(", ")}`);
  console.log(`Machine: ${os.cpus()[0]?.model ?? "unknown"}, ${os.cpus().length} CPUs; Node ${process.version}; ${ROW_GAS} gas per run, fastest of ${RUNS}\n`);
  const bench = new Bench();
  try {
    await bench.deploy(rows);
    const per30M = (seconds: number, gas: bigint) => (seconds * Number(BLOCK_GAS_LIMIT)) / Number(gas);
    const results: { row: Row; library: number; node: number }[] = [];
    console.log(`| loop on | library's loop, s per ${Number(BLOCK_GAS_LIMIT) / 1e6}M gas | node's loop | speed-up |`);
    console.log("|---|--:|--:|--:|");
    for (const row of rows) {
      const best = { library: Infinity, node: Infinity };
      for (const side of ["library", "node"] as const) await bench.time(row, side, 200_000n); // warm-up
      // The fastest run: other work on the machine only ever adds time.
      for (let run = 0; run < RUNS; run++) {
        for (const side of ["library", "node"] as const) best[side] = Math.min(best[side], per30M(await bench.time(row, side, ROW_GAS), ROW_GAS));
      }
      results.push({ row, ...best });
      console.log(`| ${row.name} | ${best.library.toFixed(2)} | ${best.node.toFixed(2)} | ${(best.library / best.node).toFixed(1)}x |`);
    }
    const slowest = results.reduce((a, b) => (a.node >= b.node ? a : b));
    const seconds = await bench.time(slowest.row, "node", BLOCK_GAS_LIMIT);
    console.log(
      `\nThe slowest row on the node's loop, ${slowest.row.name}, as a block's one ${BLOCK_GAS_LIMIT}-gas tx: ${seconds.toFixed(2)} s of FinalizeBlock`,
    );
  } finally {
    bench.close();
  }
}

await main();
