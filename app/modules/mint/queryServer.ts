// cosmos.mint.v1beta1.Query over committed state. Inflation and AnnualProvisions answer LegacyDec
// bytes (the ASCII integer text of the atomics: "0" for zero), which CosmJS's setupMintExtension
// decodes; REST prints them as decimals.
import { Query } from "../../../gen/cosmos/mint/v1beta1/query_pb.js";
import type { QueryServices } from "../../query/service.js";
import type { MintKeeper } from "./keeper.js";
import { decFromWire } from "./params.js";

const decBytes = (wire: string, name: string) => new TextEncoder().encode(decFromWire(wire, name).toString());

export function registerMintQueries(services: QueryServices, keeper: MintKeeper): void {
  services.register(Query, {
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    inflation: (_req, { state }) => ({ inflation: decBytes(keeper.getMinter(state).inflation, "inflation") }),
    annualProvisions: (_req, { state }) => ({ annualProvisions: decBytes(keeper.getMinter(state).annualProvisions, "annual_provisions") }),
  });
}
