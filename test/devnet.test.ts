// The spec's walkthrough on the four-validator devnet (real CometBFT, apps, REST gateways and the
// faucet, on loopback): every node's RPC, gRPC and REST answer; an issuer funded from validator
// 0's key, the add-issuer proposal passed by the yes votes of validators 1-3 (3 of 4 hold over
// 2/3 of the power), the issuer listed on every node's REST, a credential issued and revoked with
// the tier following on every node; and at every height all four nodes store the same block and
// app hash.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Service as TendermintService } from "../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { validatorAccountAddress } from "../app/localGenesis.js";
import { waitUntil } from "../cometbft/readiness.js";
import { VALIDATOR_SELF_DELEGATION, VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { Devnet, type DevnetValidator } from "./support/devnet.js";
import { runUnitd, type CliRun } from "./support/unitdCli.js";

/** Shortened in this devnet's genesis (the devnet's own is 30 s) so the test waits less. */
const VOTING_PERIOD_SECONDS = 10;
const TX_FLAGS = ["--gas", "400000", "--fees", "10000uunit", "-y", "--wait", "-o", "json"];
const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";

let devnet: Devnet;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-devnet-cli-home-"));

before(async () => {
  devnet = await Devnet.create({ timeoutCommit: "300ms", votingPeriod: `${VOTING_PERIOD_SECONDS}s` });
  await devnet.start({ rest: true, faucet: true });
});

after(async () => {
  await devnet?.destroy();
  fs.rmSync(home, { recursive: true, force: true });
});

const nodes = (): DevnetValidator[] => devnet.validators;

function unitd(args: string[], options: { via?: number; input?: string } = {}): Promise<CliRun> {
  const node = args[0] === "keys" || args[0] === "devnet" ? [] : ["--node", devnet.validator(options.via ?? 0).rpcUrl];
  return runUnitd([...args, ...node], { input: options.input, env: { UNITD_HOME: home } });
}

async function ok(args: string[], options: { via?: number; input?: string } = {}): Promise<any> {
  const run = await unitd(args, options);
  assert.equal(run.code, 0, `unitd ${args.join(" ")}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return run.stdout.trim().startsWith("{") ? JSON.parse(run.stdout) : run.stdout;
}

/** A tx through node `via`'s RPC; resolves once every node has committed the block after it, so each node's state includes it. */
async function tx(args: string[], via: number): Promise<any> {
  const result = await ok([...args, ...TX_FLAGS], { via });
  assert.equal(result.code, 0, result.raw_log);
  await devnet.waitForHeight(Number(result.height) + 1);
  return result;
}

/** The same REST route on every node (at `height`, else latest): the answers, in validator order. */
async function everyRest(route: string, height?: number): Promise<any[]> {
  return Promise.all(
    nodes().map(async (v) => {
      const res = await v.rest(route, height);
      assert.equal(res.status, 200, `${v.node.moniker} ${route}: ${JSON.stringify(res.body)}`);
      return res.body;
    }),
  );
}

/** Asserts `check` on every node's answer to `route`, naming the node that fails. */
async function onEveryNode(route: string, check: (body: any, node: string) => void, height?: number): Promise<void> {
  const bodies = await everyRest(route, height);
  bodies.forEach((body, i) => check(body, devnet.validator(i).node.moniker));
}

test("every node's RPC, gRPC and REST answer, with permissive CORS, and its three peers are connected", async () => {
  for (const v of nodes()) {
    const status = await v.status();
    assert.equal(status.network, "unit_2611-1");
    assert.equal(status.nodeId, v.node.nodeId);
    assert.equal(status.catchingUp, false);
    await waitUntil(`${v.node.moniker} to see its 3 peers`, async () => (await v.rpc<{ n_peers: string }>("net_info")).n_peers === "3", 30_000);

    const grpc = new NodeGrpcClient(v.grpcAddress);
    try {
      assert.equal((await grpc.call(TendermintService, "getSyncing", {}, { timeoutMs: 10_000 })).response.syncing, false);
      assert.equal((await grpc.call(TendermintService, "getNodeInfo", {}, { timeoutMs: 10_000 })).response.defaultNodeInfo?.network, "unit_2611-1");
    } finally {
      grpc.client.close();
    }

    const rest = await fetch(`${v.restUrl}/cosmos/base/tendermint/v1beta1/syncing`, { headers: { origin: "http://wallet.example" } });
    assert.equal(rest.status, 200);
    assert.deepEqual(await rest.json(), { syncing: false });
    assert.equal(rest.headers.get("access-control-allow-origin"), "*", "the devnet's REST CORS is permissive");
    const rpc = await fetch(`${v.rpcUrl}/health`, { headers: { origin: "http://wallet.example" } });
    assert.equal(rpc.status, 200);
    assert.ok(["*", "http://wallet.example"].includes(rpc.headers.get("access-control-allow-origin") ?? ""), "the devnet's RPC CORS is permissive");
  }
});

test("validator i listens on the base ports + 10·i, on loopback only", () => {
  const base = devnet.validator(0).ports;
  const listening = listeners();
  for (const v of nodes()) {
    for (const what of ["rpc", "p2p", "abci", "grpc", "rest"] as const) {
      assert.equal(v.ports[what], base[what] + 10 * v.index);
      assert.deepEqual(listening.get(v.ports[what]), ["127.0.0.1"], `${v.node.moniker} ${what} port ${v.ports[what]}`);
    }
  }
  assert.deepEqual(listening.get(devnet.faucetPort), ["127.0.0.1"], "the faucet");
});

/** Listening TCP sockets by port: the addresses they are bound to (from /proc/net/tcp{,6}). */
function listeners(): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== "0A" || !local) continue;
      const [addrHex, portHex] = local.split(":");
      const address = addrHex!.length === 8 ? Buffer.from(addrHex!, "hex").reverse().join(".") : `[${addrHex}]`;
      const port = parseInt(portHex!, 16);
      out.set(port, [...(out.get(port) ?? []), address]);
    }
  }
  return out;
}

test("unitd devnet status shows each node's height, app hash, three peers and not catching up", async () => {
  const run = await ok(["devnet", "status", "--dir", devnet.dir]);
  const rows = (run as string).split("\n").filter((l) => /^validator-\d/.test(l));
  assert.equal(rows.length, 4, run);
  for (const [i, row] of rows.entries()) {
    const [name, height, appHash, peers, catchingUp] = row.trim().split(/\s+/);
    assert.equal(name, `validator-${i}`);
    assert.ok(Number(height) >= 1, row);
    assert.match(appHash!, /^[0-9A-F]{64}$/, row);
    assert.equal(peers, "3", row);
    assert.equal(catchingUp, "false", row);
  }
});

test("the faucet beside validator 0 funds an address; every node sees the coins", async () => {
  const address = (await ok(["keys", "add", "faucet-user", "-o", "json"])).address;
  const res = await fetch(`${devnet.faucetUrl}/faucet`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ address }) });
  const body = (await res.json()) as { txhash: string; amount: string };
  assert.equal(res.status, 200, JSON.stringify(body));
  const included = await waitForTxOnNode(devnet.validator(1), body.txhash);
  await devnet.waitForHeight(included + 1);
  await onEveryNode(`/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=uunit`, (b, node) => assert.equal(`${b.balance.amount}uunit`, body.amount, node));
});

async function waitForTxOnNode(v: DevnetValidator, hash: string): Promise<number> {
  let height = 0;
  await waitUntil(
    `tx ${hash} in a block`,
    async () => {
      const res = await fetch(`${v.rpcUrl}/tx?hash=0x${hash}`, { signal: AbortSignal.timeout(3000) })
        .then((r) => r.json() as Promise<{ result?: { height: string } }>)
        .catch(() => undefined);
      height = Number(res?.result?.height ?? 0);
      return height > 0;
    },
    30_000,
  );
  return height;
}

let issuer = "";
let subject = "";
let credentialId = "";
let submittedAt = 0;

test("keys: the four validator operator keys are imported, an issuer and a subject created", async () => {
  for (const [i, mnemonic] of VALIDATOR_TEST_MNEMONICS.entries()) {
    const key = await ok(["keys", "add", `validator${i}`, "--recover", "-o", "json"], { input: mnemonic + "\n" });
    assert.equal(key.address, validatorAccountAddress(i));
  }
  issuer = (await ok(["keys", "add", "issuer", "-o", "json"])).address;
  subject = (await ok(["keys", "add", "subject", "-o", "json"])).address;
  const validators = (await ok(["query", "staking", "validators", "-o", "json"], { via: 3 })).validators;
  assert.equal(validators.length, 4);
  for (const v of validators) {
    assert.equal(v.status, "BOND_STATUS_BONDED");
    assert.equal(v.tokens, VALIDATOR_SELF_DELEGATION.toString());
  }
  const set = await devnet.validator(2).rpc<{ validators: { voting_power: string }[] }>("validators");
  assert.deepEqual(
    set.validators.map((v) => v.voting_power),
    ["100000", "100000", "100000", "100000"],
  );
});

test("validator 0 funds the issuer; every node's REST shows the balance", async () => {
  await tx(["tx", "bank", "send", "validator0", issuer, "50000000uunit"], 0);
  await onEveryNode(`/cosmos/bank/v1beta1/balances/${issuer}/by_denom?denom=uunit`, (b, node) => assert.equal(b.balance.amount, "50000000", node));
});

test("the add-issuer proposal from a proposal file, yes votes from validators 1, 2 and 3 through their own nodes", async () => {
  const file = path.join(home, "proposal.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      messages: [{ "@type": "/chain.identity.MsgAddIssuer", authority: GOV, issuer_address: issuer, name: "Acme KYC" }],
      metadata: "",
      deposit: "10000000uunit",
      title: "Authorize Acme KYC",
      summary: "Lets Acme KYC anchor kyc credentials",
    }),
  );
  const submitted = await ok(["tx", "gov", "submit-proposal", file, "--from", "issuer", ...TX_FLAGS], { via: 1 });
  assert.equal(submitted.code, 0, submitted.raw_log);
  submittedAt = Number(submitted.height);
  // The votes go out at once: the voting period is short.
  const votes = await Promise.all([1, 2, 3].map((i) => ok(["tx", "gov", "vote", "1", "yes", "--from", `validator${i}`, ...TX_FLAGS], { via: i })));
  for (const v of votes) assert.equal(v.code, 0, v.raw_log);
  await devnet.waitForHeight(Math.max(...votes.map((v) => Number(v.height))) + 1);

  // In the block of the submission voting had just begun: no issuer yet, on any node.
  await onEveryNode("/cosmos/gov/v1/proposals/1", (b, node) => assert.equal(b.proposal.status, "PROPOSAL_STATUS_VOTING_PERIOD", node), submittedAt);
  await onEveryNode("/vendor/chain/identity/issuers", (b, node) => assert.deepEqual(b.issuers, [], node), submittedAt);

  await onEveryNode("/cosmos/gov/v1/proposals/1", (b, node) => {
    assert.equal(b.proposal.messages[0]["@type"], "/chain.identity.MsgAddIssuer", node);
    assert.equal(b.proposal.messages[0].issuer_address, issuer, node);
    assert.equal(b.proposal.proposer, issuer, node);
  });
  // Three of the four validators' bonded tokens, whether the period is still running (live tally) or over (final tally).
  await onEveryNode("/cosmos/gov/v1/proposals/1/tally", (b, node) => {
    assert.equal(b.tally.yes_count, (3n * VALIDATOR_SELF_DELEGATION).toString(), node);
    assert.equal(b.tally.no_count, "0", node);
  });
});

test("after the voting period the issuer is listed on every node's REST", async () => {
  for (const v of nodes()) {
    await waitUntil(
      `the proposal to pass on ${v.node.moniker}`,
      async () => (await v.rest("/cosmos/gov/v1/proposals/1")).body?.proposal?.status === "PROPOSAL_STATUS_PASSED",
      (VOTING_PERIOD_SECONDS + 60) * 1000,
    );
  }
  // The proposal's passing and the issuer's listing are one block's state: every node that shows one shows the other.
  await onEveryNode("/cosmos/gov/v1/proposals/1", (b, node) => {
    assert.equal(b.proposal.status, "PROPOSAL_STATUS_PASSED", node);
    assert.equal(b.proposal.failed_reason, "", node);
    assert.equal(b.proposal.final_tally_result.yes_count, (3n * VALIDATOR_SELF_DELEGATION).toString(), node);
  });
  await onEveryNode("/vendor/chain/identity/issuers", (b, node) => {
    assert.equal(b.issuers.length, 1, node);
    assert.equal(b.issuers[0].address, issuer, node);
    assert.equal(b.issuers[0].name, "Acme KYC", node);
  });
  const added = await everyRest("/vendor/chain/identity/issuers");
  assert.ok(
    added.every((b) => b.issuers[0].added_at === added[0].issuers[0].added_at),
    "the same block time on every node",
  );
});

test("a credential issued through node 2: ACCOUNT_TIER_ATTESTED on every node", async () => {
  await onEveryNode(`/vendor/chain/identity/tier/${subject}`, (b, node) => assert.equal(b.tier, "ACCOUNT_TIER_UNVERIFIED", node));
  const hash = "0x" + createHash("sha256").update("passport scan of the subject, kept off chain").digest("hex");
  const issued = await tx(
    ["tx", "identity", "issue-credential", "--subject", subject, "--credential-type", "kyc", "--credential-hash", hash, "--from", "issuer"],
    2,
  );
  const issuedAt = Number(issued.height);
  const event = issued.events.find((e: { type: string }) => e.type === "chain.identity.EventCredentialIssued");
  assert.ok(event, "a typed issue event");
  credentialId = JSON.parse(event.attributes.find((a: { key: string }) => a.key === "credential_id").value);
  await onEveryNode(`/vendor/chain/identity/tier/${subject}`, (b, node) => assert.deepEqual(b, { tier: "ACCOUNT_TIER_ATTESTED", role_metadata: "" }, node));
  // Every node derives the tier at the same height: attested from the issuing block on, not before.
  await onEveryNode(`/vendor/chain/identity/tier/${subject}`, (b, node) => assert.equal(b.tier, "ACCOUNT_TIER_UNVERIFIED", node), issuedAt - 1);
  await onEveryNode(`/vendor/chain/identity/tier/${subject}`, (b, node) => assert.equal(b.tier, "ACCOUNT_TIER_ATTESTED", node), issuedAt);
  await onEveryNode(`/vendor/chain/identity/credential/${credentialId}`, (b, node) =>
    assert.deepEqual(
      b.credential,
      { id: credentialId, subject, issuer, credential_type: "kyc", credential_hash: hash, status: "CREDENTIAL_STATUS_ACTIVE" },
      node,
    ),
  );
});

test("revoked through node 3: the tier reverts on every node", async () => {
  const revoked = await tx(["tx", "identity", "revoke-credential", "--credential-id", credentialId, "--from", "issuer"], 3);
  await onEveryNode(`/vendor/chain/identity/tier/${subject}`, (b, node) => assert.deepEqual(b, { tier: "ACCOUNT_TIER_UNVERIFIED", role_metadata: "" }, node));
  await onEveryNode(`/vendor/chain/identity/tier/${subject}`, (b, node) => assert.equal(b.tier, "ACCOUNT_TIER_ATTESTED", node), Number(revoked.height) - 1);
  await onEveryNode(`/vendor/chain/identity/tier/${subject}`, (b, node) => assert.equal(b.tier, "ACCOUNT_TIER_UNVERIFIED", node), Number(revoked.height));
  await onEveryNode(`/vendor/chain/identity/credential/${credentialId}`, (b, node) => assert.equal(b.credential.status, "CREDENTIAL_STATUS_REVOKED", node));
});

test("at every height all four nodes store the same block and app hash; /status and the app agree", async () => {
  const top = await devnet.waitForCommonHeight();
  assert.ok(top >= 20, `enough blocks to compare (${top})`);
  assert.deepEqual(await devnet.disagreements(top), [], "a height where the nodes disagree");

  for (const v of nodes()) {
    // /status names the latest block's header app hash: the others stored that same block.
    const status = await v.status();
    await devnet.waitForHeight(status.latestBlockHeight);
    const there = await devnet.blocksAt(status.latestBlockHeight);
    for (const b of there) assert.equal(b.appHash, status.latestAppHash, `${v.node.moniker} /status at ${status.latestBlockHeight}`);

    // The app's own commitment after block L is what the header of block L+1 carries.
    const info = (await v.rpc<{ response: { last_block_height: string; last_block_app_hash: string } }>("abci_info")).response;
    const next = Number(info.last_block_height) + 1;
    await devnet.waitForHeight(next);
    const headers = await devnet.blocksAt(next);
    const appHash = Buffer.from(info.last_block_app_hash, "base64").toString("hex").toUpperCase();
    for (const b of headers) assert.equal(b.appHash, appHash, `${v.node.moniker} abci_info at ${next - 1}`);
  }
});
