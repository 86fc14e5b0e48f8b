// chain.registry.Query over CosmJS's ABCI query: every method, at /chain.registry.Query/<Method>.
import { Query as RegistryQuery } from "../../gen/chain/registry/query_pb.js";
import { abciServiceClient, type AbciQueryClient, type AbciServiceClient } from "./abciService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type RegistryAbciClient = AbciServiceClient<ServiceMethods<typeof RegistryQuery>>;

export interface RegistryExtension {
  readonly registry: RegistryAbciClient;
}

/** For `QueryClient.withExtensions(cometClient, setupRegistryExtension)`. */
export function setupRegistryExtension(base: AbciQueryClient): RegistryExtension {
  return { registry: abciServiceClient(base, RegistryQuery) };
}
