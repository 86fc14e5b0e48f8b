// `unitd tx`: build, sign and broadcast a transaction from a keyring key.
import { terminalInput } from "../keys/terminalInput.js";
import { parseStrictArgs } from "../flags.js";
import { expectPositionals, UsageError } from "./cliArgs.js";
import { runCli } from "./runCli.js";
import { signAndBroadcast } from "./signAndBroadcast.js";
import { bankTxCommands } from "./txBank.js";
import { distributionTxCommands } from "./txDistribution.js";
import type { TxCommand } from "./txCommand.js";
import { DEFAULT_GAS, TX_OPTIONS } from "./txFlags.js";
import { govTxCommands } from "./txGov.js";
import { identityTxCommands } from "./txIdentity.js";
import { registryTxCommands } from "./txRegistry.js";
import { taxrailTxCommands } from "./txTaxrail.js";
import { stakingTxCommands } from "./txStaking.js";
import { slashingTxCommands } from "./txSlashing.js";
import { votingTxCommands } from "./txVoting.js";

const MODULES: Record<string, Record<string, TxCommand>> = {
  bank: bankTxCommands,
  gov: govTxCommands,
  staking: stakingTxCommands,
  slashing: slashingTxCommands,
  distribution: distributionTxCommands,
  identity: identityTxCommands,
  registry: registryTxCommands,
  taxrail: taxrailTxCommands,
  voting: votingTxCommands,
};

const commandList = Object.entries(MODULES)
  .flatMap(([module, commands]) => Object.values(commands).map((c) => `  ${module} ${c.usage}\n      ${c.summary}`))
  .join("\n");

const USAGE = `unitd tx <module> <msg> [args] [flags]

Transactions:
${commandList}

Addresses are accepted as unit1... or 0x...; the signer (--from, or bank send's first argument) is
a key name or the address of a key in the keyring. Amounts and fees are integers in a base denom:
1000000uunit = 1 UNIT.

Flags:
  --from <key>                the signing key (every command but bank send)
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
    const commands = Object.hasOwn(MODULES, module) ? MODULES[module] : undefined;
    if (!commands) throw new UsageError(`unknown tx module "${module}": expected ${Object.keys(MODULES).join(", ")}`);
    const names = Object.keys(commands).join(", ");
    const command = msg !== undefined && Object.hasOwn(commands, msg) ? commands[msg] : undefined;
    if (!command) throw new UsageError(msg === undefined ? `missing ${module} tx: ${names}` : `unknown ${module} tx "${msg}": expected ${names}`);
    const { values, positionals } = parseStrictArgs(rest, { ...TX_OPTIONS, from: { type: "string" }, ...command.options }, `tx ${module} ${msg}`);
    expectPositionals(positionals, command.positionals, `unitd tx ${module} ${command.usage}`);
    const { from, messages } = command.build(positionals, values as Parameters<TxCommand["build"]>[1]);
    const input = terminalInput();
    try {
      return await signAndBroadcast(from, values, input, messages);
    } finally {
      input.close();
    }
  });
}
