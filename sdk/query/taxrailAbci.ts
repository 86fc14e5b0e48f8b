// chain.taxrail.Query over CosmJS's ABCI query: every method, at /chain.taxrail.Query/<Method>.
import { Query as TaxrailQuery } from "../../gen/chain/taxrail/query_pb.js";
import { abciServiceClient, type AbciQueryClient, type AbciServiceClient } from "./abciService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type TaxrailAbciClient = AbciServiceClient<ServiceMethods<typeof TaxrailQuery>>;

export interface TaxrailExtension {
  readonly taxrail: TaxrailAbciClient;
}

/** For `QueryClient.withExtensions(cometClient, setupTaxrailExtension)`. */
export function setupTaxrailExtension(base: AbciQueryClient): TaxrailExtension {
  return { taxrail: abciServiceClient(base, TaxrailQuery) };
}
