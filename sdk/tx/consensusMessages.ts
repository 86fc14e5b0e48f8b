// Consensus-params messages (cosmos.consensus.v1) as Anys: the governance-only update of CometBFT's
// block, evidence, validator and ABCI params, which travels inside a gov proposal.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { MsgUpdateParamsSchema } from "../../gen/cosmos/consensus/v1/tx_pb.js";
import { packAny } from "./registry.js";

export type MsgUpdateConsensusParamsInput = MessageInitShape<typeof MsgUpdateParamsSchema> & {
  /** The gov module account: the message runs only from a passed proposal. */
  authority: string;
  /** Required, as the whole of each part replaces the chain's: block, evidence and validator. */
  block: NonNullable<MessageInitShape<typeof MsgUpdateParamsSchema>["block"]>;
  evidence: NonNullable<MessageInitShape<typeof MsgUpdateParamsSchema>["evidence"]>;
  validator: NonNullable<MessageInitShape<typeof MsgUpdateParamsSchema>["validator"]>;
};

/**
 * `/cosmos.consensus.v1.MsgUpdateParams` packed in an Any, for a proposal's messages. Leave `abci`
 * out to keep the chain's vote-extension height.
 * @example msgSubmitProposal({ messages: [msgUpdateConsensusParams({ authority: gov, block: { maxBytes: 22020096n, maxGas: 50000000n }, evidence, validator })], ... })
 */
export function msgUpdateConsensusParams(input: MsgUpdateConsensusParamsInput): Any {
  return packAny(MsgUpdateParamsSchema, input);
}
