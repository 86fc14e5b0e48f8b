// The running devnet's supervisor pid, so `unitd devnet stop|status|reset` from another terminal
// can find it. A file whose process is gone, or is no longer a devnet supervisor (the pid was
// reused after a reboot or a kill -9), is stale and ignored: we never signal a stranger.
import fs from "node:fs";
import path from "node:path";

export const pidFile = (dir: string) => path.join(path.resolve(dir), "devnet.pid");

/** The supervisor's pid while it runs; undefined when nothing runs. */
export function readRunningPid(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(dir), "utf8").trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return isDevnetSupervisor(pid) ? pid : undefined;
}

/** Where /proc exists (Linux), the command line must be `... devnet start ...`; elsewhere trust the pid. */
function isDevnetSupervisor(pid: number): boolean {
  let cmdline: string;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return !fs.existsSync("/proc/self");
  }
  const args = cmdline.split("\0");
  return args.includes("devnet") && args.includes("start");
}
