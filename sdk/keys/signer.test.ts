// Cross-checks against CosmJS: the same mnemonic must give the same key, address and signatures
// in our SDK as in CosmJS's wallets (the ones Keplr-style apps use), for both algorithms.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DirectEthSecp256k1HdWallet, DirectSecp256k1HdWallet, makeSignBytes } from "@cosmjs/proto-signing";
import { Secp256k1, Secp256k1Signature, keccak256 as cosmjsKeccak256, sha256 as cosmjsSha256, stringToPath } from "@cosmjs/crypto";
import { fromBase64 } from "@cosmjs/encoding";
import { SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { KeyAlgo } from "../signer.js";
import { formatAccountAddress } from "../crypto/accountAddress.js";
import { formatHexAddress } from "../crypto/hexAddress.js";
import { encodeBech32 } from "../crypto/bech32.js";
import { isHighS, verifySecp256k1 } from "../../common/node/secp256k1Verify.js";
import { signerFromMnemonic } from "./signerFromMnemonic.js";
import { signerFromPrivateKey } from "./signerFromPrivateKey.js";
import { privateKeyFromMnemonic } from "./deriveKey.js";
import { generateMnemonic } from "./mnemonic.js";
import { signingDigest } from "./algo.js";

const ABANDON_12 = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const ABANDON_24 = `${"abandon ".repeat(23)}art`;

async function cosmjsWallet(mnemonic: string, algo: KeyAlgo, path = "m/44'/118'/0'/0/0") {
  const options = { prefix: "unit", hdPaths: [stringToPath(path)] };
  return algo === "secp256k1" ? DirectSecp256k1HdWallet.fromMnemonic(mnemonic, options) : DirectEthSecp256k1HdWallet.fromMnemonic(mnemonic, options);
}

test("known vectors: the abandon...art (24) and abandon...about (12) mnemonics, as computed by CosmJS", () => {
  const vectors: [string, KeyAlgo, string, string][] = [
    [ABANDON_24, "secp256k1", "unit1r5v5srda7xfth3hn2s26txvrcrntldjunnekp5", "0x1d19480dbdf192bbc6f35415a59983c0e6bfb65c"],
    [ABANDON_24, "eth_secp256k1", "unit1tc2a46eulpthxhr2etjcwqlsfa78h4w0q0hpz8", "0x5e15daeb3cf857735c6acae58703f04f7c7bd5cf"],
    [ABANDON_12, "secp256k1", "unit19rl4cm2hmr8afy4kldpxz3fka4jguq0a5cnsf7", "0x28ff5c6d57d8cfd492b6fb42614536ed648e01fd"],
    [ABANDON_12, "eth_secp256k1", "unit10sds9dt423w57fpy8s3fhjd9autynv6xzwz87a", "0x7c1b02b575545d4f24243c229bc9a5ef1649b346"],
  ];
  for (const [mnemonic, algo, bech32, hex] of vectors) {
    const signer = signerFromMnemonic(mnemonic, { algo });
    assert.equal(formatAccountAddress(signer.address), bech32, `${algo} ${mnemonic.split(" ").length} words`);
    assert.equal(formatHexAddress(signer.address).toLowerCase(), hex);
  }
  // The Cosmos Hub's well-known address of the 12-word phrase: same bytes, other prefix.
  assert.equal(encodeBech32("cosmos", signerFromMnemonic(ABANDON_12).address), "cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4");
});

test("same pubkey and address as CosmJS wallets, for both algorithms and several paths", async () => {
  for (const mnemonic of [ABANDON_24, ABANDON_12, generateMnemonic()]) {
    for (const algo of ["secp256k1", "eth_secp256k1"] as const) {
      for (const [account, index] of [
        [0, 0],
        [0, 3],
        [2, 1],
      ] as const) {
        const ours = signerFromMnemonic(mnemonic, { algo, account, index });
        const [theirs] = await (await cosmjsWallet(mnemonic, algo, `m/44'/118'/${account}'/0/${index}`)).getAccounts();
        assert.equal(theirs!.algo, algo);
        assert.deepEqual(ours.pubKey, theirs!.pubkey);
        assert.equal(formatAccountAddress(ours.address), theirs!.address);
      }
    }
  }
});

test("one mnemonic gives the same key for both algorithms (coin type 118) but different addresses", () => {
  const a = signerFromMnemonic(ABANDON_24, { algo: "secp256k1" });
  const b = signerFromMnemonic(ABANDON_24, { algo: "eth_secp256k1" });
  assert.deepEqual(a.pubKey, b.pubKey);
  assert.notDeepEqual(a.address, b.address);
});

test("signDirect signatures of CosmJS equal ours byte for byte, and verify both ways", async () => {
  const signDoc = SignDoc.fromPartial({
    bodyBytes: new TextEncoder().encode("body"),
    authInfoBytes: new TextEncoder().encode("auth info"),
    chainId: "unit_2611-1",
    accountNumber: 7n,
  });
  const signBytes = makeSignBytes(signDoc);
  for (const algo of ["secp256k1", "eth_secp256k1"] as const) {
    const ours = signerFromMnemonic(ABANDON_24, { algo });
    const wallet = await cosmjsWallet(ABANDON_24, algo);
    const [account] = await wallet.getAccounts();
    const theirSig = fromBase64((await wallet.signDirect(account!.address, signDoc)).signature.signature);
    const ourSig = await ours.sign(signBytes);
    assert.equal(ourSig.length, 64);
    assert.equal(isHighS(ourSig), false);
    assert.deepEqual(ourSig, theirSig, algo);
    const digest = algo === "secp256k1" ? cosmjsSha256(signBytes) : cosmjsKeccak256(signBytes);
    assert.deepEqual(signingDigest(algo, signBytes), digest);
    assert.ok(Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(ourSig), digest, ours.pubKey), "CosmJS verifies ours");
    assert.ok(verifySecp256k1(digest, theirSig, account!.pubkey), "we verify CosmJS's");
  }
});

test("signerFromPrivateKey equals the mnemonic signer and keeps its own copy of the key", async () => {
  const priv = privateKeyFromMnemonic(ABANDON_24);
  const signer = signerFromPrivateKey(priv, "eth_secp256k1");
  assert.deepEqual(signer.address, signerFromMnemonic(ABANDON_24, { algo: "eth_secp256k1" }).address);
  const before = await signer.sign(new Uint8Array([1, 2, 3]));
  priv.fill(0);
  assert.deepEqual(await signer.sign(new Uint8Array([1, 2, 3])), before);
});

test("a bip39 passphrase derives another key, like CosmJS's bip39Password", async () => {
  const ours = signerFromMnemonic(ABANDON_12, { bip39Passphrase: "TREZOR" });
  const [theirs] = await (await DirectSecp256k1HdWallet.fromMnemonic(ABANDON_12, { prefix: "unit", bip39Password: "TREZOR" })).getAccounts();
  assert.equal(formatAccountAddress(ours.address), theirs!.address);
});
