/**
 * The interpreter's time per ERC-20 transfer with the library's own KECCAK256, MLOAD, MSTORE,
 * SLOAD and LOG handlers (the reference) and with ours (app/modules/evm/tx/wordOpcodes.ts), in the
 * same process: two EVMs over the library's in-memory state, each with Token deployed, run
 * `transfer` calls in alternating rounds, so both see the same machine at the same moments. The
 * library runs with the node's bundle rewrites (bench/libraryRewrites/) on both sides.
 *
 *   npm run bench -- word-opcodes [--rounds 12] [--calls 400]
 */
import { parseArgs } from "node:util";
import { createEVM, type EVM } from "@ethereumjs/evm";
import { Address, hexToBytes } from "@ethereumjs/util";
import { positiveIntFlag } from "./args.js";
import { evmCommon } from "../common/ethereum/ethTx.js";
import "../app/modules/evm/tx/jumpAnalysisCache.js";
import { useWordOpcodes } from "../app/modules/evm/tx/wordOpcodes.js";
import { TOKEN, token } from "./erc20/workload.js";
import { median } from "./stats.js";
import { underNodeLibraryCode } from "./libraryRewrites/index.js";

underNodeLibraryCode();
const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "12" }, calls: { type: "string", default: "400" } } });
const rounds = positiveIntFlag(args.rounds, "rounds");
const calls = positiveIntFlag(args.calls, "calls");

const HOLDER = new Address(hexToBytes("0x1000000000000000000000000000000000000001"));
const recipient = (i: number) => "0x" + (0x2000 + (i % 200)).toString(16).padStart(40, "0");

async function tokenEvm(ours: boolean): Promise<{ evm: EVM; token: Address }> {
  const evm = await createEVM({ common: evmCommon(2611n).copy() });
  if (ours) useWordOpcodes(evm);
  const deploy = hexToBytes((TOKEN.bytecode + token.encodeDeploy(["Bench Token", "BENCH", 10n ** 30n]).slice(2)) as `0x${string}`);
  const res = await evm.runCall({ caller: HOLDER, data: deploy, gasLimit: 5_000_000n });
  if (res.execResult.exceptionError || !res.createdAddress) throw new Error(`deploy failed: ${res.execResult.exceptionError?.error}`);
  return { evm, token: res.createdAddress };
}

/** µs per transfer over `calls` transfers; checks each one succeeded. */
async function timeTransfers(target: { evm: EVM; token: Address }, from: number): Promise<number> {
  const inputs = Array.from({ length: calls }, (_, i) => hexToBytes(token.encodeFunctionData("transfer", [recipient(from + i), 1n]) as `0x${string}`));
  const t0 = process.hrtime.bigint();
  for (const data of inputs) {
    const res = await target.evm.runCall({ caller: HOLDER, to: target.token, data, gasLimit: 100_000n });
    if (res.execResult.exceptionError) throw new Error(`transfer failed: ${res.execResult.exceptionError.error}`);
  }
  return Number(process.hrtime.bigint() - t0) / 1000 / calls;
}

const library = await tokenEvm(false);
const ours = await tokenEvm(true);
// Untimed: the JIT compiles both paths and every recipient holds tokens.
await timeTransfers(library, 0);
await timeTransfers(ours, 0);
const times = { library: [] as number[], ours: [] as number[] };
for (let r = 0; r < rounds; r++) {
  times.library.push(await timeTransfers(library, r * calls));
  times.ours.push(await timeTransfers(ours, r * calls));
}
const lib = median(times.library);
const our = median(times.ours);
console.log(`ERC-20 transfer through evm.runCall, ${rounds} alternating rounds of ${calls} calls each (medians of the rounds)\n`);
console.log("| handlers | µs per transfer | rounds: min / max |");
console.log("| --- | ---: | --- |");
const row = (name: string, m: number, all: number[]) =>
  console.log(`| ${name} | ${m.toFixed(1)} | ${Math.min(...all).toFixed(1)} / ${Math.max(...all).toFixed(1)} |`);
row("library (reference)", lib, times.library);
row("ours (wordOpcodes.ts)", our, times.ours);
console.log(`\nours: ${(lib - our).toFixed(1)} µs less per transfer (${((100 * (lib - our)) / lib).toFixed(1)} %)`);
