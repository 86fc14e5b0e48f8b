// `unitd query bank balances|total`: bank state through ABCI query by gRPC path.
import { create, toJson, type JsonValue } from "@bufbuild/protobuf";
import { QueryAllBalancesResponseSchema, QueryTotalSupplyResponseSchema } from "../../../gen/cosmos/bank/v1beta1/query_pb.js";
import { CoinSchema } from "../../../gen/cosmos/base/v1beta1/coin_pb.js";
import { getAllBalances, getBalance, getSupplyOf, getTotalSupply } from "../../../sdk/client/bankQueries.js";
import { CometRpcClient } from "../../../sdk/client/cometRpcClient.js";
import { assertDenom } from "../../../sdk/tx/coins.js";
import { NODE_OPTIONS, accountAddressArg, expectPositionals, nodeUrlFlag, uintFlag, UsageError } from "./cliArgs.js";
import { outputFormat, parseStrictArgs } from "../flags.js";
import { printResult } from "./output.js";

const OPTIONS = { ...NODE_OPTIONS, denom: { type: "string" }, height: { type: "string" } } as const;
const JSON_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

/** Every page was read, so there is no next key: null, as the SDK prints it. */
function allPages(json: JsonValue): JsonValue {
  const pagination = (json as { pagination?: { next_key?: unknown } }).pagination;
  if (pagination) pagination.next_key = null;
  return json;
}

export async function runQueryBank(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals } = parseStrictArgs(rest, OPTIONS);
  const output = outputFormat(values.output);
  const rpc = new CometRpcClient(nodeUrlFlag(values.node));
  const height = uintFlag("--height", values.height);
  if (values.denom !== undefined) assertDenom(values.denom);
  switch (what) {
    case "balances": {
      const [address] = expectPositionals(positionals, ["address"], "unitd query bank balances <address> [--denom <denom>]");
      const bech32 = accountAddressArg(address!);
      if (values.denom !== undefined) {
        printResult(toJson(CoinSchema, create(CoinSchema, await getBalance(rpc, bech32, values.denom, { height })), JSON_OPTIONS), output);
        return 0;
      }
      const balances = await getAllBalances(rpc, bech32, { height });
      printResult(
        allPages(
          toJson(
            QueryAllBalancesResponseSchema,
            create(QueryAllBalancesResponseSchema, { balances, pagination: { total: BigInt(balances.length) } }),
            JSON_OPTIONS,
          ),
        ),
        output,
      );
      return 0;
    }
    case "total": {
      expectPositionals(positionals, [], "unitd query bank total [--denom <denom>]");
      if (values.denom !== undefined) {
        printResult(toJson(CoinSchema, create(CoinSchema, await getSupplyOf(rpc, values.denom, { height })), JSON_OPTIONS), output);
        return 0;
      }
      const supply = await getTotalSupply(rpc, { height });
      printResult(
        allPages(
          toJson(
            QueryTotalSupplyResponseSchema,
            create(QueryTotalSupplyResponseSchema, { supply, pagination: { total: BigInt(supply.length) } }),
            JSON_OPTIONS,
          ),
        ),
        output,
      );
      return 0;
    }
    default:
      throw new UsageError(what === undefined ? "missing bank query: balances or total" : `unknown bank query "${what}": expected balances or total`);
  }
}
