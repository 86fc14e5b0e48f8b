// Our SIGN_MODE_DIRECT bytes against CosmJS's for the same inputs: body, auth info, sign doc,
// signature and TxRaw must be byte-identical, for both key algorithms.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  decodeTxRaw,
  DirectEthSecp256k1Wallet,
  DirectSecp256k1Wallet,
  encodePubkey,
  makeAuthInfoBytes,
  makeSignBytes,
  makeSignDoc,
  Registry,
} from "@cosmjs/proto-signing";
import { defaultRegistryTypes } from "@cosmjs/stargate";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { KeyAlgo, TxSigner } from "../signer.js";
import { encodeAuthInfo, encodeSignDoc, encodeTxBody, txHash } from "./txParts.js";
import { encodePubKeyAny } from "./pubKeyAny.js";
import { msgSend } from "./bankMessages.js";
import { signTx, simulationTxBytes } from "./signTx.js";
import { decodeTx, txToJson } from "./decodeTx.js";

const privKey = sha256(new TextEncoder().encode("sdk/tx cross-check key"));
const pubKey = secp256k1.getPublicKey(privKey, true);

/** A minimal in-test signer: the real ones live in sdk/keys; only the digest differs by algo. */
function testSigner(algo: KeyAlgo): TxSigner {
  return {
    algo,
    pubKey,
    address: new Uint8Array(20),
    async sign(signBytes) {
      const digest = algo === "secp256k1" ? sha256(signBytes) : keccak_256(signBytes);
      return secp256k1.sign(digest, privKey, { prehash: false, lowS: true });
    },
  };
}

const cosmjsPubKey = (algo: KeyAlgo) =>
  encodePubkey({ type: algo === "secp256k1" ? "tendermint/PubKeySecp256k1" : "os/PubKeyEthSecp256k1", value: Buffer.from(pubKey).toString("base64") });

function varint(n: number): Buffer {
  const out: number[] = [];
  for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80);
  return Buffer.from([...out, n]);
}

const TO = "unit1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5wyw4l2";
const sendValue = (from: string) => ({ fromAddress: from, toAddress: TO, amount: [{ denom: "uunit", amount: "1000" }] });

test("TxBody bytes equal CosmJS's Registry encoding (messages, memo, timeout height)", () => {
  const registry = new Registry(defaultRegistryTypes);
  const theirs = registry.encode({
    typeUrl: "/cosmos.tx.v1beta1.TxBody",
    value: { messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: sendValue("unit1from") }], memo: "hello", timeoutHeight: 77n },
  });
  const ours = encodeTxBody({ messages: [msgSend(sendValue("unit1from"))], memo: "hello", timeoutHeight: 77n });
  assert.deepEqual(Buffer.from(ours), Buffer.from(theirs));
});

for (const algo of ["secp256k1", "eth_secp256k1"] as const) {
  test(`${algo}: pubkey Any equals CosmJS encodePubkey`, () => {
    const ours = encodePubKeyAny(algo, pubKey);
    const theirs = cosmjsPubKey(algo);
    assert.equal(ours.typeUrl, theirs.typeUrl);
    assert.deepEqual(Buffer.from(ours.value), Buffer.from(theirs.value));
  });

  test(`${algo}: AuthInfo bytes equal makeAuthInfoBytes, with and without payer/granter`, () => {
    const fee = [
      { denom: "foo", amount: "3" },
      { denom: "uunit", amount: "5000" },
    ];
    for (const [payer, granter] of [
      [undefined, undefined],
      ["unit1payer", "unit1granter"],
    ] as const) {
      const theirs = makeAuthInfoBytes([{ pubkey: cosmjsPubKey(algo), sequence: 42n }], fee, 200_000, granter, payer);
      const ours = encodeAuthInfo({ signers: [{ algo, pubKey, sequence: 42n }], fee: { amount: fee, gasLimit: 200_000n, payer, granter } });
      assert.deepEqual(Buffer.from(ours), Buffer.from(theirs));
    }
  });

  test(`${algo}: sign bytes, signature and TxRaw equal what a CosmJS wallet produces`, async () => {
    const wallet = algo === "secp256k1" ? await DirectSecp256k1Wallet.fromKey(privKey, "unit") : await DirectEthSecp256k1Wallet.fromKey(privKey, "unit");
    const [account] = await wallet.getAccounts();
    const fee = { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n };
    const signed = await signTx({
      signer: testSigner(algo),
      messages: [msgSend(sendValue(account!.address))],
      fee,
      chainId: "unit_2611-1",
      accountNumber: 7n,
      sequence: 3n,
      memo: "m",
    });

    const authInfoBytes = makeAuthInfoBytes([{ pubkey: cosmjsPubKey(algo), sequence: 3 }], fee.amount, 200_000, undefined, undefined);
    assert.deepEqual(Buffer.from(signed.authInfoBytes), Buffer.from(authInfoBytes));
    const signDoc = makeSignDoc(signed.bodyBytes, authInfoBytes, "unit_2611-1", 7);
    assert.deepEqual(
      Buffer.from(encodeSignDoc({ bodyBytes: signed.bodyBytes, authInfoBytes, chainId: "unit_2611-1", accountNumber: 7n })),
      Buffer.from(makeSignBytes(signDoc)),
    );

    const { signature } = await wallet.signDirect(account!.address, signDoc);
    const theirSig = Buffer.from(signature.signature, "base64");
    assert.deepEqual(Buffer.from(signed.signature), theirSig, "RFC 6979 signatures are deterministic, so they must match");
    const decoded = decodeTxRaw(signed.txBytes);
    assert.equal(decoded.body.memo, "m");
    assert.equal(decoded.body.messages[0]!.typeUrl, "/cosmos.bank.v1beta1.MsgSend");
    assert.equal(decoded.authInfo.signerInfos[0]!.sequence, 3n);
    assert.deepEqual(
      decoded.signatures.map((s) => Buffer.from(s)),
      [theirSig],
    );
    // The TxRaw wire form written out by hand: fields 1, 2 and 3, each length-delimited.
    const field = (tag: number, bytes: Uint8Array) => Buffer.concat([Buffer.from([tag]), varint(bytes.length), Buffer.from(bytes)]);
    assert.deepEqual(Buffer.from(signed.txBytes), Buffer.concat([field(0x0a, signed.bodyBytes), field(0x12, authInfoBytes), field(0x1a, theirSig)]));
    assert.equal(signed.hash, Buffer.from(sha256(signed.txBytes)).toString("hex").toUpperCase());
  });
}

test("txHash is CometBFT's: uppercase hex sha256 of the tx bytes", () => {
  assert.equal(txHash(new Uint8Array()), "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855");
});

test("the simulation tx has an empty fee, sign mode UNSPECIFIED and one empty signature, like CosmJS's", () => {
  const bytes = simulationTxBytes({ signer: testSigner("secp256k1"), messages: [msgSend(sendValue("unit1from"))], sequence: 9n, memo: "x" });
  const tx = decodeTx(bytes);
  assert.equal(tx.signatures.length, 1);
  assert.equal(tx.signatures[0]!.length, 0);
  assert.equal(tx.authInfo.fee?.gasLimit, 0n);
  assert.equal(tx.authInfo.signerInfos[0]!.sequence, 9n);
  assert.equal(tx.authInfo.signerInfos[0]!.modeInfo?.sum.case, "single");
});

test("a decoded tx renders as snake_case JSON with unpacked messages and public keys", async () => {
  const signed = await signTx({
    signer: testSigner("secp256k1"),
    messages: [msgSend(sendValue("unit1from"))],
    fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
    chainId: "c",
    accountNumber: 1n,
    sequence: 0n,
  });
  const json = txToJson(decodeTx(signed.txBytes)) as any;
  assert.deepEqual(json.body.messages[0], {
    "@type": "/cosmos.bank.v1beta1.MsgSend",
    from_address: "unit1from",
    to_address: TO,
    amount: [{ denom: "uunit", amount: "1000" }],
  });
  assert.equal(json.body.timeout_height, "0");
  assert.equal(json.auth_info.fee.gas_limit, "200000");
  assert.equal(json.auth_info.signer_infos[0].public_key["@type"], "/cosmos.crypto.secp256k1.PubKey");
  assert.equal(json.auth_info.signer_infos[0].public_key.key, Buffer.from(pubKey).toString("base64"));
  assert.equal(json.auth_info.signer_infos[0].mode_info.single.mode, "SIGN_MODE_DIRECT");
  assert.equal(json.signatures.length, 1);
});

test("bytes that are not a TxRaw give a readable error", () => {
  assert.throws(() => decodeTx(new Uint8Array([0x02, 0xf8, 0x01])), /not a Cosmos TxRaw/);
});
