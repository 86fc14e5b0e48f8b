// The stateless checks of MsgUpdateParams: every required part present, the values CometBFT's
// ValidateBasic accepts, and this chain's validator key type kept. They need no state because an
// update replaces block, evidence and validator whole, and the abci part it may leave out is the
// stored one, which was valid when it was stored.
import { create } from "@bufbuild/protobuf";
import type { MsgUpdateParams } from "../../../gen/cosmos/consensus/v1/tx_pb.js";
import { ConsensusParamsSchema } from "../../../gen/tendermint/types/params_pb.js";
import { validateConsensusParams, type ConsensusParamsUpdate } from "../../../common/comet/consensusParams.js";
import { consensusErrors } from "./errors.js";

/** The update the message carries; throws unless block, evidence and validator are all there (the SDK's rule). */
export function updateOf(msg: MsgUpdateParams): ConsensusParamsUpdate & Required<Pick<ConsensusParamsUpdate, "block" | "evidence" | "validator">> {
  const { block, evidence, validator, abci } = msg;
  if (!block || !evidence || !validator) {
    const missing = (["block", "evidence", "validator"] as const).filter((part) => !msg[part]);
    throw consensusErrors.invalidParams.wrap(`all parameters must be present (missing ${missing.join(", ")})`);
  }
  return { block, evidence, validator, abci };
}

export function validateUpdateMsg(msg: MsgUpdateParams, validatorKeyTypes: readonly string[]): void {
  const update = updateOf(msg);
  try {
    validateConsensusParams(create(ConsensusParamsSchema, update));
  } catch (err) {
    throw consensusErrors.invalidParams.wrap((err as Error).message);
  }
  const missing = validatorKeyTypes.filter((type) => !update.validator.pubKeyTypes.includes(type));
  if (missing.length > 0) {
    throw consensusErrors.invalidParams.wrap(
      `validator.pub_key_types must keep ${missing.join(", ")}: this chain's validators have ${missing.length > 1 ? "those keys" : "that key type"}, and CometBFT halts on a validator update whose key type is not allowed`,
    );
  }
}
