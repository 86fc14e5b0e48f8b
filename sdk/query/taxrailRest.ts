// chain.taxrail.Query over REST: every method, /vendor/chain/taxrail/...
import { Query as TaxrailQuery } from "../../gen/chain/taxrail/query_pb.js";
import type { RestTransport } from "./restTransport.js";
import { restServiceClient, type RestServiceClient } from "./restService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type TaxrailRestClient = RestServiceClient<ServiceMethods<typeof TaxrailQuery>>;

export function taxrailRestClient(transport: RestTransport): TaxrailRestClient {
  return restServiceClient<ServiceMethods<typeof TaxrailQuery>, TaxrailRestClient>(transport, TaxrailQuery);
}
