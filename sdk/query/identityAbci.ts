// chain.identity.Query over CosmJS's ABCI query: every method, at /chain.identity.Query/<Method>.
import { Query as IdentityQuery } from "../../gen/chain/identity/query_pb.js";
import { abciServiceClient, type AbciQueryClient, type AbciServiceClient } from "./abciService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type IdentityAbciClient = AbciServiceClient<ServiceMethods<typeof IdentityQuery>>;

export interface IdentityExtension {
  readonly identity: IdentityAbciClient;
}

/** For `QueryClient.withExtensions(cometClient, setupIdentityExtension)`. */
export function setupIdentityExtension(base: AbciQueryClient): IdentityExtension {
  return { identity: abciServiceClient(base, IdentityQuery) };
}
