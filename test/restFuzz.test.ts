// REST fuzz from the OpenAPI document: a real one-validator node and the REST gateway as its own
// process; every route the served /openapi.json lists gets a fixed number of requests whose path,
// query and height header are generated from the document's parameter schemas (plausible values,
// boundaries, malformed input, odd pagination, unknown parameters). No answer may be a 5xx, every
// error must have the documented {code, message, details} body, and the gateway and the app must
// still answer afterwards. Seeded: REST_FUZZ_SEED=<n> replays a run.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { faucetAddress, validatorAccountAddress } from "../app/localGenesis.js";
import { BONDED_POOL, FEE_COLLECTOR, GOV_ACCOUNT } from "../common/moduleAccounts.js";
import { formatValidatorAddress, parseAccountAddress, toHexAddress } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";
import { prng, seedFromEnv } from "./support/prng.js";
import { RestGatewayProcess, type RestAnswer } from "./support/restGateway.js";

const SEED = seedFromEnv("REST_FUZZ_SEED");
const REQUESTS_PER_ROUTE = 40;
const CONCURRENCY = 4;

interface Schema {
  type?: string;
  format?: string;
  enum?: string[];
  items?: Schema;
}
interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  schema: Schema;
  $ref?: string;
}
interface Operation {
  parameters?: Parameter[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

let node: LocalNode;
let gateway: RestGatewayProcess;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/cosmos/auth/v1beta1/params");
});

after(async () => {
  await gateway?.stop();
  await node?.destroy();
});

/** Values a client could plausibly send for a parameter, chosen by its name and schema. */
function plausible(name: string, schema: Schema, accounts: string[], validator: string): string[] {
  const leaf = name.split(".").pop()!;
  if (schema.enum) return schema.enum;
  if (schema.type === "boolean") return ["true", "false"];
  if (schema.format === "byte") return ["", "AA==", "dW51bml0", "_-8"];
  if (schema.format?.includes("int")) return ["0", "1", "2", "3"];
  if (/valid|operator/.test(leaf)) return [validator];
  if (/addr|voter|depositor|owner|delegator|granter|grantee|address/.test(leaf)) return [...accounts, ...accounts.map(toHexAddress)];
  if (/hash/.test(leaf)) return ["00".repeat(32), "AB".repeat(32), "0x" + "11".repeat(32)];
  if (/slot|key/.test(leaf)) return ["0x" + "00".repeat(32), "0"];
  if (/denom/.test(leaf)) return ["uunit", "aunit", "ibc/ABC"];
  if (/jurisdiction|code/.test(leaf)) return ["US", "DE", "FR-75"];
  if (/id$|_id|height/.test(leaf)) return ["1", "2", "0"];
  if (leaf === "name") return [FEE_COLLECTOR, GOV_ACCOUNT, BONDED_POOL];
  if (leaf === "params_type") return ["voting", "tallying", "deposit", "params"];
  if (leaf === "events" || leaf === "query") return ["tx.height=1", "message.sender='x'", "transfer.amount>0"];
  return ["1", "a", "uunit"];
}

const BOUNDARY = ["0", "-1", "18446744073709551615", "18446744073709551616", "9223372036854775807", "-9223372036854775808", "", "1e309", "0x0", "00001"];

function malformed(rand: () => number): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  switch (Math.floor(rand() * 9)) {
    case 0:
      return Array.from({ length: 1 + Math.floor(rand() * 40) }, () => String.fromCharCode(Math.floor(rand() * 256))).join("");
    case 1:
      return "a".repeat(pick([300, 2000, 9000]));
    case 2:
      return pick(["ünïcödé", "😀😀", "\u0000", "\u202e", "日本語", "\ud800"]);
    case 3:
      return pick([
        "unit1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq",
        "unit1",
        "cosmos1xyz",
        "UNIT1ABC",
        "unitvaloper1zz",
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      ]);
    case 4:
      return pick(["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "a/b/c", "//", "%00", "%"]);
    case 5:
      return pick(["true", "null", "{}", "[]", "NaN", "Infinity", "' OR 1=1 --"]);
    case 6:
      return "0x" + "zz".repeat(Math.floor(rand() * 40));
    case 7:
      return String(Math.floor(rand() * 2 ** 53)) + "9".repeat(Math.floor(rand() * 30));
    default:
      return pick(BOUNDARY);
  }
}

function valueFor(rand: () => number, param: Parameter, accounts: string[], validator: string): string {
  const r = rand();
  if (r < 0.5) {
    const xs = plausible(param.name, param.schema, accounts, validator);
    return xs[Math.floor(rand() * xs.length)]!;
  }
  if (r < 0.7) return BOUNDARY[Math.floor(rand() * BOUNDARY.length)]!;
  return malformed(rand);
}

/** A path segment: usually percent-encoded, sometimes raw (traversal, stray `%`, unicode). */
function encodeSegment(rand: () => number, value: string): string {
  if (rand() < 0.8) return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "?"));
  return value.replace(/[\u0000-\u001f\u007f #?]/g, (c) => encodeURIComponent(c));
}

function encodeQuery(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "?"));
  }
}

const PAGINATION_VALUES: Record<string, string[]> = {
  "pagination.limit": ["0", "1", "1000", "1001", "18446744073709551615", "-1", "abc", ""],
  "pagination.offset": ["0", "1", "100000000", "18446744073709551615", "-5", "x"],
  "pagination.key": ["", "AA==", "!!!", "%%", "_-_-", "a".repeat(500)],
  "pagination.count_total": ["true", "false", "1", "yes", ""],
  "pagination.reverse": ["true", "t", "0", "maybe"],
};
const HEIGHT_HEADERS = ["0", "1", "2", "-1", "abc", "99999999999999999999", "1.5", " 1", ""];

interface FuzzRequest {
  route: string;
  url: string;
  headers: Record<string, string>;
}

function generate(rand: () => number, route: string, op: Operation, accounts: string[], validator: string, latest: number): FuzzRequest {
  const params = (op.parameters ?? []).filter((p) => !p.$ref);
  let url = route.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = params.find((p) => p.in === "path" && p.name === name) ?? { name, in: "path", schema: { type: "string" } };
    return encodeSegment(rand, valueFor(rand, param, accounts, validator));
  });
  const query: string[] = [];
  for (const p of params.filter((p) => p.in === "query")) {
    if (rand() < 0.4) continue;
    const repeats = p.schema.type === "array" ? Math.floor(rand() * 3) + 1 : rand() < 0.05 ? 2 : 1;
    for (let i = 0; i < repeats; i++) query.push(`${encodeQuery(p.name)}=${encodeQuery(valueFor(rand, p, accounts, validator))}`);
  }
  // Pagination with odd values on any route (refused with 400 where the request has none).
  if (rand() < 0.4) {
    for (const [name, values] of Object.entries(PAGINATION_VALUES)) {
      if (rand() < 0.5) query.push(`${name}=${encodeQuery(values[Math.floor(rand() * values.length)]!)}`);
    }
  }
  if (rand() < 0.1) query.push(`${encodeQuery(malformed(rand).slice(0, 40))}=${encodeQuery(malformed(rand).slice(0, 40))}`);
  if (rand() < 0.05) query.push(...Array.from({ length: 40 }, (_, i) => `_${i}=1`));
  if (rand() < 0.05) query.push("%zz=%", "=", "&&");
  if (query.length > 0) url += "?" + query.join("&");
  const headers: Record<string, string> = {};
  if (rand() < 0.3) {
    headers["x-cosmos-block-height"] =
      rand() < 0.3 ? String(Math.max(1, latest - Math.floor(rand() * 3))) : HEIGHT_HEADERS[Math.floor(rand() * HEIGHT_HEADERS.length)]!;
  }
  return { route, url, headers };
}

function describe(req: FuzzRequest, answer: RestAnswer | Error): string {
  const what = answer instanceof Error ? `threw ${answer.message}` : `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 2000)}`;
  return `${req.route}\n  GET ${req.url.slice(0, 500)}${req.url.length > 500 ? "..." : ""} ${JSON.stringify(req.headers)}\n  -> ${what}`;
}

function errorShapeProblem(answer: RestAnswer): string | undefined {
  if (answer.status < 400) return undefined;
  const body = answer.body as { code?: unknown; message?: unknown; details?: unknown } | undefined;
  if (typeof body !== "object" || body === null) return "error body is not a JSON object";
  if (!Number.isInteger(body.code) || (body.code as number) <= 0) return "error code is not a positive integer";
  if (typeof body.message !== "string" || body.message === "") return "error message is not a non-empty string";
  if (!Array.isArray(body.details)) return "error details is not an array";
  return undefined;
}

test(`every OpenAPI route survives generated requests with no 5xx (seed ${SEED})`, async () => {
  console.log(`REST fuzz seed ${SEED} (REST_FUZZ_SEED=${SEED} replays it)`);
  const rand = prng(SEED);
  const doc = (await gateway.get("/openapi.json")).body as OpenApi;
  const routes = Object.entries(doc.paths).flatMap(([route, ops]) => Object.entries(ops).map(([method, op]) => ({ route, method, op })));
  assert.ok(routes.length >= 50, `only ${routes.length} operations in /openapi.json`);
  assert.deepEqual([...new Set(routes.map((r) => r.method))], ["get"], "the gateway is query-only");

  const accounts = [faucetAddress(), validatorAccountAddress(0)];
  const validator = formatValidatorAddress(parseAccountAddress(accounts[1]!));
  const latest = await gateway.committedHeight();
  const requests = routes.flatMap(({ route, op }) => Array.from({ length: REQUESTS_PER_ROUTE }, () => generate(rand, route, op, accounts, validator, latest)));

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const req = requests[next++]!;
        let answer: RestAnswer;
        try {
          answer = await gateway.get(req.url, { headers: req.headers });
        } catch (err) {
          failures.push(describe(req, err as Error));
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) failures.push(describe(req, answer));
        else {
          const problem = errorShapeProblem(answer);
          if (problem) failures.push(`${problem}: ${describe(req, answer)}`);
        }
      }
    }),
  );
  console.log(
    `${requests.length} requests over ${routes.length} operations in ${Date.now() - started} ms; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
  );
  assert.equal(failures.length, 0, `seed ${SEED}: ${failures.length} bad answers:\n${failures.slice(0, 30).join("\n")}`);
  // The fuzz must reach handlers, not only the gateway's own refusals.
  assert.ok((statuses.get(200) ?? 0) > routes.length, `only ${statuses.get(200) ?? 0} answers were 200`);

  // Both processes still serve: the gateway answers from state, and the chain keeps committing.
  assert.ok(gateway.running, `the gateway exited; its output:\n${gateway.logs()}`);
  assert.equal((await gateway.get("/cosmos/bank/v1beta1/balances/" + accounts[0])).status, 200);
  const height = await gateway.committedHeight();
  await node.waitForHeight(height + 2, 20_000);
  assert.ok((await gateway.committedHeight()) > height, "the app stopped committing blocks");
});
