// The server's settings: defaults, a node home's ports, host and CORS, flags over both, and
// refusals that name the flag.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEvmRpcArgs, type EvmRpcConfig } from "./config.js";
import { shiftPorts } from "../common/node/ports.js";

const parse = (...argv: string[]) => parseEvmRpcArgs(argv) as EvmRpcConfig;

test("defaults: 8545 and 8546 on loopback, the local node's gRPC and RPC, CORS off", () => {
  const c = parse();
  assert.deepEqual(
    [c.host, c.httpPort, c.wsPort, c.grpcAddress, c.nodeUrl, c.cors.mode],
    ["127.0.0.1", 8545, 8546, "127.0.0.1:9090", "http://127.0.0.1:26657", "off"],
  );
  assert.deepEqual([c.maxBodyBytes, c.maxBatch, c.timeoutMs, c.logs.maxBlockRange, c.filters.ttlMs], [5 * 1024 * 1024, 100, 30_000, 10_000, 300_000]);
  assert.equal(parseEvmRpcArgs(["--help"]), "help");
});

test("a node home gives the ports, the listen host and CORS; flags win", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "evm-rpc-config-"));
  fs.mkdirSync(path.join(home, "config"));
  fs.writeFileSync(
    path.join(home, "config", "app.json"),
    JSON.stringify({ chainId: "c", ports: shiftPorts(20), pruningKeepRecent: 0, pruningInterval: 10, unsafeCors: true, listenHost: "0.0.0.0" }),
  );
  const c = parse("--home", home);
  assert.deepEqual(
    [c.host, c.httpPort, c.wsPort, c.grpcAddress, c.nodeUrl, c.cors.mode],
    ["0.0.0.0", 8565, 8566, "127.0.0.1:9110", "http://127.0.0.1:26677", "any"],
  );
  const f = parse("--home", home, "--host", "127.0.0.1", "--http-port", "9545", "--cors", "off", "--max-batch", "5", "--filter-timeout", "60");
  assert.deepEqual([f.host, f.httpPort, f.wsPort, f.cors.mode, f.maxBatch, f.filters.ttlMs], ["127.0.0.1", 9545, 8566, "off", 5, 60_000]);
  fs.rmSync(home, { recursive: true });
});

test("the filter pool and each client's share of it are flags", () => {
  const d = parse();
  assert.deepEqual([d.filters.maxFilters, d.filters.maxFiltersPerClient], [1000, 100]);
  const f = parse("--max-filters", "50", "--max-filters-per-client", "5");
  assert.deepEqual([f.filters.maxFilters, f.filters.maxFiltersPerClient], [50, 5]);
  assert.throws(() => parse("--max-filters-per-client", "0"), /--max-filters-per-client expects a positive integer/);
});

test("bad flags are refused by name", () => {
  assert.throws(() => parse("--http-port", "0"), /--http-port expects a positive integer/);
  assert.throws(() => parse("--http-port", "8546"), /--http-port and --ws-port must differ/);
  assert.throws(() => parse("--grpc", "localhost"), /--grpc expects host:port/);
  assert.throws(() => parse("--cors", "dapp.test"), /is not a URL/);
  assert.throws(() => parse("--bogus"), /Unknown option '--bogus'/);
  assert.throws(() => parse("extra"), /unexpected argument "extra"/);
  assert.throws(() => parse("--home", "/nonexistent/home"), /cannot read .*app.json/);
});
