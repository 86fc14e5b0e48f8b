// An API process cannot take the validator down: under `unitd start`, the REST gateway killed with
// SIGKILL comes back on its port after its backoff, while CometBFT and the app run on untouched and
// blocks keep committing; Ctrl-C still stops everything with exit code 0.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_PORTS } from "../common/node/ports.js";
import { findFreePortOffset } from "../cometbft/readiness.js";
import { getStatus } from "../cometbft/rpc.js";
import { runnableModule } from "../common/node/entryPoints.js";

const UNITD = runnableModule("app/cli/unitd");
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-api-restart-"));
after(() => fs.rmSync(home, { recursive: true, force: true }));

const offset = await findFreePortOffset();
const rpc = `http://127.0.0.1:${DEFAULT_PORTS.rpc + offset}`;
const rest = `http://127.0.0.1:${DEFAULT_PORTS.rest + offset}`;

const height = () =>
  getStatus(rpc).then(
    (s) => s.latestBlockHeight,
    () => 0,
  );
const restAnswers = () =>
  fetch(`${rest}/cosmos/base/tendermint/v1beta1/syncing`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.status === 200,
    () => false,
  );
/** The REST gateway's own line (the supervisor's report of its exit repeats it, unprefixed). */
const REST_LISTENING = /\[rest\] [^\n]*"pid":(\d+)[^\n]*"msg":"REST gateway listening on/;
const count = (text: string, re: RegExp) => (text.match(new RegExp(re.source, "g")) ?? []).length;

test("a REST gateway killed with SIGKILL is restarted while blocks keep committing", async () => {
  const child = spawn(process.execPath, [UNITD, "start", "--home", home, "--port-offset", String(offset)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, UNIT_LOG_PRETTY: "0" },
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  try {
    const waitFor = async (what: string, cond: () => boolean | Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (!(await cond())) {
        if (child.exitCode !== null) throw new Error(`unitd start exited while waiting for ${what}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    await waitFor("the node", () => /press Ctrl-C to stop/.test(output), 90_000);
    const appPid = Number(/"pid":(\d+)[^\n]*"msg":"app ready"/.exec(output)?.[1]);
    const restPid = Number(REST_LISTENING.exec(output)?.[1]);
    assert.ok(appPid > 0 && restPid > 0, "pids in the ready lines");
    const cometStarts = count(output, /\[cometbft\] .*Starting Node service/);
    assert.equal(cometStarts, 1, "CometBFT's start line, counted to show it is not restarted");

    const before = await height();
    process.kill(restPid, "SIGKILL");
    // While REST is down and coming back, sample the height: consensus must not pause.
    const heights: number[] = [before];
    await waitFor(
      "the REST gateway back",
      async () => {
        heights.push(await height());
        return count(output, REST_LISTENING) === 2 && (await restAnswers());
      },
      60_000,
    );
    const newRestPid = Number([...output.matchAll(new RegExp(REST_LISTENING.source, "g"))][1]?.[1]);
    assert.notEqual(newRestPid, restPid, "a new REST process");
    assert.match(output, /\[supervisor\] rest was killed by SIGKILL/);
    assert.match(output, /restarting rest in 1 s \(restart 1 in a row\); the other processes keep running/);
    assert.ok(Math.max(...heights) > before, `blocks committed while REST was down: ${heights.join(",")}`);
    for (let i = 1; i < heights.length; i++)
      assert.ok(heights[i]! >= heights[i - 1]! && heights[i]! > 0, `RPC answered with a growing height: ${heights.join(",")}`);
    const back = Math.max(...heights);
    await waitFor("two more blocks", async () => (await height()) >= back + 2, 30_000);

    // The REST gateway serves the chain again, and nothing else was touched.
    const latest = (await (await fetch(`${rest}/cosmos/base/tendermint/v1beta1/blocks/latest`)).json()) as { block: { header: { height: string } } };
    assert.ok(Number(latest.block.header.height) >= back, "REST serves the current chain");
    assert.doesNotThrow(() => process.kill(appPid, 0), "the app is the same process");
    assert.equal(count(output, /\[app\] [^\n]*"msg":"app ready"/), 1, "the app did not restart");
    assert.equal(count(output, /\[cometbft\] .*Starting Node service/), cometStarts, "CometBFT did not restart");
    assert.doesNotMatch(output, /stopping the other processes/);
    assert.equal(child.exitCode, null, "the supervisor runs on");

    child.kill("SIGINT");
    assert.equal(await closed, 0, output.split("\n").slice(-10).join("\n"));
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});
