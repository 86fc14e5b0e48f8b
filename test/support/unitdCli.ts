// Runs the compiled `unitd` command as a user would (npm test builds dist/ first), with stdin
// piped in and the caller's UNITD_* variables removed so the test controls them.
import { spawn } from "node:child_process";
import { REPO_ROOT } from "../../common/node/paths.js";
import { runnableModule } from "../../common/node/entryPoints.js";

export const UNITD_MAIN = runnableModule("app/cli/unitd");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runUnitd(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("UNITD_")));
  const child = spawn(process.execPath, [UNITD_MAIN, ...args], { cwd: REPO_ROOT, env: { ...baseEnv, ...options.env } });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  child.stdin.on("error", () => {}); // the CLI may exit before reading everything
  child.stdin.end(options.input ?? "");
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
