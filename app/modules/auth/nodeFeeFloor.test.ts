import { test } from "node:test";
import assert from "node:assert/strict";
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../../../sdk/keys/signerFromMnemonic.js";
import { VALIDATOR_TEST_MNEMONICS } from "../../../common/node/testKeys.js";
import { msgSend } from "../../../sdk/tx/bankMessages.js";
import { signTx } from "../../../sdk/tx/signTx.js";
import { wireApp } from "../../modules.js";
import type { TxEnv, TxProcessor, TxResult } from "../../tx/processor.js";
import { nodeMinimumGasPrice, withNodeFeeFloor } from "./nodeFeeFloor.js";
import { parseGasPrice } from "./params.js";

const signer = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[0]!);
const from = formatAccountAddress(signer.address);

async function txPaying(fee: string): Promise<Uint8Array> {
  const messages = [msgSend({ fromAddress: from, toAddress: from, amount: [{ denom: "uunit", amount: "1" }] })];
  const signed = await signTx({
    signer,
    messages,
    fee: { amount: [{ denom: "uunit", amount: fee }], gasLimit: 200_000n },
    chainId: "c",
    accountNumber: 0n,
    sequence: 0n,
  });
  return signed.txBytes;
}

test("minimum-gas-prices: CheckTx refuses a Cosmos tx below the node's floor; enough fee, delivery and other txs pass through", async () => {
  const calls: string[] = [];
  const inner = {
    check: (): TxResult => (calls.push("check"), { code: 0 }),
    deliver: (): TxResult => (calls.push("deliver"), { code: 0 }),
  } as TxProcessor;
  const { msgs } = wireApp();
  const floored = withNodeFeeFloor(inner, parseGasPrice("0.05uunit"), msgs);
  const env = {} as TxEnv;
  const low = floored.check(env, await txPaying("9999"), false);
  assert.equal(low.code, 13);
  assert.equal(low.codespace, "sdk");
  assert.match(low.log ?? "", /insufficient fees; got: 9999uunit required: 10000uunit \(this node's minimum-gas-prices 0.05uunit\)/);
  assert.deepEqual(calls, [], "refused before the pipeline");
  assert.equal(floored.check(env, await txPaying("10000"), false).code, 0);
  assert.equal(floored.check(env, Uint8Array.of(0x02, 0x01), false).code, 0, "a non-Cosmos tx is left to the processor");
  assert.equal((floored.deliver(env, await txPaying("1")) as TxResult).code, 0, "blocks are not affected");
  assert.deepEqual(calls, ["check", "check", "deliver"]);
});

test("the node reports the higher of the chain's minimum gas price and its own floor", () => {
  const chain = parseGasPrice("0.025uunit");
  assert.deepEqual(nodeMinimumGasPrice(chain, undefined), chain);
  assert.deepEqual(nodeMinimumGasPrice(chain, parseGasPrice("0.05uunit")), parseGasPrice("0.05uunit"));
  assert.deepEqual(nodeMinimumGasPrice(chain, parseGasPrice("0.01uunit")), chain, "a lower floor changes nothing: blocks still need the chain's");
  assert.deepEqual(nodeMinimumGasPrice(chain, parseGasPrice("1aunit")), parseGasPrice("1aunit"));
});
