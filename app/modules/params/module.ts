// The legacy params module: the SDK's x/params queries, for clients written against SDK chains
// that kept params in subspaces. It stores nothing: each subspace answers from the params the
// module that owns them keeps (subspaces.ts), so the two can never disagree. No messages (the
// legacy ParameterChangeProposal is not served: params change through the MsgUpdateParams of the
// modules that have one), no genesis, no block hooks.
import type { AppModule } from "../../module.js";
import type { ParamsSources } from "./expectedKeepers.js";
import { MODULE_NAME } from "./keys.js";
import { registerParamsQueries } from "./queryServer.js";
import { legacySubspaces } from "./subspaces.js";

export function paramsModule(sources: ParamsSources): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ queries }) => registerParamsQueries(queries, legacySubspaces(sources)),
  };
}
