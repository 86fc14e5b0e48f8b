// `unitd query distribution rewards|commission|community-pool|params|slashes|validator-outstanding-rewards|validator-distribution-info|withdraw-addr`
import { Query } from "../../../gen/cosmos/distribution/v1beta1/query_pb.js";
import { accountAddressArg, expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";
import { validatorAddressArg } from "./txStaking.js";

export const DISTRIBUTION_QUERY_USAGE = `  distribution rewards <delegator> [<unitvaloper1...>]   rewards of all delegations, or of one
  distribution commission <unitvaloper1...>   a validator's accumulated commission
  distribution validator-outstanding-rewards <unitvaloper1...>   rewards not yet withdrawn
  distribution validator-distribution-info <unitvaloper1...>     commission and self-bond rewards
  distribution slashes <unitvaloper1...> <start-height> <end-height>   a validator's slashes
  distribution withdraw-addr <delegator>      where a delegator's rewards go
  distribution community-pool | params        the community pool; distribution params`;

const QUERIES = "rewards, commission, validator-outstanding-rewards, validator-distribution-info, slashes, withdraw-addr, community-pool or params";

function heightArg(what: string, text: string): bigint {
  if (!/^[0-9]{1,19}$/.test(text) || BigInt(text) > 18446744073709551615n) throw new UsageError(`${what} must be a block height, got "${text}"`);
  return BigInt(text);
}

export async function runQueryDistribution(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, MODULE_QUERY_OPTIONS);
  const validatorOnly = (usage: string) => validatorAddressArg(expectPositionals(positionals, ["validator-address"], usage)[0]!);
  switch (what) {
    case "rewards": {
      if (positionals.length === 2) {
        const [delegator, validator] = positionals;
        const request = { delegatorAddress: accountAddressArg(delegator!), validatorAddress: validatorAddressArg(validator!) };
        return queryAndPrint(rpc, Query.method.delegationRewards, request, output, { height });
      }
      const [delegator] = expectPositionals(positionals, ["delegator-address"], "unitd query distribution rewards <delegator> [<unitvaloper1...>]");
      return queryAndPrint(rpc, Query.method.delegationTotalRewards, { delegatorAddress: accountAddressArg(delegator!) }, output, { height });
    }
    case "commission": {
      const validatorAddress = validatorOnly("unitd query distribution commission <unitvaloper1...>");
      return queryAndPrint(rpc, Query.method.validatorCommission, { validatorAddress }, output, {
        height,
        notFound: `validator ${validatorAddress} does not exist`,
      });
    }
    case "validator-outstanding-rewards": {
      const validatorAddress = validatorOnly("unitd query distribution validator-outstanding-rewards <unitvaloper1...>");
      return queryAndPrint(rpc, Query.method.validatorOutstandingRewards, { validatorAddress }, output, {
        height,
        notFound: `validator ${validatorAddress} does not exist`,
      });
    }
    case "validator-distribution-info": {
      const validatorAddress = validatorOnly("unitd query distribution validator-distribution-info <unitvaloper1...>");
      return queryAndPrint(rpc, Query.method.validatorDistributionInfo, { validatorAddress }, output, { height });
    }
    case "slashes": {
      const usage = "unitd query distribution slashes <unitvaloper1...> <start-height> <end-height>";
      const [validator, start, end] = expectPositionals(positionals, ["validator-address", "start-height", "end-height"], usage);
      const request = {
        validatorAddress: validatorAddressArg(validator!),
        startingHeight: heightArg("start-height", start!),
        endingHeight: heightArg("end-height", end!),
        pagination: pageRequest(values),
      };
      return queryAndPrint(rpc, Query.method.validatorSlashes, request, output, { height });
    }
    case "withdraw-addr": {
      const [delegator] = expectPositionals(positionals, ["delegator-address"], "unitd query distribution withdraw-addr <delegator>");
      return queryAndPrint(rpc, Query.method.delegatorWithdrawAddress, { delegatorAddress: accountAddressArg(delegator!) }, output, { height });
    }
    case "community-pool":
      expectPositionals(positionals, [], "unitd query distribution community-pool");
      return queryAndPrint(rpc, Query.method.communityPool, {}, output, { height });
    case "params":
      expectPositionals(positionals, [], "unitd query distribution params");
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    default:
      throw new UsageError(what === undefined ? `missing distribution query: ${QUERIES}` : `unknown distribution query "${what}": expected ${QUERIES}`);
  }
}
