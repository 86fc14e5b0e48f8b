// The evidence module: double signs CometBFT reports with each block are handled in begin block
// (after slashing's liveness count, as in the SDK's order); handled evidence is kept by hash and
// queried; submitted evidence is refused (msgServer.ts).
import type { AppModule } from "../../module.js";
import { EquivocationSchema } from "../../../gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { defaultEvidenceGenesis, exportEvidenceGenesis, initEvidenceGenesis } from "./genesis.js";
import { handleMisbehavior } from "./infraction.js";
import type { EvidenceKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { msgSubmitEvidenceHandler } from "./msgServer.js";
import { registerEvidenceQueries } from "./queryServer.js";

export function evidenceModule(keeper: EvidenceKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgSubmitEvidenceHandler(keeper));
      registerEvidenceQueries(queries, keeper);
    },
    // Stored and queried evidence is an Any of this type.
    anyTypes: [EquivocationSchema],
    defaultGenesis: defaultEvidenceGenesis,
    initGenesis: (ctx, genesis) => initEvidenceGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportEvidenceGenesis(state, keeper),
    beginBlock: (ctx) => handleMisbehavior(ctx, keeper),
  };
}
