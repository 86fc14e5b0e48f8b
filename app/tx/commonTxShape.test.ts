// The hand reader of the common tx shape must give exactly what protobuf-es gives, or nothing:
// on signed txs, on random messages of every field, and on thousands of mutated encodings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AuthInfoSchema, TxBodySchema, TxRawSchema } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { signerFromPrivateKey } from "../../sdk/keys/signerFromPrivateKey.js";
import { prng } from "../../test/support/prng.js";
import { readCommonAuthInfo, readCommonMsgSend, readCommonTxBody, readCommonTxRaw } from "./commonTxShape.js";
import { MsgSendSchema } from "../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { signedSelfSend } from "./testing/signedSelfSend.js";

type Rand = () => number;

const readers = [
  { name: "TxRaw", ours: readCommonTxRaw, theirs: (b: Uint8Array) => fromBinary(TxRawSchema, b) },
  { name: "TxBody", ours: readCommonTxBody, theirs: (b: Uint8Array) => fromBinary(TxBodySchema, b) },
  { name: "AuthInfo", ours: readCommonAuthInfo, theirs: (b: Uint8Array) => fromBinary(AuthInfoSchema, b) },
  { name: "MsgSend", ours: readCommonMsgSend, theirs: (b: Uint8Array) => fromBinary(MsgSendSchema, b) },
] as const;

/** Ours is undefined or deep-equal to protobuf-es's (which then must not have refused the bytes); returns whether ours read it. */
function agree(which: (typeof readers)[number], bytes: Uint8Array, at: string): boolean {
  const ours = which.ours(bytes);
  if (ours === undefined) return false;
  const theirs = which.theirs(bytes);
  assert.deepStrictEqual(ours, theirs, `${which.name} ${at}: ${Buffer.from(bytes).toString("hex")}`);
  assert.equal((theirs as { $unknown?: unknown }).$unknown, undefined, `${which.name} ${at}: protobuf-es saw unknown fields`);
  return true;
}

function randomBody(rand: Rand) {
  const int = (n: number) => Math.floor(rand() * n);
  const ascii = (n: number) => Array.from({ length: int(n) }, () => String.fromCharCode(32 + int(95))).join("");
  return create(TxBodySchema, {
    messages: Array.from({ length: int(4) }, () => ({ typeUrl: `/${ascii(40)}`, value: Uint8Array.from({ length: int(300) }, () => int(256)) })),
    memo: rand() < 0.1 ? "ünïcödé ✓" : ascii(rand() < 0.2 ? 300 : 20),
    timeoutHeight: rand() < 0.5 ? 0n : BigInt(int(2 ** 40)),
    ...(rand() < 0.05 ? { extensionOptions: [{ typeUrl: "/ext", value: new Uint8Array([1]) }] } : {}),
  });
}

function randomAuthInfo(rand: Rand) {
  const int = (n: number) => Math.floor(rand() * n);
  const ascii = (n: number) => Array.from({ length: int(n) }, () => String.fromCharCode(32 + int(95))).join("");
  const coins = () => Array.from({ length: int(3) }, () => ({ denom: ascii(10), amount: String(int(1e9)) }));
  return create(AuthInfoSchema, {
    signerInfos: Array.from({ length: int(4) }, () => ({
      ...(rand() < 0.8 ? { publicKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: Uint8Array.from({ length: 35 }, () => int(256)) } } : {}),
      ...(rand() < 0.9
        ? {
            modeInfo:
              rand() < 0.9
                ? { sum: { case: "single" as const, value: { mode: [0, 1, 127, 128, 191][int(5)]! } } }
                : { sum: { case: "multi" as const, value: { modeInfos: [{ sum: { case: "single" as const, value: { mode: 1 } } }] } } },
          }
        : {}),
      sequence: rand() < 0.3 ? 0n : BigInt(int(2 ** 45)),
    })),
    ...(rand() < 0.9
      ? { fee: { amount: coins(), gasLimit: BigInt(int(2 ** 35)), payer: rand() < 0.2 ? ascii(40) : "", granter: rand() < 0.1 ? ascii(40) : "" } }
      : {}),
    ...(rand() < 0.05 ? { tip: { amount: coins(), tipper: "t" } } : {}),
  });
}

test("a signed bank send is read by hand, and equals protobuf-es's decoding", async () => {
  const signer = signerFromPrivateKey(new Uint8Array(32).fill(9), "secp256k1");
  const txBytes = await signedSelfSend(signer, { chainId: "unit_2611-1", accountNumber: 12n, sequence: 3n, memo: "hello" });
  assert.ok(agree(readers[0], txBytes, "signed"));
  const raw = fromBinary(TxRawSchema, txBytes);
  assert.ok(agree(readers[1], raw.bodyBytes, "signed"));
  assert.ok(agree(readers[2], raw.authInfoBytes, "signed"));
});

test("random messages of every field: read by hand when in the common shape, equal to protobuf-es's", () => {
  const rand = prng(2711);
  let read = 0;
  let declined = 0;
  for (let i = 0; i < 1500; i++) {
    const body = randomBody(rand);
    const authInfo = randomAuthInfo(rand);
    const bodyBytes = toBinary(TxBodySchema, body);
    const authInfoBytes = toBinary(AuthInfoSchema, authInfo);
    const rawBytes = toBinary(TxRawSchema, create(TxRawSchema, { bodyBytes, authInfoBytes, signatures: [new Uint8Array(64).fill(i & 0xff)] }));
    for (const [which, bytes] of [
      [readers[0], rawBytes],
      [readers[1], bodyBytes],
      [readers[2], authInfoBytes],
    ] as const) {
      if (agree(which, bytes, `case ${i}`)) read++;
      else declined++;
    }
    // What the shape leaves out is declined, never read wrongly.
    if (body.memo.includes("ü") || body.extensionOptions.length > 0) assert.equal(readCommonTxBody(bodyBytes), undefined);
    if (authInfo.tip || authInfo.signerInfos.some((s) => s.modeInfo?.sum.case === "multi")) assert.equal(readCommonAuthInfo(authInfoBytes), undefined);
  }
  assert.ok(read > 3000, `read ${read}`);
  assert.ok(declined > 50, `declined ${declined}`);
});

/** `base` changed one of five ways: bytes overwritten, cut short, a field or two again, a varint stretched, an unknown field appended. */
function mutate(rand: Rand, base: Uint8Array): Uint8Array {
  const int = (n: number) => Math.floor(rand() * n);
  const bytes = Uint8Array.from(base);
  const kind = int(5);
  if (kind === 0) for (let k = 0; k <= int(3); k++) bytes[int(bytes.length)] = int(256);
  if (kind === 1) return bytes.subarray(0, int(bytes.length));
  if (kind === 2) return Uint8Array.from([...bytes, ...bytes.subarray(0, int(bytes.length))]);
  if (kind === 3) return Uint8Array.from([...bytes.subarray(0, 1), 0x80 | int(128), ...bytes.subarray(1)]);
  if (kind === 4) return Uint8Array.from([...bytes, 0xf8, 0x01, int(128)]); // field 31, a varint
  return bytes;
}

/** Mutated bytes are declined, or read exactly as protobuf-es reads them; returns whether ours read them. */
function agreeOnMutation(which: (typeof readers)[number], mutated: Uint8Array, at: string): boolean {
  let refused = false;
  try {
    which.theirs(mutated);
  } catch {
    refused = true;
  }
  if (!refused) return agree(which, mutated, at);
  assert.equal(which.ours(mutated), undefined, `${which.name} ${at}: refused by protobuf-es, read by hand`);
  return false;
}

test("mutated encodings are declined or read exactly as protobuf-es reads them", () => {
  const rand = prng(112711);
  let read = 0;
  for (let i = 0; i < 4000; i++) {
    const which = readers[1 + (i % 2)]!;
    const base = which === readers[1] ? toBinary(TxBodySchema, randomBody(rand)) : toBinary(AuthInfoSchema, randomAuthInfo(rand));
    if (base.length === 0) continue;
    if (agreeOnMutation(which, mutate(rand, base), `mutation ${i}`)) read++;
  }
  assert.ok(read > 300, `read ${read}`);
});

test("shapes outside the common one are declined", () => {
  const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/ /g, ""), "hex"));
  // AuthInfo: fee twice (protobuf merges), a signer's sequence as an eight-byte varint, a field 3 (tip).
  assert.equal(readCommonAuthInfo(hex("12 02 10 01 12 02 10 02")), undefined);
  assert.equal(readCommonAuthInfo(hex("0a 09 18 80 80 80 80 80 80 80 01")), undefined);
  assert.equal(readCommonAuthInfo(hex("1a 00")), undefined);
  // TxBody: the memo twice, a memo that is not UTF-8, an extension option (field 1023).
  assert.equal(readCommonTxBody(hex("12 01 61 12 01 62")), undefined);
  assert.equal(readCommonTxBody(hex("12 01 ff")), undefined);
  assert.equal(readCommonTxBody(hex("fa 3f 00")), undefined);
  // A lone empty message: every field at its default, as protobuf-es gives it.
  assert.deepStrictEqual(readCommonTxBody(new Uint8Array()), fromBinary(TxBodySchema, new Uint8Array()));
  assert.deepStrictEqual(readCommonAuthInfo(hex("12 00")), fromBinary(AuthInfoSchema, hex("12 00")));
});

function randomMsgSend(rand: Rand) {
  const int = (n: number) => Math.floor(rand() * n);
  const ascii = (n: number) => Array.from({ length: int(n) }, () => String.fromCharCode(32 + int(95))).join("");
  return create(MsgSendSchema, {
    fromAddress: rand() < 0.05 ? "ünit1ö" : ascii(60),
    toAddress: ascii(60),
    amount: Array.from({ length: int(4) }, () => ({ denom: ascii(12), amount: String(int(1e12)) })),
  });
}

test("bank MsgSends, random and mutated: read by hand only as protobuf-es reads them", async () => {
  const rand = prng(291129);
  const which = readers[3];
  const signer = signerFromPrivateKey(new Uint8Array(32).fill(9), "secp256k1");
  const body = fromBinary(
    TxBodySchema,
    fromBinary(TxRawSchema, await signedSelfSend(signer, { chainId: "unit_2611-1", accountNumber: 1n, sequence: 0n })).bodyBytes,
  );
  assert.ok(agree(which, body.messages[0]!.value, "signed"));
  let read = 0;
  let declined = 0;
  for (let i = 0; i < 3000; i++) {
    const msg = randomMsgSend(rand);
    const bytes = Uint8Array.from(toBinary(MsgSendSchema, msg));
    if (i % 2 === 1 && bytes.length > 0) {
      if (agreeOnMutation(which, mutate(rand, bytes), `mutation ${i}`)) read++;
      else declined++;
      continue;
    }
    if (agree(which, bytes, `case ${i}`)) read++;
    else declined++;
    if (msg.fromAddress.includes("ü")) assert.equal(which.ours(bytes), undefined);
  }
  assert.ok(read > 1500, `read ${read}`);
  assert.ok(declined > 50, `declined ${declined}`);
});
