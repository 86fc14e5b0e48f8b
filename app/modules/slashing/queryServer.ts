// cosmos.slashing.v1beta1.Query over committed state, with the SDK's answers and error texts.
import { Query } from "../../../gen/cosmos/slashing/v1beta1/query_pb.js";
import { parseConsAddress } from "../../../common/address.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import type { QueryServices } from "../../query/service.js";
import type { SlashingKeeper } from "./keeper.js";

export function registerSlashingQueries(services: QueryServices, keeper: SlashingKeeper): void {
  services.register(Query, {
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    signingInfo: (req, { state }) => {
      if (req.consAddress === "") throw invalidArgument("invalid request: empty cons_address");
      let consAddress: Uint8Array;
      try {
        consAddress = parseConsAddress(req.consAddress, "cons_address");
      } catch (err) {
        throw invalidArgument((err as Error).message);
      }
      const info = keeper.getSigningInfo(state, consAddress);
      if (!info) throw notFound(`${req.consAddress.slice(0, 100)}: no validator signing info found`);
      return { valSigningInfo: info };
    },
    signingInfos: (req, { state }) => {
      const page = keeper.signingInfosPage(state, req.pagination);
      return { info: page.items, pagination: page.pagination };
    },
  });
}
