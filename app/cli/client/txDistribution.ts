// `unitd tx distribution withdraw-rewards|withdraw-all-rewards|set-withdraw-addr|fund-community-pool`
import { Query } from "../../../gen/cosmos/distribution/v1beta1/query_pb.js";
import { CometRpcClient } from "../../../sdk/client/cometRpcClient.js";
import { grpcQuery } from "../../../sdk/client/grpcQuery.js";
import { ClientError } from "../../../sdk/client/errors.js";
import {
  msgFundCommunityPool,
  msgSetWithdrawAddress,
  msgWithdrawDelegatorReward,
  msgWithdrawValidatorCommission,
} from "../../../sdk/tx/distributionMessages.js";
import { accountAddressArg, nodeUrlFlag, UsageError } from "./cliArgs.js";
import { fromFlag, type TxCommand } from "./txCommand.js";
import { coinsFlag } from "./txFlags.js";
import { validatorAddressArg } from "./txStaking.js";

export const distributionTxCommands: Record<string, TxCommand> = {
  "withdraw-rewards": {
    usage: "withdraw-rewards <validator-address> [--commission] --from <key>",
    summary:
      "withdraw a delegation's rewards (and, with --commission, the validator's commission), e.g.  unitd tx distribution withdraw-rewards unitvaloper1... --from alice",
    options: { commission: { type: "boolean" } },
    positionals: ["validator-address"],
    build: ([validator], values) => {
      const validatorAddress = validatorAddressArg(validator!);
      return {
        from: fromFlag(values),
        messages: (delegatorAddress) => [
          msgWithdrawDelegatorReward({ delegatorAddress, validatorAddress }),
          ...(values.commission === true ? [msgWithdrawValidatorCommission({ validatorAddress })] : []),
        ],
      };
    },
  },
  "withdraw-all-rewards": {
    usage: "withdraw-all-rewards --from <key>",
    summary: "withdraw the rewards of every delegation of the key (one message per validator it delegates to)",
    positionals: [],
    build: (_positionals, values) => ({
      from: fromFlag(values),
      messages: async (delegatorAddress) => {
        const rpc = new CometRpcClient(nodeUrlFlag(values.node));
        const { validators } = await grpcQuery(rpc, Query.method.delegatorValidators, { delegatorAddress });
        if (validators.length === 0) throw new ClientError(`${delegatorAddress} has no delegations: nothing to withdraw`);
        return validators.map((validatorAddress) => msgWithdrawDelegatorReward({ delegatorAddress, validatorAddress }));
      },
    }),
  },
  "set-withdraw-addr": {
    usage: "set-withdraw-addr <withdraw-address> --from <key>",
    summary: "send future rewards and commission of the key to another address",
    positionals: ["withdraw-address"],
    build: ([address], values) => {
      const withdrawAddress = accountAddressArg(address!);
      return { from: fromFlag(values), messages: (delegatorAddress) => [msgSetWithdrawAddress({ delegatorAddress, withdrawAddress })] };
    },
  },
  "fund-community-pool": {
    usage: "fund-community-pool <amount> --from <key>",
    summary: "give coins to the community pool, e.g.  unitd tx distribution fund-community-pool 1000000uunit --from alice",
    positionals: ["amount"],
    build: ([amount], values) => {
      const coins = coinsFlag("amount", amount!);
      if (coins.length === 0) throw new UsageError(`amount "${amount}" must hold at least one positive coin, such as 1000000uunit`);
      return { from: fromFlag(values), messages: (depositor) => [msgFundCommunityPool({ depositor, amount: coins })] };
    },
  },
};
