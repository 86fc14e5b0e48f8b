// Slashing and evidence through the real app, store and ABCI FinalizeBlock, without CometBFT: a
// duplicate vote reported in FinalizeBlock's misbehavior slashes the validator 5 % of its power at
// the infraction, jails it for good, tombstones it and stores the Equivocation, which the gRPC-path
// queries (slashing, staking, evidence) then show; the end block takes it out of the set; and the
// last commit's votes are counted in the signing records as blocks go by.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { anyUnpack, timestampFromMs } from "@bufbuild/protobuf/wkt";
import { sha256 } from "@noble/hashes/sha2.js";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { EquivocationSchema } from "../gen/cosmos/evidence/v1beta1/evidence_pb.js";
import * as evidenceQuery from "../gen/cosmos/evidence/v1beta1/query_pb.js";
import * as slashingQuery from "../gen/cosmos/slashing/v1beta1/query_pb.js";
import * as stakingQuery from "../gen/cosmos/staking/v1beta1/query_pb.js";
import { consAddressToString, valAddressToString } from "../common/address.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { genValidator } from "../app/modules/staking/genesis.js";
import { GENESIS_TIME_MS, InProcessChain } from "./support/inProcessChain.js";
import { eventsOfType } from "./support/eventAttributes.js";

const UNIT = 1_000_000n;
const OPERATORS = [new Uint8Array(20).fill(0x31), new Uint8Array(20).fill(0x32)];
const KEYS = [Buffer.alloc(32, 7), Buffer.alloc(32, 8)];
const CONS = KEYS.map((k) => sha256(k).subarray(0, 20));
const POWER = 100n;
const BLOCK_ID_FLAG_COMMIT = 2;
const BLOCK_ID_FLAG_ABSENT = 1;
const DUPLICATE_VOTE = 1;

async function chain(): Promise<InProcessChain> {
  return InProcessChain.create(
    OPERATORS.map((op) => ({ address: formatAccountAddress(op), coins: [{ denom: "uunit", amount: (200n * UNIT).toString() }] })),
    {
      editAppState: (s) => ({
        ...s,
        staking: {
          ...(s.staking as object),
          gen_validators: OPERATORS.map((op, i) =>
            genValidator({ delegatorAddress: formatAccountAddress(op), pubKeyBase64: KEYS[i]!.toString("base64"), moniker: `v${i}`, amount: POWER * UNIT }),
          ),
        },
      }),
      consensusParams: {
        block: { maxBytes: 22_020_096n, maxGas: -1n },
        evidence: { maxAgeNumBlocks: 100_000n, maxAgeDuration: { seconds: 172_800n }, maxBytes: 1_048_576n },
        validator: { pubKeyTypes: ["ed25519"] },
      },
    },
  );
}

/** FinalizeBlock and Commit of the next (empty) block with this commit info and misbehaviour. */
async function block(c: InProcessChain, flags: number[], misbehavior: pb.Misbehavior[] = []): Promise<pb.ResponseFinalizeBlock> {
  c.height++;
  const res = await c.app.finalizeBlock(
    create(pb.RequestFinalizeBlockSchema, {
      txs: [],
      height: BigInt(c.height),
      time: timestampFromMs(GENESIS_TIME_MS + c.height * 1000),
      hash: new Uint8Array(32).fill(c.height % 256),
      proposerAddress: CONS[0]!,
      decidedLastCommit: {
        round: 0,
        votes: CONS.map((address, i) => ({ validator: { address, power: POWER }, blockIdFlag: flags[i] ?? BLOCK_ID_FLAG_COMMIT })),
      },
      misbehavior,
    }),
  );
  await c.app.commit(create(pb.RequestCommitSchema));
  return create(pb.ResponseFinalizeBlockSchema, res as never);
}

async function signingInfo(c: InProcessChain, n: number) {
  const res = await c.grpc(
    "/cosmos.slashing.v1beta1.Query/SigningInfo",
    slashingQuery.QuerySigningInfoRequestSchema,
    { consAddress: consAddressToString(CONS[n]!) },
    slashingQuery.QuerySigningInfoResponseSchema,
  );
  return res.valSigningInfo!;
}

test("the last commit's votes are counted in each validator's signing record", async () => {
  const c = await chain();
  try {
    await block(c, [BLOCK_ID_FLAG_COMMIT, BLOCK_ID_FLAG_ABSENT]);
    const res = await block(c, [BLOCK_ID_FLAG_COMMIT, BLOCK_ID_FLAG_ABSENT]);
    const liveness = eventsOfType(res.events, "liveness");
    assert.deepEqual(liveness, [{ address: consAddressToString(CONS[1]!), missed_blocks: "2", height: "2" }]);
    const [a, b] = [await signingInfo(c, 0), await signingInfo(c, 1)];
    assert.deepEqual([a.indexOffset, a.missedBlocksCounter], [2n, 0n]);
    assert.deepEqual([b.indexOffset, b.missedBlocksCounter], [2n, 2n]);
  } finally {
    c.close();
  }
});

test("a duplicate vote in FinalizeBlock slashes, jails for good, tombstones and stores the evidence", async () => {
  const c = await chain();
  try {
    await block(c, []);
    await block(c, []);
    const infractionTime = timestampFromMs(GENESIS_TIME_MS + 2000);
    const res = await block(
      c,
      [],
      [
        create(pb.MisbehaviorSchema, {
          type: DUPLICATE_VOTE,
          validator: { address: CONS[1]!, power: POWER },
          height: 2n,
          time: infractionTime,
          totalVotingPower: 2n * POWER,
        }),
      ],
    );
    const cons = consAddressToString(CONS[1]!);
    assert.deepEqual(eventsOfType(res.events, "slash"), [{ address: cons, power: "100", reason: "double_sign", burned_coins: "5000000" }, { jailed: cons }]);
    assert.deepEqual(
      res.validatorUpdates.map((u) => u.power),
      [0n],
      "the end block takes the validator out of CometBFT's set",
    );

    const info = await signingInfo(c, 1);
    assert.equal(info.tombstoned, true);
    assert.equal(info.jailedUntil?.seconds, 253_402_300_799n);
    const { validator } = await c.grpc(
      "/cosmos.staking.v1beta1.Query/Validator",
      stakingQuery.QueryValidatorRequestSchema,
      { validatorAddr: valAddressToString(OPERATORS[1]!) },
      stakingQuery.QueryValidatorResponseSchema,
    );
    assert.equal(validator?.jailed, true);
    assert.equal(validator?.tokens, (POWER * UNIT - 5n * UNIT).toString());

    const all = await c.grpc(
      "/cosmos.evidence.v1beta1.Query/AllEvidence",
      evidenceQuery.QueryAllEvidenceRequestSchema,
      {},
      evidenceQuery.QueryAllEvidenceResponseSchema,
    );
    assert.equal(all.evidence.length, 1);
    const e = anyUnpack(all.evidence[0]!, EquivocationSchema)!;
    assert.deepEqual([e.height, e.power, e.consensusAddress, e.time?.seconds], [2n, POWER, cons, infractionTime.seconds]);
    const hash = Buffer.from(sha256(all.evidence[0]!.value)).toString("hex");
    const one = await c.grpc(
      "/cosmos.evidence.v1beta1.Query/Evidence",
      evidenceQuery.QueryEvidenceRequestSchema,
      { hash },
      evidenceQuery.QueryEvidenceResponseSchema,
    );
    assert.deepEqual(one.evidence, all.evidence[0]);

    // Reported again (CometBFT may, in a later block): the validator is tombstoned, nothing changes.
    const again = await block(
      c,
      [],
      [
        create(pb.MisbehaviorSchema, {
          type: DUPLICATE_VOTE,
          validator: { address: CONS[1]!, power: POWER },
          height: 2n,
          time: infractionTime,
          totalVotingPower: 2n * POWER,
        }),
      ],
    );
    assert.ok(!again.events.some((ev) => ev.type === "slash"));
  } finally {
    c.close();
  }
});
