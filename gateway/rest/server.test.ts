// The REST gateway's HTTP behaviour on a real socket, with a fake backend over the route table of
// the real bank and auth query services: answers are real protobuf bytes of real response
// messages. Status codes, error bodies, heights, methods, CORS, limits, /openapi.json, and types
// learned when an answer holds an Any the registry does not know.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { create, createFileRegistry, fromBinary, toBinary, type DescFile, type FileRegistry } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { BaseAccountSchema } from "../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { file_cosmos_auth_v1beta1_query, Query as AuthQuery, QueryAccountResponseSchema } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import {
  file_cosmos_bank_v1beta1_query,
  Query as BankQuery,
  QueryAllBalancesRequestSchema,
  QueryAllBalancesResponseSchema,
  QueryBalanceRequestSchema,
  QueryBalanceResponseSchema,
} from "../../gen/cosmos/bank/v1beta1/query_pb.js";
import { file_cosmos_crypto_secp256k1_keys, PubKeySchema } from "../../gen/cosmos/crypto/secp256k1/keys_pb.js";
import type { CallAnswer, RestBackend, RouteSnapshot } from "./backend.js";
import type { CorsPolicy } from "../../common/http/cors.js";
import { RouteTable } from "./routes.js";
import { createRestApp, type RestLimits } from "./server.js";

/** A FileRegistry of the given files and everything they import. */
function fileRegistry(...files: DescFile[]): FileRegistry {
  const all = new Map<string, DescFile>();
  const visit = (f: DescFile) => {
    if (all.has(f.proto.name)) return;
    all.set(f.proto.name, f);
    f.dependencies.forEach(visit);
  };
  files.forEach(visit);
  return createFileRegistry(...files.map((f) => createFileRegistry(f.proto, (name) => all.get(name))));
}

interface Call {
  grpcPath: string;
  request: Uint8Array;
  height: number | undefined;
  timeoutMs: number;
}

const ADDRESS = "unit1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu";

/** The fake app: answers bank AllBalances/Balance and auth Account; tests may override `answer`. */
class FakeBackend implements RestBackend {
  snap: RouteSnapshot | undefined = {
    table: new RouteTable([BankQuery, AuthQuery]),
    registry: fileRegistry(file_cosmos_bank_v1beta1_query, file_cosmos_auth_v1beta1_query),
    services: ["cosmos.auth.v1beta1.Query", "cosmos.bank.v1beta1.Query"],
  };
  calls: Call[] = [];
  learned: string[] = [];
  /** What learnType does; by default it adds the secp256k1 keys file and reports success. */
  learn: (typeName: string) => boolean = (typeName) => {
    if (typeName !== "cosmos.crypto.secp256k1.PubKey") return false;
    this.snap!.registry = createFileRegistry(this.snap!.registry, fileRegistry(file_cosmos_crypto_secp256k1_keys));
    return true;
  };
  answer: (call: Call) => Promise<CallAnswer> = async (call) => defaultAnswer(call);

  snapshot(): RouteSnapshot | undefined {
    return this.snap;
  }
  unavailableReason(): string {
    return "the app's gRPC server at 127.0.0.1:1 has not been reached yet (fake); retrying";
  }
  call(grpcPath: string, request: Uint8Array, height: number | undefined, timeoutMs: number): Promise<CallAnswer> {
    const call = { grpcPath, request, height, timeoutMs };
    this.calls.push(call);
    return this.answer(call);
  }
  async learnType(typeName: string): Promise<boolean> {
    this.learned.push(typeName);
    return this.learn(typeName);
  }
}

function defaultAnswer(call: Call): CallAnswer {
  const height = call.height ? call.height : 12;
  switch (call.grpcPath) {
    case "/cosmos.bank.v1beta1.Query/AllBalances": {
      const req = fromBinary(QueryAllBalancesRequestSchema, call.request);
      const res = create(QueryAllBalancesResponseSchema, { balances: [{ denom: "uunit", amount: `${req.address.length}` }] });
      return { bytes: toBinary(QueryAllBalancesResponseSchema, res), height };
    }
    case "/cosmos.bank.v1beta1.Query/Balance": {
      const req = fromBinary(QueryBalanceRequestSchema, call.request);
      return { bytes: toBinary(QueryBalanceResponseSchema, create(QueryBalanceResponseSchema, { balance: { denom: req.denom, amount: "7" } })), height };
    }
    default:
      throw Object.assign(new Error("unimplemented"), { code: 12, details: `${call.grpcPath} is not implemented by the fake` });
  }
}

const servers: http.Server[] = [];
after(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

async function start(opts: { cors?: CorsPolicy; limits?: Partial<RestLimits>; backend?: FakeBackend } = {}) {
  const backend = opts.backend ?? new FakeBackend();
  const app = createRestApp({
    backend,
    cors: opts.cors ?? { mode: "off" },
    info: { title: "test gateway", version: "0.0.1" },
    ...(opts.limits ? { limits: opts.limits } : {}),
  });
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { backend, base };
}

async function request(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(base + path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

function assertError(res: { status: number; json?: Record<string, unknown>; headers: Headers }, status: number, code: number, message?: RegExp): void {
  assert.equal(res.status, status, JSON.stringify(res.json));
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(Object.keys(res.json ?? {}), ["code", "message", "details"]);
  assert.equal(res.json!.code, code);
  assert.deepEqual(res.json!.details, []);
  assert.equal(typeof res.json!.message, "string");
  if (message) assert.match(res.json!.message as string, message);
}

const main = await start();

test("a GET route is answered 200 with the response JSON and the height it was computed at", async () => {
  const res = await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}?pagination.limit=5000&pagination.count_total=true`);
  assert.equal(res.status, 200, res.text);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(res.json, { balances: [{ denom: "uunit", amount: `${ADDRESS.length}` }], pagination: null });
  assert.equal(res.headers.get("x-cosmos-block-height"), "12");

  const call = main.backend.calls.at(-1)!;
  assert.equal(call.grpcPath, "/cosmos.bank.v1beta1.Query/AllBalances");
  assert.equal(call.height, undefined);
  const req = fromBinary(QueryAllBalancesRequestSchema, call.request);
  assert.equal(req.address, ADDRESS);
  assert.equal(req.pagination?.limit, 1000n, "the default page cap applies");
  assert.equal(req.pagination?.countTotal, true);
});

test("the most specific route answers: /balances/{address}/by_denom is Balance", async () => {
  const res = await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}/by_denom?denom=uunit`);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.json, { balance: { denom: "uunit", amount: "7" } });
  assert.equal(main.backend.calls.at(-1)!.grpcPath, "/cosmos.bank.v1beta1.Query/Balance");
});

test("the x-cosmos-block-height request header is passed to the call; the answer's height comes back", async () => {
  const res = await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, { headers: { "x-cosmos-block-height": "7" } });
  assert.equal(res.status, 200, res.text);
  assert.equal(main.backend.calls.at(-1)!.height, 7);
  assert.equal(res.headers.get("x-cosmos-block-height"), "7");
});

test("no height in the answer, no height header", async () => {
  const { base, backend } = await start();
  backend.answer = async (call) => ({ ...defaultAnswer(call), height: 0 });
  const res = await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("x-cosmos-block-height"), null);
});

test("an invalid height header is 400 (code 3) and no call is made", async () => {
  for (const height of ["abc", "-1", "1.5", "0x10", "12345678901234567", " 5x"]) {
    const before = main.backend.calls.length;
    const res = await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, { headers: { "x-cosmos-block-height": height } });
    assertError(res, 400, 3, /x-cosmos-block-height/);
    assert.equal(main.backend.calls.length, before, height);
  }
});

test("a bad query parameter is 400 (code 3) naming it, and no call is made", async () => {
  const before = main.backend.calls.length;
  assertError(await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}?pagination.limit=abc`), 400, 3, /pagination\.limit/);
  assertError(await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}?nope=1`), 400, 3, /"nope" is not a field/);
  assert.equal(main.backend.calls.length, before);
});

test("an unknown path is 404 {code: 5, message, details: []}", async () => {
  for (const path of ["/nope", "/", "/cosmos/bank/v1beta1/balances", "/cosmos/bank/v1beta1/balances/a/b/c", "/openapi.json/x"]) {
    assertError(await request(main.base, path), 404, 5, /no route for .*openapi\.json/);
  }
});

test("POST, PUT, DELETE and PATCH are 405 with Allow and the query-only message", async () => {
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    const before = main.backend.calls.length;
    const res = await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, {
      method,
      body: method === "DELETE" ? null : "{}",
      headers: { "content-type": "application/json" },
    });
    assertError(res, 405, 12, /query-only/);
    assert.match(res.json!.message as string, new RegExp(`method ${method} is not allowed`));
    assert.match(res.json!.message as string, /BroadcastTx/);
    assert.deepEqual(res.headers.get("allow")?.split(/,\s*/).sort(), ["GET", "HEAD", "OPTIONS"]);
    assert.equal(main.backend.calls.length, before);
  }
  assertError(await request(main.base, "/cosmos/tx/v1beta1/txs", { method: "POST", body: "{}" }), 405, 12);
});

test("a target asked for again keeps its own height, and a new route table answers it afresh", async () => {
  const s = await start();
  const path = `/cosmos/bank/v1beta1/balances/${ADDRESS}?pagination.limit=3`;
  assert.equal((await request(s.base, path)).status, 200);
  const atFive = await request(s.base, path, { headers: { "x-cosmos-block-height": "5" } });
  assert.equal(atFive.headers.get("x-cosmos-block-height"), "5");
  assert.deepEqual(
    s.backend.calls.map((c) => [c.grpcPath, c.height]),
    [
      ["/cosmos.bank.v1beta1.Query/AllBalances", undefined],
      ["/cosmos.bank.v1beta1.Query/AllBalances", 5],
    ],
  );
  assert.deepEqual(s.backend.calls[0]!.request, s.backend.calls[1]!.request);
  // The app no longer serves the bank queries: the route the target had is gone with the old table.
  s.backend.snap = { ...s.backend.snap!, table: new RouteTable([AuthQuery]) };
  assertError(await request(s.base, path), 404, 5, /no route/);
  assert.equal(s.backend.calls.length, 2);
});

test("a request target in the absolute form (as a proxy sends it) is routed by its path and query", async () => {
  const { port } = new URL(main.base);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () =>
      socket.end(
        `GET http://node.example${`/cosmos/bank/v1beta1/balances/${ADDRESS}?pagination.limit=2`} HTTP/1.1\r\nHost: node.example\r\nConnection: close\r\n\r\n`,
      ),
    );
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
  assert.match(answer, /^HTTP\/1\.1 200 /);
  assert.deepEqual(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)), { balances: [{ denom: "uunit", amount: `${ADDRESS.length}` }], pagination: null });
});

test("HEAD is answered like GET, without a body", async () => {
  const res = await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, { method: "HEAD" });
  assert.equal(res.status, 200);
  assert.equal(res.text, "");
  assert.equal(res.headers.get("x-cosmos-block-height"), "12");
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
});

test("OPTIONS without CORS is 204 with Allow and no Access-Control-* header", async () => {
  const res = await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, {
    method: "OPTIONS",
    headers: { Origin: "https://app.example.com", "Access-Control-Request-Method": "GET" },
  });
  assert.equal(res.status, 204);
  assert.equal(res.text, "");
  assert.deepEqual(res.headers.get("allow")?.split(/,\s*/).sort(), ["GET", "HEAD", "OPTIONS"]);
  for (const name of res.headers.keys()) assert.ok(!name.startsWith("access-control-"), name);
});

test("CORS off: no Access-Control-Allow-Origin on a GET with an Origin", async () => {
  const res = await request(main.base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, { headers: { Origin: "https://app.example.com" } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("access-control-allow-origin"), null);
});

test("CORS any: ACAO * on answers and errors; a preflight is 204 with methods and sanitized headers", async () => {
  const { base, backend } = await start({ cors: { mode: "any" } });
  const ok = await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, { headers: { Origin: "https://app.example.com" } });
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get("access-control-allow-origin"), "*");
  assert.match(ok.headers.get("access-control-expose-headers") ?? "", /x-cosmos-block-height/);
  const missing = await request(base, "/nope", { headers: { Origin: "https://app.example.com" } });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("access-control-allow-origin"), "*", "a browser can read the error too");

  const calls = backend.calls.length;
  const pre = await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, {
    method: "OPTIONS",
    headers: {
      Origin: "https://app.example.com",
      "Access-Control-Request-Method": "GET",
      "Access-Control-Request-Headers": "x-cosmos-block-height, bad header, Accept",
    },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(pre.headers.get("access-control-allow-methods")?.split(/,\s*/).sort(), ["GET", "HEAD", "OPTIONS"]);
  assert.equal(pre.headers.get("access-control-allow-headers"), "x-cosmos-block-height, Accept");
  assert.equal(backend.calls.length, calls, "a preflight reaches no backend");
});

test("CORS list: a listed origin is echoed with Vary: Origin; another origin gets no ACAO", async () => {
  const { base } = await start({ cors: { mode: "list", origins: ["https://app.example.com"] } });
  const ok = await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, { headers: { Origin: "https://app.example.com" } });
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get("access-control-allow-origin"), "https://app.example.com");
  assert.match(ok.headers.get("vary") ?? "", /\bOrigin\b/);
  const other = await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`, { headers: { Origin: "https://evil.example.com" } });
  assert.equal(other.status, 200);
  assert.equal(other.headers.get("access-control-allow-origin"), null);
  assert.match(other.headers.get("vary") ?? "", /\bOrigin\b/);
});

test("a request URL longer than maxUrlBytes is 414", async () => {
  const long = `/cosmos/bank/v1beta1/balances/${ADDRESS}?x=${"a".repeat(8 * 1024)}`;
  const before = main.backend.calls.length;
  assertError(await request(main.base, long), 414, 3, /exceeds 8192/);
  assert.equal(main.backend.calls.length, before);
  // The limit is inclusive and counts the query string.
  const exact = `/cosmos/bank/v1beta1/balances/${ADDRESS}?pagination.limit=1`;
  const { base } = await start({ limits: { maxUrlBytes: Buffer.byteLength(exact) } });
  assert.equal((await request(base, exact)).status, 200);
  assertError(await request(base, `${exact}x`), 414, 3, new RegExp(`request URL of ${Buffer.byteLength(exact) + 1} bytes exceeds ${Buffer.byteLength(exact)}`));
});

test("gRPC failures of the call map to HTTP: 5 -> 404, 14 -> 503, 12 -> 501, 4 -> 504, 3 -> 400", async () => {
  const { base, backend } = await start();
  const cases: Array<[number, number, RegExp]> = [
    [5, 404, /^x$/],
    [14, 503, /unavailable: x$/],
    [12, 501, /^x$/],
    [4, 504, /^x$/],
    [3, 400, /^x$/],
    [16, 401, /^x$/],
  ];
  for (const [code, status, message] of cases) {
    backend.answer = async () => {
      throw { code, details: "x" };
    };
    assertError(await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`), status, code, message);
  }
});

test("any other failure is 500 internal error, without its message", async () => {
  const { base, backend } = await start();
  backend.answer = async () => {
    throw new Error("secret stack detail");
  };
  const res = await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`);
  assertError(res, 500, 13, /^internal error$/);
  backend.answer = async () => ({ bytes: Uint8Array.of(0xff, 0xff, 0xff), height: 1 });
  assertError(await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`), 500, 13);
});

test("before the routes are loaded every request is 503 with the backend's reason", async () => {
  const backend = new FakeBackend();
  backend.snap = undefined;
  const { base } = await start({ backend });
  for (const path of [`/cosmos/bank/v1beta1/balances/${ADDRESS}`, "/openapi.json", "/nope"]) {
    assertError(await request(base, path), 503, 14, /has not been reached yet \(fake\)/);
  }
  assert.equal(backend.calls.length, 0);
});

test("more than maxInFlight requests at once get 429 with Retry-After; the slot is freed afterwards", async () => {
  const { base, backend } = await start({ limits: { maxInFlight: 1, callTimeoutMs: 1234 } });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  backend.answer = async (call) => {
    entered();
    await released;
    return defaultAnswer(call);
  };
  const first = request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`);
  await inside;
  const second = await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`);
  assertError(second, 429, 8, /retry/);
  assert.equal(second.headers.get("retry-after"), "1");
  assert.equal((await request(base, "/openapi.json")).status, 200, "the document is not a call to the app");
  release();
  assert.equal((await first).status, 200);
  assert.equal(backend.calls[0]!.timeoutMs, 1234, "the call gets the configured deadline");

  backend.answer = async () => {
    throw { code: 5, details: "gone" };
  };
  assert.equal((await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`)).status, 404);
  backend.answer = async (call) => defaultAnswer(call);
  assert.equal((await request(base, `/cosmos/bank/v1beta1/balances/${ADDRESS}`)).status, 200, "a failed call frees its slot too");
});

/** Every `$ref` value in the document. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  assert.ok(ref.startsWith("#/"), ref);
  let at: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (!at || typeof at !== "object" || !(key in at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

test("/openapi.json is an OpenAPI 3 document of the served routes whose refs and path parameters all resolve", async () => {
  const res = await request(main.base, "/openapi.json");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  const doc = res.json as {
    openapi: string;
    info: { title: string };
    paths: Record<string, Record<string, { parameters: Array<{ name?: string; in?: string; $ref?: string }> }>>;
  };
  assert.equal(doc.openapi, "3.0.3");
  assert.equal(doc.info.title, "test gateway");
  assert.ok("/cosmos/bank/v1beta1/balances/{address}" in doc.paths);
  assert.ok("/cosmos/auth/v1beta1/accounts/{address}" in doc.paths);
  assert.equal(Object.keys(doc.paths).length, main.backend.snap!.table.routes.length);

  const all = refs(doc);
  assert.ok(all.length > 0);
  for (const ref of all) assert.notEqual(resolvePointer(doc, ref), undefined, `unresolved ${ref}`);

  for (const [path, item] of Object.entries(doc.paths)) {
    const params = item.get!.parameters.map((p) => (p.$ref ? (resolvePointer(doc, p.$ref) as { name: string; in: string }) : p));
    const declared = params
      .filter((p) => p.in === "path")
      .map((p) => p.name)
      .sort();
    const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    assert.deepEqual(declared, inPath, path);
  }
});

test("an Any of a type the registry lacks is learned once, then the answer is written", async () => {
  const { base, backend } = await start();
  const key = new Uint8Array(33).fill(3);
  const account = create(BaseAccountSchema, {
    address: ADDRESS,
    accountNumber: 4n,
    pubKey: create(AnySchema, { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: toBinary(PubKeySchema, create(PubKeySchema, { key })) }),
  });
  const answer = create(QueryAccountResponseSchema, {
    account: create(AnySchema, { typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: toBinary(BaseAccountSchema, account) }),
  });
  backend.answer = async () => ({ bytes: toBinary(QueryAccountResponseSchema, answer), height: 3 });
  assert.equal(backend.snap!.registry.getMessage("cosmos.crypto.secp256k1.PubKey"), undefined, "sanity: the type is not known yet");

  const res = await request(base, `/cosmos/auth/v1beta1/accounts/${ADDRESS}`);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.json, {
    account: {
      "@type": "/cosmos.auth.v1beta1.BaseAccount",
      address: ADDRESS,
      pub_key: { "@type": "/cosmos.crypto.secp256k1.PubKey", key: Buffer.from(key).toString("base64") },
      account_number: "4",
      sequence: "0",
    },
  });
  assert.deepEqual(backend.learned, ["cosmos.crypto.secp256k1.PubKey"]);

  const again = await request(base, `/cosmos/auth/v1beta1/accounts/${ADDRESS}`);
  assert.equal(again.status, 200);
  assert.deepEqual(backend.learned, ["cosmos.crypto.secp256k1.PubKey"], "a learned type is not asked for again");
});

test("an Any of a type the app does not know either is 500 naming the type", async () => {
  const { base, backend } = await start();
  const answer = create(QueryAccountResponseSchema, { account: create(AnySchema, { typeUrl: "/x.v1.Unknown", value: Uint8Array.of(8, 1) }) });
  backend.answer = async () => ({ bytes: toBinary(QueryAccountResponseSchema, answer), height: 3 });
  assertError(await request(base, `/cosmos/auth/v1beta1/accounts/${ADDRESS}`), 500, 13, /"\/x\.v1\.Unknown"/);
  assert.deepEqual(backend.learned, ["x.v1.Unknown"]);

  // A backend that claims to learn the type but does not: bounded retries, then 500.
  backend.learned = [];
  backend.learn = () => true;
  assertError(await request(base, `/cosmos/auth/v1beta1/accounts/${ADDRESS}`), 500, 13);
  assert.ok(backend.learned.length >= 1 && backend.learned.length <= 17, `learnType called ${backend.learned.length} times`);
});
