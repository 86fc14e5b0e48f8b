// Gov genesis and params: the SDK v0.50 defaults in proto JSON, what validation refuses, the
// shorter periods the local chains use, and the shared authority check.
import { test } from "node:test";
import assert from "node:assert/strict";
import { registerError } from "../../../common/errors.js";
import { checkAuthority } from "../../tx/authority.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { defaultGovGenesis } from "./genesis.js";
import { queueKey, ACTIVE_QUEUE_PREFIX } from "./keys.js";
import { GovHarness } from "./testHarness.js";

const defaults = () => structuredClone(defaultGovGenesis()) as { params: Record<string, unknown>; [k: string]: unknown };

test("default genesis is the SDK v0.50 default, in uunit, with snake_case names", () => {
  assert.deepEqual(defaultGovGenesis(), {
    starting_proposal_id: "1",
    deposits: [],
    votes: [],
    proposals: [],
    params: {
      min_deposit: [{ denom: "uunit", amount: "10000000" }],
      max_deposit_period: "172800s",
      voting_period: "172800s",
      quorum: "0.334000000000000000",
      threshold: "0.500000000000000000",
      veto_threshold: "0.334000000000000000",
      min_initial_deposit_ratio: "0.000000000000000000",
      proposal_cancel_ratio: "0.500000000000000000",
      proposal_cancel_dest: "",
      expedited_voting_period: "86400s",
      expedited_threshold: "0.667000000000000000",
      expedited_min_deposit: [{ denom: "uunit", amount: "50000000" }],
      burn_vote_quorum: false,
      burn_proposal_deposit_prevote: false,
      burn_vote_veto: true,
      min_deposit_ratio: "0.010000000000000000",
    },
    constitution: "",
  });
});

test("the local chains' 30s / 15s voting periods are accepted, and decimals are stored in 18-digit form", () => {
  const g = defaults();
  g.params = { ...g.params, voting_period: "30s", expedited_voting_period: "15s", quorum: "0.2", max_deposit_period: "60s" };
  g.constitution = "We govern by proposal.";
  const h = new GovHarness(g);
  const params = h.keeper.getParams(h.root);
  assert.equal(params.votingPeriod!.seconds, 30n);
  assert.equal(params.quorum, "0.200000000000000000");
  assert.equal(h.keeper.getConstitution(h.root), "We govern by proposal.");
  h.close();
});

test("genesis refuses invalid params and state it cannot import", () => {
  const cases: [string, (g: ReturnType<typeof defaults>) => void, RegExp][] = [
    ["expedited period not shorter", (g) => (g.params.expedited_voting_period = "172800s"), /expedited_voting_period must be strictly less than voting_period/],
    ["zero voting period", (g) => (g.params.voting_period = "0s"), /voting_period must be positive/],
    ["quorum above 1", (g) => (g.params.quorum = "1.1"), /quorum too large/],
    ["threshold zero", (g) => (g.params.threshold = "0"), /threshold must be positive/],
    ["expedited threshold not above threshold", (g) => (g.params.expedited_threshold = "0.5"), /expedited_threshold 0.5 must be greater than threshold/],
    [
      "expedited deposit not above min deposit",
      (g) => (g.params.expedited_min_deposit = [{ denom: "uunit", amount: "10000000" }]),
      /expedited_min_deposit .* must be greater than min_deposit/,
    ],
    ["empty min deposit", (g) => (g.params.min_deposit = []), /invalid min_deposit: must not be empty/],
    ["bad decimal", (g) => (g.params.min_deposit_ratio = "1e-2"), /invalid min_deposit_ratio "1e-2"/],
    ["bad cancel destination", (g) => (g.params.proposal_cancel_dest = "cosmos1xyz"), /proposal_cancel_dest is not a valid address/],
    ["period beyond 100 years", (g) => (g.params.max_deposit_period = "3160000000s"), /at most 100 years/],
    ["starting id 0", (g) => (g.starting_proposal_id = "0"), /starting_proposal_id must be greater than 0/],
    ["proposal at the starting id", (g) => (g.proposals = [{ id: "1" }]), /proposals\[0\]: id 1 must be between 1 and starting_proposal_id - 1/],
    ["deprecated params", (g) => (g.voting_params = { voting_period: "10s" }), /deprecated; set them in params/],
    ["unknown field", (g) => (g.surprise = 1), /gov genesis: .*surprise/],
  ];
  for (const [name, edit, pattern] of cases) {
    const g = defaults();
    edit(g);
    assert.throws(() => new GovHarness(g), pattern, name);
  }
});

test("checkAuthority accepts only the gov module account, with the SDK's text", () => {
  assert.equal(GOV_AUTHORITY, "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc");
  assert.equal(Buffer.from(moduleAddress(GOV_ACCOUNT)).length, 20);
  const err = registerError("govtest", 1, "expected gov account as only signer for proposal message");
  checkAuthority(GOV_AUTHORITY, GOV_AUTHORITY, err);
  assert.throws(
    () => checkAuthority(GOV_AUTHORITY, GOV_AUTHORITY.toUpperCase(), err),
    (e: Error) =>
      e.message ===
      `invalid authority; expected ${GOV_AUTHORITY}, got ${GOV_AUTHORITY.toUpperCase()}: expected gov account as only signer for proposal message`,
  );
});

test("queue keys sort by deadline (seconds, then nanoseconds), then id", () => {
  const k = (nanos: bigint, id: bigint) => Buffer.from(queueKey(ACTIVE_QUEUE_PREFIX, nanos, id));
  const ordered = [k(5n, 9n), k(5n, 10n), k(999_999_999n, 1n), k(1_000_000_000n, 0n), k(256n * 1_000_000_000n, 0n)];
  assert.deepEqual([...ordered].sort(Buffer.compare), ordered);
});
