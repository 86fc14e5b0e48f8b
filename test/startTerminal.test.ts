// `unitd start` as a person watches it in a terminal (UNIT_TERMINAL=1 stands in for a TTY): the
// endpoint table, then one line per block, while CometBFT's log fills <home>/logs/cometbft.log
// instead of the screen. Settings come from flags (APIs switched off here), and a home with only
// the older app.json is migrated to app.toml on start.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_PORTS } from "../common/node/ports.js";
import { findFreePortOffset } from "../cometbft/readiness.js";
import { nodeHomePaths, readAppConfig } from "../common/node/home.js";
import { formatBlockLine } from "../app/cli/blockTicker.js";
import { VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { runUnitd } from "./support/unitdCli.js";
import { encodeBech32 } from "../sdk/crypto/bech32.js";
import { runnableModule } from "../common/node/entryPoints.js";

const UNITD = runnableModule("app/cli/unitd");
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-terminal-"));
after(() => fs.rmSync(home, { recursive: true, force: true }));
const offset = await findFreePortOffset();
const OFF = ["--api.enable", "false", "--json-rpc.enable", "false", "--faucet.enable", "false"];

/** Runs `unitd start` in the terminal view until `done(output)` holds, then Ctrl-C; `whileUp` runs once a block line shows. */
async function runUntil(args: string[], done: (output: string) => boolean, whileUp?: () => Promise<void>): Promise<{ output: string; code: number | null }> {
  const child = spawn(process.execPath, [UNITD, "start", "--home", home, "--port-offset", String(offset), ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, UNIT_TERMINAL: "1", UNIT_LOG_PRETTY: "0" },
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const deadline = Date.now() + 50_000;
  let started = false;
  while (!done(output)) {
    if (whileUp && !started && blockLines(output).length > 0) {
      started = true;
      await whileUp();
    }
    if (child.exitCode !== null) throw new Error(`unitd start exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`timed out:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGINT");
  return { output, code: await exited };
}

const blockLines = (output: string) => [...output.matchAll(/^block (\d+)\s+(\d+) txs?\s+\d\d:\d\d:\d\d/gm)].map((m) => Number(m[1]));

test("in a terminal: the endpoint table, then one line per block; CometBFT's log goes to a file", async () => {
  const { output, code } = await runUntil(OFF, (o) => blockLines(o).length >= 3);
  assert.equal(code, 0, output);
  const cometLog = path.join(home, "logs", "cometbft.log");
  assert.match(output, new RegExp(`CometBFT's log goes to ${cometLog.replace(/[.]/g, "\\.")}`));
  assert.match(output, /REST\s+off \(app\.toml\)/);
  assert.match(output, /EVM JSON-RPC\s+off \(app\.toml\)/);
  assert.doesNotMatch(output, /^\[cometbft\]/m, "CometBFT's lines stay off the terminal");
  assert.match(fs.readFileSync(cometLog, "utf8"), /finalizing commit of block|committed state/, "and fill its log file");
  const heights = blockLines(output);
  for (let i = 1; i < heights.length; i++) assert.equal(heights[i], heights[i - 1]! + 1, "consecutive heights, none skipped");
  assert.ok(output.indexOf("press Ctrl-C to stop") < output.search(/^block /m), "blocks after the table");
});

test("a home with only app.json starts, migrated to app.toml with a backup and one line saying so", async () => {
  const paths = nodeHomePaths(home);
  const settings = readAppConfig(paths, {});
  fs.writeFileSync(paths.legacyAppConfigFile, JSON.stringify({ ...settings, pruningKeepRecent: 1234 }, null, 2));
  fs.rmSync(paths.appConfigFile);
  const { output, code } = await runUntil(OFF, (o) => blockLines(o).length >= 1);
  assert.equal(code, 0, output);
  assert.equal(output.match(/migrated .*app\.json to .*app\.toml \(the old file is kept as .*app\.json\.bak\)/g)?.length, 1);
  assert.equal(readAppConfig(paths, {}).pruningKeepRecent, 1234);
  assert.equal(readAppConfig(paths, {}).ports.rpc, DEFAULT_PORTS.rpc + offset);
  assert.ok(fs.existsSync(`${paths.legacyAppConfigFile}.bak`));
});

test("a tx that fails in its block gets its own line with the hash, code and error", async () => {
  const keyEnv = { UNITD_HOME: path.join(home, "cli") };
  const imported = await runUnitd(["keys", "add", "validator", "--recover"], { input: VALIDATOR_TEST_MNEMONICS[0] + "\n", env: keyEnv });
  assert.equal(imported.code, 0, imported.stderr);
  const rpc = `http://127.0.0.1:${readAppConfig(nodeHomePaths(home), {}).ports.rpc}`;
  let hash = "";
  // CheckTx checks the fee and signature, not the balance the send needs: the block refuses it.
  const send = async () => {
    const sent = await runUnitd(
      [
        "tx",
        "bank",
        "send",
        "validator",
        encodeBech32("unit", new Uint8Array(20).fill(7)),
        "999999999999999999uunit",
        "--fees",
        "5000uunit",
        "-y",
        "--node",
        rpc,
        "--output",
        "json",
      ],
      { env: keyEnv },
    );
    hash = /"txhash":\s*"([0-9A-F]{64})"/.exec(sent.stdout)?.[1] ?? "";
    assert.ok(hash, `no tx hash in ${sent.stdout}${sent.stderr}`);
  };
  const { output, code } = await runUntil(OFF, (o) => hash !== "" && o.includes(`tx ${hash} failed`), send);
  assert.equal(code, 0, output);
  const line = output.split("\n").find((l) => l.includes(`tx ${hash} failed`))!;
  assert.match(line, /^  tx [0-9A-F]{64} failed: sdk code 5: .*insufficient funds/);
  const above = output.split("\n")[output.split("\n").indexOf(line) - 1]!;
  assert.match(above, /^block \d+\s+1 tx /, "right under its block's line");
});

test("a failed tx gets its own line with the error", () => {
  const lines = formatBlockLine({
    height: 12,
    time: "2025-01-02T10:04:05.123456Z",
    txs: 2,
    failed: [{ hash: "AB".repeat(32), code: 5, codespace: "sdk", log: "spendable balance 0uunit is smaller than 1uunit: insufficient funds" }],
  });
  assert.deepEqual(lines, [
    "block 12        2 txs  10:04:05.123",
    `  tx ${"AB".repeat(32)} failed: sdk code 5: spendable balance 0uunit is smaller than 1uunit: insufficient funds`,
  ]);
});
