// gentx and collect-gentxs refusals on a real home (cometbft init, the test keyring): a delegator
// missing from genesis or short of the stake, and gentx files that were altered after signing,
// name the wrong denom or carry no P2P memo; validate names the module whose section is wrong.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runAddGenesisAccount } from "./addGenesisAccount.js";
import { collectGentxs } from "./collectGentxs.js";
import { runGentx } from "./gentx.js";
import { homePaths, readHomeGenesis } from "./homeFiles.js";
import { initHome, must } from "../../../test/support/ceremony.js";
import { readNodeId } from "../../../cometbft/home.js";
import { DEFAULT_PORTS } from "../../../common/node/ports.js";
import { GenesisError, runGenesis } from "./validateState.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-gentx-test-"));
const home = path.join(dir, "home");
const gentxs = path.join(dir, "gentxs");
let address: string;

before(async () => {
  address = await initHome(home, 0, "gentx-test-1", DEFAULT_PORTS);
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const gentx = (amount: string, file = "gentx.json") =>
  runGentx(["operator", amount, "--home", home, "--keyring-backend", "test", "--output-document", path.join(gentxs, file)]);
const collect = () => collectGentxs(readHomeGenesis(homePaths(home)), gentxs, readNodeId(homePaths(home).cometHome));

/** Rewrites the gentx file through `edit` (its parsed JSON). */
function alter(edit: (tx: { body: { memo: string; messages: { value: { denom: string; amount: string } }[] } }) => void, file = "gentx.json"): void {
  const where = path.join(gentxs, file);
  const tx = JSON.parse(fs.readFileSync(where, "utf8"));
  edit(tx);
  fs.writeFileSync(where, JSON.stringify(tx));
}

test("gentx refuses a delegator that has no genesis account", async () => {
  await assert.rejects(gentx("1000000uunit"), /is not in genesis; add it first/);
});

test("gentx refuses a stake above the genesis balance", async () => {
  await must(runAddGenesisAccount, ["operator", "5000000uunit", "--home", home, "--keyring-backend", "test"]);
  await assert.rejects(gentx("6000000uunit"), new RegExp(`${address} holds 5000000uunit in genesis, less than the 6000000uunit`));
  await assert.rejects(runAddGenesisAccount([address, "1uunit", "--home", home]), /already has a genesis balance; use --append/);
});

test("collect-gentxs accepts a good gentx and refuses altered ones, naming the file", async () => {
  fs.rmSync(gentxs, { recursive: true, force: true });
  assert.equal(await gentx("2000000uunit"), 0);
  const ok = collect();
  assert.equal(ok.gentxs.length, 1);
  assert.equal(ok.persistentPeers, "", "a node's own memo is not its peer");
  assert.equal(runGenesis(ok.genesis).validators.length, 1);

  // A larger stake than was signed: the balance still covers it, the signature does not.
  alter((tx) => (tx.body.messages[0]!.value.amount = "3000000"));
  assert.throws(collect, (err: Error) => err.message.startsWith(path.join(gentxs, "gentx.json")) && /signature verification failed/.test(err.message));

  assert.equal(await gentx("2000000uunit"), 0);
  alter((tx) => (tx.body.messages[0]!.value.denom = "stake"));
  assert.throws(collect, /self-delegation is in stake, the bond denom is uunit/);

  assert.equal(await gentx("2000000uunit"), 0);
  alter((tx) => (tx.body.memo = "not-a-peer"));
  assert.throws(collect, /memo "not-a-peer" is not a P2P address/);
});

test("gentx files carry commission rates in the SDK's decimal form, read back to the signed atomics", async () => {
  fs.rmSync(gentxs, { recursive: true, force: true });
  assert.equal(
    await runGentx([
      "operator",
      "2000000uunit",
      "--home",
      home,
      "--keyring-backend",
      "test",
      "--commission-rate",
      "0.05",
      "--output-document",
      path.join(gentxs, "gentx.json"),
    ]),
    0,
  );
  const written = JSON.parse(fs.readFileSync(path.join(gentxs, "gentx.json"), "utf8"));
  assert.deepEqual(written.body.messages[0].commission, {
    rate: "0.050000000000000000",
    max_rate: "0.200000000000000000",
    max_change_rate: "0.010000000000000000",
  });
  // The decimal text parses back to the bytes that were signed: the signature still verifies.
  const collected = collect();
  assert.equal(runGenesis(collected.genesis).validators.length, 1);

  alter((tx) => ((tx.body.messages[0] as unknown as { commission: { rate: string } }).commission.rate = "five percent"));
  assert.throws(collect, /body\.messages\[0\]\.commission\.rate: /);
});

test("validate names the module whose genesis section is wrong", () => {
  const doc = readHomeGenesis(homePaths(home));
  const state = doc.app_state as Record<string, Record<string, unknown>>;
  const broken = { ...doc, app_state: { ...state, staking: { ...state.staking, params: { ...(state.staking!.params as object), max_validators: 0 } } } };
  assert.throws(
    () => runGenesis(broken),
    (err: Error) => err instanceof GenesisError && err.module === "staking" && /^module staking: /.test(err.message),
  );
  assert.throws(() => runGenesis({ ...doc, app_state: { ...state, nosuch: {} } }), /no module of this chain reads the app_state section "nosuch"/);
});
