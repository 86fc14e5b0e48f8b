// chain.precisebank.Query over CosmJS's ABCI query: every method, at /chain.precisebank.Query/<Method>.
import { Query as PrecisebankQuery } from "../../gen/chain/precisebank/query_pb.js";
import { abciServiceClient, type AbciQueryClient, type AbciServiceClient } from "./abciService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type PrecisebankAbciClient = AbciServiceClient<ServiceMethods<typeof PrecisebankQuery>>;

export interface PrecisebankExtension {
  readonly precisebank: PrecisebankAbciClient;
}

/** For `QueryClient.withExtensions(cometClient, setupPrecisebankExtension)`. */
export function setupPrecisebankExtension(base: AbciQueryClient): PrecisebankExtension {
  return { precisebank: abciServiceClient(base, PrecisebankQuery) };
}
