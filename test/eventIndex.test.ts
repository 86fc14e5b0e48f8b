// CometBFT's tx index on a real node holds what clients search a bank send by (the sender, the
// recipient, the action, the signer's sequence, the hash) and not its amounts, fee, signature or
// message index, while the tx's events still carry every attribute.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/index.js";
import { signerFromPrivateKey } from "../sdk/keys/signerFromPrivateKey.js";
import { msgSend } from "../sdk/tx/index.js";
import { deliverTx } from "./support/deliverTx.js";
import { LocalNode } from "./support/localNode.js";

let node: LocalNode;
let rpc: CometRpcClient;
before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  rpc = new CometRpcClient(node.rpcUrl);
});
after(() => node.destroy());

interface Attribute {
  key: string;
  value: string;
  index: boolean;
}

async function search(query: string): Promise<string[]> {
  const res = (await rpc.call("tx_search", { query, prove: false, page: "1", per_page: "100" })) as { txs: { hash: string }[] };
  return res.txs.map((t) => t.hash);
}

test("a bank send is found by sender, recipient, action, acc_seq and hash, not by amount, fee, signature or msg_index", async () => {
  const faucet = signerFromMnemonic(FAUCET_TEST_MNEMONIC);
  const from = formatAccountAddress(faucet.address);
  const to = formatAccountAddress(signerFromPrivateKey(new Uint8Array(32).fill(0x5e), "secp256k1").address);
  const sent = await deliverTx(rpc, faucet, [msgSend({ fromAddress: from, toAddress: to, amount: [{ denom: "uunit", amount: "4242" }] })], {
    amount: 5000n,
    gasLimit: 200_000n,
  });
  const tx = (await rpc.call("tx", { hash: Buffer.from(sent.hash, "hex").toString("base64"), prove: false })) as {
    tx_result: { events: { type: string; attributes: Attribute[] }[] };
  };
  const attribute = (type: string, key: string) => tx.tx_result.events.filter((e) => e.type === type).flatMap((e) => e.attributes.filter((a) => a.key === key));
  const seq = attribute("tx", "acc_seq")[0]!.value;
  const signature = attribute("tx", "signature")[0]!.value;
  const found: Record<string, string> = {
    [`message.sender='${from}'`]: "sender",
    [`transfer.recipient='${to}'`]: "recipient",
    [`coin_received.receiver='${to}'`]: "receiver",
    [`message.action='/cosmos.bank.v1beta1.MsgSend'`]: "action",
    [`tx.acc_seq='${seq}'`]: "acc_seq",
    [`tx.hash='${sent.hash}'`]: "hash",
    [`tx.height=${sent.height} AND transfer.sender='${from}'`]: "height and sender",
  };
  for (const [query, what] of Object.entries(found)) assert.ok((await search(query)).includes(sent.hash), `found by ${what}: ${query}`);
  const notFound: Record<string, string> = {
    [`transfer.amount='4242uunit'`]: "amount",
    [`coin_spent.amount='4242uunit'`]: "spent amount",
    [`tx.fee='5000uunit'`]: "fee",
    [`tx.signature='${signature}'`]: "signature",
    [`message.msg_index='0'`]: "msg_index",
  };
  for (const [query, what] of Object.entries(notFound)) assert.deepEqual(await search(query), [], `not indexed by ${what}: ${query}`);
  // The events themselves are whole: each attribute is there, flagged for the index or not.
  assert.deepEqual(
    attribute("transfer", "amount").map((a) => [a.value, a.index]),
    [
      ["5000uunit", false],
      ["4242uunit", false],
    ],
  );
  assert.deepEqual(
    attribute("transfer", "recipient").map((a) => a.index),
    [true, true],
  );
  assert.deepEqual(
    attribute("message", "msg_index").map((a) => [a.value, a.index]),
    [
      ["0", false],
      ["0", false],
    ],
  );
});
