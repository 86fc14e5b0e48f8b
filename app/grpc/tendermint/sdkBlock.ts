// The SDK's view of a block (cosmos.base.tendermint.v1beta1.Block): the CometBFT block with the
// proposer written as a bech32 consensus address (`unitvalcons1...`) instead of raw bytes.
import { create } from "@bufbuild/protobuf";
import { BlockSchema, HeaderSchema, type Block as SdkBlock } from "../../../gen/cosmos/base/tendermint/v1beta1/types_pb.js";
import type { Block } from "../../../gen/tendermint/types/block_pb.js";
import { encodeBech32 } from "../../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_CONSENSUS } from "../../../sdk/crypto/prefixes.js";

export function consensusAddress(bytes: Uint8Array): string {
  return bytes.length === 0 ? "" : encodeBech32(BECH32_PREFIX_CONSENSUS, bytes);
}

export function sdkBlockFrom(block: Block): SdkBlock {
  const h = block.header;
  return create(BlockSchema, {
    header:
      h &&
      create(HeaderSchema, {
        version: h.version,
        chainId: h.chainId,
        height: h.height,
        time: h.time,
        lastBlockId: h.lastBlockId,
        lastCommitHash: h.lastCommitHash,
        dataHash: h.dataHash,
        validatorsHash: h.validatorsHash,
        nextValidatorsHash: h.nextValidatorsHash,
        consensusHash: h.consensusHash,
        appHash: h.appHash,
        lastResultsHash: h.lastResultsHash,
        evidenceHash: h.evidenceHash,
        proposerAddress: consensusAddress(h.proposerAddress),
      }),
    data: block.data,
    evidence: block.evidence,
    lastCommit: block.lastCommit,
  });
}
