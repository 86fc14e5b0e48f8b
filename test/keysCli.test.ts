// `unitd keys` as a user types it: the real CLI in a child process, a temporary --home, answers
// piped on stdin the way scripts (and the Cosmos SDK's docs) do it.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { runUnitd, type CliRun } from "./support/unitdCli.js";

const ABANDON_24 = `${"abandon ".repeat(23)}art`;
const ABANDON_24_ADDRESS = { secp256k1: "unit1r5v5srda7xfth3hn2s26txvrcrntldjunnekp5", eth_secp256k1: "unit1tc2a46eulpthxhr2etjcwqlsfa78h4w0q0hpz8" };

/** Runs `unitd keys <args>` with `input` piped on stdin. */
function keys(args: string[], input = "", env: Record<string, string> = {}): Promise<CliRun> {
  return runUnitd(["keys", ...args], { input, env });
}

function newHome(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "unitd-keys-"));
}

/** A failure as a user should see it: exit 1, one readable "Error:" line, no stack trace. */
function assertUserError(run: CliRun, message: RegExp): void {
  assert.equal(run.code, 1, `exit code; stderr: ${run.stderr}`);
  assert.match(run.stderr, /^Error: /m);
  assert.match(run.stderr, message);
  assert.doesNotMatch(run.stderr, /^\s+at /m, "no stack trace");
}

// Each test uses its own --home, so they can run side by side.
describe("unitd keys", { concurrency: 2 }, () => {
  test("add creates a key, prints both address forms and the mnemonic with a warning", async () => {
    const home = newHome();
    const run = await keys(["add", "alice", "--home", home]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^name: alice$/m);
    assert.match(run.stdout, /^algo: secp256k1$/m);
    const address = /^address: (unit1\w+)$/m.exec(run.stdout)?.[1];
    assert.ok(address, run.stdout);
    assert.match(run.stdout, /^evm_address: 0x[0-9a-fA-F]{40}$/m);
    assert.match(run.stderr, /write this mnemonic phrase in a safe place/);
    const mnemonic = run.stderr.trim().split("\n").at(-1)!;
    assert.equal(mnemonic.split(" ").length, 24);
    assert.equal(formatAccountAddress(signerFromMnemonic(mnemonic).address), address, "the printed mnemonic recovers the key");

    const json = await keys(["add", "bob", "--home", home, "--output", "json", "--algo", "eth_secp256k1"]);
    assert.equal(json.code, 0, json.stderr);
    const out = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(out).sort(), ["address", "algo", "evm_address", "mnemonic", "name", "pubkey", "type"]);
    assert.equal(out.algo, "eth_secp256k1");
    assert.equal(JSON.parse(out.pubkey)["@type"], "/cosmos.evm.crypto.v1.ethsecp256k1.PubKey");
    assert.equal(formatAccountAddress(signerFromMnemonic(out.mnemonic, { algo: "eth_secp256k1" }).address), out.address);

    assertUserError(await keys(["add", "alice", "--home", home]), /a key named "alice" already exists; pass --overwrite/);
  });

  test("add --recover reads the mnemonic from a pipe, for both algorithms", async () => {
    const home = newHome();
    for (const algo of ["secp256k1", "eth_secp256k1"] as const) {
      const run = await keys(["add", `r-${algo}`, "--recover", "--algo", algo, "--home", home, "-o", "json"], ABANDON_24 + "\n");
      assert.equal(run.code, 0, run.stderr);
      const out = JSON.parse(run.stdout);
      assert.equal(out.address, ABANDON_24_ADDRESS[algo]);
      assert.equal(out.mnemonic, undefined, "a recovered key's mnemonic is not echoed");
    }
    const indexed = await keys(["add", "idx", "--recover", "--account", "1", "--index", "2", "--home", home, "--output", "json"], ABANDON_24);
    assert.equal(JSON.parse(indexed.stdout).address, formatAccountAddress(signerFromMnemonic(ABANDON_24, { account: 1, index: 2 }).address));

    assertUserError(await keys(["add", "x", "--recover", "--home", home], "abandon abandon\n"), /12, 15, 18, 21 or 24 words, got 2/);
    assertUserError(await keys(["add", "x", "--recover", "--home", home], ABANDON_24.replace(/art$/, "arx")), /word 24 is not in the BIP-39 English word list/);
    assertUserError(await keys(["add", "x", "--recover", "--home", home], ""), /--recover needs the mnemonic on stdin/);
    assertUserError(await keys(["add", "x", "--account", "-1", "--home", home]), /needs a value|non-negative integer/);
  });

  test("list, show --address, show --bech val and show by address", async () => {
    const home = newHome();
    await keys(["add", "zed", "--recover", "--home", home], ABANDON_24);
    await keys(["add", "amy", "--recover", "--algo", "eth_secp256k1", "--home", home], ABANDON_24);

    const list = await keys(["list", "--home", home, "--output", "json"]);
    assert.equal(list.code, 0, list.stderr);
    assert.deepEqual(
      JSON.parse(list.stdout).map((k: { name: string }) => k.name),
      ["amy", "zed"],
    );
    const text = await keys(["list", "--home", home]);
    assert.match(text.stdout, /^- name: amy\n {2}type: local\n {2}algo: eth_secp256k1\n {2}address: unit1/m);

    const addr = await keys(["show", "zed", "--address", "--home", home]);
    assert.equal(addr.stdout, ABANDON_24_ADDRESS.secp256k1 + "\n");
    const val = await keys(["show", "zed", "-a", "--bech", "val", "--home", home]);
    assert.match(val.stdout, /^unitvaloper1\w+\n$/);
    const shown = JSON.parse((await keys(["show", "amy", "--home", home, "-o", "json"])).stdout);
    const byHex = JSON.parse((await keys(["show", shown.evm_address, "--home", home, "-o", "json"])).stdout);
    assert.equal(byHex.name, "amy");

    assertUserError(await keys(["show", "nobody", "--home", home]), /key "nobody" not found in the test keyring/);
    assertUserError(await keys(["show", "zed", "--bech", "cons", "--home", home]), /--bech must be acc or val/);
    assert.equal((await keys(["list", "--home", newHome()])).stdout, "No keys in this keyring.\n");
  });

  test("export then import gives back the same key under a new name", async () => {
    const home = newHome();
    await keys(["add", "alice", "--recover", "--algo", "eth_secp256k1", "--home", home], ABANDON_24);
    const exported = await keys(["export", "alice", "--home", home], "export-pass\n");
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /^-----BEGIN UNIT PRIVATE KEY-----\n[\s\S]*type: eth_secp256k1[\s\S]*-----END UNIT PRIVATE KEY-----\n$/);
    const file = path.join(home, "alice.armor");
    fs.writeFileSync(file, exported.stdout);

    assertUserError(await keys(["import", "copy", file, "--home", home], "not-the-pass\n"), /wrong passphrase for this exported key/);
    const imported = await keys(["import", "copy", file, "--home", home, "-o", "json"], "export-pass\n");
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(JSON.parse(imported.stdout).address, ABANDON_24_ADDRESS.eth_secp256k1);
    assert.equal(JSON.parse(imported.stdout).algo, "eth_secp256k1");

    assertUserError(await keys(["import", "copy", file, "--home", home], "export-pass\n"), /a key named "copy" already exists/);
    assertUserError(await keys(["import", "other", path.join(home, "missing.armor"), "--home", home], "x\n"), /cannot read .*missing.armor: no such file/);
    assertUserError(await keys(["export", "alice", "--home", home], "short\n"), /export passphrase must have at least 8 characters/);
    assertUserError(await keys(["export", "alice", "--home", home], ""), /needs a passphrase/);

    const hex = await keys(["export", "alice", "--unarmored-hex", "--unsafe", "-y", "--home", home]);
    assert.match(hex.stdout, /^[0-9a-f]{64}\n$/);
    assertUserError(await keys(["export", "alice", "--unarmored-hex", "--home", home]), /must be given together/);
  });

  test("delete asks for confirmation unless -y", async () => {
    const home = newHome();
    await keys(["add", "alice", "--home", home]);
    assertUserError(await keys(["delete", "alice", "--home", home], "n\n"), /aborted: key "alice" was not deleted/);
    assertUserError(await keys(["delete", "alice", "--home", home], ""), /aborted/);
    assert.equal((await keys(["show", "alice", "-a", "--home", home])).code, 0, "still there");
    assert.equal((await keys(["delete", "alice", "--home", home], "y\n")).code, 0);
    await keys(["add", "bob", "--home", home]);
    const run = await keys(["delete", "bob", "-y", "--home", home]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Key "bob" deleted/);
    assertUserError(await keys(["show", "bob", "--home", home]), /not found/);
    assertUserError(await keys(["delete", "bob", "-y", "--home", home]), /not found/);
  });

  test("file backend: passphrase (twice for a new keyring) on stdin, wrong passphrase, env variable", async () => {
    const home = newHome();
    const fileFlags = ["--keyring-backend", "file", "--home", home];
    const first = await keys(["add", "alice", ...fileFlags, "-o", "json"], "keyring-pass\nkeyring-pass\n");
    assert.equal(first.code, 0, first.stderr);
    const alice = JSON.parse(first.stdout);
    const stored = fs.readFileSync(path.join(home, "keyring-file", "alice.json"), "utf8");
    assert.ok(stored.includes("encrypted_priv_key") && !stored.includes('"priv_key"'));

    // An existing keyring asks once; then comes the mnemonic, as in the Cosmos SDK.
    const recovered = await keys(["add", "bob", "--recover", "--algo", "eth_secp256k1", ...fileFlags, "-o", "json"], `keyring-pass\n${ABANDON_24}\n`);
    assert.equal(recovered.code, 0, recovered.stderr);
    assert.equal(JSON.parse(recovered.stdout).address, ABANDON_24_ADDRESS.eth_secp256k1);

    assertUserError(await keys(["add", "carol", ...fileFlags], "wrong-pass\n"), /incorrect keyring passphrase/);
    assertUserError(await keys(["add", "carol", ...fileFlags], ""), /file keyring needs its passphrase/);
    assertUserError(await keys(["add", "x", "--keyring-backend", "file", "--home", newHome()], "keyring-pass\nkeyring-typo\n"), /passphrases do not match/);
    assertUserError(await keys(["add", "x", "--keyring-backend", "file", "--home", newHome()], "short\nshort\n"), /at least 8 characters/);

    // Listing and showing need no passphrase.
    const list = await keys(["list", ...fileFlags, "-o", "json"]);
    assert.deepEqual(
      JSON.parse(list.stdout).map((k: { address: string }) => k.address),
      [alice.address, ABANDON_24_ADDRESS.eth_secp256k1],
    );

    // Export: the export passphrase first, then the keyring's; import into the test backend.
    const exported = await keys(["export", "alice", ...fileFlags], "export-pass\nkeyring-pass\n");
    assert.equal(exported.code, 0, exported.stderr);
    assertUserError(await keys(["export", "alice", ...fileFlags], "export-pass\nwrong-pass\n"), /incorrect keyring passphrase/);
    const armorFile = path.join(home, "alice.armor");
    fs.writeFileSync(armorFile, exported.stdout);
    const imported = await keys(["import", "alice", armorFile, "--home", home, "-o", "json"], "export-pass\n");
    assert.equal(JSON.parse(imported.stdout).address, alice.address);

    const viaEnv = await keys(["export", "bob", "--unarmored-hex", "--unsafe", "-y", ...fileFlags], "", { UNITD_KEYRING_PASSPHRASE: "keyring-pass" });
    assert.equal(viaEnv.code, 0, viaEnv.stderr);
    assert.match(viaEnv.stdout, /^[0-9a-f]{64}\n$/);
    assertUserError(
      await keys(["export", "bob", "--unarmored-hex", "--unsafe", "-y", ...fileFlags], "", { UNITD_KEYRING_PASSPHRASE: "nope-nope" }),
      /incorrect keyring passphrase/,
    );
  });

  test("typing mistakes get a readable error and exit code 1", async () => {
    const home = newHome();
    assertUserError(await keys(["add", "alice", "--bogus", "--home", home]), /unknown flag --bogus for keys add/);
    assertUserError(await keys(["add", "--home", home]), /keys add needs <name>/);
    assertUserError(await keys(["add", "alice", "extra", "--home", home]), /unexpected argument "extra"/);
    assertUserError(await keys(["add", "alice", "--algo", "ed25519", "--home", home]), /unknown key algorithm "ed25519": expected secp256k1 or eth_secp256k1/);
    assertUserError(await keys(["add", "../alice", "--home", home]), /invalid key name/);
    assertUserError(await keys(["list", "--output", "yaml", "--home", home]), /--output must be text or json/);
    assertUserError(await keys(["list", "--keyring-backend", "os", "--home", home]), /unknown keyring backend "os": expected test or file/);
    assertUserError(await keys(["list", "--home"]), /flag --home needs a value/);
    assertUserError(await keys(["frobnicate"]), /unknown command "keys frobnicate"/);
    assertUserError(await keys(["import", "x", "--home", home]), /keys import needs <file>/);

    const help = await keys(["--help"]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: unitd keys <command>/);
    assert.equal((await keys([])).code, 1);
    const addHelp = await keys(["add", "--help"]);
    assert.equal(addHelp.code, 0);
    assert.match(addHelp.stdout, /--recover/);
  });
});
