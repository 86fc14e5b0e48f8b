// The README's "Delegate and withdraw rewards" walkthrough, run as written: its shell block (and
// the "Try it" lines that create and fund alice) extracted from README.md and run by bash on a real
// one-validator chain, with `npx unitd` pointed at the test node and the faucet at an in-process
// one. Each command must succeed and print what it should; the chain's state afterwards must hold
// the exact amounts the fees give (docs/distribution.md).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryClient, StargateClient, setupDistributionExtension, setupStakingExtension } from "@cosmjs/stargate";
import { connectComet, type CometClient } from "@cosmjs/tendermint-rpc";
import { VALIDATOR_SELF_DELEGATION, VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { validatorAccountAddress } from "../app/localGenesis.js";
import { formatValidatorAddress, parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { DEC_ONE, formatDec } from "../sdk/math/dec.js";
import { LocalNode } from "./support/localNode.js";
import { startInProcessFaucet, type InProcessFaucet } from "./support/inProcessFaucet.js";
import { runUnitd, UNITD_MAIN } from "./support/unitdCli.js";

const README = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
const FAUCET_AMOUNT = 100_000_000n; // "100 UNIT from the faucet"
/** Other users' activity between the README's delegate and rewards steps: one tx paying a big fee. */
const ACTIVITY_FEE = 2_000_000n;

let node: LocalNode;
let faucet: InProcessFaucet;
let comet: CometClient;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-readme-"));

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  faucet = await startInProcessFaucet(new CometRpcClient(node.rpcUrl), FAUCET_AMOUNT);
  comet = await connectComet(node.rpcUrl);
  // `npm start` imports the validator's operator key as `validator`; the activity step uses it.
  const imported = await runUnitd(["keys", "add", "validator", "--recover"], { input: VALIDATOR_TEST_MNEMONICS[0] + "\n", env: { UNITD_HOME: home } });
  assert.equal(imported.code, 0, imported.stderr);
});

after(async () => {
  comet?.disconnect();
  faucet?.close();
  await node?.destroy();
  fs.rmSync(home, { recursive: true, force: true });
});

/** The commands of the first ```sh block after `heading`: continuation lines joined, comments dropped. */
function shellCommands(heading: string): string[] {
  const start = README.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `README has "${heading}"`);
  const block = /```sh\n([\s\S]*?)```/.exec(README.slice(start))![1]!;
  return block
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .map((line) => line.replace(/\s+#\s.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

interface Step {
  command: string;
  output: string;
}

/** Runs the commands in one bash (variables carry over), stopping at the first failure. */
async function runScript(commands: string[], hooks: Map<number, string>): Promise<{ code: number; steps: Step[]; stderr: string }> {
  const faucetHost = new URL(faucet.url).host;
  const lines = [
    "set -euo pipefail",
    // `npx unitd` is the built CLI against the test node (keys commands need no node).
    'npx() { [ "$1" = unitd ] || { echo "unexpected npx $1" >&2; return 99; }; shift; ' +
      'if [ "$1" = keys ]; then node "$UNITD_MAIN" "$@"; else node "$UNITD_MAIN" "$@" --node "$UNITD_TEST_NODE"; fi; }',
  ];
  commands.forEach((command, i) => {
    // On a line of its own even after output without a final newline (curl's).
    lines.push(`printf '\\n@@@ step ${i}\\n'`, command.replaceAll("localhost:4500", faucetHost));
    if (hooks.has(i)) lines.push(hooks.get(i)!);
  });
  const child = spawn("bash", ["-c", lines.join("\n")], {
    cwd: home,
    env: { ...process.env, UNITD_HOME: home, UNITD_MAIN, UNITD_TEST_NODE: node.rpcUrl, UNIT_LOG_PRETTY: "0" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1)));
  const outputs = stdout.split(/\n@@@ step \d+\n/).slice(1);
  return { code, stderr, steps: outputs.map((output, i) => ({ command: commands[i]!, output })) };
}

test("README: delegate, read rewards, withdraw them and unbond, every command as written", async () => {
  const tryIt = shellCommands("## Try it").slice(0, 2);
  assert.deepEqual(
    tryIt.map((c) => c.split(" ").slice(0, 4).join(" ")),
    ["npx unitd keys add", "curl -s -XPOST localhost:4500/faucet"],
    "alice is created and funded in Try it",
  );
  const walkthrough = shellCommands("### Delegate and withdraw rewards");
  const commands = [...tryIt, ...walkthrough];
  const index = (pattern: RegExp) => {
    const i = commands.findIndex((c) => pattern.test(c));
    assert.ok(i >= 0, `the walkthrough has ${pattern}`);
    return i;
  };
  const step = {
    delegate: index(/tx staking delegate/),
    delegations: index(/query staking delegations/),
    rewards: index(/query distribution rewards/),
    withdraw: index(/tx distribution withdraw-all-rewards/),
    unbond: index(/tx staking unbond/),
    unbonding: index(/query staking unbonding-delegations/),
  };
  assert.ok(index(/query staking validators/) < step.delegate, "the validator's address comes from a query first");
  assert.ok(step.delegate < step.rewards && step.rewards < step.withdraw && step.withdraw < step.unbond && step.unbond < step.unbonding);

  // Someone else's tx with a big fee right after alice delegates, then a block to allocate it.
  const operatorAccount = validatorAccountAddress(0);
  const activity = `node "$UNITD_MAIN" tx bank send validator ${operatorAccount} 1uunit --fees ${ACTIVITY_FEE}uunit -y --wait --node "$UNITD_TEST_NODE" > /dev/null && sleep 1`;
  const run = await runScript(commands, new Map([[step.delegate, activity]]));
  assert.equal(run.code, 0, `the walkthrough failed at: ${run.steps.at(-1)?.command}\n${run.steps.at(-1)?.output}\n${run.stderr}`);
  assert.equal(run.steps.length, commands.length);
  const out = (i: number) => run.steps[i]!.output;

  const alice = (await runUnitd(["keys", "show", "alice", "--address"], { env: { UNITD_HOME: home } })).stdout.trim();
  assert.match(out(0), new RegExp(alice), "keys add prints the address");
  const validator = formatValidatorAddress(parseAccountAddress(operatorAccount));
  for (const tx of [step.delegate, step.withdraw, step.unbond]) assert.match(out(tx), /^code: 0$/m, `${commands[tx]} prints its inclusion`);
  assert.match(out(step.delegations), new RegExp(`validator_address: ${validator}`));
  assert.match(out(step.delegations), /amount: "?10000000"?$/m);
  assert.match(out(step.unbonding), /balance: "?4000000"?$/m);

  // Alice's reward: 88.2 % of the fees since her delegation (hers and the activity's), divided by
  // the validator's tokens (truncated), times her stake. The rewards query printed it, the
  // withdrawal paid its whole part; the unbond paid the share of the withdrawal's own fee.
  const delegation = 10_000_000n;
  const tokens = VALIDATOR_SELF_DELEGATION + delegation;
  const reward = (fees: bigint) => ((fees * DEC_ONE * 882n) / 1000n / tokens) * delegation;
  const accrued = reward(5000n + ACTIVITY_FEE);
  assert.match(out(step.rewards), new RegExp(`amount: "?${formatDec(accrued).replace(".", "\\.")}"?$`, "m"));
  const client = await StargateClient.connect(node.rpcUrl);
  const withdrawn = await client.searchTx([{ key: "withdraw_rewards.delegator", value: alice }]);
  const amounts = withdrawn
    .sort((a, b) => a.height - b.height)
    .map((tx) => tx.events.find((e) => e.type === "withdraw_rewards")!.attributes.find((a) => a.key === "amount")!.value);
  const onUnbond = reward(5000n) / DEC_ONE;
  assert.deepEqual(amounts, [`${accrued / DEC_ONE}uunit`, `${onUnbond}uunit`]);
  assert.equal(
    (await client.getBalance(alice, "uunit")).amount,
    (FAUCET_AMOUNT - delegation - 3n * 5000n + accrued / DEC_ONE + onUnbond).toString(),
    "the faucet's 100 UNIT, less the delegation and three fees, plus the rewards paid",
  );
  client.disconnect();

  const q = QueryClient.withExtensions(comet, setupStakingExtension, setupDistributionExtension);
  assert.equal((await q.staking.delegation(alice, validator)).delegationResponse?.balance?.amount, "6000000");
  const unbonding = (await q.staking.unbondingDelegation(alice, validator)).unbond;
  assert.deepEqual(
    unbonding.entries.map((e) => e.balance),
    ["4000000"],
  );
  assert.equal((await q.staking.validator(validator)).validator.tokens, (VALIDATOR_SELF_DELEGATION + 6_000_000n).toString());
});
