// Faults on the four-validator devnet while bank sends flow: kill -9 of one validator's app and
// CometBFT, and a 10 s SIGSTOP of another's. Three of four validators hold over 2/3 of the power,
// so blocks keep coming; the faulty node catches up afterwards; at every height all four store the
// same block and app hash; and no tx acknowledged as committed is lost: every one is found by
// hash on every node, and the balances and sequences equal what the committed sends add up to.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { waitUntil } from "../cometbft/readiness.js";
import { FAUCET_TEST_ADDRESS, FAUCET_TEST_MNEMONIC, VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { BaseAccountSchema, type BaseAccount } from "../gen/cosmos/auth/v1beta1/auth_pb.js";
import { getAccount } from "../sdk/client/authQueries.js";
import { getBalance } from "../sdk/client/bankQueries.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { ClientError, RpcResponseError } from "../sdk/client/errors.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import type { TxSigner } from "../sdk/signer.js";
import { msgSend } from "../sdk/tx/bankMessages.js";
import { signTx, type SignedTx } from "../sdk/tx/signTx.js";
import { Devnet } from "./support/devnet.js";

const FEE = 5000n;
/** The SDK's "incorrect account sequence": the node's view of the sender differs from ours. */
const WRONG_SEQUENCE = 32;
/** Bounds on the load: sends per sender per fault, and how long one send may take to commit. */
const MAX_SENDS_PER_SENDER = 150;
const TX_DEADLINE_MS = 90_000;
/** Blocks the others commit while the killed validator is down. */
const BLOCKS_WHILE_DOWN = 15;

/** A sender's account (a BaseAccount; undefined before its first tx or coins). */
async function baseAccount(c: CometRpcClient, address: string, height?: number): Promise<BaseAccount | undefined> {
  const account = await getAccount(c, address, height === undefined ? undefined : { height });
  if (account && account.$typeName !== BaseAccountSchema.typeName) throw new Error(`${address} is a ${account.$typeName}`);
  return account;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let devnet: Devnet;
let clients: CometRpcClient[];
let chainId: string;

before(async () => {
  devnet = await Devnet.create({ timeoutCommit: "300ms" });
  // No REST gateways: the checks read through each node's RPC, and two cores are shared.
  await devnet.start({ rest: false });
  clients = devnet.validators.map((v) => new CometRpcClient(v.rpcUrl, { timeoutMs: 3000 }));
  chainId = (await clients[0]!.status()).network;
  await devnet.waitForHeight(3);
  // Queries are answered once a node's query workers are up, which on a loaded machine can come
  // later than its blocks: the loads below read accounts through every node with a 3 s limit.
  for (const c of clients)
    await waitUntil(
      "a node answering queries",
      () =>
        getAccount(c, FAUCET_TEST_ADDRESS).then(
          () => true,
          () => false,
        ),
      60_000,
    );
});

after(() => devnet?.destroy());

interface Sender {
  signer: TxSigner;
  address: string;
  accountNumber: bigint;
  startSequence: bigint;
  startBalance: bigint;
  /** A fresh address per load: its balance is exactly the sum of this sender's committed sends. */
  recipient: string;
  /** Every tx signed, by sequence: exactly one per sequence, so a sequence names one tx. */
  signed: Map<bigint, { hash: string; amount: bigint }>;
}

interface Acked {
  sender: string;
  sequence: bigint;
  hash: string;
  height: bigint;
  via: number;
}

/**
 * Bank sends from several accounts, each one at a time: sign the next sequence, broadcast_tx_sync
 * to the next node in turn (skipping nodes that fail), and record the tx as acknowledged once a
 * node shows it in a block. A tx that was not confirmed is re-broadcast (the same bytes) until it is.
 */
class BankLoad {
  readonly acked: Acked[] = [];
  readonly errors: string[] = [];
  private stopped = false;
  private nextNode = 0;
  private readonly unreachableUntil = new Map<number, number>();
  private loops: Promise<void>[] = [];

  private constructor(readonly senders: Sender[]) {}

  static async start(mnemonics: readonly string[]): Promise<BankLoad> {
    const senders: Sender[] = [];
    for (const mnemonic of mnemonics) {
      const signer = signerFromMnemonic(mnemonic);
      const address = formatAccountAddress(signer.address);
      const base = await baseAccount(clients[0]!, address);
      const startBalance = BigInt((await getBalance(clients[0]!, address, "uunit")).amount);
      senders.push({
        signer,
        address,
        accountNumber: base?.accountNumber ?? 0n,
        startSequence: base?.sequence ?? 0n,
        startBalance,
        recipient: formatAccountAddress(randomBytes(20)),
        signed: new Map(),
      });
    }
    const load = new BankLoad(senders);
    load.loops = senders.map((s) => load.run(s).catch((err: Error) => void load.errors.push(`${s.address}: ${err.message}`)));
    return load;
  }

  async waitAcked(count: number, timeoutMs = 60_000): Promise<void> {
    await waitUntil(
      `${count} acknowledged sends (${this.acked.length} so far)`,
      async () => {
        if (this.errors.length > 0) throw new Error(`the load failed: ${this.errors.join("; ")}`);
        return this.acked.length >= count;
      },
      timeoutMs,
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async run(s: Sender): Promise<void> {
    for (let k = 0n; !this.stopped && k < BigInt(MAX_SENDS_PER_SENDER); k++) {
      const sequence = s.startSequence + k;
      const amount = 1000n + k;
      const signed = await signTx({
        signer: s.signer,
        messages: [msgSend({ fromAddress: s.address, toAddress: s.recipient, amount: [{ denom: "uunit", amount: amount.toString() }] })],
        fee: { amount: [{ denom: "uunit", amount: FEE.toString() }], gasLimit: 200_000n },
        chainId,
        accountNumber: s.accountNumber,
        sequence,
      });
      s.signed.set(sequence, { hash: signed.hash, amount });
      const included = await this.deliver(signed);
      if (!included) return; // stopped while it was in flight: the chain says later whether it committed
      this.acked.push({ sender: s.address, sequence, hash: signed.hash, ...included });
    }
  }

  private pickNode(): number {
    for (let tries = 0; tries < clients.length; tries++) {
      const i = this.nextNode++ % clients.length;
      if ((this.unreachableUntil.get(i) ?? 0) <= Date.now()) return i;
    }
    return this.nextNode++ % clients.length;
  }

  private async deliver(signed: SignedTx): Promise<{ height: bigint; via: number } | undefined> {
    const deadline = Date.now() + TX_DEADLINE_MS;
    while (!this.stopped) {
      if (Date.now() > deadline) throw new Error(`tx ${signed.hash} was not committed within ${TX_DEADLINE_MS / 1000}s`);
      const via = this.pickNode();
      let accepted = false;
      try {
        const res = await clients[via]!.broadcastTxSync(signed.txBytes);
        if (res.code === 0) accepted = true;
        // A wrong sequence means this node saw the tx committed already, or lags behind: look for it.
        else if (res.code !== WRONG_SEQUENCE) throw new Error(`validator ${via} refused tx ${signed.hash}: code ${res.code} ${res.log}`);
      } catch (err) {
        if (err instanceof ClientError && /already has this exact tx/.test(err.message)) accepted = true;
        else if (err instanceof ClientError && !(err instanceof RpcResponseError)) this.unreachableUntil.set(via, Date.now() + 2000);
        else throw err;
      }
      const height = await this.lookFor(signed.hash, accepted ? 6000 : 0);
      if (height !== undefined) return { height, via };
      if (!accepted) await sleep(200);
    }
    return undefined;
  }

  /** The tx's height if some reachable node has it in a block, polling for up to `waitMs`. */
  private async lookFor(hash: string, waitMs: number): Promise<bigint | undefined> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const i = this.pickNode();
      try {
        const tx = await clients[i]!.getTx(hash);
        if (tx) {
          if (tx.result.code !== 0) throw new Error(`tx ${hash} failed in block ${tx.height}: ${tx.result.log}`);
          return tx.height;
        }
      } catch (err) {
        if (!(err instanceof ClientError)) throw err;
        this.unreachableUntil.set(i, Date.now() + 2000);
      }
      if (Date.now() >= deadline || this.stopped) return undefined;
      await sleep(250);
    }
  }
}

const SENDERS = [FAUCET_TEST_MNEMONIC, VALIDATOR_TEST_MNEMONICS[0], VALIDATOR_TEST_MNEMONICS[1], VALIDATOR_TEST_MNEMONICS[3]];

/** The catching-up node has reached the others and consensus: height and catching_up. */
async function waitCaughtUp(index: number, timeoutMs = 120_000): Promise<void> {
  const others = devnet.allIndexes().filter((i) => i !== index);
  const target = Math.max(...(await devnet.heights(others))) + 2;
  await devnet.waitForHeight(target, [index], timeoutMs);
  await waitUntil(
    `validator ${index} to leave catching-up`,
    async () =>
      (
        await devnet
          .validator(index)
          .status()
          .catch(() => undefined)
      )?.catchingUp === false,
    30_000,
  );
}

/**
 * Stops the load, lets the mempools drain (a tx still waiting could commit after the balances are
 * read), then checks agreement at every height and that the chain holds exactly the sends made.
 */
async function verify(load: BankLoad): Promise<string> {
  await load.stop();
  assert.deepEqual(load.errors, [], "the load ran without errors");
  await waitUntil(
    "every mempool to drain",
    async () => {
      const pending = await Promise.all(
        devnet.validators.map((v) =>
          v
            .rpc<{ n_txs: string }>("num_unconfirmed_txs")
            .then((r) => r.n_txs)
            .catch(() => "?"),
        ),
      );
      return pending.every((n) => n === "0");
    },
    60_000,
  );
  const top = await devnet.waitForCommonHeight();

  assert.deepEqual(await devnet.disagreements(top), [], "a height where the nodes disagree on the block or app hash");
  for (const v of devnet.validators) {
    assert.doesNotMatch(
      fs.readFileSync(v.logFile("comet"), "utf8"),
      /wrong Block\.Header\.AppHash|app hash mismatch|CONSENSUS FAILURE/i,
      `${v.node.moniker}'s CometBFT log`,
    );
  }

  let committedTotal = 0;
  for (const s of load.senders) {
    // The account sequence after the load names exactly the txs of this load that committed.
    const sequences = await Promise.all(clients.map(async (c) => (await baseAccount(c, s.address, top))?.sequence));
    assert.ok(
      sequences.every((q) => q === sequences[0]),
      `the nodes agree on ${s.address}'s sequence: ${sequences.join(", ")}`,
    );
    const end = sequences[0]!;
    const committed: { hash: string; amount: bigint }[] = [];
    for (let q = s.startSequence; q < end; q++) {
      const tx = s.signed.get(q);
      assert.ok(tx, `sequence ${q} of ${s.address} committed a tx this load signed`);
      committed.push(tx);
    }
    const mine = load.acked.filter((a) => a.sender === s.address);
    for (const a of mine) assert.ok(a.sequence < end, `acknowledged tx ${a.hash} (sequence ${a.sequence}) is in the chain's sequence`);
    assert.ok(committed.length >= mine.length);
    committedTotal += committed.length;

    // Every committed tx, acknowledged or not, is in the same block on every node.
    for (const tx of committed) {
      const found = await Promise.all(clients.map((c) => c.getTx(tx.hash)));
      found.forEach((f, i) => assert.ok(f && f.result.code === 0, `tx ${tx.hash} is committed on validator ${i}`));
      assert.ok(
        found.every((f) => f!.height === found[0]!.height),
        `tx ${tx.hash} in one block everywhere`,
      );
      const ack = mine.find((a) => a.hash === tx.hash);
      if (ack) assert.equal(found[0]!.height, ack.height, `tx ${tx.hash} stays where it was acknowledged`);
    }

    const sent = committed.reduce((sum, t) => sum + t.amount, 0n);
    const spent = sent + FEE * BigInt(committed.length);
    for (const [i, c] of clients.entries()) {
      assert.equal(BigInt((await getBalance(c, s.recipient, "uunit", { height: top })).amount), sent, `recipient of ${s.address} on validator ${i}`);
      assert.equal(BigInt((await getBalance(c, s.address, "uunit", { height: top })).amount), s.startBalance - spent, `${s.address} on validator ${i}`);
    }
  }
  return `${load.acked.length} sends acknowledged, ${committedTotal} committed; heights 1..${top} agree on all four nodes`;
}

test("kill -9 of one validator's app and CometBFT while sends flow: three keep going, it catches up, nothing acknowledged is lost", async (t) => {
  const load = await BankLoad.start(SENDERS);
  await load.waitAcked(8);

  const victim = devnet.validator(2);
  const others = [0, 1, 3];
  await victim.crash();
  assert.equal(await victim.status().catch(() => undefined), undefined, "the crashed node's RPC is gone");
  const atCrash = await devnet.heights(others);
  const ackedAtCrash = load.acked.length;
  // The other three hold 3/4 of the power: blocks and commits go on (a round the victim should
  // propose times out). Long enough down that it must fetch many blocks when it is back.
  await devnet.waitForHeight(Math.max(...atCrash) + BLOCKS_WHILE_DOWN, others, 120_000);
  await load.waitAcked(ackedAtCrash + 20);
  const afterDown = await devnet.heights(others);
  t.diagnostic(
    `validator 2 down from height ${Math.min(...atCrash)} to ${Math.min(...afterDown)}; ${load.acked.length - ackedAtCrash} sends acknowledged meanwhile`,
  );

  await victim.startApp();
  await victim.startComet();
  await waitCaughtUp(2);
  const ackedAtRestart = load.acked.length;
  await load.waitAcked(ackedAtRestart + 5);
  await waitUntil("a send through the restarted node", async () => load.acked.slice(ackedAtRestart).some((a) => a.via === 2), 60_000);
  t.diagnostic(await verify(load));
});

test("SIGSTOP of one validator's app and CometBFT for 10 s, then SIGCONT: the same", async (t) => {
  const load = await BankLoad.start(SENDERS);
  await load.waitAcked(5);

  const paused = devnet.validator(1);
  const others = [0, 2, 3];
  const before = await devnet.heights(others);
  const ackedAtPause = load.acked.length;
  await paused.pause();
  const pausedAt = Date.now();
  assert.equal(await paused.status(1000).catch(() => undefined), undefined, "a paused node does not answer");
  await sleep(Math.max(0, 10_000 - (Date.now() - pausedAt)));
  const after = await devnet.heights(others);
  after.forEach((h, k) => assert.ok(h >= before[k]! + 2, `validator ${others[k]} kept committing during the pause (${before[k]} -> ${h})`));
  assert.ok(load.acked.length > ackedAtPause, "sends committed during the pause");

  t.diagnostic(
    `validator 1 paused for ${Date.now() - pausedAt} ms; the others went from ${before.join("/")} to ${after.join("/")}; ${load.acked.length - ackedAtPause} sends acknowledged meanwhile`,
  );
  await paused.resume();

  await waitCaughtUp(1);
  await load.waitAcked(load.acked.length + 5);
  t.diagnostic(await verify(load));
});
