// The faucet's HTTP behaviour with a fake sender and a controllable clock: validation, limits,
// status codes and that nothing a client sends takes the server down.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { createFaucetApp } from "./server.js";
import { SlidingWindowLimiter } from "./slidingWindowLimiter.js";
import { FaucetHttpError } from "./httpErrors.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { formatHexAddress } from "../../sdk/crypto/hexAddress.js";

const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const GOV_HEX = "0x7b5Fe22B5446f7C62Ea27B8BD71CeF94e03f3dF2"; // EIP-55 checksummed
const FAUCET_BYTES = new Uint8Array(20).fill(0xfa);

let now = 1_000_000;
const sent: string[] = [];
let failNext: Error | undefined;
const sender = {
  address: formatAccountAddress(FAUCET_BYTES),
  async send(to: string) {
    if (failNext) {
      const err = failNext;
      failNext = undefined;
      throw err;
    }
    sent.push(to);
    return { txhash: `HASH${sent.length}` };
  },
};
const limits = {
  perAddress: new SlidingWindowLimiter({ limit: 2, windowMs: 60_000, now: () => now }),
  perIp: new SlidingWindowLimiter({ limit: 5, windowMs: 60_000, now: () => now }),
  windowMs: 60_000,
};
const app = createFaucetApp({ sender, amount: [{ denom: "uunit", amount: "100000000" }], limits, bodyLimitBytes: 4096 });
const server = http.createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function post(body: string, headers: Record<string, string> = { "content-type": "application/json" }, path = "/faucet") {
  const res = await fetch(base + path, { method: "POST", headers, body });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

function freshWindow() {
  now += 120_000;
}

test("a bech32 address is funded: 200 with txhash, both address forms and amount", async () => {
  freshWindow();
  const res = await post(JSON.stringify({ address: GOV }));
  assert.equal(res.status, 200);
  assert.deepEqual(res.json, { txhash: `HASH${sent.length}`, address: GOV, evm_address: GOV_HEX, amount: "100000000uunit" });
});

test("a 0x address (lower, upper or checksummed case) is funded as the same account, and answered in both forms", async () => {
  freshWindow();
  for (const address of [GOV_HEX, GOV_HEX.toLowerCase(), "0x" + GOV_HEX.slice(2).toUpperCase()]) {
    const before = sent.length;
    const res = await post(JSON.stringify({ address }));
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.address, GOV);
    assert.equal(res.json.evm_address, GOV_HEX, "the 0x form is always EIP-55 checksummed");
    assert.deepEqual(sent.slice(before), [GOV], "the sender gets the bech32 form, as for a bech32 request");
    freshWindow();
  }
});

test("bad input gets 400 with a reason, and nothing is sent", async () => {
  freshWindow();
  const before = sent.length;
  const cases: Array<[string, RegExp]> = [
    ["{", /malformed JSON/],
    ["", /empty request body/],
    ["[]", /JSON object/],
    ["null", /JSON object/],
    ['"unit1..."', /JSON object/],
    ["{}", /missing "address"/],
    ['{"address": 5}', /must be a string/],
    ['{"address": ""}', /invalid address/],
    [JSON.stringify({ address: GOV.slice(0, -1) + (GOV.endsWith("c") ? "d" : "c") }), /checksum/],
    [JSON.stringify({ address: "cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn" }), /prefix/],
    [JSON.stringify({ address: "0x1234" }), /40 hex/],
    [JSON.stringify({ address: "0x7b5fE22B5446f7C62Ea27B8BD71CeF94e03f3dF2" }), /fails its EIP-55 checksum/],
    [JSON.stringify({ address: "0X7B5FE22B5446F7C62EA27B8BD71CEF94E03F3DF2" }), /must start with "0x"/],
    [JSON.stringify({ address: GOV_HEX + "00" }), /expected 40 hex characters after 0x, got 42/],
    [JSON.stringify({ address: GOV_HEX.slice(0, -1) + "z" }), /"z" is not a hex character/],
    [JSON.stringify({ address: "0x" }), /got 0/],
    [JSON.stringify({ address: GOV_HEX.slice(2).toLowerCase() }), /an EVM address starts with 0x/],
  ];
  for (const [body, message] of cases) {
    const res = await post(body);
    assert.equal(res.status, 400, body);
    assert.match(String(res.json.error), message, body);
  }
  assert.equal(sent.length, before);
});

test("wrong content type is 415, an oversized body 413", async () => {
  const wrongType = await post(JSON.stringify({ address: GOV }), { "content-type": "text/plain" });
  assert.equal(wrongType.status, 415);
  const none = await post(JSON.stringify({ address: GOV }), {});
  assert.equal(none.status, 415);
  const big = await post(JSON.stringify({ address: GOV, pad: "x".repeat(5000) }));
  assert.equal(big.status, 413);
  assert.match(String(big.json.error), /at most 4096 bytes/);
});

test("a chunked body without Content-Length is cut off at the limit too", async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(base + "/faucet", { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on("error", reject);
    for (let i = 0; i < 10; i++) req.write("x".repeat(1000));
    req.end();
  });
  assert.equal(status, 413);
});

test("unknown paths are 404, wrong methods 405 with Allow", async () => {
  const missing = await fetch(base + "/nope");
  assert.equal(missing.status, 404);
  assert.match(((await missing.json()) as { error: string }).error, /no such endpoint/);
  const get = await fetch(base + "/faucet");
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST");
  const postInfo = await post("{}", { "content-type": "application/json" }, "/faucet/info");
  assert.equal(postInfo.status, 405);
});

test("info and health describe the faucet", async () => {
  const info = (await (await fetch(base + "/faucet/info")).json()) as Record<string, unknown>;
  assert.deepEqual(info, {
    address: formatAccountAddress(FAUCET_BYTES),
    evm_address: formatHexAddress(FAUCET_BYTES),
    amount: "100000000uunit",
    rate_limit: { window_seconds: 60 },
  });
  assert.deepEqual(await (await fetch(base + "/health")).json(), { status: "ok" });
});

test("per-address limit: 429 with Retry-After, across both address forms, until the window slides", async () => {
  freshWindow();
  assert.equal((await post(JSON.stringify({ address: GOV }))).status, 200);
  now += 10_000;
  assert.equal((await post(JSON.stringify({ address: GOV_HEX }))).status, 200);
  const limited = await post(JSON.stringify({ address: GOV }));
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get("retry-after"), "50");
  assert.match(String(limited.json.error), /for this address/);
  now += 50_000;
  assert.equal((await post(JSON.stringify({ address: GOV }))).status, 200);
});

test("per-IP limit: 429 once one client asked for too many addresses", async () => {
  freshWindow();
  const addresses = Array.from({ length: 6 }, (_, i) => `0x${String(i + 1).padStart(40, "0")}`);
  const statuses = [];
  for (const address of addresses) statuses.push((await post(JSON.stringify({ address }))).status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
});

test("a failed send returns the sender's status and gives the quota back", async () => {
  freshWindow();
  failNext = new FaucetHttpError(503, "the faucet could not broadcast: cannot reach the node");
  const failed = await post(JSON.stringify({ address: GOV }));
  assert.equal(failed.status, 503);
  assert.match(String(failed.json.error), /could not broadcast/);
  failNext = new Error("boom: a bug");
  const bug = await post(JSON.stringify({ address: GOV }));
  assert.deepEqual([bug.status, bug.json], [500, { error: "internal error" }]);
  assert.equal((await post(JSON.stringify({ address: GOV }))).status, 200);
  assert.equal((await post(JSON.stringify({ address: GOV }))).status, 200, "both failures were refunded");
});

test("garbage on the socket does not take the server down", async () => {
  await new Promise<void>((resolve) => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1", () => {
      socket.end("POST /faucet HTTP/1.1\r\nContent-Length: -5\r\n\r\n\0\0\0");
    });
    socket.on("error", () => resolve());
    socket.on("close", () => resolve());
    socket.resume();
  });
  assert.equal((await fetch(base + "/health")).status, 200);
});

test("behind --trust-proxy the limit counts the X-Forwarded-For entry the proxy appended, not those the client wrote", async () => {
  const proxied = createFaucetApp({
    sender,
    amount: [{ denom: "uunit", amount: "1" }],
    limits: {
      perAddress: new SlidingWindowLimiter({ limit: 100, windowMs: 60_000, now: () => now }),
      perIp: new SlidingWindowLimiter({ limit: 2, windowMs: 60_000, now: () => now }),
      windowMs: 60_000,
    },
    bodyLimitBytes: 4096,
    trustProxy: true,
  });
  const proxyServer = http.createServer(proxied.callback());
  await new Promise<void>((resolve) => proxyServer.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}/faucet`;
  const fund = async (forwardedFor: string) =>
    (
      await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        body: JSON.stringify({ address: GOV }),
      })
    ).status;
  try {
    // A client rotating the entries it prepends is still one client.
    assert.deepEqual([await fund("1.1.1.1, 10.9.0.1"), await fund("2.2.2.2, 10.9.0.1"), await fund("3.3.3.3, 10.9.0.1")], [200, 200, 429]);
    assert.equal(await fund("10.9.0.2"), 200, "another client");
    // An entry with a port, or an IPv6 address in brackets, is that address.
    assert.deepEqual([await fund("10.9.0.3:4001"), await fund("10.9.0.3:4002"), await fund("10.9.0.3")], [200, 200, 429]);
    assert.deepEqual([await fund("[2001:db8::7]:4001"), await fund("[2001:db8::7]"), await fund("2001:db8::7")], [200, 200, 429]);
    // IPv6 clients count by their /64: a fresh address in it is the same client.
    assert.equal(await fund("2001:db8::8"), 429);
    assert.equal(await fund("2001:db8:0:1::7"), 200, "another /64");
    // An appended entry that is not an address counts as the proxy's own (the socket's peer).
    assert.deepEqual([await fund("not-an-ip"), await fund("x".repeat(8_000)), await fund("garbage")], [200, 200, 429]);
  } finally {
    await new Promise<void>((resolve) => proxyServer.close(() => resolve()));
  }
});
