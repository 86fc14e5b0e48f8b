// The process group with real child processes: an API process that dies is restarted after its
// backoff while the others run on; a consensus process that dies fails the group; a stop cancels
// a pending restart.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ProcessGroup } from "./processGroup.js";

const backoff = { initialMs: 200, maxMs: 400, factor: 2, resetAfterMs: 60_000 };
/** A child that prints its pid and then runs until signalled, or exits at once with `exitCode`. */
const child = (name: string, opts: { exitCode?: number; restart?: boolean } = {}) => ({
  name,
  command: process.execPath,
  args: [
    "-e",
    opts.exitCode === undefined ? "console.log('pid', process.pid); setInterval(() => {}, 1000)" : `console.log('up'); process.exit(${opts.exitCode})`,
  ],
  ...(opts.restart ? { restart: true } : {}),
});

function newGroup(): { group: ProcessGroup; lines: string[]; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-pg-"));
  const lines: string[] = [];
  return { group: new ProcessGroup({ logDir: dir, out: (l) => lines.push(l), restartBackoff: backoff, stopTimeoutMs: 2000 }), lines, dir };
}

async function until(what: string, cond: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("an API process that dies is restarted with growing delays; the consensus process runs on", async () => {
  const { group, lines, dir } = newGroup();
  let failed = false;
  void group.failed.then(() => (failed = true));
  const consensus = group.start(child("app"));
  group.start(child("rest", { exitCode: 3, restart: true }));
  await until("three restarts", () => lines.filter((l) => l === "[supervisor] restarting rest").length >= 3);
  const text = lines.join("\n");
  assert.ok((text.match(/\[supervisor\] rest exited with code 3/g) ?? []).length >= 3, text);
  const delays = [...text.matchAll(/restarting rest in (\d+) ms \(restart (\d+) in a row\); the other processes keep running/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  assert.deepEqual(delays.slice(0, 3), [
    [200, 1],
    [400, 2],
    [400, 3],
  ]);
  assert.equal(failed, false, "an API process's exit never fails the group");
  assert.equal(consensus.exitCode, null, "the consensus process is untouched");
  assert.equal(consensus.signalCode, null);
  await group.stopAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a killed API process comes back; a consensus process that dies fails the group", async () => {
  const { group, lines, dir } = newGroup();
  const app = group.start(child("app"));
  const rest = group.start(child("rest", { restart: true }));
  await until("rest up", () => lines.some((l) => l.startsWith("[rest] pid")));
  rest.kill("SIGKILL");
  await until("rest back", () => lines.filter((l) => l.startsWith("[rest] pid")).length === 2);
  assert.match(lines.join("\n"), /\[supervisor\] rest was killed by SIGKILL[^]*?\nrestarting rest in 200 ms \(restart 1 in a row\)/);
  const failed = group.failed;
  app.kill("SIGKILL");
  assert.match(await failed, /^app was killed by SIGKILL/);
  await group.stopAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a stop cancels a pending restart", async () => {
  const { group, lines, dir } = newGroup();
  group.start(child("faucet", { exitCode: 1, restart: true }));
  await until("a restart scheduled", () => lines.some((l) => l.includes("restarting faucet in")));
  await group.stopAll();
  await new Promise((r) => setTimeout(r, backoff.maxMs + 200));
  assert.ok(!lines.includes("[supervisor] restarting faucet"), lines.join("\n"));
  fs.rmSync(dir, { recursive: true, force: true });
});

test("when one consensus process takes the other with it, the report leads with the killed one, whichever exit came first", async () => {
  const { group, lines, dir } = newGroup();
  const app = group.start(child("app"));
  // Like CometBFT when its app connection drops: it exits on its own, with code 0.
  const comet = group.start({
    ...child("cometbft"),
    // The handler first: "up" is read from the pid line, and a SIGTERM before the handler kills it by the signal.
    args: ["-e", "process.on('SIGTERM', () => process.exit(0)); console.log('pid', process.pid); setInterval(() => {}, 1000)"],
  });
  await until("both up", () => lines.filter((l) => / pid \d+$/.test(l)).length === 2);
  const failed = group.failed;
  // CometBFT's exit is seen first, as when it notices the dropped app connection before the app's death is reported.
  comet.kill("SIGTERM");
  await until("cometbft gone", () => comet.exitCode !== null || comet.signalCode !== null);
  app.kill("SIGKILL");
  const reason = await failed;
  assert.match(reason, /^app was killed by SIGKILL[^]*\nthen cometbft exited with code 0/);
  assert.match(lines.join("\n"), /\[supervisor\] app was killed by SIGKILL[^]*stopping the other processes/);
  await group.stopAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("output that arrives after a child's exit is still logged, not written to a closed log", async () => {
  const { group, lines, dir } = newGroup();
  // The child exits at once; a process it left behind holds its stdout and writes 300 ms later,
  // as a child's last lines can reach the pipe after its exit has been seen.
  const late = group.start({
    name: "faucet",
    command: process.execPath,
    args: [
      "-e",
      "require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => console.log(\"late line\"), 300)'], { stdio: ['ignore', 'inherit', 'inherit'] }).unref()",
    ],
    restart: true,
  });
  await until("the exit", () => late.exitCode !== null);
  await until("the late line", () => lines.includes("[faucet] late line"));
  await group.stopAll();
  await until("the log written", () => fs.readFileSync(path.join(dir, "faucet.log"), "utf8").includes("late line"));
  fs.rmSync(dir, { recursive: true, force: true });
});
