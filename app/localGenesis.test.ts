import { test } from "node:test";
import assert from "node:assert/strict";
import { faucetAddress, validatorAccountAddress } from "./localGenesis.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { FAUCET_TEST_MNEMONIC, VALIDATOR_TEST_ADDRESSES, VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";

const derived = (mnemonic: string) => formatAccountAddress(signerFromMnemonic(mnemonic).address);

test("the written-out test addresses are their mnemonics' accounts", () => {
  assert.equal(faucetAddress(), derived(FAUCET_TEST_MNEMONIC));
  assert.equal(VALIDATOR_TEST_ADDRESSES.length, VALIDATOR_TEST_MNEMONICS.length);
  VALIDATOR_TEST_MNEMONICS.forEach((mnemonic, i) => assert.equal(validatorAccountAddress(i), derived(mnemonic), `validator ${i}`));
});

test("a validator index without a test key is refused", () => {
  assert.throws(() => validatorAccountAddress(VALIDATOR_TEST_MNEMONICS.length), /there are test keys for 4 validators, not 5/);
});
