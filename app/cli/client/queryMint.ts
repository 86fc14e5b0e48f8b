// `unitd query mint params|inflation|annual-provisions`: the mint module's answers; this chain does
// not inflate, so inflation and provisions read zero (docs/mint.md).
import { Query } from "../../../gen/cosmos/mint/v1beta1/query_pb.js";
import { expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, parseModuleQuery, queryAndPrint } from "./queryPrint.js";

export const MINT_QUERY_USAGE = `  mint params | inflation | annual-provisions  the mint module (zero inflation on this chain)`;

export async function runQueryMint(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { positionals, output, rpc, height } = parseModuleQuery(rest, MODULE_QUERY_OPTIONS);
  const none = () => expectPositionals(positionals, [], `unitd query mint ${what}`);
  switch (what) {
    case "params":
      none();
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    case "inflation":
      none();
      return queryAndPrint(rpc, Query.method.inflation, {}, output, { height });
    case "annual-provisions":
      none();
      return queryAndPrint(rpc, Query.method.annualProvisions, {}, output, { height });
    default:
      throw new UsageError(`${what === undefined ? "missing mint query" : `unknown mint query "${what}"`}: expected params, inflation or annual-provisions`);
  }
}
