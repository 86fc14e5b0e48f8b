// The faucet as a user meets it: its own process (the compiled entry point `unitd start` runs)
// against a real one-validator chain. Funds land for bech32 and 0x addresses, bad input is
// refused, limits answer 429, and 20 concurrent requests all land without a sequence clash.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { faucetAddress } from "../app/localGenesis.js";
import { canConnect, waitUntil } from "../cometbft/readiness.js";
import { getBalance } from "../sdk/client/bankQueries.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { formatHexAddress } from "../sdk/crypto/hexAddress.js";
import { LocalNode } from "./support/localNode.js";
import { freePort } from "./support/ports.js";
import { runnableModule } from "../common/node/entryPoints.js";

const FAUCET_MAIN = runnableModule("gateway/faucet/main");
const AMOUNT = "100000000";

let node: LocalNode;
let faucet: ChildProcess;
let faucetOutput = "";
let url: string;
let rpc: CometRpcClient;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  rpc = new CometRpcClient(node.rpcUrl);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // --trust-proxy lets each test speak for its own client IP through X-Forwarded-For.
  const args = [FAUCET_MAIN, "--node", node.rpcUrl, "--port", String(port), "--per-address", "2", "--per-ip", "20", "--window", "3600", "--trust-proxy"];
  faucet = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, UNIT_LOG_PRETTY: "0" } });
  faucet.stdout!.on("data", (c) => (faucetOutput += c));
  faucet.stderr!.on("data", (c) => (faucetOutput += c));
  const exited = new Promise((resolve) => faucet.on("exit", resolve));
  await waitUntil("the faucet", () => canConnect(port), 30_000, exited).catch((err) => {
    throw new Error(`${(err as Error).message}\n${faucetOutput}`);
  });
});

after(async () => {
  faucet?.kill("SIGTERM");
  await node?.destroy();
});

let nextAddress = 1;
/** A fresh 20-byte address nobody has used: the test's own counter in the last bytes. */
function freshAddress(): Uint8Array {
  const bytes = new Uint8Array(20);
  bytes[0] = 0xfa;
  new DataView(bytes.buffer).setUint32(16, nextAddress++);
  return bytes;
}

async function request(body: unknown, ip: string, headers: Record<string, string> = { "content-type": "application/json" }) {
  const res = await fetch(`${url}/faucet`, {
    method: "POST",
    headers: { ...headers, "x-forwarded-for": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, string> };
}

async function waitForBalance(bech32: string, amount: string): Promise<void> {
  await waitUntil(`${amount}uunit at ${bech32}`, async () => (await getBalance(rpc, bech32, "uunit")).amount === amount, 30_000);
}

test("info names the genesis-funded faucet key and the amount", async () => {
  const info = (await (await fetch(`${url}/faucet/info`)).json()) as { address: string; amount: string };
  assert.equal(info.address, faucetAddress());
  assert.equal(info.amount, `${AMOUNT}uunit`);
  // The port answers as soon as the server listens; the line saying so may still be in the pipe.
  const listening = /faucet listening on http:\/\/127\.0\.0\.1:/;
  await waitUntil("the faucet's listening line", async () => listening.test(faucetOutput), 5_000).catch(() => {});
  assert.match(faucetOutput, listening);
});

test("a bech32 address is funded with 100 UNIT", async () => {
  const address = formatAccountAddress(freshAddress());
  const res = await request({ address }, "10.0.0.1");
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.deepEqual(Object.keys(res.json).sort(), ["address", "amount", "evm_address", "txhash"]);
  assert.equal(res.json.address, address);
  assert.equal(res.json.amount, `${AMOUNT}uunit`);
  assert.match(res.json.txhash!, /^[0-9A-F]{64}$/);
  await waitForBalance(address, AMOUNT);
  const tx = await rpc.waitForTx(res.json.txhash!);
  assert.equal(tx.result.code, 0, tx.result.log);
});

test("a 0x address is funded, and the balance shows under its bech32 form", async () => {
  const bytes = freshAddress();
  const res = await request({ address: formatHexAddress(bytes) }, "10.0.0.2");
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.equal(res.json.address, formatAccountAddress(bytes));
  await waitForBalance(formatAccountAddress(bytes), AMOUNT);
});

test("bad requests are refused with a status and a reason", async () => {
  const ip = "10.0.0.3";
  const good = formatAccountAddress(freshAddress());
  const badChecksum = good.slice(0, -1) + (good.endsWith("q") ? "p" : "q");
  const cases: Array<[unknown, number, RegExp, Record<string, string>?]> = [
    ["{not json", 400, /malformed JSON/],
    [{}, 400, /missing "address"/],
    [{ address: badChecksum }, 400, /checksum/],
    [{ address: "cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a" }, 400, /prefix/],
    [{ address: "0xabc" }, 400, /40 hex/],
    [{ address: good }, 415, /application\/json/, { "content-type": "text/plain" }],
    [{ address: good, padding: "x".repeat(8000) }, 413, /too large/],
  ];
  for (const [body, status, message, headers] of cases) {
    const res = await request(body, ip, headers);
    assert.equal(res.status, status, JSON.stringify(body).slice(0, 60));
    assert.match(res.json.error!, message);
  }
  assert.equal((await fetch(`${url}/nowhere`)).status, 404);
  assert.equal((await fetch(`${url}/faucet`)).status, 405);
  assert.equal((await getBalance(rpc, good, "uunit")).amount, "0", "nothing was sent");
});

test("per-address limit: the third request for one address within the window is 429 with Retry-After", async () => {
  const bytes = freshAddress();
  assert.equal((await request({ address: formatAccountAddress(bytes) }, "10.0.0.4")).status, 200);
  assert.equal((await request({ address: formatHexAddress(bytes) }, "10.0.0.5")).status, 200, "the 0x form counts for the same address");
  const limited = await request({ address: formatAccountAddress(bytes) }, "10.0.0.6");
  assert.equal(limited.status, 429);
  assert.match(limited.json.error!, /for this address/);
  assert.ok(Number(limited.headers.get("retry-after")) > 3500, `Retry-After ${limited.headers.get("retry-after")}`);
  await waitForBalance(formatAccountAddress(bytes), String(2n * BigInt(AMOUNT)));
});

test("20 concurrent requests to 20 fresh addresses all land; the 21st from that client is 429", async () => {
  const ip = "10.0.0.20";
  const addresses = Array.from({ length: 20 }, () => formatAccountAddress(freshAddress()));
  const answers = await Promise.all(addresses.map((address) => request({ address }, ip)));
  for (const answer of answers) assert.equal(answer.status, 200, JSON.stringify(answer.json));
  assert.equal(new Set(answers.map((a) => a.json.txhash)).size, 20);
  for (const address of addresses) await waitForBalance(address, AMOUNT);
  for (const { json } of answers) assert.equal((await rpc.waitForTx(json.txhash!)).result.code, 0);
  const limited = await request({ address: formatAccountAddress(freshAddress()) }, ip);
  assert.equal(limited.status, 429);
  assert.match(limited.json.error!, /from your IP address/);
});
