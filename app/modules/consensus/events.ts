// The event of a consensus params change, named and keyed as the SDK's x/consensus emits it
// (`update_consensus_params` with `authority` and `parameters`). The SDK writes `parameters` in
// gogoproto's text format; here it is the update's proto JSON (snake_case), which clients can parse.
import { toJsonString } from "@bufbuild/protobuf";
import { ConsensusParamsSchema, type ConsensusParams } from "../../../gen/tendermint/types/params_pb.js";
import type { Context } from "../../context.js";

export const EVENT_UPDATE_CONSENSUS_PARAMS = "update_consensus_params";

export function emitConsensusParamsUpdated(ctx: Context, authority: string, update: ConsensusParams): void {
  ctx.emit(EVENT_UPDATE_CONSENSUS_PARAMS, { authority, parameters: toJsonString(ConsensusParamsSchema, update, { useProtoFieldName: true }) });
}
