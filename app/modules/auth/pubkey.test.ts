import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { decodePubKey, PUBKEY_SCHEMAS } from "./pubkey.js";
import { PUBKEY_TYPE_URL } from "../../../sdk/signer.js";
import { prng } from "../../../test/support/prng.js";

/** decodePubKey as protobuf-es alone reads it: the key or the error message. */
function reference(typeUrl: string, value: Uint8Array): { key: string } | { error: string } {
  try {
    const algo = typeUrl === PUBKEY_TYPE_URL.secp256k1 ? "secp256k1" : "eth_secp256k1";
    const key = fromBinary(PUBKEY_SCHEMAS[algo], value).key;
    if (key.length !== 33 || (key[0] !== 2 && key[0] !== 3)) return { error: `${typeUrl} must be a 33-byte compressed key, got ${key.length} bytes` };
    return { key: Buffer.from(key).toString("hex") };
  } catch (err) {
    return { error: `cannot decode ${typeUrl}: ${(err as Error).message}` };
  }
}

function actual(typeUrl: string, value: Uint8Array): { key: string } | { error: string } {
  try {
    return { key: Buffer.from(decodePubKey(create(AnySchema, { typeUrl, value })).key).toString("hex") };
  } catch (err) {
    return { error: (err as Error).message.replace(/: invalid pubkey$/, "") };
  }
}

test("decodePubKey reads every PubKey as protobuf-es does, the wallets' shape by hand", () => {
  const next = prng(0x5eed);
  const int = (n: number) => Math.floor(next() * n);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
  const shapes: Uint8Array[] = [];
  for (const prefix of [2, 3, 4, 0])
    shapes.push(toBinary(PUBKEY_SCHEMAS.secp256k1, create(PUBKEY_SCHEMAS.secp256k1, { key: Uint8Array.of(prefix, ...bytes(32)) })));
  for (let n = 0; n < 130; n++) shapes.push(Uint8Array.of(0x0a, n, ...bytes(n))); // every one-byte length, and lengths that lie
  for (let i = 0; i < 2000; i++) {
    const base = Uint8Array.of(0x0a, 33, 2 + int(2), ...bytes(32));
    const mutated = Uint8Array.from(base);
    for (let k = 1 + int(3); k > 0; k--) mutated[int(mutated.length)] = int(256);
    shapes.push(mutated, base.subarray(0, int(base.length)), Uint8Array.of(...base, ...bytes(int(4))));
  }
  shapes.push(Uint8Array.of(0x0a, 0x21, 2, ...bytes(32), 0x0a, 0x21, 3, ...bytes(32))); // field 1 twice: the last wins
  shapes.push(Uint8Array.of(0x0a, 0xa1, 0x00, 2, ...bytes(32))); // a two-byte length of 33
  shapes.push(new Uint8Array());
  let byHand = 0;
  for (const typeUrl of [PUBKEY_TYPE_URL.secp256k1, PUBKEY_TYPE_URL.eth_secp256k1])
    for (const value of shapes) {
      const expected = reference(typeUrl, value);
      assert.deepEqual(actual(typeUrl, value), expected, Buffer.from(value).toString("hex"));
      if ("key" in expected && value[0] === 0x0a && value[1] === 33 && value.length === 35) byHand++;
    }
  assert.ok(byHand > 100, `${byHand} keys in the wallets' shape`);
});

test("an unknown key type is refused before its bytes are read", () => {
  assert.throws(
    () => decodePubKey(create(AnySchema, { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Uint8Array.of(0x0a, 0x20) })),
    /unsupported public key type/,
  );
});
