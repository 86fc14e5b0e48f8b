// chain.voting.Query over committed state (REST: /vendor/chain/voting/...).
import { Query } from "../../../gen/chain/voting/query_pb.js";
import { ElectionStatus } from "../../../gen/chain/voting/voting_pb.js";
import { addressArg } from "../../../common/grpc/addressArg.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import type { QueryServices } from "../../query/service.js";
import type { StateReader } from "../../store/types.js";
import type { VotingKeeper } from "./keeper.js";

function electionArg(keeper: VotingKeeper, state: StateReader, id: bigint) {
  const election = keeper.getElection(state, id);
  if (!election) throw notFound(`election ${id} not found`);
  return election;
}

export function registerVotingQueries(services: QueryServices, keeper: VotingKeeper): void {
  services.register(Query, {
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    election: (req, { state }) => ({ election: electionArg(keeper, state, req.id) }),
    electionResults: (req, { state }) => ({ results: keeper.results(state, electionArg(keeper, state, req.electionId)) }),
    electoralAuthorities: (req, { state }) => {
      const page = keeper.electoralAuthoritiesPage(state, req.pagination);
      return { electoralAuthorities: page.items, pagination: page.pagination };
    },
    elections: (req, { state }) => {
      if (ElectionStatus[req.status] === undefined) throw invalidArgument(`unknown election status ${req.status}`);
      const page = keeper.electionsPage(state, req.status, req.pagination);
      return { elections: page.items, pagination: page.pagination };
    },
    voter: (req, { state }) => {
      const address = addressArg(req.address);
      const election = electionArg(keeper, state, req.electionId);
      const record = keeper.getVoterRecord(state, election.id, address);
      return record ? { registered: true, voted: record.voted, record } : { registered: false, voted: false };
    },
  });
}
