// `unitd` as a user types it, against a real one-validator chain: create a key, get funds from the
// faucet, send coins, read balances, accounts, module accounts, the tx and the node status; and
// the mistakes users make give exit code 1 with one readable line, never a stack trace.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { runUnitd, type CliRun } from "./support/unitdCli.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitUntil } from "../cometbft/readiness.js";
import { getBalance } from "../sdk/client/bankQueries.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { encodeBech32 } from "../sdk/crypto/bech32.js";
import { formatHexAddress } from "../sdk/crypto/hexAddress.js";
import { formatAccountAddress, parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";
import { startInProcessFaucet, type InProcessFaucet } from "./support/inProcessFaucet.js";
import { freePort } from "./support/ports.js";

const GOV_ADDRESS = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const RECIPIENT = formatAccountAddress(Uint8Array.from({ length: 20 }, (_, i) => 0xc0 + i));

let node: LocalNode;
let rpc: CometRpcClient;
let faucet: InProcessFaucet;
let faucetUrl: string;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-cli-"));

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  rpc = new CometRpcClient(node.rpcUrl);
  faucet = await startInProcessFaucet(rpc, 100_000_000n);
  faucetUrl = faucet.url;
});

after(async () => {
  faucet?.close();
  await node?.destroy();
  fs.rmSync(home, { recursive: true, force: true });
});

/** Runs `unitd <args>` with empty stdin (not a terminal), as a script would. */
function unitd(...args: string[]): Promise<CliRun> {
  return unitdWithEnv({}, ...args);
}

function unitdWithEnv(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  return runUnitd(args, { env: { UNITD_HOME: home, UNIT_LOG_PRETTY: "0", ...env } });
}

/** `unitd` against the test node. */
const cli = (...args: string[]) => unitd(...args, "--node", node.rpcUrl);

function assertFailure(run: CliRun, message: RegExp): void {
  assert.equal(run.code, 1, `expected exit 1\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  assert.match(run.stderr, /^Error: /m);
  assert.match(run.stderr, message);
  assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
}

let alice = "";
let sendHash = "";

test("unitd keys add alice, then fund alice from the faucet", async () => {
  const added = await unitd("keys", "add", "alice", "--output", "json");
  assert.equal(added.code, 0, added.stderr);
  alice = (JSON.parse(added.stdout) as { address: string }).address;
  const res = await fetch(`${faucetUrl}/faucet`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ address: alice }) });
  assert.equal(res.status, 200, await res.clone().text());
  await waitUntil("alice's funds", async () => (await getBalance(rpc, alice, "uunit")).amount === "100000000", 30_000);
});

test("unitd tx bank send alice <addr> 1000uunit --chain-id <id> --fees 5000uunit -y", async () => {
  const { network } = await rpc.status();
  const sent = await cli("tx", "bank", "send", "alice", RECIPIENT, "1000uunit", "--chain-id", network, "--fees", "5000uunit", "-y");
  assert.equal(sent.code, 0, sent.stderr);
  assert.match(sent.stdout, /^txhash: [0-9A-F]{64}$/m, sent.stdout);
  assert.match(sent.stdout, /^code: 0$/m);
  sendHash = /^txhash: ([0-9A-F]{64})$/m.exec(sent.stdout)![1]!;
  const included = await rpc.waitForTx(sendHash);
  assert.equal(included.result.code, 0, included.result.log);

  const balances = await cli("query", "bank", "balances", RECIPIENT);
  assert.equal(balances.code, 0, balances.stderr);
  assert.match(balances.stdout, /- denom: uunit\n\s+amount: "1000"/);
  const asJson = await cli("q", "bank", "balances", formatHexAddress(parseAccountAddress(RECIPIENT)), "--output", "json");
  assert.deepEqual(JSON.parse(asJson.stdout).balances, [{ denom: "uunit", amount: "1000" }], "0x addresses are accepted");
  const one = await cli("q", "bank", "balances", alice, "--denom", "uunit", "-o", "json");
  assert.deepEqual(JSON.parse(one.stdout), { denom: "uunit", amount: String(100_000_000 - 1000 - 5000) }, "amount and fee left alice");
});

test("query tx <hash> shows the decoded MsgSend with its result", async () => {
  const run = await cli("query", "tx", sendHash, "-o", "json");
  assert.equal(run.code, 0, run.stderr);
  const tx = JSON.parse(run.stdout);
  assert.equal(tx.txhash, sendHash);
  assert.equal(tx.code, 0);
  assert.match(tx.height, /^[1-9][0-9]*$/);
  assert.match(tx.timestamp, /^\d{4}-\d\d-\d\dT/);
  assert.deepEqual(tx.tx.body.messages, [
    { "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: alice, to_address: RECIPIENT, amount: [{ denom: "uunit", amount: "1000" }] },
  ]);
  assert.deepEqual(tx.tx.auth_info.fee.amount, [{ denom: "uunit", amount: "5000" }]);
  assert.equal(tx.tx.auth_info.fee.gas_limit, "200000");
  assert.ok(
    tx.events.some((e: { type: string }) => e.type === "transfer"),
    "events are listed",
  );
  const text = await cli("query", "tx", sendHash.toLowerCase());
  assert.match(text.stdout, /"@type": \/cosmos.bank.v1beta1.MsgSend/);
});

test("query auth account shows alice's number and sequence; module-account gov has the deterministic address", async () => {
  const account = await cli("query", "auth", "account", alice, "-o", "json");
  assert.equal(account.code, 0, account.stderr);
  const acc = JSON.parse(account.stdout).account;
  assert.equal(acc["@type"], "/cosmos.auth.v1beta1.BaseAccount");
  assert.equal(acc.address, alice);
  assert.equal(acc.sequence, "1");
  assert.equal(acc.pub_key["@type"], "/cosmos.crypto.secp256k1.PubKey");

  const gov = await cli("query", "auth", "module-account", "gov");
  assert.equal(gov.code, 0, gov.stderr);
  assert.match(gov.stdout, new RegExp(`address: ${GOV_ADDRESS}`));
  assert.match(gov.stdout, /name: gov/);
  const govJson = JSON.parse((await cli("query", "auth", "module-account", "gov", "-o", "json")).stdout).account;
  assert.equal(govJson["@type"], "/cosmos.auth.v1beta1.ModuleAccount");
  assert.equal(govJson.base_account.address, GOV_ADDRESS);
});

test("query bank total lists the supply; status shows chain id, height, hash, time", async () => {
  const total = JSON.parse((await cli("query", "bank", "total", "-o", "json")).stdout);
  assert.ok(total.supply.some((c: { denom: string }) => c.denom === "uunit"));
  const status = await cli("status", "-o", "json");
  assert.equal(status.code, 0, status.stderr);
  const s = JSON.parse(status.stdout);
  assert.equal(s.chain_id, (await rpc.status()).network);
  assert.match(s.latest_block_height, /^[1-9][0-9]*$/);
  assert.match(s.latest_block_hash, /^[0-9A-F]{64}$/);
  assert.equal(s.catching_up, false);
  assert.match((await cli("status")).stdout, /^chain_id: unit_2611-1$/m);
});

test("--gas auto simulates, --wait waits for the block, the sender may be given by address", async () => {
  const run = await cli(
    "tx",
    "bank",
    "send",
    alice,
    RECIPIENT,
    "1uunit",
    "--gas",
    "auto",
    "--gas-adjustment",
    "1.5",
    "--fees",
    "5000uunit",
    "-y",
    "--wait",
    "--note",
    "hello",
    "-o",
    "json",
  );
  assert.equal(run.code, 0, run.stderr);
  const tx = JSON.parse(run.stdout);
  assert.equal(tx.code, 0);
  assert.match(tx.height, /^[1-9]/, "--wait prints the included tx");
  assert.equal(tx.tx.body.memo, "hello");
  const gasLimit = BigInt(tx.tx.auth_info.fee.gas_limit);
  assert.ok(gasLimit < 200_000n && gasLimit >= BigInt(tx.gas_used), `simulated gas limit ${gasLimit}, used ${tx.gas_used}`);
});

test("an eth_secp256k1 key in a file keyring sends too (passphrase from the environment)", async () => {
  const env = { UNITD_KEYRING_PASSPHRASE: "correct horse battery" };
  const added = await unitdWithEnv(env, "keys", "add", "evm", "--algo", "eth_secp256k1", "--keyring-backend", "file", "-o", "json");
  assert.equal(added.code, 0, added.stderr);
  const evm = (JSON.parse(added.stdout) as { address: string; evm_address: string }).evm_address;
  const funded = await fetch(`${faucetUrl}/faucet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address: evm }),
  });
  assert.equal(funded.status, 200);
  await rpc.waitForTx(((await funded.json()) as { txhash: string }).txhash);
  const run = await unitdWithEnv(
    env,
    "tx",
    "bank",
    "send",
    evm,
    RECIPIENT,
    "2uunit",
    "--fees",
    "5000uunit",
    "--keyring-backend",
    "file",
    "-y",
    "--wait",
    "-o",
    "json",
    "--node",
    node.rpcUrl,
  );
  assert.equal(run.code, 0, run.stderr);
  const tx = JSON.parse(run.stdout);
  assert.equal(tx.code, 0, tx.raw_log);
  assert.equal(tx.tx.auth_info.signer_infos[0].public_key["@type"], "/cosmos.evm.crypto.v1.ethsecp256k1.PubKey");
});

test("without -y and without a terminal nothing is signed: the tx is shown and -y is asked for", async () => {
  const before = (await getBalance(rpc, RECIPIENT, "uunit")).amount;
  const run = await cli("tx", "bank", "send", "alice", RECIPIENT, "7uunit", "--fees", "5000uunit");
  assertFailure(run, /pass -y/);
  assert.match(run.stderr, /"@type":"\/cosmos.bank.v1beta1.MsgSend"/, "the unsigned tx is printed");
  assert.equal(run.stdout, "");
  assert.equal((await getBalance(rpc, RECIPIENT, "uunit")).amount, before);
});

test("mistakes give exit 1 and a readable message", async () => {
  assertFailure(await cli("tx", "bank", "send", "nobody", RECIPIENT, "1uunit", "--fees", "5000uunit", "-y"), /key "nobody" not found/);
  assertFailure(await cli("tx", "bank", "send", "alice", RECIPIENT, "1.5uunit", "--fees", "5000uunit", "-y"), /invalid coin "1.5uunit"/);
  assertFailure(await cli("tx", "bank", "send", "alice", RECIPIENT, "abc", "-y"), /invalid coin "abc"/);
  assertFailure(await cli("tx", "bank", "send", "alice", "unit1notanaddress", "1uunit", "-y"), /invalid bech32 address/);
  assertFailure(
    await cli("tx", "bank", "send", "alice", RECIPIENT, "1uunit", "--fees", "5000uunit", "--chain-id", "other-1", "-y"),
    /--chain-id is "other-1" but the node .* runs chain "unit_2611-1"/,
  );
  assertFailure(
    await cli("tx", "bank", "send", "alice", RECIPIENT, "999999999999uunit", "--gas", "auto", "--fees", "5000uunit", "-y"),
    /gas estimation failed: the tx would fail: .*insufficient funds/,
  );
  const refused = await cli("tx", "bank", "send", "alice", RECIPIENT, "1uunit", "--fees", "1uunit", "-y");
  assertFailure(refused, /refused the tx \(CheckTx code 13, codespace sdk\): .*insufficient fee/);
  assert.match(refused.stdout, /^code: 13$/m, "the broadcast result is still printed");
  assertFailure(
    await cli("query", "auth", "account", encodeBech32("cosmos", parseAccountAddress(RECIPIENT))),
    /wrong address prefix: expected unit, got cosmos/,
  );
  assertFailure(await cli("query", "auth", "module-account", "no_such_module"), /module account "no_such_module" not found/);
  assertFailure(await cli("query", "tx", "AB".repeat(32)), /not found/);
  assertFailure(await cli("query", "bank", "balances"), /missing <address>/);
  assertFailure(await cli("query", "bank", "richest"), /unknown bank query "richest"/);
  assertFailure(await cli("status", "--bogus"), /unknown flag --bogus/);

  const closedPort = await freePort();
  const unreachable = `http://127.0.0.1:${closedPort}`;
  assertFailure(await unitd("status", "--node", unreachable), new RegExp(`cannot reach the node at ${unreachable}: connection refused`));
  assertFailure(
    await unitd("tx", "bank", "send", "alice", RECIPIENT, "1uunit", "--fees", "5000uunit", "-y", "--node", `tcp://127.0.0.1:${closedPort}`),
    /cannot reach the node at http:\/\/127.0.0.1:\d+: connection refused/,
  );
  assertFailure(await unitd("query", "bank", "balances", alice, "--node", unreachable), /connection refused/);
});
