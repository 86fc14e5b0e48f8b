import { test } from "node:test";
import assert from "node:assert/strict";
import { generateMnemonic, normalizeMnemonic, validateMnemonic } from "./mnemonic.js";
import { MnemonicError } from "./errors.js";

const ABANDON_12 = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

function rejects(mnemonic: string, message: RegExp) {
  assert.throws(
    () => validateMnemonic(mnemonic),
    (e: unknown) => e instanceof MnemonicError && message.test(e.message),
    message.source,
  );
}

test("a new mnemonic has 24 valid words by default, 12 on request, and differs every time", () => {
  const m = generateMnemonic();
  assert.equal(m.split(" ").length, 24);
  validateMnemonic(m);
  assert.equal(generateMnemonic(12).split(" ").length, 12);
  assert.notEqual(generateMnemonic(), m);
});

test("pasted mnemonics are normalized: case, extra spaces, newlines", () => {
  const messy = `  ${ABANDON_12.toUpperCase().replaceAll(" ", "  \n")} \n`;
  assert.equal(normalizeMnemonic(messy), ABANDON_12);
  validateMnemonic(messy);
});

test("bad mnemonics say what is wrong without echoing the words", () => {
  rejects("", /empty mnemonic/);
  rejects("abandon abandon", /12, 15, 18, 21 or 24 words, got 2/);
  rejects(ABANDON_12.replace(/about$/, "abuot"), /word 12 is not in the BIP-39 English word list/);
  rejects(ABANDON_12.replace(/^abandon abandon/, "xx yy"), /words 1, 2 are not in/);
  rejects(ABANDON_12.replace(/about$/, "abandon"), /checksum does not match/);
  try {
    validateMnemonic(ABANDON_12.replace(/about$/, "abuot"));
  } catch (e) {
    assert.doesNotMatch((e as Error).message, /abuot|abandon/);
  }
});
