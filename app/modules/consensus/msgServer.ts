// cosmos.consensus.v1.Msg: the governance-only update of CometBFT's consensus params. The authority
// and the values are checked in validateBasic (CheckTx, submission of a proposal, and before every
// execution); the change of the vote-extension height against the stored params in handle. The
// new params are stored; the app hands them to CometBFT at the end of the block (app/app.ts),
// and CometBFT applies them from the next height.
import { create } from "@bufbuild/protobuf";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../../gen/cosmos/consensus/v1/tx_pb.js";
import { ConsensusParamsSchema } from "../../../gen/tendermint/types/params_pb.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { governanceOnly } from "../../tx/authority.js";
import { updatedParams, validateConsensusParams, validateVoteExtensionsUpdate } from "../../../common/comet/consensusParams.js";
import { consensusErrors } from "./errors.js";
import { emitConsensusParamsUpdated } from "./events.js";
import type { ConsensusKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { updateOf, validateUpdateMsg } from "./validation.js";

export function msgUpdateParamsHandler(keeper: ConsensusKeeper): MsgHandler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return governanceOnly(keeper.authority, consensusErrors.invalidAuthority, {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      validateUpdateMsg(msg, keeper.validatorKeyTypes);
    },
    handle: (ctx, msg) => {
      const update = updateOf(msg);
      const current = keeper.getParams(ctx.store) ?? create(ConsensusParamsSchema);
      if (update.abci && !current.abci) {
        throw consensusErrors.invalidUpdate.wrap(
          "the stored consensus params have no abci part (a chain started before they were kept whole), so a change of the vote-extension height cannot be checked: leave abci out",
        );
      }
      try {
        validateVoteExtensionsUpdate(current.abci?.voteExtensionsEnableHeight ?? 0n, update, ctx.header.height);
      } catch (err) {
        throw consensusErrors.invalidUpdate.wrap((err as Error).message);
      }
      const next = updatedParams(current, update);
      // Redundant with validateBasic (the parts it does not check are the stored ones), and the one
      // place that makes sure no params CometBFT would halt on are ever stored.
      try {
        validateConsensusParams(next);
      } catch (err) {
        throw consensusErrors.invalidParams.wrap((err as Error).message);
      }
      keeper.setParams(ctx, next);
      emitConsensusParamsUpdated(ctx, msg.authority, create(ConsensusParamsSchema, update));
      return {};
    },
  });
}
