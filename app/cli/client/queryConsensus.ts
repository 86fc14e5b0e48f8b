// `unitd query consensus params`: the CometBFT consensus params the chain keeps in state.
import { Query } from "../../../gen/cosmos/consensus/v1/query_pb.js";
import { expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, parseModuleQuery, queryAndPrint } from "./queryPrint.js";

export const CONSENSUS_QUERY_USAGE = `  consensus params                            CometBFT's consensus params (block, evidence, validator, abci)`;

export async function runQueryConsensus(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { positionals, output, rpc, height } = parseModuleQuery(rest, MODULE_QUERY_OPTIONS);
  switch (what) {
    case "params":
      expectPositionals(positionals, [], "unitd query consensus params");
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    default:
      throw new UsageError(what === undefined ? "missing consensus query: params" : `unknown consensus query "${what}": expected params`);
  }
}
