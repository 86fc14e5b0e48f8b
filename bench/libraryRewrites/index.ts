// Benches that run the app's EVM in this process (not the bundled node) restart themselves under
// the library rewrites of the node's bundles (hooks.mjs), so what they time is the node's code.
import { spawnSync } from "node:child_process";

const REGISTER = new URL("./register.mjs", import.meta.url).href;

/** Whether this process loaded its modules with the bundles' library rewrites. */
export function hasLibraryRewrites(): boolean {
  return (globalThis as { __unitLibraryRewrites?: boolean }).__unitLibraryRewrites === true;
}

/**
 * Returns at once under the rewrites; otherwise runs this script again with them (same Node flags
 * and arguments, output inherited) and exits with its status. Call before any timed work.
 */
export function underNodeLibraryCode(): void {
  if (hasLibraryRewrites()) return;
  const script = process.argv[1];
  if (script === undefined) throw new Error("underNodeLibraryCode: no script to run again");
  const res = spawnSync(process.execPath, [...process.execArgv, "--import", REGISTER, script, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(res.status ?? 1);
}
