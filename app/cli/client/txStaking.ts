// `unitd tx staking delegate|unbond`
import { decodeBech32 } from "../../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_VALIDATOR } from "../../../sdk/crypto/prefixes.js";
import { msgDelegate, msgUndelegate } from "../../../sdk/tx/stakingMessages.js";
import type { Coin } from "../../../sdk/tx/coins.js";
import { UsageError } from "./cliArgs.js";
import { fromFlag, type TxCommand } from "./txCommand.js";
import { coinsFlag } from "./txFlags.js";

/** A validator operator address, unitvaloper1... */
export function validatorAddressArg(text: string): string {
  try {
    decodeBech32(text, { prefix: BECH32_PREFIX_VALIDATOR });
  } catch (err) {
    throw new UsageError(`"${text.slice(0, 100)}" is not a validator address (${BECH32_PREFIX_VALIDATOR}1...): ${(err as Error).message}`);
  }
  return text;
}

function oneCoin(text: string): Coin {
  const coins = coinsFlag("amount", text);
  if (coins.length !== 1) throw new UsageError(`amount "${text}" must be one positive coin, such as 1000000uunit`);
  return coins[0]!;
}

export const stakingTxCommands: Record<string, TxCommand> = {
  delegate: {
    usage: "delegate <validator-address> <amount> --from <key>",
    summary: "bond tokens to a validator, e.g.  unitd tx staking delegate unitvaloper1... 1000000uunit --from alice",
    positionals: ["validator-address", "amount"],
    build: ([validator, amount], values) => {
      const validatorAddress = validatorAddressArg(validator!);
      const coin = oneCoin(amount!);
      return { from: fromFlag(values), messages: (delegatorAddress) => [msgDelegate({ delegatorAddress, validatorAddress, amount: coin })] };
    },
  },
  unbond: {
    usage: "unbond <validator-address> <amount> --from <key>",
    summary: "start unbonding tokens from a validator; they return after the unbonding period",
    positionals: ["validator-address", "amount"],
    build: ([validator, amount], values) => {
      const validatorAddress = validatorAddressArg(validator!);
      const coin = oneCoin(amount!);
      return { from: fromFlag(values), messages: (delegatorAddress) => [msgUndelegate({ delegatorAddress, validatorAddress, amount: coin })] };
    },
  },
};
