// ProposalMemo: ProcessProposal of the block this node just prepared skips its second
// verification only when every input matches; anything else is verified in full.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../../gen/tendermint/abci/types_pb.js";
import { testLogger } from "../../test/support/logger.js";
import type { Branch } from "../store/index.js";
import { ProposalMemo, type ProposalInputs } from "./proposalMemo.js";
import type { TxEnv } from "./processor.js";
import { countingProposalApp } from "./testing/countingProposalApp.js";

function env(over: { height?: bigint; seconds?: bigint; proposer?: number; base?: number; chainId?: string } = {}): TxEnv {
  return {
    header: {
      chainId: over.chainId ?? "c",
      height: over.height ?? 5n,
      time: { seconds: over.seconds ?? 100n, nanos: 0 } as TxEnv["header"]["time"],
      hash: new Uint8Array(),
      proposerAddress: new Uint8Array(20).fill(over.proposer ?? 1),
    },
    state: { baseHeight: over.base ?? 4 } as Branch,
    logger: testLogger,
  };
}

test("the memo accepts only the very proposal it recorded, under limits at least as wide", () => {
  const txs = [Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5)];
  const recorded: ProposalInputs = { env: env(), txs, maxTxBytes: 1000, maxGas: -1n };
  const memo = new ProposalMemo();
  assert.equal(memo.accepts(recorded), false, "nothing recorded yet");
  memo.remember(recorded);
  assert.equal(memo.accepts({ ...recorded, txs: txs.map((t) => Uint8Array.from(t)) }), true, "equal bytes, other arrays");
  assert.equal(memo.accepts({ ...recorded, maxTxBytes: 2000 }), true, "a wider byte budget");
  assert.equal(memo.accepts({ ...recorded, maxTxBytes: -1 }), true, "no byte budget");
  const misses: Record<string, ProposalInputs> = {
    "a narrower byte budget": { ...recorded, maxTxBytes: 999 },
    "another max_gas": { ...recorded, maxGas: 10n },
    "one byte changed": { ...recorded, txs: [Uint8Array.of(1, 2, 4), txs[1]!] },
    "the order swapped": { ...recorded, txs: [txs[1]!, txs[0]!] },
    "a tx left out": { ...recorded, txs: [txs[0]!] },
    "a tx added": { ...recorded, txs: [...txs, Uint8Array.of(6)] },
    "another height": { ...recorded, env: env({ height: 6n }) },
    "another time": { ...recorded, env: env({ seconds: 101n }) },
    "another proposer": { ...recorded, env: env({ proposer: 2 }) },
    "another base height": { ...recorded, env: env({ base: 3 }) },
    "another chain": { ...recorded, env: env({ chainId: "d" }) },
  };
  for (const [name, inputs] of Object.entries(misses)) assert.equal(memo.accepts(inputs), false, name);
  // A recorded proposal with no byte budget matches only a proposal checked without one.
  memo.remember({ ...recorded, maxTxBytes: -1 });
  assert.equal(memo.accepts({ ...recorded, maxTxBytes: 5000 }), false);
  assert.equal(memo.accepts({ ...recorded, maxTxBytes: -1 }), true);
});

test("the real app: its own prepared block is accepted without a second verification; any other proposal is verified in full", async () => {
  const chain = await countingProposalApp("memo-chain", 0x42);
  const { app } = chain;
  try {
    const txs = [await chain.send(0n), await chain.send(1n), await chain.send(2n)];
    const time = timestampFromMs(1e12 + 1000);
    const proposer = new Uint8Array(20).fill(7);
    const { txs: preparedTxs = [] } = await app.prepareProposal(
      create(pb.RequestPrepareProposalSchema, { txs, maxTxBytes: 1_000_000n, height: 1n, time, proposerAddress: proposer }),
    );
    assert.equal(preparedTxs.length, 3);
    assert.equal(chain.verified, 3, "PrepareProposal verifies each tx");
    const process = async (list: Uint8Array[], proposerAddress = proposer, at = time) =>
      (
        await app.processProposal(
          create(pb.RequestProcessProposalSchema, { txs: list, height: 1n, time: at, hash: new Uint8Array(32).fill(1), proposerAddress }),
        )
      ).status === pb.ResponseProcessProposal_ProposalStatus.ACCEPT;
    assert.equal(await process(preparedTxs), true);
    assert.equal(chain.verified, 3, "its own block is not verified again");
    assert.equal(await process([txs[0]!, txs[2]!]), false, "a sequence gap: verified and rejected");
    assert.equal(await process([txs[1]!, txs[0]!, txs[2]!]), false, "reordered: verified and rejected");
    chain.resetCount();
    assert.equal(await process(preparedTxs, new Uint8Array(20).fill(8)), true, "another proposer's block with the same txs");
    assert.equal(chain.verified, 3, "verified in full");
    chain.resetCount();
    assert.equal(await process(preparedTxs, proposer, timestampFromMs(1e12 + 2000)), true, "another time");
    assert.equal(chain.verified, 3, "verified in full");
    assert.deepEqual(await chain.commitFirstBlock(preparedTxs, time, proposer), [0, 0, 0]);
    // The next height's proposal with the same txs (now stale) is verified against the new state.
    chain.resetCount();
    const stale = await app.processProposal(
      create(pb.RequestProcessProposalSchema, { txs: preparedTxs, height: 2n, time, hash: new Uint8Array(32).fill(2), proposerAddress: proposer }),
    );
    assert.equal(stale.status, pb.ResponseProcessProposal_ProposalStatus.REJECT);
    assert.equal(chain.verified, 1, "rejected at its first tx");
  } finally {
    chain.close();
  }
});
