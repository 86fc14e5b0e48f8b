// `unitd query staking validators|validator|delegations|unbonding-delegations|redelegations|historical-info|params|pool`
import { Query } from "../../../gen/cosmos/staking/v1beta1/query_pb.js";
import { accountAddressArg, expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";
import { validatorAddressArg } from "./txStaking.js";

const OPTIONS = { ...MODULE_QUERY_OPTIONS, "src-validator": { type: "string" }, "dst-validator": { type: "string" } } as const;

export const STAKING_QUERY_USAGE = `  staking validators                          validators with their tokens and status
  staking validator <unitvaloper1...>         one validator
  staking delegations <delegator>             an account's delegations
  staking unbonding-delegations <delegator>   an account's unbonding delegations
  staking redelegations <delegator>           an account's redelegations (--src-validator/--dst-validator narrow as the SDK does)
  staking historical-info <height>            the header and validator set kept for a recent height
  staking params | staking pool               staking params; bonded and not-bonded tokens`;

export async function runQueryStaking(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, OPTIONS);
  switch (what) {
    case "validators":
      expectPositionals(positionals, [], "unitd query staking validators");
      return queryAndPrint(rpc, Query.method.validators, { status: "", pagination: pageRequest(values) }, output, { height });
    case "validator": {
      const [address] = expectPositionals(positionals, ["validator-address"], "unitd query staking validator <unitvaloper1...>");
      const validatorAddr = validatorAddressArg(address!);
      return queryAndPrint(rpc, Query.method.validator, { validatorAddr }, output, { height, notFound: `validator ${validatorAddr} does not exist` });
    }
    case "delegations": {
      const [address] = expectPositionals(positionals, ["delegator-address"], "unitd query staking delegations <delegator>");
      return queryAndPrint(rpc, Query.method.delegatorDelegations, { delegatorAddr: accountAddressArg(address!), pagination: pageRequest(values) }, output, {
        height,
      });
    }
    case "unbonding-delegations": {
      const [address] = expectPositionals(positionals, ["delegator-address"], "unitd query staking unbonding-delegations <delegator>");
      return queryAndPrint(
        rpc,
        Query.method.delegatorUnbondingDelegations,
        { delegatorAddr: accountAddressArg(address!), pagination: pageRequest(values) },
        output,
        { height },
      );
    }
    case "redelegations": {
      const [address] = expectPositionals(positionals, ["delegator-address"], "unitd query staking redelegations <delegator>");
      const src = typeof values["src-validator"] === "string" ? validatorAddressArg(values["src-validator"]) : "";
      const dst = typeof values["dst-validator"] === "string" ? validatorAddressArg(values["dst-validator"]) : "";
      return queryAndPrint(
        rpc,
        Query.method.redelegations,
        { delegatorAddr: accountAddressArg(address!), srcValidatorAddr: src, dstValidatorAddr: dst, pagination: pageRequest(values) },
        output,
        { height, notFound: "no such redelegation" },
      );
    }
    case "historical-info": {
      const [h] = expectPositionals(positionals, ["height"], "unitd query staking historical-info <height>");
      if (!/^[0-9]{1,19}$/.test(h!)) throw new UsageError(`height must be a non-negative integer, got "${h}"`);
      return queryAndPrint(rpc, Query.method.historicalInfo, { height: BigInt(h!) }, output, { height, notFound: `no historical info kept for height ${h}` });
    }
    case "params":
      expectPositionals(positionals, [], "unitd query staking params");
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    case "pool":
      expectPositionals(positionals, [], "unitd query staking pool");
      return queryAndPrint(rpc, Query.method.pool, {}, output, { height });
    default:
      throw new UsageError(
        what === undefined
          ? "missing staking query: validators, validator, delegations, unbonding-delegations, redelegations, historical-info, params or pool"
          : `unknown staking query "${what}": expected validators, validator, delegations, unbonding-delegations, redelegations, historical-info, params or pool`,
      );
  }
}
