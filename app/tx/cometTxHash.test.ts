import assert from "node:assert/strict";
import { test } from "node:test";
import { cometTxHash } from "./cometTxHash.js";

test("a tx's CometBFT hash is the upper-case hex SHA-256 of its bytes", () => {
  assert.equal(cometTxHash(new Uint8Array()), "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855");
  assert.equal(cometTxHash(new TextEncoder().encode("abc")), "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD");
});
