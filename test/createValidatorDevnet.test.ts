// A validator joins after genesis on the four-validator devnet: a fifth key, funded by a transfer
// from validator 0, sends MsgCreateValidator (unitd tx staking create-validator) with a fresh
// ed25519 consensus key; CometBFT's /validators then lists it with its power on every node, and
// all four nodes agree on every block and app hash. Its own node never runs: with 1,000 of
// 401,000 power it is far below 1/3, so the four keep committing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { waitUntil } from "../cometbft/readiness.js";
import { Devnet } from "./support/devnet.js";
import { runUnitd } from "./support/unitdCli.js";

const TX_FLAGS = ["--gas", "400000", "--fees", "10000uunit", "-y", "--wait", "-o", "json"];
const STAKE = 1_000_000_000n; // 1,000 UNIT: power 1000

let devnet: Devnet;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-create-validator-home-"));

before(async () => {
  devnet = await Devnet.create({ timeoutCommit: "300ms" });
  await devnet.start();
});

after(async () => {
  await devnet?.destroy();
  fs.rmSync(home, { recursive: true, force: true });
});

async function ok(args: string[], input?: string): Promise<any> {
  const node = args[0] === "keys" ? [] : ["--node", devnet.validator(0).rpcUrl];
  const run = await runUnitd([...args, ...node], { input, env: { UNITD_HOME: home } });
  assert.equal(run.code, 0, `unitd ${args.join(" ")}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return run.stdout.trim().startsWith("{") ? JSON.parse(run.stdout) : run.stdout;
}

async function tx(args: string[]): Promise<any> {
  const result = await ok([...args, ...TX_FLAGS]);
  assert.equal(result.code, 0, result.raw_log);
  return result;
}

/** A fresh ed25519 public key, base64: the raw 32 bytes at the end of its DER encoding. */
function freshConsensusKey(): string {
  const { publicKey } = generateKeyPairSync("ed25519");
  return publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("base64");
}

test("a fifth key creates a validator that CometBFT runs with, and the four nodes agree throughout", { timeout: 90_000 }, async () => {
  await ok(["keys", "add", "validator0", "--recover", "-o", "json"], VALIDATOR_TEST_MNEMONICS[0] + "\n");
  const fifth = (await ok(["keys", "add", "fifth", "-o", "json"])).address as string;
  await tx(["tx", "bank", "send", "validator0", fifth, `${STAKE + 100_000n}uunit`]);

  const key = freshConsensusKey();
  const pubkey = JSON.stringify({ "@type": "/cosmos.crypto.ed25519.PubKey", key });
  const created = await tx(["tx", "staking", "create-validator", "--amount", `${STAKE}uunit`, "--moniker", "fifth", "--pubkey", pubkey, "--from", "fifth"]);
  const height = Number(created.height);

  // The validator set of height h + 2 is the one the end block of h hands CometBFT.
  type Validators = { validators: { pub_key: { value: string }; voting_power: string }[]; total: string };
  for (const node of devnet.validators) {
    await waitUntil(
      `validator ${node.index} lists the new validator`,
      async () => {
        const vs = await node.rpc<Validators>(`validators?height=${height + 2}`).catch(() => undefined);
        return vs?.validators.some((v) => v.pub_key.value === key && v.voting_power === "1000") ?? false;
      },
      30_000,
    );
  }
  const set = await devnet.validator(1).rpc<Validators>(`validators?height=${height + 2}`);
  assert.equal(set.total, "5");

  const validator = await ok([
    "query",
    "staking",
    "validator",
    (await ok(["query", "staking", "validators", "-o", "json"])).validators.find((v: any) => v.description.moniker === "fifth").operator_address,
    "-o",
    "json",
  ]);
  assert.equal(validator.validator.status, "BOND_STATUS_BONDED");
  assert.equal(validator.validator.tokens, STAKE.toString());

  const upTo = await devnet.waitForCommonHeight();
  assert.ok(upTo >= height + 3, `the chain kept committing past ${height + 2} (at ${upTo})`);
  assert.deepEqual(await devnet.disagreements(upTo), []);
});
