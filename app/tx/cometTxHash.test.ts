import assert from "node:assert/strict";
import { test } from "node:test";
import { txHash } from "../../sdk/tx/txParts.js";
import { cometTxHash } from "./cometTxHash.js";

test("a tx's CometBFT hash is the upper-case hex SHA-256 of its bytes", () => {
  assert.equal(cometTxHash(new Uint8Array()), "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855");
  assert.equal(cometTxHash(new TextEncoder().encode("abc")), "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD");
});

test("the node's native hash and the SDK's pure-JS one agree", () => {
  for (const length of [0, 1, 55, 56, 64, 112, 1000]) {
    const tx = Uint8Array.from({ length }, (_, i) => (i * 37 + length) % 256);
    assert.equal(cometTxHash(tx), txHash(tx), `${length} bytes`);
  }
});
