import { test } from "node:test";
import assert from "node:assert/strict";
import { createAccessList2930Tx, createEOACode7702Tx, createFeeMarket1559Tx, createLegacyTx, createTxFromRLP } from "@ethereumjs/tx";
import { Address, privateToAddress } from "@ethereumjs/util";
import { keccak256 } from "../../sdk/crypto/hashes.js";
import { decodeEthTx, evmCommon } from "./ethTx.js";
import { typedSigningPayload } from "./signingPayload.js";

const key = new Uint8Array(32).fill(7);
const common = evmCommon(2611n);
const to = `0x${"66".repeat(20)}` as const;
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/** Signed typed txs of every type we accept, short and long lists, with and without a recipient. */
function typedTxs(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const dataLength of [0, 1, 20, 55, 56, 300, 40_000]) {
    const data = Uint8Array.from({ length: dataLength }, (_, i) => (i * 31 + 7) % 256);
    const base = { nonce: BigInt(dataLength), gasLimit: 5_000_000n, data, value: BigInt(dataLength) * 1000n };
    out.push(
      createFeeMarket1559Tx({ ...base, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 1n }, { common })
        .sign(key)
        .serialize(),
    );
    out.push(
      createFeeMarket1559Tx({ ...base, maxFeePerGas: 9n, to }, { common })
        .sign(key)
        .serialize(),
    );
    out.push(
      createAccessList2930Tx(
        { ...base, gasPrice: 7n, to, accessList: [{ address: to, storageKeys: [`0x${"01".repeat(32)}`, `0x${"02".repeat(32)}`] }] },
        { common },
      )
        .sign(key)
        .serialize(),
    );
    out.push(
      createEOACode7702Tx(
        { ...base, maxFeePerGas: 9n, to, authorizationList: [{ chainId: "0x0a33", address: to, nonce: "0x0", yParity: "0x0", r: "0x01", s: "0x01" }] },
        { common },
      )
        .sign(key)
        .serialize(),
    );
  }
  return out;
}

test("a typed tx's signing payload cut from its bytes hashes as the library's serialisation does", () => {
  for (const raw of typedTxs()) {
    const payload = typedSigningPayload(raw);
    assert.ok(payload !== undefined, `type ${raw[0]}, ${raw.length} bytes`);
    const fresh = createTxFromRLP(raw, { common });
    assert.equal(hex(payload), hex(fresh.getMessageToSign() as Uint8Array), `type ${raw[0]}, ${raw.length} bytes`);
  }
});

test("decoding recovers the signer of every type through the cut payload", () => {
  const signer = new Address(privateToAddress(key));
  for (const raw of typedTxs()) {
    const d = decodeEthTx(raw, 2611n, true);
    assert.ok(d.sender.equals(signer), `type ${raw[0]}, ${raw.length} bytes`);
    assert.deepEqual(d.tx.getMessageToVerifySignature(), keccak256(typedSigningPayload(raw)!));
  }
});

test("a changed field changes the signer recovered, as with the library's payload", () => {
  const raw = createFeeMarket1559Tx({ nonce: 1n, gasLimit: 21_000n, maxFeePerGas: 9n, to, value: 5n }, { common }).sign(key).serialize();
  const valueAt = Buffer.from(raw).indexOf(Buffer.from([0x05]), 30);
  const changed = Uint8Array.from(raw);
  changed[valueAt] = 0x06;
  const d = decodeEthTx(changed, 2611n, true);
  assert.ok(!d.sender.equals(new Address(privateToAddress(key))));
  assert.ok(d.sender.equals(createTxFromRLP(changed, { common }).getSenderAddress()));
});

test("bytes that are not a typed tx's one list of three or more items give no payload", () => {
  const legacy = createLegacyTx({ nonce: 1n, gasPrice: 7n, gasLimit: 21_000n, to }, { common }).sign(key).serialize();
  assert.equal(typedSigningPayload(legacy), undefined, "legacy: EIP-155's payload is not a cut of its bytes");
  const typed = typedTxs()[1]!;
  assert.equal(typedSigningPayload(typed.subarray(0, typed.length - 1)), undefined, "truncated");
  assert.equal(typedSigningPayload(Uint8Array.of(...typed, 0x80)), undefined, "bytes after the list");
  assert.equal(typedSigningPayload(Uint8Array.of(2, 0xc2, 0x01, 0x02)), undefined, "two items");
  assert.equal(typedSigningPayload(Uint8Array.of(2, 0xc3, 0x01, 0x02, 0x81)), undefined, "an item past the list");
  assert.equal(typedSigningPayload(Uint8Array.of(2, 0xfb, 0xff, 0xff, 0xff, 0xff)), undefined, "a length past the input");
  assert.equal(typedSigningPayload(Uint8Array.of(2)), undefined);
  assert.deepEqual(typedSigningPayload(Uint8Array.of(2, 0xc3, 0x01, 0x02, 0x03)), Uint8Array.of(2, 0xc0));
});
