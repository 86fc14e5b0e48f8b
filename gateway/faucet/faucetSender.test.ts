// The faucet's sequence handling against a fake chain that checks sequences like the ante does:
// concurrent sends get consecutive sequences, and a wrong sequence is corrected and retried.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { BaseAccountSchema } from "../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { QueryAccountResponseSchema } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { MsgSendSchema } from "../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { FAUCET_TEST_MNEMONIC } from "../../common/node/testKeys.js";
import { NodeUnreachableError } from "../../sdk/client/errors.js";
import type { AbciQueryResponse, BroadcastTxSyncResponse, NodeStatus } from "../../sdk/client/rpcResponses.js";
import { signerFromMnemonic } from "../../sdk/keys/signerFromMnemonic.js";
import { decodeTx } from "../../sdk/tx/decodeTx.js";
import { packAny } from "../../sdk/tx/registry.js";
import { txHash } from "../../sdk/tx/txParts.js";
import { FaucetSender } from "./faucetSender.js";
import { FaucetHttpError } from "./httpErrors.js";

const signer = signerFromMnemonic(FAUCET_TEST_MNEMONIC);

/** Committed sequence (what account queries see) and check-state sequence (what CheckTx checks). */
class FakeChain {
  committed = 0n;
  checkSequence = 0n;
  exists = true;
  down = false;
  received: Array<{ sequence: bigint; to: string }> = [];

  async status(): Promise<NodeStatus> {
    if (this.down) throw new NodeUnreachableError("cannot reach the node at http://fake: connection refused");
    return {
      network: "unit_2611-1",
      nodeId: "",
      moniker: "",
      version: "",
      latestBlockHeight: 1n,
      latestBlockHash: "",
      latestAppHash: "",
      latestBlockTime: "",
      catchingUp: false,
    };
  }

  async abciQuery(path: string): Promise<AbciQueryResponse> {
    assert.equal(path, "/cosmos.auth.v1beta1.Query/Account");
    const base = { info: "", key: new Uint8Array(), height: 1n, codespace: "" };
    if (!this.exists) return { ...base, code: 22, codespace: "sdk", log: "rpc error: code = NotFound desc = account not found", value: new Uint8Array() };
    const account = packAny(BaseAccountSchema, { address: "unit1x", accountNumber: 4n, sequence: this.committed });
    return { ...base, code: 0, log: "", value: toBinary(QueryAccountResponseSchema, create(QueryAccountResponseSchema, { account })) };
  }

  async broadcastTxSync(txBytes: Uint8Array): Promise<BroadcastTxSyncResponse> {
    if (this.down) throw new NodeUnreachableError("cannot reach the node at http://fake: connection refused");
    const tx = decodeTx(txBytes);
    const sequence = tx.authInfo.signerInfos[0]!.sequence;
    const hash = txHash(txBytes);
    if (sequence !== this.checkSequence) {
      return {
        code: 32,
        codespace: "sdk",
        log: `account sequence mismatch, expected ${this.checkSequence}, got ${sequence}: incorrect account sequence`,
        hash,
      };
    }
    this.checkSequence++;
    this.received.push({ sequence, to: fromBinary(MsgSendSchema, tx.body.messages[0]!.value).toAddress });
    return { code: 0, codespace: "", log: "", hash };
  }
}

function senderFor(chain: FakeChain) {
  return new FaucetSender({
    rpc: chain,
    signer,
    amount: [{ denom: "uunit", amount: "100" }],
    fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
  });
}

test("20 concurrent sends are signed with 20 consecutive sequences, none reused", async () => {
  const chain = new FakeChain();
  const sender = senderFor(chain);
  const targets = Array.from({ length: 20 }, (_, i) => `unit1target${i}`);
  const results = await Promise.all(targets.map((to) => sender.send(to)));
  assert.equal(new Set(results.map((r) => r.txhash)).size, 20);
  assert.deepEqual(
    chain.received.map((r) => r.sequence),
    Array.from({ length: 20 }, (_, i) => BigInt(i)),
  );
  assert.deepEqual(chain.received.map((r) => r.to).sort(), [...targets].sort());
});

test("a wrong sequence (another client used the key) is corrected from the answer and retried", async () => {
  const chain = new FakeChain();
  const sender = senderFor(chain);
  await sender.send("unit1a");
  chain.checkSequence += 3n; // three txs from elsewhere
  await sender.send("unit1b");
  assert.deepEqual(
    chain.received.map((r) => r.sequence),
    [0n, 4n],
  );
});

test("after a failed broadcast the sequence is read from the chain again", async () => {
  const chain = new FakeChain();
  const sender = senderFor(chain);
  await sender.send("unit1a");
  chain.down = true;
  await assert.rejects(sender.send("unit1b"), (err: unknown) => err instanceof FaucetHttpError && err.status === 503 && /connection refused/.test(err.message));
  chain.down = false;
  chain.committed = 1n; // the first tx was committed meanwhile
  await sender.send("unit1c");
  assert.deepEqual(
    chain.received.map((r) => r.sequence),
    [0n, 1n],
  );
});

test("an unfunded faucet account is a clear 503", async () => {
  const chain = new FakeChain();
  chain.exists = false;
  await assert.rejects(
    senderFor(chain).send("unit1a"),
    (err: unknown) => err instanceof FaucetHttpError && err.status === 503 && /has no funds/.test(err.message),
  );
});

test("one failed send does not block the queue behind it", async () => {
  const chain = new FakeChain();
  const sender = senderFor(chain);
  chain.down = true;
  const first = sender.send("unit1a");
  const second = sender.send("unit1b");
  await assert.rejects(first);
  chain.down = false;
  await second.catch(() => undefined);
  await sender.send("unit1c");
  assert.ok(chain.received.some((r) => r.to === "unit1c"));
});
