// `unitd` against a running four-validator devnet, for story tests that send each step through a
// different node and check every node's REST answer: one keyring home, the node to use per call,
// and the governance round (submit through node 1, validators 1-3 vote yes through their own nodes).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitUntil } from "../../cometbft/readiness.js";
import { VALIDATOR_TEST_MNEMONICS } from "../../common/node/testKeys.js";
import type { Devnet } from "./devnet.js";
import { runUnitd, type CliRun } from "./unitdCli.js";

export const TX_FLAGS = ["--gas", "400000", "--fees", "10000uunit", "-y", "--wait", "-o", "json"];

export class DevnetCli {
  /** The keyring home every call shares. */
  readonly home: string;

  constructor(
    private readonly devnet: Devnet,
    homePrefix: string,
  ) {
    this.home = fs.mkdtempSync(path.join(os.tmpdir(), homePrefix));
  }

  /** Runs `unitd` through node `via` (keys commands need no node). */
  unitd(args: string[], options: { via?: number; input?: string } = {}): Promise<CliRun> {
    const node = args[0] === "keys" ? [] : ["--node", this.devnet.validator(options.via ?? 0).rpcUrl];
    return runUnitd([...args, ...node], { input: options.input, env: { UNITD_HOME: this.home } });
  }

  /** Runs `unitd`, which must succeed; its JSON output parsed, else its text. */
  async ok(args: string[], options: { via?: number; input?: string } = {}): Promise<any> {
    const run = await this.unitd(args, options);
    assert.equal(run.code, 0, `unitd ${args.join(" ")}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
    return run.stdout.trim().startsWith("{") ? JSON.parse(run.stdout) : run.stdout;
  }

  /** A tx (`args` start with "tx") through node `via`; resolves once every node has committed the block after it. */
  async tx(args: string[], via: number): Promise<any> {
    const result = await this.ok([...args, ...TX_FLAGS], { via });
    assert.equal(result.code, 0, result.raw_log);
    await this.devnet.waitForHeight(Number(result.height) + 1);
    return result;
  }

  /** A tx the chain must refuse: exit 1 and the reason on stderr. */
  async refused(args: string[], via: number, reason: RegExp): Promise<void> {
    const run = await this.unitd([...args, ...TX_FLAGS], { via });
    assert.equal(run.code, 1, `expected a refusal: unitd ${args.join(" ")}\nstdout: ${run.stdout}`);
    assert.match(run.stderr, reason);
  }

  /** Asserts `check` on every node's REST answer to `route` (at `height`, else latest), naming the node that fails. */
  async onEveryNode(route: string, check: (body: any, node: string) => void, height?: number): Promise<any[]> {
    const bodies = await Promise.all(
      this.devnet.validators.map(async (v) => {
        const res = await v.rest(route, height);
        assert.equal(res.status, 200, `${v.node.moniker} ${route}: ${JSON.stringify(res.body)}`);
        return res.body;
      }),
    );
    bodies.forEach((body, i) => check(body, this.devnet.validator(i).node.moniker));
    return bodies;
  }

  /** Imports the validator operators' test keys as validator0..3; returns their addresses. */
  async importValidatorKeys(): Promise<string[]> {
    const addresses: string[] = [];
    for (const [i, mnemonic] of VALIDATOR_TEST_MNEMONICS.entries()) {
      addresses.push((await this.ok(["keys", "add", `validator${i}`, "--recover", "-o", "json"], { input: mnemonic + "\n" })).address);
    }
    return addresses;
  }

  /**
   * Submits the proposal file through node 1 from `from`, votes yes from validators 1-3 through
   * their own nodes (most of the power) and waits until every node shows proposal `id` passed.
   */
  async passProposal(file: string, from: string, id: number, votingPeriodSeconds: number): Promise<void> {
    const submitted = await this.ok(["tx", "gov", "submit-proposal", file, "--from", from, ...TX_FLAGS], { via: 1 });
    assert.equal(submitted.code, 0, submitted.raw_log);
    const votes = await Promise.all(
      [1, 2, 3].map((i) => this.ok(["tx", "gov", "vote", String(id), "yes", "--from", `validator${i}`, ...TX_FLAGS], { via: i })),
    );
    for (const v of votes) assert.equal(v.code, 0, v.raw_log);
    for (const v of this.devnet.validators) {
      await waitUntil(
        `the proposal to pass on ${v.node.moniker}`,
        async () => (await v.rest(`/cosmos/gov/v1/proposals/${id}`)).body?.proposal?.status === "PROPOSAL_STATUS_PASSED",
        (votingPeriodSeconds + 60) * 1000,
      );
    }
  }

  remove(): void {
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}
