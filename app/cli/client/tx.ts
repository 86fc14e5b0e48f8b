// `unitd tx`: build, sign and broadcast a transaction from a keyring key.
import { msgSend } from "../../../sdk/tx/bankMessages.js";
import { terminalInput } from "../keys/terminalInput.js";
import { accountAddressArg, expectPositionals, UsageError } from "./cliArgs.js";
import { runCli } from "./runCli.js";
import { signAndBroadcast } from "./signAndBroadcast.js";
import { coinsFlag, DEFAULT_GAS, parseTxArgs } from "./txFlags.js";

const USAGE = `unitd tx <module> <msg> [args] [flags]

Transactions:
  bank send <from-key-or-address> <to-address> <amount>
      send coins, e.g.  unitd tx bank send alice unit1... 1000uunit --fees 5000uunit -y

Addresses are accepted as unit1... or 0x...; the sender is a key name or the address of a key
in the keyring. Amounts and fees are integers in a base denom: 1000000uunit = 1 UNIT.

Flags:
  --chain-id <id>             must match the node's chain (default: the node's chain id)
  --fees <coins>              fee to pay, e.g. 5000uunit (default none; the chain requires
                              at least gas limit x its minimum gas price)
  --gas <int|auto>            gas limit (default ${DEFAULT_GAS}); auto simulates the tx first
  --gas-adjustment <float>    multiplies the simulated gas with --gas auto (default 1.0)
  --note, --memo <text>       memo (at most 256 characters)
  --timeout-height <n>        the tx is invalid after this block height (default none)
  -y, --yes                   sign and broadcast without asking (required without a terminal)
  --wait                      wait until the tx is in a block and print its result
  --home <dir>                node home holding the keyring (default $UNITD_HOME or ~/.unitd)
  --keyring-backend test|file keyring backend (default test)
  --node <url>                CometBFT RPC address (default http://127.0.0.1:26657; tcp:// is read as http://)
  -o, --output text|json      output format (default text)

Without -y the unsigned tx is printed (on stderr) and you are asked to confirm. The command
prints the broadcast result (txhash, code, raw_log) and exits 1 if the node refused the tx.
`;

export function runTxCommand(args: string[]): Promise<number> {
  return runCli("tx", async () => {
    const [module, msg, ...rest] = args;
    if (module === undefined || ["help", "--help", "-h"].includes(module) || args.includes("--help") || args.includes("-h")) {
      // Asked for help: stdout, exit 0. Typed nothing: the same text as an error.
      (module === undefined ? process.stderr : process.stdout).write(USAGE);
      return module === undefined ? 1 : 0;
    }
    if (module !== "bank") throw new UsageError(`unknown tx module "${module}": expected bank`);
    if (msg !== "send") throw new UsageError(msg === undefined ? "missing bank tx: send" : `unknown bank tx "${msg}": expected send`);
    const { values, positionals } = parseTxArgs(rest);
    const [from, to, amountText] = expectPositionals(positionals, ["from-key-or-address", "to-address", "amount"], "unitd tx bank send <from-key-or-address> <to-address> <amount>");
    const toAddress = accountAddressArg(to!);
    const amount = coinsFlag("amount", amountText);
    if (amount.length === 0) throw new UsageError(`amount "${amountText}" is zero; send a positive amount such as 1000uunit`);
    const input = terminalInput();
    try {
      return await signAndBroadcast(from!, values, input, (fromAddress) => [msgSend({ fromAddress, toAddress, amount })]);
    } finally {
      input.close();
    }
  });
}
