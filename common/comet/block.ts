// CometBFT's JSON block (from /block and /header) as the tendermint.types protobuf messages the
// gRPC services return. Hashes and addresses are hex in the JSON, signatures and txs base64,
// int64s decimal strings; the protos carry raw bytes and bigints.
import { create } from "@bufbuild/protobuf";
import { BlockSchema, type Block } from "../../gen/tendermint/types/block_pb.js";
import { DuplicateVoteEvidenceSchema, EvidenceListSchema, EvidenceSchema, type Evidence, type EvidenceList } from "../../gen/tendermint/types/evidence_pb.js";
import {
  BlockIDSchema,
  CommitSchema,
  CommitSigSchema,
  DataSchema,
  HeaderSchema,
  PartSetHeaderSchema,
  VoteSchema,
  type BlockID,
  type Commit,
  type Header,
  type Vote,
} from "../../gen/tendermint/types/types_pb.js";
import { ConsensusSchema } from "../../gen/tendermint/version/types_pb.js";
import { CometShapeError, type Json } from "./json.js";

/** A block with the id CometBFT gives it (`/block` result). */
export interface ResultBlock {
  blockId: BlockID;
  block: Block;
}

export function resultBlockFromJson(j: Json): ResultBlock {
  return { blockId: blockIdFromJson(j.get("block_id")), block: blockFromJson(j.get("block")) };
}

export function blockFromJson(j: Json): Block {
  return create(BlockSchema, {
    header: headerFromJson(j.get("header")),
    data: create(DataSchema, { txs: (j.opt("data")?.opt("txs")?.list() ?? []).map((tx) => tx.base64()) }),
    evidence: evidenceListFromJson(j.opt("evidence")),
    lastCommit: commitFromJson(j.get("last_commit")),
  });
}

export function headerFromJson(j: Json): Header {
  const version = j.get("version");
  return create(HeaderSchema, {
    version: create(ConsensusSchema, { block: version.get("block").bigint(), app: version.opt("app")?.bigint() ?? 0n }),
    chainId: j.get("chain_id").str(),
    height: j.get("height").bigint(),
    time: j.get("time").time(),
    lastBlockId: blockIdFromJson(j.get("last_block_id")),
    lastCommitHash: j.get("last_commit_hash").hex(),
    dataHash: j.get("data_hash").hex(),
    validatorsHash: j.get("validators_hash").hex(),
    nextValidatorsHash: j.get("next_validators_hash").hex(),
    consensusHash: j.get("consensus_hash").hex(),
    appHash: j.get("app_hash").hex(),
    lastResultsHash: j.get("last_results_hash").hex(),
    evidenceHash: j.get("evidence_hash").hex(),
    proposerAddress: j.get("proposer_address").hex(),
  });
}

export function blockIdFromJson(j: Json): BlockID {
  const parts = j.get("parts");
  return create(BlockIDSchema, {
    hash: j.get("hash").hex(),
    partSetHeader: create(PartSetHeaderSchema, { total: parts.get("total").int(), hash: parts.get("hash").hex() }),
  });
}

function commitFromJson(j: Json): Commit {
  return create(CommitSchema, {
    height: j.get("height").bigint(),
    round: j.get("round").int(),
    blockId: blockIdFromJson(j.get("block_id")),
    signatures: j
      .opt("signatures")
      ?.list()
      .map((sig) =>
        create(CommitSigSchema, {
          blockIdFlag: sig.get("block_id_flag").int(),
          validatorAddress: sig.opt("validator_address")?.hex() ?? new Uint8Array(),
          timestamp: sig.get("timestamp").time(),
          // An absent vote has a null signature.
          signature: sig.opt("signature")?.base64() ?? new Uint8Array(),
        }),
      ),
  });
}

/** `{"evidence": [...]}`, each item amino-JSON `{"type": "tendermint/...", "value": {...}}`. */
function evidenceListFromJson(j: Json | undefined): EvidenceList {
  return create(EvidenceListSchema, { evidence: (j?.opt("evidence")?.list() ?? []).map(evidenceFromJson) });
}

function evidenceFromJson(j: Json): Evidence {
  const type = j.get("type").str();
  // Light-client-attack evidence needs a whole light block and validator set; it cannot occur
  // without a light client attacking the chain, so it is reported rather than half-converted.
  if (type !== "tendermint/DuplicateVoteEvidence") throw new CometShapeError(j.path, "duplicate-vote evidence (the only kind this node converts)", type);
  const v = j.get("value");
  return create(EvidenceSchema, {
    sum: {
      case: "duplicateVoteEvidence",
      value: create(DuplicateVoteEvidenceSchema, {
        voteA: voteFromJson(v.get("vote_a")),
        voteB: voteFromJson(v.get("vote_b")),
        // Go field names without json tags.
        totalVotingPower: v.get("TotalVotingPower").bigint(),
        validatorPower: v.get("ValidatorPower").bigint(),
        timestamp: v.get("Timestamp").time(),
      }),
    },
  });
}

function voteFromJson(j: Json): Vote {
  return create(VoteSchema, {
    type: j.get("type").int(),
    height: j.get("height").bigint(),
    round: j.get("round").int(),
    blockId: blockIdFromJson(j.get("block_id")),
    timestamp: j.get("timestamp").time(),
    validatorAddress: j.get("validator_address").hex(),
    validatorIndex: j.get("validator_index").int(),
    signature: j.opt("signature")?.base64() ?? new Uint8Array(),
    extension: j.opt("extension")?.base64() ?? new Uint8Array(),
    extensionSignature: j.opt("extension_signature")?.base64() ?? new Uint8Array(),
  });
}
