// `unitd query gov proposals|proposal|tally|votes|vote|deposits|params`
import { ProposalStatus } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { Query } from "../../../gen/cosmos/gov/v1/query_pb.js";
import { accountAddressArg, expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";
import { idArg } from "./txCommand.js";

const OPTIONS = { ...MODULE_QUERY_OPTIONS, status: { type: "string" }, voter: { type: "string" }, depositor: { type: "string" } } as const;

export const GOV_QUERY_USAGE = `  gov proposals [--status <s>] [--voter <a>] [--depositor <a>]
                                              proposals; status: deposit_period, voting_period,
                                              passed, rejected or failed
  gov proposal <id>                           one proposal
  gov tally <id>                              a proposal's tally (live while voting, final after)
  gov votes <id> | gov vote <id> <voter>      votes on a proposal (kept only while voting)
  gov deposits <id>                           a proposal's deposits
  gov params                                  governance params`;

const STATUS_WORDS: Record<string, ProposalStatus> = {
  deposit_period: ProposalStatus.DEPOSIT_PERIOD,
  voting_period: ProposalStatus.VOTING_PERIOD,
  passed: ProposalStatus.PASSED,
  rejected: ProposalStatus.REJECTED,
  failed: ProposalStatus.FAILED,
};

function statusFlag(text: string | undefined): ProposalStatus {
  if (text === undefined) return ProposalStatus.UNSPECIFIED;
  const word = text.toLowerCase().replace(/^proposal_status_/, "");
  const status = Object.hasOwn(STATUS_WORDS, word) ? STATUS_WORDS[word] : undefined;
  if (status === undefined) throw new UsageError(`--status must be one of ${Object.keys(STATUS_WORDS).join(", ")}, got "${text}"`);
  return status;
}

export async function runQueryGov(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, OPTIONS);
  const proposalId = (usage: string, names = ["proposal-id"]) => {
    const args_ = expectPositionals(positionals, names, usage);
    return idArg("proposal id", args_[0]!);
  };
  switch (what) {
    case "proposals": {
      expectPositionals(positionals, [], "unitd query gov proposals [--status <s>]");
      const request = {
        proposalStatus: statusFlag(values.status),
        voter: values.voter === undefined ? "" : accountAddressArg(values.voter),
        depositor: values.depositor === undefined ? "" : accountAddressArg(values.depositor),
        pagination: pageRequest(values),
      };
      return queryAndPrint(rpc, Query.method.proposals, request, output, { height });
    }
    case "proposal": {
      const id = proposalId("unitd query gov proposal <proposal-id>");
      return queryAndPrint(rpc, Query.method.proposal, { proposalId: id }, output, {
        height,
        notFound: `proposal ${id} does not exist (a proposal whose deposit period ended without enough deposit is deleted)`,
      });
    }
    case "tally": {
      const id = proposalId("unitd query gov tally <proposal-id>");
      return queryAndPrint(rpc, Query.method.tallyResult, { proposalId: id }, output, { height, notFound: `proposal ${id} does not exist` });
    }
    case "votes": {
      const id = proposalId("unitd query gov votes <proposal-id>");
      return queryAndPrint(rpc, Query.method.votes, { proposalId: id, pagination: pageRequest(values) }, output, { height });
    }
    case "vote": {
      const [id, voter] = expectPositionals(positionals, ["proposal-id", "voter"], "unitd query gov vote <proposal-id> <voter>");
      const voterAddress = accountAddressArg(voter!);
      return queryAndPrint(rpc, Query.method.vote, { proposalId: idArg("proposal id", id!), voter: voterAddress }, output, {
        height,
        notFound: `${voterAddress} has no vote on proposal ${id}`,
      });
    }
    case "deposits": {
      const id = proposalId("unitd query gov deposits <proposal-id>");
      return queryAndPrint(rpc, Query.method.deposits, { proposalId: id, pagination: pageRequest(values) }, output, { height });
    }
    case "params":
      expectPositionals(positionals, [], "unitd query gov params");
      return queryAndPrint(rpc, Query.method.params, { paramsType: "voting" }, output, { height });
    default:
      throw new UsageError(
        what === undefined
          ? "missing gov query: proposals, proposal, tally, votes, vote, deposits or params"
          : `unknown gov query "${what}": expected proposals, proposal, tally, votes, vote, deposits or params`,
      );
  }
}
