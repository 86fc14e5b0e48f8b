import { test } from "node:test";
import assert from "node:assert/strict";
import { rawEthSecp256k1PubkeyToRawAddress, rawSecp256k1PubkeyToRawAddress } from "@cosmjs/amino";
import { addressFromPubKey, tryAddressFromPubKey } from "./address.js";
import { decompressPubKey } from "./pubkey.js";
import { publicKeyFromPrivateKey } from "./secp256k1Sign.js";
import { formatHexAddress } from "./hexAddress.js";

const one = Uint8Array.from([...new Uint8Array(31), 1]);

test("the eth address of private key 1 is the well-known 0x7E5F...5Bdf", () => {
  const pub = publicKeyFromPrivateKey(one);
  assert.equal(formatHexAddress(addressFromPubKey("eth_secp256k1", pub)), "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
  assert.deepEqual(addressFromPubKey("eth_secp256k1", decompressPubKey(pub)), addressFromPubKey("eth_secp256k1", pub));
});

test("both address rules agree with CosmJS", () => {
  for (let i = 1; i <= 5; i++) {
    const pub = publicKeyFromPrivateKey(new Uint8Array(32).fill(i));
    assert.deepEqual(addressFromPubKey("secp256k1", pub), rawSecp256k1PubkeyToRawAddress(pub));
    assert.deepEqual(addressFromPubKey("eth_secp256k1", pub), rawEthSecp256k1PubkeyToRawAddress(pub));
    assert.deepEqual(addressFromPubKey("secp256k1", decompressPubKey(pub)), addressFromPubKey("secp256k1", pub), "uncompressed input is compressed first");
  }
});

test("tryAddressFromPubKey returns undefined for bytes that are no key", () => {
  const notOnCurve = Uint8Array.from([0x03, ...new Uint8Array(32).fill(0xff)]);
  assert.equal(tryAddressFromPubKey("eth_secp256k1", notOnCurve), undefined);
  assert.equal(tryAddressFromPubKey("secp256k1", new Uint8Array(10)), undefined);
  assert.equal(tryAddressFromPubKey("eth_secp256k1", new Uint8Array()), undefined);
  assert.throws(() => addressFromPubKey("eth_secp256k1", notOnCurve), /not a point on the curve/);
});
