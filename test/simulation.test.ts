// The simulation's short CI run (see docs/simulation.md): two seeds over the real app and SQLite,
// every invariant checked after every block, and one seed run twice giving the same app hash at
// every height; each kind of operation, registry, taxrail and voting included, succeeds at least
// once, and so do validator creation, redelegation, reward withdrawal, community pool funding and a
// gov v1beta1 submission (distribution's invariants and the staking pools checked after each block). A failure names its seed; replay it with SIM_SEED=<seed> (and SIM_BLOCKS=<n>).
import { test } from "node:test";
import assert from "node:assert/strict";
import { runSimulation, type SimulationResult } from "./support/simulation/engine.js";
import { allBrokenInvariants } from "./support/simulation/invariants.js";
import { InProcessChain } from "./support/inProcessChain.js";
import { balanceKey } from "../app/modules/bank/keys.js";
import { ownerAssetKey } from "../app/modules/registry/keys.js";
import { tallyKey } from "../app/modules/voting/keys.js";
import { moduleStore } from "../app/store/prefixStore.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";

const BLOCKS = Number(process.env.SIM_BLOCKS ?? 40);
const SEEDS = process.env.SIM_SEED ? [Number(process.env.SIM_SEED)] : [2611, 1_000_003];

function assertExercised(r: SimulationResult): void {
  const ops = r.operations;
  const label = `seed ${r.seed}: ${JSON.stringify(ops)}`;
  assert.equal(r.invariantChecks, BLOCKS, label);
  // The run reached every module and saw both outcomes, or it proves little.
  const kinds = ["bank/send", "staking/delegate", "gov/submit", "identity/issue", "evm/transfer"];
  kinds.push("registry/register", "registry/transfer", "taxrail/set-rule", "taxrail/withdraw");
  kinds.push("voting/create", "voting/cancel", "voting/register", "voting/vote", "gov/authority", "gov/validator-vote");
  kinds.push("staking/create-validator", "staking/redelegate", "distribution/withdraw-rewards", "distribution/fund-community-pool", "gov-v1beta1/submit");
  for (const kind of kinds) assert.ok((ops[kind]?.ok ?? 0) > 0, `no successful ${kind}; ${label}`);
  // Governance-only registry, taxrail and voting messages ran: a proposal carrying them passed.
  assert.ok(r.authorityProposals.ok > 0, `no proposal with module messages passed; ${JSON.stringify(r.authorityProposals)}`);
  // Nobody is jailed in a short run: every unjail is refused.
  assert.ok((ops["slashing/unjail"]?.failed ?? 0) > 0 && (ops["slashing/unjail"]?.ok ?? 0) === 0, `unjail; ${label}`);
  const failed = Object.values(ops).reduce((s, o) => s + o.failed, 0);
  assert.ok(failed > 0, `no failed tx; ${label}`);
}

for (const seed of SEEDS) {
  test(`simulation seed ${seed}: ${BLOCKS} blocks of random txs keep every invariant, and a rerun gives the same app hashes`, async () => {
    const first = await runSimulation({ seed, blocks: BLOCKS });
    assertExercised(first);
    const second = await runSimulation({ seed, blocks: BLOCKS });
    for (let h = 0; h < BLOCKS; h++)
      assert.equal(second.appHashes[h], first.appHashes[h], `seed ${seed}: app hash differs at height ${h + 1} between two runs`);
    assert.deepEqual(second.operations, first.operations, `seed ${seed}: outcomes differ between two runs`);
    assert.deepEqual(second.authorityProposals, first.authorityProposals, `seed ${seed}: proposal outcomes differ between two runs`);
  });
}

test("different seeds give different histories (the seed reaches the txs)", async () => {
  const [a, b] = await Promise.all([runSimulation({ seed: 7, blocks: 4 }), runSimulation({ seed: 8, blocks: 4 })]);
  assert.notEqual(a.appHashes[3], b.appHashes[3]);
});

test("the invariant checks notice a coin minted without supply", async () => {
  const holder = formatAccountAddress(new Uint8Array(20).fill(9));
  const chain = await InProcessChain.create([{ address: holder, coins: [{ denom: "uunit", amount: "1000" }] }]);
  try {
    await chain.block([]);
    assert.deepEqual(allBrokenInvariants(chain.store.view()), []);
    // A branch that is never written: the committed state stays sound.
    const branch = chain.store.begin();
    moduleStore(branch, "bank").set(balanceKey(new Uint8Array(20).fill(9), "uunit"), new TextEncoder().encode("1001"));
    assert.deepEqual(allBrokenInvariants(branch), ["bank: bank supply of uunit is 1000, balances sum to 1001"]);
  } finally {
    chain.close();
  }
});

test("the invariant checks notice a registry index entry without its asset and a tally without its election", async () => {
  const holder = formatAccountAddress(new Uint8Array(20).fill(9));
  const chain = await InProcessChain.create([{ address: holder, coins: [{ denom: "uunit", amount: "1000" }] }]);
  try {
    await chain.block([]);
    const branch = chain.store.begin();
    moduleStore(branch, "registry").set(ownerAssetKey(new Uint8Array(20).fill(9), 5n), new Uint8Array());
    moduleStore(branch, "voting").set(tallyKey(9n), new Uint8Array());
    assert.deepEqual(allBrokenInvariants(branch), [
      "registry: the owner index lists asset 5, which does not exist",
      "voting: a tally for election 9, which does not exist",
    ]);
  } finally {
    chain.close();
  }
});
