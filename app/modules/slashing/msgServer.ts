// cosmos.slashing.v1beta1.Msg: a validator's operator unjails it; governance replaces the params.
import { MsgUnjailResponseSchema, MsgUnjailSchema, MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../../gen/cosmos/slashing/v1beta1/tx_pb.js";
import { parseValAddress } from "../../../common/address.js";
import { governanceOnly } from "../../tx/authority.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { slashingErrors } from "./errors.js";
import type { SlashingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { paramsOf, parseParams } from "./params.js";
import { unjail } from "./unjail.js";

export function msgUnjailHandler(keeper: SlashingKeeper): MsgHandler<typeof MsgUnjailSchema, typeof MsgUnjailResponseSchema> {
  return {
    request: MsgUnjailSchema,
    response: MsgUnjailResponseSchema,
    module: MODULE_NAME,
    // The operator account (the same 20 bytes) signs, as the SDK's signer option says.
    signers: (msg) => [parseValAddress(msg.validatorAddr)],
    handle: (ctx, msg, [operator]) => {
      unjail(ctx, keeper, operator!);
      return {};
    },
  };
}

export function msgUpdateParamsHandler(keeper: SlashingKeeper): MsgHandler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return governanceOnly(keeper.authority, slashingErrors.invalidSigner, {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      if (!msg.params) throw slashingErrors.invalidParams.wrap("params must be given");
      try {
        parseParams(msg.params);
      } catch (err) {
        throw slashingErrors.invalidParams.wrap((err as Error).message);
      }
    },
    handle: (ctx, msg) => {
      const next = parseParams(msg.params!);
      const windowChanged = next.signedBlocksWindow !== keeper.params(ctx.store).signedBlocksWindow;
      keeper.setParams(ctx, paramsOf(next));
      // Positions past a shorter window would keep their misses forever (cosmos-sdk#12541).
      if (windowChanged) keeper.restartAllWindows(ctx);
      return {};
    },
  });
}
