// chain.voting.Query over REST: every method, /vendor/chain/voting/...
import { Query as VotingQuery } from "../../gen/chain/voting/query_pb.js";
import type { RestTransport } from "./restTransport.js";
import { restServiceClient, type RestServiceClient } from "./restService.js";
import type { ServiceMethods } from "./serviceMethods.js";

export type VotingRestClient = RestServiceClient<ServiceMethods<typeof VotingQuery>>;

export function votingRestClient(transport: RestTransport): VotingRestClient {
  return restServiceClient<ServiceMethods<typeof VotingQuery>, VotingRestClient>(transport, VotingQuery);
}
