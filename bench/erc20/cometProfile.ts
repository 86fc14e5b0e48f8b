// A Go CPU profile of CometBFT under load, through its pprof server (rpc.pprof_laddr, which
// --profile turns on): started with the load, summarised with `go tool pprof -top` when Go is
// installed (otherwise the file is kept for later).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Starts a `seconds`-long profile now; resolves with the file written, or why there is none. */
export async function captureCometProfile(pprofUrl: string, seconds: number, file: string): Promise<string> {
  try {
    const res = await fetch(`${pprofUrl}/debug/pprof/profile?seconds=${seconds}`, { signal: AbortSignal.timeout((seconds + 30) * 1000) });
    if (!res.ok) return `no CometBFT profile: HTTP ${res.status}`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return file;
  } catch (err) {
    return `no CometBFT profile: ${(err as Error).message}`;
  }
}

/** `go tool pprof -top` of the profile, flat and cumulative, or a note when Go is not installed. */
export function summariseCometProfile(cometBinary: string, file: string, rows = 40): string {
  const top = (extra: string[]) =>
    execFileSync("go", ["tool", "pprof", "-top", `-nodecount=${rows}`, ...extra, cometBinary, file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  try {
    return `${top([])}\n${top(["-cum"])}`;
  } catch (err) {
    return `(go tool pprof failed: ${(err as Error).message.split("\n")[0]}; the profile is ${file})`;
  }
}
