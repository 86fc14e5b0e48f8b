// The running devnet's supervisor pid, so `unitd devnet stop|status|reset` from another terminal
// can find it. A file whose process is gone is stale and ignored.
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
    return pid;
  } catch {
    return undefined;
  }
}
