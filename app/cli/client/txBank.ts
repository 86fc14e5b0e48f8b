// `unitd tx bank ...`
import { msgSend } from "../../../sdk/tx/bankMessages.js";
import { accountAddressArg, UsageError } from "./cliArgs.js";
import type { TxCommand } from "./txCommand.js";
import { coinsFlag } from "./txFlags.js";

export const bankTxCommands: Record<string, TxCommand> = {
  send: {
    usage: "send <from-key-or-address> <to-address> <amount>",
    summary: "send coins, e.g.  unitd tx bank send alice unit1... 1000uunit --fees 5000uunit -y",
    positionals: ["from-key-or-address", "to-address", "amount"],
    build: ([from, to, amountText]) => {
      const toAddress = accountAddressArg(to!);
      const amount = coinsFlag("amount", amountText);
      if (amount.length === 0) throw new UsageError(`amount "${amountText}" is zero; send a positive amount such as 1000uunit`);
      return { from: from!, messages: (fromAddress) => [msgSend({ fromAddress, toAddress, amount })] };
    },
  },
};
