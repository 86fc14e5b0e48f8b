// cosmos.consensus.v1.Query over committed state (REST: /cosmos/consensus/v1/params).
import { Query } from "../../../gen/cosmos/consensus/v1/query_pb.js";
import { notFound } from "../../../common/grpc/queryError.js";
import type { QueryServices } from "../../query/service.js";
import type { ConsensusKeeper } from "./keeper.js";

export function registerConsensusQueries(services: QueryServices, keeper: ConsensusKeeper): void {
  services.register(Query, {
    params: (_req, { state }) => {
      const params = keeper.getParams(state);
      // Only a chain whose InitChain carried no params (never one CometBFT started) has none.
      if (!params) throw notFound("no consensus params are stored: InitChain sent none");
      return { params };
    },
  });
}
