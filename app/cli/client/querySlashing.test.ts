// The consensus address argument of `unitd query slashing signing-info`: a unitvalcons address as
// given, or an ed25519 public key as the SDK CLI's or CometBFT's JSON, turned into its address.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sha256 } from "@noble/hashes/sha2.js";
import { consAddressToString } from "../../../common/address.js";
import { consAddressArg } from "./querySlashing.js";

const KEY = Buffer.alloc(32, 9);
const ADDRESS = consAddressToString(sha256(KEY).subarray(0, 20));

test("a unitvalcons address passes; a public key JSON becomes its address", () => {
  assert.equal(consAddressArg(ADDRESS), ADDRESS);
  assert.equal(consAddressArg(JSON.stringify({ "@type": "/cosmos.crypto.ed25519.PubKey", key: KEY.toString("base64") })), ADDRESS);
  assert.equal(consAddressArg(JSON.stringify({ type: "tendermint/PubKeyEd25519", value: KEY.toString("base64") })), ADDRESS);
});

test("anything else is a usage error", () => {
  for (const bad of [
    "unit1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a",
    "{not json",
    JSON.stringify({ "@type": "/cosmos.crypto.secp256k1.PubKey", key: KEY.toString("base64") }),
    JSON.stringify({ "@type": "/cosmos.crypto.ed25519.PubKey", key: Buffer.alloc(31).toString("base64") }),
  ]) {
    assert.throws(
      () => consAddressArg(bad),
      (err: unknown) => (err as Error).name === "UsageError",
      bad,
    );
  }
});
