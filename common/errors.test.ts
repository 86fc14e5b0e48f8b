// The registry is the source of truth for error codes; docs/errors.md must list exactly it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { GrpcCode, registerError, registeredErrors } from "./errors.js";
import { wireApp } from "../app/modules.js";

test("registering a (codespace, code) pair twice throws", () => {
  assert.throws(() => registerError("sdk", 5, "something else"), /error sdk\/5 registered twice/);
  assert.throws(() => registerError("x", 0, "ok"), /code 0 is success/);
});

test("docs/errors.md lists every registered error and nothing else", () => {
  wireApp();
  const names = Object.fromEntries(Object.entries(GrpcCode).map(([k, v]) => [v, k]));
  const doc = fs.readFileSync(new URL("../docs/errors.md", import.meta.url), "utf8");
  const rows = doc.split("\n").filter((l) => /^\| [a-z]+ \| \d+ \|/.test(l));
  const expected = registeredErrors().map((e) => `| ${e.codespace} | ${e.code} | ${e.description} | ${names[e.grpcCode]} |`);
  assert.deepEqual(rows, expected);
});
