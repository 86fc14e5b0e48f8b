// `unitd query params subspace|subspaces`: the SDK's legacy x/params queries, as `simd query params`.
import { Query } from "../../../gen/cosmos/params/v1beta1/query_pb.js";
import { expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, parseModuleQuery, queryAndPrint } from "./queryPrint.js";

export const PARAMS_QUERY_USAGE = `  params subspace <subspace> <key>            a legacy subspace's param as amino JSON (baseapp BlockParams, staking MaxValidators, ...)
  params subspaces                            the legacy subspaces and their keys`;

const QUERIES = "subspace or subspaces";

export async function runQueryParams(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { positionals, output, rpc, height } = parseModuleQuery(rest, MODULE_QUERY_OPTIONS);
  switch (what) {
    case "subspace": {
      const [subspace, key] = expectPositionals(positionals, ["subspace", "key"], "unitd query params subspace <subspace> <key>");
      return queryAndPrint(rpc, Query.method.params, { subspace: subspace!, key: key! }, output, { height, notFound: `unknown subspace "${subspace}"` });
    }
    case "subspaces":
      expectPositionals(positionals, [], "unitd query params subspaces");
      return queryAndPrint(rpc, Query.method.subspaces, {}, output, { height });
    default:
      throw new UsageError(what === undefined ? `missing params query: ${QUERIES}` : `unknown params query "${what}": expected ${QUERIES}`);
  }
}
