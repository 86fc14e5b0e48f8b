// Liveness on the four-validator devnet (real CometBFT, apps and a REST gateway), with a 10-block
// signed window, 50 % to sign and a 12 s downtime jail: validator 3 is stopped; the other three keep
// committing; once it has missed more than 5 blocks past the window it is slashed 1 % and jailed
// (signing info jailed_until, staking jailed and no longer BONDED, CometBFT's /validators lists 3).
// Restarted, it catches up; after its jail time `unitd tx slashing unjail --from validator3` brings
// it back into /validators with its power; all four agree on every block and app hash.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { sha256 } from "@noble/hashes/sha2.js";
import { waitUntil } from "../cometbft/readiness.js";
import { consensusPubKeyBase64 } from "../cometbft/devnet/layout.js";
import { consAddressToString } from "../common/address.js";
import { VALIDATOR_SELF_DELEGATION } from "../common/node/testKeys.js";
import { formatValidatorAddress, parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { Devnet } from "./support/devnet.js";
import { DevnetCli } from "./support/devnetCli.js";

const DOWN = 3;
const JAIL_SECONDS = 12;
const EPOCH = "1970-01-01T00:00:00Z";

let devnet: Devnet;
let cli: DevnetCli;
let operators: string[];

const consAddress = consAddressToString(sha256(Buffer.from(consensusPubKeyBase64(DOWN), "base64")).subarray(0, 20));

before(async () => {
  devnet = await Devnet.create({
    timeoutCommit: "300ms",
    editAppState: (state) => {
      const slashing = state.slashing as { params: Record<string, unknown> };
      return {
        ...state,
        slashing: {
          ...slashing,
          params: { ...slashing.params, signed_blocks_window: "10", min_signed_per_window: "0.5", downtime_jail_duration: `${JAIL_SECONDS}s` },
        },
      };
    },
  });
  // One REST gateway is enough for the checks, and two cores are shared.
  await devnet.start({ rest: false });
  await devnet.validator(0).startRest();
  cli = new DevnetCli(devnet, "unit-slashing-devnet-");
  operators = await cli.importValidatorKeys();
});

after(async () => {
  await devnet?.destroy();
  cli?.remove();
});

/** CometBFT's validator set at the latest height, as node 0 reports it: address (hex) → power. */
async function cometValidators(): Promise<Map<string, string>> {
  const res = await devnet.validator(0).rpc<{ validators: { address: string; voting_power: string }[] }>("validators");
  return new Map(res.validators.map((v) => [v.address.toLowerCase(), v.voting_power]));
}

const rest = (route: string) => devnet.validator(0).rest(route);
const downHex = Buffer.from(sha256(Buffer.from(consensusPubKeyBase64(DOWN), "base64")).subarray(0, 20)).toString("hex");

test("a validator down past the window is jailed and leaves the set; after its jail time unjail brings it back", async () => {
  const started = Date.now();
  const valoper = formatValidatorAddress(parseAccountAddress(operators[DOWN]!));
  const params = await cli.ok(["query", "slashing", "params", "-o", "json"]);
  assert.deepEqual(params.params, {
    signed_blocks_window: "10",
    min_signed_per_window: "0.500000000000000000",
    downtime_jail_duration: `${JAIL_SECONDS}s`,
    slash_fraction_double_sign: "0.050000000000000000",
    slash_fraction_downtime: "0.010000000000000000",
  });
  const infos = await cli.ok(["query", "slashing", "signing-infos", "-o", "json"]);
  assert.equal(infos.info.length, 4, "a signing record per genesis validator");
  assert.equal((await cometValidators()).get(downHex), String(VALIDATOR_SELF_DELEGATION / 1_000_000n));

  await devnet.validator(DOWN).crash();
  const stoppedAt = Math.max(...(await devnet.heights([0, 1, 2])));

  // Jailed by the others' blocks: jailed_until set, staking jailed and unbonding.
  let info: any;
  await waitUntil(
    "validator 3 to be jailed for downtime",
    async () => {
      info = (await rest(`/cosmos/slashing/v1beta1/signing_infos/${consAddress}`)).body?.val_signing_info;
      return info !== undefined && info.jailed_until !== EPOCH;
    },
    60_000,
  );
  assert.equal(info.address, consAddress);
  assert.equal(info.tombstoned, false);
  assert.equal(info.missed_blocks_counter, "0", "a clean window after the jailing");
  const { validator } = (await rest(`/cosmos/staking/v1beta1/validators/${valoper}`)).body;
  assert.equal(validator.jailed, true);
  assert.notEqual(validator.status, "BOND_STATUS_BONDED");
  const slashed = BigInt(validator.tokens);
  assert.equal(slashed, VALIDATOR_SELF_DELEGATION - VALIDATOR_SELF_DELEGATION / 100n, "1 % of its power's tokens");
  await waitUntil("CometBFT to drop validator 3", async () => (await cometValidators()).size === 3 && !(await cometValidators()).has(downHex), 30_000);

  // The other three kept committing all along: at least the six blocks it had to miss, and more.
  const now = await devnet.waitForCommonHeight([0, 1, 2]);
  assert.ok(now > stoppedAt + 6, `heights went on from ${stoppedAt} to ${now}`);

  // Back up: it catches up as a full node while jailed; unjail before jailed_until is refused.
  await devnet.validator(DOWN).startApp();
  await devnet.validator(DOWN).startComet();
  await devnet.waitForHeight(now + 2, [0, 1, 2, DOWN], 60_000);
  const jailedUntil = Date.parse(info.jailed_until);
  if (Date.now() < jailedUntil - 1500) await cli.refused(["tx", "slashing", "unjail", "--from", `validator${DOWN}`], 0, /jailed until|still jailed/);
  await waitUntil("the jail time to pass", async () => Date.now() > jailedUntil + 1000, 30_000);
  const result = await cli.tx(["tx", "slashing", "unjail", "--from", `validator${DOWN}`], DOWN);
  assert.equal(result.code, 0);

  const power = String(slashed / 1_000_000n);
  await waitUntil("validator 3 back in CometBFT's set with its power", async () => (await cometValidators()).get(downHex) === power, 30_000);
  const after = (await rest(`/cosmos/staking/v1beta1/validators/${valoper}`)).body.validator;
  assert.equal(after.jailed, false);
  assert.equal(after.status, "BOND_STATUS_BONDED");
  const signing = await cli.ok([
    "query",
    "slashing",
    "signing-info",
    JSON.stringify({ "@type": "/cosmos.crypto.ed25519.PubKey", key: consensusPubKeyBase64(DOWN) }),
    "-o",
    "json",
  ]);
  assert.ok(BigInt(signing.val_signing_info.start_height) > BigInt(now), "counting starts again from its return");
  const evidence = await cli.ok(["query", "evidence", "list", "-o", "json"]);
  assert.deepEqual(evidence.evidence, [], "no double sign happened");

  // Every node, the returned one too, stores the same blocks and app hashes.
  const common = await devnet.waitForCommonHeight();
  assert.deepEqual(await devnet.disagreements(common), []);
  assert.ok(Date.now() - started < 120_000, `took ${Date.now() - started} ms`);
});
