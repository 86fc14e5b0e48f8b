// chain.voting.Query over CosmJS's ABCI query: every method, at /chain.voting.Query/<Method>.
import { Query as VotingQuery } from "../../gen/chain/voting/query_pb.js";
import { abciServiceClient, type AbciQueryClient, type AbciServiceClient } from "./abciService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type VotingAbciClient = AbciServiceClient<ServiceMethods<typeof VotingQuery>>;

export interface VotingExtension {
  readonly voting: VotingAbciClient;
}

/** For `QueryClient.withExtensions(cometClient, setupVotingExtension)`. */
export function setupVotingExtension(base: AbciQueryClient): VotingExtension {
  return { voting: abciServiceClient(base, VotingQuery) };
}
