// The CORS policy: parsing the --cors setting, and the headers applyCors adds to answers and
// preflights, checked through a minimal node:http server on a real socket.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { applyCors, parseCorsPolicy, type CorsPolicy } from "./cors.js";

test("off, empty and false turn CORS off", () => {
  for (const text of ["", "  ", "off", "false", " off "]) assert.deepEqual(parseCorsPolicy(text), { mode: "off" }, JSON.stringify(text));
});

test("*, any and true allow any origin", () => {
  for (const text of ["*", "any", "true", " * "]) assert.deepEqual(parseCorsPolicy(text), { mode: "any" }, text);
});

test("a comma-separated list of bare origins", () => {
  assert.deepEqual(parseCorsPolicy("https://app.example.com, http://localhost:3000,,"), {
    mode: "list",
    origins: ["https://app.example.com", "http://localhost:3000"],
  });
  assert.deepEqual(parseCorsPolicy("http://[::1]:8080"), { mode: "list", origins: ["http://[::1]:8080"] });
});

test("origins that are not bare origins are refused with the reason", () => {
  const bad: Array<[string, RegExp]> = [
    ["app.example.com", /"app\.example\.com" is not a URL/],
    ["https://app.example.com/", /must be a bare origin: https:\/\/app\.example\.com$/],
    ["https://app.example.com/path", /must be a bare origin/],
    ["https://app.example.com:443", /must be a bare origin: https:\/\/app\.example\.com$/],
    ["HTTPS://APP.example.com", /must be a bare origin: https:\/\/app\.example\.com$/],
    ["https://ok.example.com,*", /"\*" is not a URL/],
  ];
  for (const [text, reason] of bad) assert.throws(() => parseCorsPolicy(text), reason, text);
});

// --- applyCors through a real server --------------------------------------------------------

let policy: CorsPolicy = { mode: "off" };
const server = http.createServer((req, res) => {
  if (applyCors(req, res, policy)) return;
  res.setHeader("x-handler", "yes");
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify({ ok: true }));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function send(method: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/x`, { method, headers });
  await res.arrayBuffer();
  return res;
}

const PREFLIGHT = {
  Origin: "https://app.example.com",
  "Access-Control-Request-Method": "GET",
  "Access-Control-Request-Headers": "x-cosmos-block-height, Content-Type",
};

function noCorsHeaders(res: Response): void {
  for (const name of res.headers.keys()) assert.ok(!name.startsWith("access-control-"), `unexpected ${name}`);
}

test("off: no CORS header at all, even on a preflight, which the handler answers", async () => {
  policy = { mode: "off" };
  const get = await send("GET", { Origin: "https://app.example.com" });
  assert.equal(get.status, 200);
  noCorsHeaders(get);
  assert.equal(get.headers.get("vary"), null);
  const pre = await send("OPTIONS", PREFLIGHT);
  noCorsHeaders(pre);
  assert.equal(pre.headers.get("x-handler"), "yes");
});

test("any: * and the exposed height header on answers, no Vary", async () => {
  policy = { mode: "any" };
  for (const headers of [{ Origin: "https://whatever.example" }, {}] as Record<string, string>[]) {
    const res = await send("GET", headers);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.equal(res.headers.get("access-control-expose-headers"), "x-cosmos-block-height");
    assert.equal(res.headers.get("access-control-allow-methods"), null, "methods only on a preflight");
    assert.equal(res.headers.get("vary"), null);
    assert.equal(res.headers.get("x-handler"), "yes");
  }
});

test("any: a preflight is answered 204 with methods, the requested headers and a max age", async () => {
  policy = { mode: "any" };
  const res = await send("OPTIONS", PREFLIGHT);
  assert.equal(res.status, 204);
  assert.equal(res.headers.get("x-handler"), null, "the handler is not reached");
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(res.headers.get("access-control-allow-methods")?.split(/,\s*/).sort(), ["GET", "HEAD", "OPTIONS"]);
  assert.equal(res.headers.get("access-control-allow-headers"), "x-cosmos-block-height, Content-Type");
  assert.equal(res.headers.get("access-control-max-age"), "600");
});

test("a preflight's requested headers are echoed as header names only", async () => {
  policy = { mode: "any" };
  const res = await send("OPTIONS", { ...PREFLIGHT, "Access-Control-Request-Headers": `x-ok ,bad header, <script>, ${"a".repeat(65)},X-Also-OK,` });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get("access-control-allow-headers"), "x-ok, X-Also-OK");
  const none = await send("OPTIONS", { Origin: "https://app.example.com", "Access-Control-Request-Method": "GET" });
  assert.equal(none.status, 204);
  assert.equal(none.headers.get("access-control-allow-headers"), null);
});

test("any: an OPTIONS request that is not a preflight goes to the handler", async () => {
  policy = { mode: "any" };
  const res = await send("OPTIONS", { Origin: "https://app.example.com" });
  assert.equal(res.headers.get("x-handler"), "yes");
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.equal(res.headers.get("access-control-allow-methods"), null);
});

test("list: a listed origin is echoed with Vary: Origin; others get no ACAO but still Vary", async () => {
  policy = { mode: "list", origins: ["https://app.example.com", "http://localhost:3000"] };
  const ok = await send("GET", { Origin: "http://localhost:3000" });
  assert.equal(ok.headers.get("access-control-allow-origin"), "http://localhost:3000");
  assert.equal(ok.headers.get("access-control-expose-headers"), "x-cosmos-block-height");
  assert.match(ok.headers.get("vary") ?? "", /\bOrigin\b/);

  for (const headers of [
    { Origin: "https://evil.example.com" },
    { Origin: "https://app.example.com.evil.example" },
    { Origin: "http://app.example.com" },
    {},
  ] as Record<string, string>[]) {
    const res = await send("GET", headers);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("access-control-allow-origin"), null, JSON.stringify(headers));
    assert.equal(res.headers.get("access-control-expose-headers"), null);
    assert.match(res.headers.get("vary") ?? "", /\bOrigin\b/, "a cache must not serve this answer to a listed origin");
  }
});

test("list: a preflight from a listed origin is answered; from another it is not", async () => {
  policy = { mode: "list", origins: ["https://app.example.com"] };
  const ok = await send("OPTIONS", PREFLIGHT);
  assert.equal(ok.status, 204);
  assert.equal(ok.headers.get("access-control-allow-origin"), "https://app.example.com");
  assert.ok(ok.headers.get("access-control-allow-methods"));
  const other = await send("OPTIONS", { ...PREFLIGHT, Origin: "https://evil.example.com" });
  assert.equal(other.headers.get("access-control-allow-origin"), null);
  assert.equal(other.headers.get("access-control-allow-methods"), null);
  assert.equal(other.headers.get("x-handler"), "yes");
});
