// `unitd query registry params|asset|history|jurisdiction|jurisdictions|assets-by-owner|assets-by-jurisdiction`
import { Query } from "../../../gen/chain/registry/query_pb.js";
import { jurisdictionCodeProblem } from "../../../sdk/tx/registryMessages.js";
import { accountAddressArg, expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";
import { idArg } from "./txCommand.js";

export const REGISTRY_QUERY_USAGE = `  registry params                             the registry params
  registry asset <id>                         an asset's record
  registry history <id> [--limit n]           an asset's transfers, oldest first (with tax paid)
  registry jurisdiction <code>                a jurisdiction's authority (US, US-CA, ...)
  registry jurisdictions [--limit n]          every jurisdiction authority
  registry assets-by-owner <address>          the assets an account owns
  registry assets-by-jurisdiction <code>      the assets registered in a jurisdiction`;

const QUERIES = "params, asset, history, jurisdiction, jurisdictions, assets-by-owner or assets-by-jurisdiction";

/** A jurisdiction code positional, refused here as the chain would refuse it. */
export function jurisdictionArg(code: string): string {
  const problem = jurisdictionCodeProblem(code);
  if (problem) throw new UsageError(problem);
  return code;
}

export async function runQueryRegistry(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, MODULE_QUERY_OPTIONS);
  const pagination = pageRequest(values);
  switch (what) {
    case "params":
      expectPositionals(positionals, [], "unitd query registry params");
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    case "asset": {
      const [id] = expectPositionals(positionals, ["id"], "unitd query registry asset <id>");
      return queryAndPrint(rpc, Query.method.asset, { id: idArg("asset id", id!) }, output, { height, notFound: `asset ${id} does not exist` });
    }
    case "history": {
      const [id] = expectPositionals(positionals, ["id"], "unitd query registry history <asset-id>");
      return queryAndPrint(rpc, Query.method.assetHistory, { assetId: idArg("asset id", id!), pagination }, output, {
        height,
        notFound: `asset ${id} does not exist`,
      });
    }
    case "jurisdiction": {
      const [code] = expectPositionals(positionals, ["code"], "unitd query registry jurisdiction <code>");
      const jurisdictionCode = jurisdictionArg(code!);
      return queryAndPrint(rpc, Query.method.jurisdiction, { jurisdictionCode }, output, { height, notFound: `jurisdiction ${code} has no authority` });
    }
    case "jurisdictions":
      expectPositionals(positionals, [], "unitd query registry jurisdictions");
      return queryAndPrint(rpc, Query.method.jurisdictions, { pagination }, output, { height });
    case "assets-by-owner": {
      const [address] = expectPositionals(positionals, ["address"], "unitd query registry assets-by-owner <address>");
      return queryAndPrint(rpc, Query.method.assetsByOwner, { owner: accountAddressArg(address!), pagination }, output, { height });
    }
    case "assets-by-jurisdiction": {
      const [code] = expectPositionals(positionals, ["code"], "unitd query registry assets-by-jurisdiction <code>");
      return queryAndPrint(rpc, Query.method.assetsByJurisdiction, { jurisdictionCode: jurisdictionArg(code!), pagination }, output, { height });
    }
    default:
      throw new UsageError(what === undefined ? `missing registry query: ${QUERIES}` : `unknown registry query "${what}": expected ${QUERIES}`);
  }
}
