// chain.precisebank.Query over committed state (REST: /vendor/chain/precisebank/...).
import { Query } from "../../../gen/chain/precisebank/query_pb.js";
import { type QueryServices } from "../../query/service.js";
import { addressArg } from "../../../common/grpc/addressArg.js";
import { EXTENDED_DENOM } from "./denoms.js";
import type { PrecisebankKeeper } from "./keeper.js";

const aunit = (amount: bigint) => ({ denom: EXTENDED_DENOM, amount: amount.toString() });

export function registerPrecisebankQueries(services: QueryServices, keeper: PrecisebankKeeper): void {
  services.register(Query, {
    // Walks every fractional balance, as Kava's does: an independent sum to audit the reserve by.
    totalFractionalBalances: (_req, { state }) => ({ total: aunit(keeper.totalFractionalBalances(state)) }),
    remainder: (_req, { state }) => ({ remainder: aunit(keeper.getRemainder(state)) }),
    fractionalBalance: (req, { state }) => ({ fractionalBalance: aunit(keeper.getFractionalBalance(state, addressArg(req.address))) }),
  });
}
