// `unitd tx slashing unjail`
import { msgUnjail } from "../../../sdk/tx/slashingMessages.js";
import { fromFlag, type TxCommand } from "./txCommand.js";

export const slashingTxCommands: Record<string, TxCommand> = {
  unjail: {
    usage: "unjail --from <key>",
    summary: "unjail the validator the --from key operates, once its jail time is over",
    positionals: [],
    // The validator is the signer's own: its operator address is the signer's account bytes.
    build: (_positionals, values) => ({ from: fromFlag(values), messages: (sender) => [msgUnjail(sender)] }),
  },
};
