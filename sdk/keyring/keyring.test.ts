import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openKeyring } from "./keyring.js";
import {
  CorruptKeyError,
  InvalidKeyNameError,
  KeyExistsError,
  KeyNotFoundError,
  PassphraseRequiredError,
  WeakPassphraseError,
  WrongPassphraseError,
} from "./errors.js";
import type { PassphraseRequest } from "./types.js";
import { signerFromMnemonic } from "../keys/signerFromMnemonic.js";
import { MnemonicError } from "../keys/errors.js";
import { formatAccountAddress, parseAccountAddress } from "../crypto/accountAddress.js";
import { verifySecp256k1 } from "../../common/node/secp256k1Verify.js";
import { signingDigest } from "../keys/algo.js";

const ABANDON_24 = `${"abandon ".repeat(23)}art`;

function tempHome(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "unit-keyring-"));
}
const mode = (p: string) => fs.statSync(p).mode & 0o777;

test("test backend: add, list sorted, get, signer, delete", async () => {
  const home = tempHome();
  const keyring = openKeyring({ home, backend: "test" });
  assert.deepEqual(await keyring.list(), [], "a keyring that was never written is empty");

  const { record, mnemonic } = await keyring.add("zed");
  assert.equal(mnemonic.split(" ").length, 24);
  assert.equal(record.algo, "secp256k1");
  assert.deepEqual(parseAccountAddress(record.address), signerFromMnemonic(mnemonic).address);
  assert.deepEqual(parseAccountAddress(record.evmAddress), parseAccountAddress(record.address));
  const eth = await keyring.add("alice", { algo: "eth_secp256k1", mnemonic: ABANDON_24 });
  assert.equal(eth.record.address, "unit1tc2a46eulpthxhr2etjcwqlsfa78h4w0q0hpz8");
  await keyring.add("Bob", { mnemonic: ABANDON_24, account: 1, index: 2 });

  assert.deepEqual(
    (await keyring.list()).map((r) => r.name),
    ["Bob", "alice", "zed"],
  );
  assert.deepEqual(await keyring.get("alice"), eth.record);
  assert.equal((await keyring.findByAddress(parseAccountAddress(eth.record.evmAddress)))?.name, "alice");
  assert.equal(await keyring.findByAddress(new Uint8Array(20)), undefined);

  const signer = await keyring.signer("alice");
  assert.equal(signer.algo, "eth_secp256k1");
  assert.equal(formatAccountAddress(signer.address), eth.record.address);
  const bytes = new TextEncoder().encode("sign doc");
  assert.ok(verifySecp256k1(signingDigest("eth_secp256k1", bytes), await signer.sign(bytes), signer.pubKey));
  const bob = await keyring.signer("Bob");
  assert.deepEqual(bob.address, signerFromMnemonic(ABANDON_24, { account: 1, index: 2 }).address);

  await keyring.delete("zed");
  await assert.rejects(keyring.get("zed"), (e: unknown) => e instanceof KeyNotFoundError && /key "zed" not found in the test keyring/.test(e.message));
  await assert.rejects(keyring.delete("zed"), KeyNotFoundError);
  await assert.rejects(keyring.signer("zed"), KeyNotFoundError);
});

test("files: directory 0700, key files 0600, in <home>/keyring-test", async () => {
  const home = tempHome();
  const keyring = openKeyring({ home, backend: "test" });
  await keyring.add("alice");
  assert.equal(keyring.dir, path.join(home, "keyring-test"));
  assert.equal(mode(keyring.dir), 0o700);
  assert.equal(mode(path.join(keyring.dir, "alice.json")), 0o600);
  assert.deepEqual(fs.readdirSync(keyring.dir), ["alice.json"], "no temporary files left behind");
});

test("duplicate names fail unless overwrite is asked; bad names and mnemonics are refused", async () => {
  const keyring = openKeyring({ home: tempHome(), backend: "test" });
  await keyring.add("alice", { mnemonic: ABANDON_24 });
  await assert.rejects(keyring.add("alice"), KeyExistsError);
  const replaced = await keyring.add("alice", { algo: "eth_secp256k1", mnemonic: ABANDON_24, overwrite: true });
  assert.equal((await keyring.get("alice")).address, replaced.record.address);
  await assert.rejects(keyring.add("../evil"), InvalidKeyNameError);
  await assert.rejects(keyring.get("a/b"), InvalidKeyNameError);
  await assert.rejects(keyring.add("bob", { mnemonic: "abandon abandon" }), MnemonicError);
  assert.equal(await keyring.has("bob"), false);
});

test("export and import roundtrip, across backends and names", async () => {
  const home = tempHome();
  const source = openKeyring({ home, backend: "test" });
  const { record } = await source.add("alice", { algo: "eth_secp256k1" });
  const armor = await source.exportKey("alice", "export-pass");
  assert.match(armor, /^-----BEGIN UNIT PRIVATE KEY-----\n/);
  await assert.rejects(source.exportKey("alice", "short"), WeakPassphraseError);
  await assert.rejects(source.importKey("alice", armor, "export-pass"), KeyExistsError);
  await assert.rejects(source.importKey("alice2", armor, "wrong-pass"), WrongPassphraseError);

  const imported = await source.importKey("alice2", armor, "export-pass");
  assert.equal(imported.address, record.address);
  assert.equal(imported.algo, "eth_secp256k1");

  const target = openKeyring({ home: tempHome(), backend: "file", passphrase: async () => "keyring-pass" });
  assert.equal((await target.importKey("alice", armor, "export-pass")).address, record.address);
  assert.equal(formatAccountAddress((await target.signer("alice")).address), record.address);
  assert.equal(await source.exportPrivateKeyHex("alice"), await target.exportPrivateKeyHex("alice"));
});

test("file backend: the private key is encrypted, the passphrase asked once and checked", async () => {
  const home = tempHome();
  const asked: PassphraseRequest["purpose"][] = [];
  const keyring = openKeyring({ home, backend: "file", passphrase: async ({ purpose }) => (asked.push(purpose), "correct horse") });
  assert.deepEqual(await keyring.list(), []);
  assert.deepEqual([...asked], [], "listing needs no passphrase");
  const { record } = await keyring.add("alice", { mnemonic: ABANDON_24 });
  await keyring.add("bob");
  await keyring.signer("alice");
  assert.deepEqual([...asked], ["create"], "asked once, as a new passphrase");

  const file = fs.readFileSync(path.join(home, "keyring-file", "alice.json"), "utf8");
  const privHex = await keyring.exportPrivateKeyHex("alice");
  assert.ok(!file.includes(privHex), "private key not in clear");
  assert.ok(!("priv_key" in JSON.parse(file)));
  assert.equal(mode(path.join(home, "keyring-file", "keyhash")), 0o600);

  // A new session: unlock with the same passphrase works, a wrong one fails clearly.
  const again = openKeyring({ home, backend: "file", passphrase: async ({ purpose }) => (asked.push(purpose), "correct horse") });
  assert.equal(formatAccountAddress((await again.signer("alice")).address), record.address);
  assert.equal(asked.at(-1), "unlock");
  const wrong = openKeyring({ home, backend: "file", passphrase: async () => "wrong horse" });
  await assert.rejects(wrong.signer("alice"), (e: unknown) => e instanceof WrongPassphraseError && e.message === "incorrect keyring passphrase");
  await assert.rejects(wrong.add("carol"), WrongPassphraseError);
  assert.equal(await wrong.has("carol"), false, "nothing written with a wrong passphrase");
  assert.deepEqual(
    (await wrong.list()).map((r) => r.name),
    ["alice", "bob"],
    "public data still readable",
  );

  const none = openKeyring({ home, backend: "file" });
  await assert.rejects(none.signer("alice"), PassphraseRequiredError);
  const weak = openKeyring({ home: tempHome(), backend: "file", passphrase: async () => "short" });
  await assert.rejects(weak.add("x"), (e: unknown) => e instanceof WeakPassphraseError && /at least 8 characters/.test(e.message));
});

test("the test and file backends do not read each other's files", async () => {
  const home = tempHome();
  await openKeyring({ home, backend: "test" }).add("alice");
  const file = openKeyring({ home, backend: "file", passphrase: async () => "keyring-pass" });
  await assert.rejects(file.get("alice"), /not found in the file keyring/);
});

test("tampered key files are detected, and errors never contain the private key", async () => {
  const home = tempHome();
  const keyring = openKeyring({ home, backend: "test" });
  await keyring.add("alice");
  await keyring.add("bob");
  const alicePath = path.join(keyring.dir, "alice.json");
  const alice = JSON.parse(fs.readFileSync(alicePath, "utf8"));
  const bob = JSON.parse(fs.readFileSync(path.join(keyring.dir, "bob.json"), "utf8"));

  fs.writeFileSync(alicePath, JSON.stringify({ ...alice, address: bob.address }));
  await assert.rejects(keyring.get("alice"), (e: unknown) => e instanceof CorruptKeyError && /address does not belong/.test(e.message));
  fs.writeFileSync(alicePath, JSON.stringify({ ...alice, priv_key: bob.priv_key }));
  await assert.rejects(keyring.signer("alice"), (e: unknown) => {
    assert.ok(e instanceof CorruptKeyError);
    assert.match(e.message, /private key does not match its public key/);
    assert.ok(!e.message.includes(bob.priv_key) && !e.message.includes(alice.priv_key));
    return true;
  });
  fs.writeFileSync(alicePath, "{not json");
  await assert.rejects(keyring.list(), /alice.json is not valid JSON/);
  fs.writeFileSync(alicePath, JSON.stringify({ ...alice, name: "bob" }));
  await assert.rejects(keyring.get("alice"), /it names key "bob"/);
});

test("unknown backends are refused", () => {
  assert.throws(() => openKeyring({ home: tempHome(), backend: "os" as "test" }), /unknown keyring backend "os": expected test or file/);
});
