// chain.precisebank.Query over REST: every method, /vendor/chain/precisebank/...
import { Query as PrecisebankQuery } from "../../gen/chain/precisebank/query_pb.js";
import type { RestTransport } from "./restTransport.js";
import { restServiceClient, type RestServiceClient } from "./restService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type PrecisebankRestClient = RestServiceClient<ServiceMethods<typeof PrecisebankQuery>>;

export function precisebankRestClient(transport: RestTransport): PrecisebankRestClient {
  return restServiceClient<ServiceMethods<typeof PrecisebankQuery>, PrecisebankRestClient>(transport, PrecisebankQuery);
}
