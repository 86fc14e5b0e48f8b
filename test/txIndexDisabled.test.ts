// A node whose CometBFT keeps no tx index (`tx_index.indexer = "null"`, as validators may run it):
// a bank send still lands, and every way of looking a tx up says that this node cannot, instead
// of waiting out a timeout or passing on CometBFT's internal error: the SDK's waitForTx and getTx,
// gRPC GetTx and GetTxsEvent, and `unitd query tx`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { status, type ServiceError } from "@grpc/grpc-js";
import { Service as TxService } from "../gen/cosmos/tx/v1beta1/service_pb.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { setTomlValue } from "../cometbft/toml.js";
import { canConnect, waitUntil } from "../cometbft/readiness.js";
import { getSigningInfo } from "../sdk/client/authQueries.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { TxIndexDisabledError } from "../sdk/client/errors.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/index.js";
import { msgSend, signTx } from "../sdk/tx/index.js";
import { LocalNode } from "./support/localNode.js";
import { runUnitd } from "./support/unitdCli.js";

let node: LocalNode;
let rpc: CometRpcClient;
let grpc: NodeGrpcClient;
before(async () => {
  node = await LocalNode.create();
  const configFile = path.join(node.paths.cometHome, "config", "config.toml");
  fs.writeFileSync(configFile, setTomlValue(fs.readFileSync(configFile, "utf8"), "tx_index", "indexer", "null"));
  await node.start();
  await node.waitForHeight(2);
  await waitUntil("app gRPC port", () => canConnect(node.ports.grpc), 10_000);
  rpc = new CometRpcClient(node.rpcUrl);
  grpc = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
});
after(async () => {
  grpc?.close();
  await node?.destroy();
});

async function failedPrecondition(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(promise, (err: ServiceError) => {
    assert.equal(err.code, status.FAILED_PRECONDITION, `expected FAILED_PRECONDITION, got ${status[err.code]}: ${err.details}`);
    assert.match(err.details, /this node does not index txs/);
    return true;
  });
}

test("a bank send lands on a node without a tx index, and each lookup of it says the node cannot find txs", async () => {
  const faucet = signerFromMnemonic(FAUCET_TEST_MNEMONIC);
  const from = formatAccountAddress(faucet.address);
  const { accountNumber, sequence } = await getSigningInfo(rpc, from);
  const signed = await signTx({
    signer: faucet,
    messages: [msgSend({ fromAddress: from, toAddress: from, amount: [{ denom: "uunit", amount: "7" }] })],
    fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
    chainId: (await rpc.status()).network,
    accountNumber,
    sequence,
  });
  const sent = await rpc.broadcastTxSync(signed.txBytes);
  assert.equal(sent.code, 0, `CheckTx: ${sent.log}`);

  // waitForTx stops at its first look, long before its 30 s timeout, and says why.
  const startedMs = Date.now();
  await assert.rejects(rpc.waitForTx(sent.hash), (err: Error) => {
    assert.ok(err instanceof TxIndexDisabledError, `expected TxIndexDisabledError, got ${err.name}: ${err.message}`);
    assert.match(err.message, new RegExp(`tx ${sent.hash} was broadcast, but ${node.rpcUrl} does not index txs`));
    return true;
  });
  assert.ok(Date.now() - startedMs < 5_000, `waitForTx took ${Date.now() - startedMs} ms`);
  await assert.rejects(rpc.getTx(sent.hash), TxIndexDisabledError);

  // The tx did execute: the sender's sequence moves on.
  await waitUntil("the send's block", async () => (await getSigningInfo(rpc, from)).sequence === sequence + 1n, 15_000);

  await failedPrecondition(grpc.call(TxService, "getTx", { hash: sent.hash }));
  await failedPrecondition(grpc.call(TxService, "getTxsEvent", { query: `message.sender='${from}'` }));

  const cli = await runUnitd(["query", "tx", sent.hash, "--node", node.rpcUrl]);
  assert.equal(cli.code, 1, `expected exit 1\nstdout: ${cli.stdout}\nstderr: ${cli.stderr}`);
  assert.match(cli.stderr, /does not index txs/);
  assert.doesNotMatch(cli.stderr, /\n\s+at /, "no stack trace");
});
