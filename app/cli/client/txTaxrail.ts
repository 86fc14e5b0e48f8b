// `unitd tx taxrail ...`: what a jurisdiction authority signs. Governance may set a rule through a
// proposal with MsgSetTaxRule, and changes the params with MsgUpdateParams.
import { BPS_DENOMINATOR, msgSetTaxRule, msgWithdrawTax } from "../../../sdk/tx/taxrailMessages.js";
import { accountAddressArg, UsageError } from "./cliArgs.js";
import { fromFlag, requiredFlag, type TxCommand } from "./txCommand.js";
import { coinsFlag } from "./txFlags.js";
import { jurisdictionFlag } from "./txRegistry.js";

export const taxrailTxCommands: Record<string, TxCommand> = {
  "set-rule": {
    usage: "set-rule --jurisdiction <code> --rate-bps <0-10000> --from <authority>",
    summary: "set your jurisdiction's transfer tax in basis points (250 = 2.5 %)",
    options: { jurisdiction: { type: "string" }, "rate-bps": { type: "string" } },
    positionals: [],
    build: (_p, values) => {
      const jurisdictionCode = jurisdictionFlag(values);
      const text = requiredFlag(values, "rate-bps");
      if (!/^[0-9]{1,5}$/.test(text) || Number(text) > BPS_DENOMINATOR)
        throw new UsageError(`--rate-bps must be an integer from 0 to ${BPS_DENOMINATOR} (basis points: 250 = 2.5 %), got "${text.slice(0, 20)}"`);
      return { from: fromFlag(values), messages: (authority) => [msgSetTaxRule({ authority, jurisdictionCode, rateBps: Number(text) })] };
    },
  },
  withdraw: {
    usage: "withdraw --jurisdiction <code> --to <address> --amount <coins> --from <authority>",
    summary: "move collected tax of your jurisdiction out of the taxrail module account",
    options: { jurisdiction: { type: "string" }, to: { type: "string" }, amount: { type: "string" } },
    positionals: [],
    build: (_p, values) => {
      const jurisdictionCode = jurisdictionFlag(values);
      const recipient = accountAddressArg(requiredFlag(values, "to"));
      const amountText = requiredFlag(values, "amount");
      const amount = coinsFlag("--amount", amountText);
      if (amount.length === 0) throw new UsageError(`--amount "${amountText}" is zero; withdraw a positive amount such as 1000uunit`);
      return { from: fromFlag(values), messages: (authority) => [msgWithdrawTax({ authority, jurisdictionCode, recipient, amount })] };
    },
  },
};
