import { test } from "node:test";
import assert from "node:assert/strict";
import { validateKeyName } from "./keyName.js";

test("key names that could escape the keyring directory or hide are refused", () => {
  for (const ok of ["alice", "validator-0", "my_key.2", "a@b+c", "0"]) validateKeyName(ok);
  for (const bad of ["", "../x", "a/b", "a\\b", ".hidden", "-flag", "with space", "x".repeat(65), "nul\0", "é"]) {
    assert.throws(() => validateKeyName(bad), /key name/, JSON.stringify(bad));
  }
});
