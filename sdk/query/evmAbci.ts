// chain.evm.Query over CosmJS's ABCI query: every method, at /chain.evm.Query/<Method>.
import { Query as EvmQuery } from "../../gen/chain/evm/query_pb.js";
import { abciServiceClient, type AbciQueryClient, type AbciServiceClient } from "./abciService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type EvmAbciClient = AbciServiceClient<ServiceMethods<typeof EvmQuery>>;

export interface EvmExtension {
  readonly evm: EvmAbciClient;
}

/** For `QueryClient.withExtensions(cometClient, setupEvmExtension)`. */
export function setupEvmExtension(base: AbciQueryClient): EvmExtension {
  return { evm: abciServiceClient(base, EvmQuery) };
}
