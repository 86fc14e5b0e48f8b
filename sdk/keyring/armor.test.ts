import { test } from "node:test";
import assert from "node:assert/strict";
import { armorPrivateKey, unarmorPrivateKey, ARMOR_BEGIN, ARMOR_END } from "./armor.js";
import { CorruptKeyError, WrongPassphraseError } from "./errors.js";

// Cheap scrypt so the tests stay fast; the format records the parameters it was made with.
const FAST = { n: 1024, r: 8, p: 1 };
const privKey = new Uint8Array(32).fill(0x42);

test("armor roundtrip keeps the key and its type, and looks like armor", async () => {
  const armor = await armorPrivateKey(privKey, "eth_secp256k1", "export-pass", FAST);
  const lines = armor.trim().split("\n");
  assert.equal(lines[0], ARMOR_BEGIN);
  assert.equal(lines.at(-1), ARMOR_END);
  assert.ok(lines.includes("type: eth_secp256k1"));
  assert.ok(lines.includes("kdf-params: n=1024,r=8,p=1"));
  assert.doesNotMatch(armor, /42424242/, "the key is not in clear");
  const back = await unarmorPrivateKey(armor, "export-pass");
  assert.deepEqual(back, { privKey, algo: "eth_secp256k1" });
  // Windows line endings and surrounding text do not matter.
  assert.deepEqual(await unarmorPrivateKey(`saved on Monday\r\n${armor.replaceAll("\n", "\r\n")}`, "export-pass"), back);
});

test("wrong passphrase and tampering are reported as such", async () => {
  const armor = await armorPrivateKey(privKey, "secp256k1", "export-pass", FAST);
  await assert.rejects(unarmorPrivateKey(armor, "export-pasS"), WrongPassphraseError);
  // Changing the type header would give another address from the same secret: authenticated.
  await assert.rejects(unarmorPrivateKey(armor.replace("type: secp256k1", "type: eth_secp256k1"), "export-pass"), WrongPassphraseError);
  await assert.rejects(unarmorPrivateKey(armor.replace("type: secp256k1", "type: ed25519"), "export-pass"), /unknown type "ed25519"/);
});

test("malformed armor gets a specific error", async () => {
  const armor = await armorPrivateKey(privKey, "secp256k1", "export-pass", FAST);
  const cases: [string, RegExp][] = [
    ["hello", /missing the "-----BEGIN UNIT PRIVATE KEY-----" line/],
    [armor.replace(ARMOR_END, ""), /truncated: missing the "-----END/],
    [armor.replace(/^salt: .*$/m, ""), /missing its "salt" header|malformed|body is not base64/],
    [armor.replace(/kdf-params: .*/, "kdf-params: n=1073741824,r=8,p=1"), /unsupported scrypt parameters/],
    [armor.replace(/\n\n[\s\S]*?\n-----END/, "\n\nAAAA\n-----END"), /truncated/],
    ["-----BEGIN TENDERMINT PRIVATE KEY-----\nkdf: bcrypt\n\nAAAA\n-----END TENDERMINT PRIVATE KEY-----", /Cosmos SDK \(TENDERMINT\) key export/],
  ];
  for (const [text, message] of cases) {
    await assert.rejects(unarmorPrivateKey(text, "export-pass"), (e: unknown) => e instanceof CorruptKeyError && message.test(e.message), message.source);
  }
});
