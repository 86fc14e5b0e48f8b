import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_PORTS, FETCH_BLOCKED_PORTS, networkOffsetProblem, portOffsetProblem, portsForValidator, shiftPorts } from "./ports.js";

test("shiftPorts moves every port by the offset and validator i by 10·i", () => {
  const moved = shiftPorts(1000);
  for (const [name, port] of Object.entries(DEFAULT_PORTS)) assert.equal(moved[name as keyof typeof moved], port + 1000, name);
  assert.equal(portsForValidator(3).rest, DEFAULT_PORTS.rest + 30);
});

test("an offset that puts a port where fetch() refuses to connect is refused, naming the port", async () => {
  // 1317 + 5350 = 6667 (IRC), the REST gateway of a devnet that CI once could not reach.
  assert.match(portOffsetProblem(5350) ?? "", /the rest port would be 6667, which browsers and fetch\(\) refuse/);
  assert.throws(() => shiftPorts(5350), /rest port would be 6667/);
  // The list agrees with this Node's fetch: a blocked port fails before any connection is tried.
  const refused = await fetch("http://127.0.0.1:6667/").then(
    () => undefined,
    (e: Error & { cause?: Error }) => e.cause?.message,
  );
  assert.equal(refused, "bad port");
  assert.ok(FETCH_BLOCKED_PORTS.has(6667) && !FETCH_BLOCKED_PORTS.has(DEFAULT_PORTS.rest));
});

test("every offset that keeps ports in range either moves them all onto usable ports or says why not", () => {
  let refused = 0;
  for (let offset = 0; offset + DEFAULT_PORTS.rpc <= 65535; offset += 10) {
    const problem = portOffsetProblem(offset);
    const landsOnBlocked = Object.values(DEFAULT_PORTS).some((p) => FETCH_BLOCKED_PORTS.has(p + offset));
    assert.equal(problem !== undefined, landsOnBlocked, `offset ${offset}`);
    if (problem) refused++;
  }
  assert.ok(refused > 0);
  assert.match(portOffsetProblem(40000) ?? "", /out of range \(66657\)/);
});

test("a network's offset is refused when any validator's ports (+10 each) would land on a blocked port", () => {
  // Validator 0 at 5340 is fine; validator 1 (5350) puts REST on 6667.
  assert.equal(portOffsetProblem(5340), undefined);
  assert.match(networkOffsetProblem(5340, 2) ?? "", /rest port would be 6667/);
  assert.equal(networkOffsetProblem(5340, 1), undefined);
});
