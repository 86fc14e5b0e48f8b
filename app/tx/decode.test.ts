// The decoded-tx cache: later passes get the first decoding, which no caller's buffer can change.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { signerFromPrivateKey } from "../../sdk/keys/signerFromPrivateKey.js";
import { wireApp } from "../modules.js";
import { create, toBinary } from "@bufbuild/protobuf";
import { MsgSendSchema } from "../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { AuthInfoSchema, TxBodySchema, TxRawSchema } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { decodeCacheUsage, decodeCosmosTx, DECODED_CACHE_MAX_BYTES } from "./decode.js";
import { signedSelfSend } from "./testing/signedSelfSend.js";

const signer = signerFromPrivateKey(new Uint8Array(32).fill(9), "secp256k1");

const send = (memo: string) => signedSelfSend(signer, { chainId: "decode-test", accountNumber: 3n, sequence: 0n, memo });

test("a tx decoded again returns the first decoding with the caller's bytes, frozen, and what it says cannot be changed through any caller's buffer", async () => {
  const { msgs } = wireApp();
  const tx = await send("first");
  // As in a FinalizeBlock request: the tx is a view into a larger buffer.
  const request = new Uint8Array(tx.length + 10);
  request.set(tx, 5);
  const view = request.subarray(5, 5 + tx.length);
  const first = decodeCosmosTx(view, msgs);
  assert.equal(first.bytes, view);
  assert.equal(first.body.memo, "first");
  assert.deepEqual(Buffer.from(first.hash), createHash("sha256").update(tx).digest());
  request.fill(0); // the request buffer is reused
  const again = decodeCosmosTx(Uint8Array.from(tx), msgs);
  assert.notEqual(again.bytes, view, "the caller's bytes, not the first caller's");
  assert.equal(again.body, first.body, "the first decoding");
  assert.equal(again.body.memo, "first");
  assert.deepEqual(Buffer.from(again.raw.bodyBytes), Buffer.from(fromTx(tx).bodyBytes), "bytes fields are no views into the first caller's buffer");
  assert.deepEqual(Buffer.from(again.hash), createHash("sha256").update(tx).digest());
  assert.ok(Object.isFrozen(again.msgs), "the shared message list cannot change");
  assert.throws(() => (again.msgs as unknown[]).push(undefined));
  const other = decodeCosmosTx(await send("second"), msgs);
  assert.equal(other.body.memo, "second", "other bytes, their own decoding");
});

test("a tx that fails to decode fails every time, with the same error", () => {
  const { msgs } = wireApp();
  const garbage = Uint8Array.from([0x0a, 0x05, 1, 2, 3]);
  const first = captured(() => decodeCosmosTx(garbage, msgs));
  const second = captured(() => decodeCosmosTx(garbage, msgs));
  assert.ok(first, "it fails");
  assert.equal(second, first);
});

function captured(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

function fromTx(tx: Uint8Array) {
  return decodeCosmosTx(Uint8Array.from(tx), wireApp().msgs).raw;
}

test("FinalizeBlock's decoding of a tx is its last: it takes the cached one and leaves the cache", async () => {
  const { msgs } = wireApp();
  const tx = await send("last use");
  const checked = decodeCosmosTx(tx, msgs);
  const delivered = decodeCosmosTx(tx, msgs, true);
  assert.equal(delivered.body, checked.body, "the decoding CheckTx cached");
  const later = decodeCosmosTx(tx, msgs);
  assert.notEqual(later.body, checked.body, "decoded afresh: the entry left the cache");
  assert.deepEqual(later.body, checked.body);
  // A tx first seen in FinalizeBlock is not cached at all.
  const fresh = await send("first seen in a block");
  const once = decodeCosmosTx(fresh, msgs, true);
  assert.notEqual(decodeCosmosTx(fresh, msgs).body, once.body);
});

test("the cache is bounded by what its entries hold, not by their raw size: txs of many tiny coins cannot grow it past its bound", () => {
  const { msgs } = wireApp();
  // ~110 KiB each, unsigned: CheckTx decodes (and caches) them before any signature or fee check.
  const coins = (i: number) =>
    toBinary(
      TxRawSchema,
      create(TxRawSchema, {
        bodyBytes: toBinary(
          TxBodySchema,
          create(TxBodySchema, {
            messages: [
              {
                typeUrl: "/cosmos.bank.v1beta1.MsgSend",
                value: toBinary(
                  MsgSendSchema,
                  create(MsgSendSchema, {
                    fromAddress: `x${i}`,
                    toAddress: "y",
                    amount: Array.from({ length: 14_000 }, (_, j) => ({ denom: "a", amount: String(1 + (j % 9)) })),
                  }),
                ),
              },
            ],
          }),
        ),
        authInfoBytes: toBinary(AuthInfoSchema, create(AuthInfoSchema, {})),
        signatures: [new Uint8Array(64)],
      }),
    );
  const first = coins(0);
  decodeCosmosTx(first, msgs);
  const one = decodeCacheUsage(msgs);
  // A coin is ~10 bytes on the wire and an object and two strings decoded.
  assert.ok(one.bytes >= 10 * first.length, `an entry of a ${first.length}-byte tx weighs ${one.bytes} bytes`);
  for (let i = 1; i < 40; i++) decodeCosmosTx(coins(i), msgs);
  const usage = decodeCacheUsage(msgs);
  assert.ok(usage.bytes <= DECODED_CACHE_MAX_BYTES, `${usage.bytes} bytes held`);
  assert.ok(usage.entries < 40, `${usage.entries} entries held`);
});
