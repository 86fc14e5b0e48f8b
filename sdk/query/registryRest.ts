// chain.registry.Query over REST: every method, /vendor/chain/registry/...
import { Query as RegistryQuery } from "../../gen/chain/registry/query_pb.js";
import type { RestTransport } from "./restTransport.js";
import { restServiceClient, type RestServiceClient } from "./restService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type RegistryRestClient = RestServiceClient<ServiceMethods<typeof RegistryQuery>>;

export function registryRestClient(transport: RestTransport): RegistryRestClient {
  return restServiceClient<ServiceMethods<typeof RegistryQuery>, RegistryRestClient>(transport, RegistryQuery);
}
