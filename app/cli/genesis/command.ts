// `unitd genesis <subcommand>`: building and checking a network's genesis file, in the SDK's shape.
import { runCli } from "../client/runCli.js";
import { ADD_GENESIS_ACCOUNT_USAGE, runAddGenesisAccount } from "./addGenesisAccount.js";
import { COLLECT_GENTXS_USAGE, runCollectGentxs } from "./collectGentxs.js";
import { GENTX_USAGE, runGentx } from "./gentx.js";
import { runValidate } from "./validate.js";
import { EXPORT_USAGE, runExport } from "./export.js";

type Subcommand = { run: (args: string[]) => Promise<number>; usage: string };

const SUBCOMMANDS: Record<string, Subcommand> = {
  "add-genesis-account": { run: runAddGenesisAccount, usage: ADD_GENESIS_ACCOUNT_USAGE },
  gentx: { run: runGentx, usage: GENTX_USAGE },
  "collect-gentxs": { run: runCollectGentxs, usage: COLLECT_GENTXS_USAGE },
  export: { run: runExport, usage: EXPORT_USAGE },
  validate: {
    run: runValidate,
    usage: "unitd genesis validate [file] [--home <dir>]\n\nRuns every module's genesis section on a throwaway store; names the module that rejects it.",
  },
};

const USAGE = `unitd genesis <subcommand>

  add-genesis-account <address|key> <coins>   credit an account in genesis
  gentx <key> <amount> --chain-id <id>        sign this node's MsgCreateValidator into config/gentx/
  collect-gentxs                              put the gentxs into genesis, set persistent_peers
  validate [file]                             check a genesis file, module by module
  export [--height N] [--output file]         the whole state at a height as a new chain's genesis

See docs/operators.md for the whole ceremony.`;

export async function runGenesisCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "help" || sub === "--help" || sub === "-h") {
    console.log(USAGE);
    return sub === undefined ? 1 : 0;
  }
  const command = Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
  if (!command) {
    console.error(`Error: unknown genesis subcommand "${sub}"\n\n${USAGE}`);
    return 1;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(command.usage);
    return 0;
  }
  return runCli(`genesis ${sub}`, () => command.run(rest));
}
