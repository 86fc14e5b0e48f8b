// Compiles the Solidity sources under test/contracts with solc from npm (solcjs, no download),
// for Prague, the hardfork the chain's EVM runs. One compilation per process, shared by callers.
import fs from "node:fs";
import path from "node:path";
import solc from "solc";
import { REPO_ROOT } from "../../common/node/paths.js";

export const CONTRACTS_DIR = path.join(REPO_ROOT, "test", "contracts");
export const EVM_VERSION = "prague";

export interface CompiledContract {
  /** The ABI as solc emits it (JSON), usable by ethers and viem as is. */
  abi: readonly Record<string, unknown>[];
  /** Creation bytecode, 0x-prefixed. */
  bytecode: `0x${string}`;
}

let compiled: Record<string, CompiledContract> | undefined;

/** Every contract of test/contracts by name (Counter, Token, ...). */
export function compileTestContracts(): Record<string, CompiledContract> {
  compiled ??= compile(CONTRACTS_DIR);
  return compiled;
}

export function testContract(name: string): CompiledContract {
  const found = compileTestContracts()[name];
  if (!found) throw new Error(`no contract ${name} in ${CONTRACTS_DIR}`);
  return found;
}

function compile(dir: string): Record<string, CompiledContract> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sol"))
    .sort();
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(files.map((f) => [f, { content: fs.readFileSync(path.join(dir, f), "utf8") }])),
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: Record<string, unknown>[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc ${solc.version()}:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const out: Record<string, CompiledContract> = {};
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(contracts)) out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  return out;
}
