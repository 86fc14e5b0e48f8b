// The node's processes and how to launch one as a child: the compiled .js under dist/, or the .ts
// source through tsx when running from sources. A launcher names a process by its path, never by
// importing it, so launching a process adds no dependency on that process's code.
import fs from "node:fs";
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

/** The modules worker threads run, by path from the repository root. */
export const WORKER_MODULES = {
  query: "app/queryWorker",
  snapshot: "app/snapshots/snapshotWorker",
  senderRecovery: "app/senderRecovery/worker",
  elementFold: "app/store/elementFold/worker",
} as const;

/** Every module that begins a process or a thread: `npm run build` bundles each (scripts/bundle.mjs). */
export const BUNDLED_MODULES: readonly string[] = [...Object.values(ENTRY_POINTS), ...Object.values(WORKER_MODULES), "app/cli/unitd"];

/** A module's bundle sits beside its compiled file: dist/app/main.js, dist/app/main.bundle.mjs. */
const BUNDLE_SUFFIX = ".bundle.mjs";

const fromSources = fileURLToPath(import.meta.url).endsWith(".ts");
// Inside a bundle every module's URL is the bundle's.
const runningBundled = import.meta.url.endsWith(BUNDLE_SUFFIX);

/** The command line that starts `process` with this Node binary. */
export function nodeEntry(process_: NodeProcess): { command: string; args: string[] } {
  const relative = ENTRY_POINTS[process_];
  const target = fromSources ? path.join(REPO_ROOT, `${relative}.ts`) : runnableModule(relative);
  return { command: process.execPath, args: fromSources ? ["--import", "tsx", target] : [target] };
}

/**
 * The file that runs module `relative` (from the repository root): its bundle, which loads as one
 * file instead of about a thousand, unless the compiled module is newer (tsc run on its own since
 * the last `npm run build`), then the compiled module.
 */
export function runnableModule(relative: string, distDir = path.join(REPO_ROOT, "dist")): string {
  const compiled = path.join(distDir, `${relative}.js`);
  const bundle = path.join(distDir, `${relative}${BUNDLE_SUFFIX}`);
  const bundleTime = fs.statSync(bundle, { throwIfNoEntry: false })?.mtimeMs;
  const compiledTime = fs.statSync(compiled, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return bundleTime !== undefined && bundleTime >= compiledTime ? bundle : compiled;
}

/** A worker thread's module, given as its compiled file's URL: a bundled process starts bundled threads. */
export function threadModule(compiled: URL): URL {
  return runningBundled ? new URL(compiled.href.replace(/\.js$/, BUNDLE_SUFFIX)) : compiled;
}
