// chain.identity.Query over REST: every method, /vendor/chain/identity/...
import { Query as IdentityQuery } from "../../gen/chain/identity/query_pb.js";
import type { RestTransport } from "./restTransport.js";
import { restServiceClient, type RestServiceClient } from "./restService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type IdentityRestClient = RestServiceClient<ServiceMethods<typeof IdentityQuery>>;

export function identityRestClient(transport: RestTransport): IdentityRestClient {
  return restServiceClient<ServiceMethods<typeof IdentityQuery>, IdentityRestClient>(transport, IdentityQuery);
}
