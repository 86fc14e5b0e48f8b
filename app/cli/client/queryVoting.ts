// `unitd query voting params|election|results|electoral-authorities|elections|voter`
import { Query } from "../../../gen/chain/voting/query_pb.js";
import { ElectionStatus } from "../../../gen/chain/voting/voting_pb.js";
import { accountAddressArg, expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";
import { idArg } from "./txCommand.js";

const OPTIONS = { ...MODULE_QUERY_OPTIONS, status: { type: "string" } } as const;

export const VOTING_QUERY_USAGE = `  voting params                               the voting params (window bounds, max options)
  voting election <id>                        an election
  voting results <id>                         an election's counts (final once closed)
  voting electoral-authorities [--limit n]    electoral authorities added by governance
  voting elections [--status s] [--limit n]   elections by id; s: scheduled, open, closed, cancelled
  voting voter <election-id> <address>        whether an account registered and voted`;

const STATUSES: Record<string, ElectionStatus> = {
  scheduled: ElectionStatus.SCHEDULED,
  open: ElectionStatus.OPEN,
  closed: ElectionStatus.CLOSED,
  cancelled: ElectionStatus.CANCELLED,
};

function statusFlag(text: string | undefined): ElectionStatus {
  if (text === undefined) return ElectionStatus.UNSPECIFIED;
  const status = Object.hasOwn(STATUSES, text.toLowerCase()) ? STATUSES[text.toLowerCase()] : undefined;
  if (status === undefined) throw new UsageError(`--status expects scheduled, open, closed or cancelled, got "${text.slice(0, 40)}"`);
  return status;
}

export async function runQueryVoting(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, OPTIONS);
  switch (what) {
    case "params":
      expectPositionals(positionals, [], "unitd query voting params");
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    case "election": {
      const [id] = expectPositionals(positionals, ["id"], "unitd query voting election <id>");
      return queryAndPrint(rpc, Query.method.election, { id: idArg("election id", id!) }, output, { height, notFound: `election ${id} does not exist` });
    }
    case "results": {
      const [id] = expectPositionals(positionals, ["id"], "unitd query voting results <id>");
      return queryAndPrint(rpc, Query.method.electionResults, { electionId: idArg("election id", id!) }, output, {
        height,
        notFound: `election ${id} does not exist`,
      });
    }
    case "electoral-authorities":
      expectPositionals(positionals, [], "unitd query voting electoral-authorities");
      return queryAndPrint(rpc, Query.method.electoralAuthorities, { pagination: pageRequest(values) }, output, { height });
    case "elections": {
      expectPositionals(positionals, [], "unitd query voting elections");
      const status = statusFlag((values as { status?: string }).status);
      return queryAndPrint(rpc, Query.method.elections, { status, pagination: pageRequest(values) }, output, { height });
    }
    case "voter": {
      const [id, address] = expectPositionals(positionals, ["election-id", "address"], "unitd query voting voter <election-id> <address>");
      return queryAndPrint(rpc, Query.method.voter, { electionId: idArg("election id", id!), address: accountAddressArg(address!) }, output, {
        height,
        notFound: `election ${id} does not exist`,
      });
    }
    default:
      throw new UsageError(
        what === undefined
          ? "missing voting query: params, election, results, electoral-authorities, elections or voter"
          : `unknown voting query "${what}": expected params, election, results, electoral-authorities, elections or voter`,
      );
  }
}
