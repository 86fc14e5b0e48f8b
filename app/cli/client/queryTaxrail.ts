// `unitd query taxrail params|rule|rules|balance|balances`
import { Query } from "../../../gen/chain/taxrail/query_pb.js";
import { expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";
import { jurisdictionArg } from "./queryRegistry.js";

export const TAXRAIL_QUERY_USAGE = `  taxrail params                              the taxrail params (max_rate_bps)
  taxrail rule <code>                         a jurisdiction's transfer tax rule
  taxrail rules [--limit n]                   every tax rule
  taxrail balance <code>                      a jurisdiction's collected and unwithdrawn tax
  taxrail balances [--limit n]                every jurisdiction's tax balance`;

const QUERIES = "params, rule, rules, balance or balances";

export async function runQueryTaxrail(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, MODULE_QUERY_OPTIONS);
  switch (what) {
    case "params":
      expectPositionals(positionals, [], "unitd query taxrail params");
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    case "rule": {
      const [code] = expectPositionals(positionals, ["code"], "unitd query taxrail rule <code>");
      return queryAndPrint(rpc, Query.method.rule, { jurisdictionCode: jurisdictionArg(code!) }, output, {
        height,
        notFound: `jurisdiction ${code} has no tax rule`,
      });
    }
    case "rules":
      expectPositionals(positionals, [], "unitd query taxrail rules");
      return queryAndPrint(rpc, Query.method.rules, { pagination: pageRequest(values) }, output, { height });
    case "balance": {
      const [code] = expectPositionals(positionals, ["code"], "unitd query taxrail balance <code>");
      return queryAndPrint(rpc, Query.method.balance, { jurisdictionCode: jurisdictionArg(code!) }, output, { height });
    }
    case "balances":
      expectPositionals(positionals, [], "unitd query taxrail balances");
      return queryAndPrint(rpc, Query.method.balances, { pagination: pageRequest(values) }, output, { height });
    default:
      throw new UsageError(what === undefined ? `missing taxrail query: ${QUERIES}` : `unknown taxrail query "${what}": expected ${QUERIES}`);
  }
}
