// Benches that run the app's EVM in their own process (not the bundled node) restart themselves
// under the library rewrites of the node's bundles (hooks.mjs), so what they time is the node's code.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";

const REGISTER = fileURLToPath(new URL("./register.mjs", import.meta.url));
/** Node flags that cannot serve two processes: a debugger's port, a profile's fixed file name. */
const ONE_PROCESS_FLAGS = /^--(inspect|cpu-prof-name|heap-prof-name)/;

/** Whether this process loaded its modules with the bundles' library rewrites. */
export function hasLibraryRewrites(): boolean {
  return (globalThis as { __unitLibraryRewrites?: boolean }).__unitLibraryRewrites === true;
}

/**
 * Returns at once under the rewrites; otherwise runs this script again with them (same Node flags
 * and arguments, output inherited) and ends this process as that run ended. Call before any timed
 * work. Under --cpu-prof both processes write a profile; the restarted one's is the bench's.
 */
export function underNodeLibraryCode(): void {
  if (hasLibraryRewrites()) return;
  const script = process.argv[1];
  if (script === undefined) throw new Error("underNodeLibraryCode: no script to run again");
  const flag = process.execArgv.find((a) => ONE_PROCESS_FLAGS.test(a));
  if (flag !== undefined)
    throw new Error(`${flag} cannot follow this bench into its restart under the library rewrites: add --import ${REGISTER} to the command instead`);
  const res = spawnSync(process.execPath, [...process.execArgv, "--import", REGISTER, script, ...process.argv.slice(2)], { stdio: "inherit" });
  if (res.error) throw res.error;
  if (res.signal !== null) {
    process.kill(process.pid, res.signal);
    process.exit(128 + (os.constants.signals[res.signal] ?? 0));
  }
  process.exit(res.status ?? 1);
}
