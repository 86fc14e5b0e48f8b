// The node's processes and how to launch one as a child: the compiled .js under dist/, or the .ts
// source through tsx when running from sources. A launcher names a process by its path, never by
// importing it, so launching a process adds no dependency on that process's code.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "./paths.js";

/** Each process's entry point, relative to the repository root (or to dist/), without extension. */
export const ENTRY_POINTS = {
  app: "app/main",
  rest: "gateway/rest/main",
  faucet: "gateway/faucet/main",
  evmRpc: "evm/main",
} as const;

export type NodeProcess = keyof typeof ENTRY_POINTS;

const fromSources = fileURLToPath(import.meta.url).endsWith(".ts");

/** The command line that starts `process` with this Node binary. */
export function nodeEntry(process_: NodeProcess): { command: string; args: string[] } {
  const relative = ENTRY_POINTS[process_];
  const target = fromSources ? path.join(REPO_ROOT, `${relative}.ts`) : path.join(REPO_ROOT, "dist", `${relative}.js`);
  return { command: process.execPath, args: fromSources ? ["--import", "tsx", target] : [target] };
}
