// `unitd`: the node's command-line tool.
import { parseArgs } from "node:util";
import { defaultHome } from "../../common/node/paths.js";
import { SETTING_FLAGS, startNode } from "./start.js";
import { P2P_FLAGS } from "../../cometbft/startArgs.js";
import { shiftPorts } from "../../common/node/ports.js";
import { APP_SEMVER } from "../../common/version.js";
import { COMETBFT_VERSION } from "../../cometbft/version.js";

const USAGE = `unitd: a Cosmos-style chain with an embedded EVM

Usage:
  unitd start [--home <dir>] [--port-offset <n>] [--chain-id <id>]
              [--log-level debug|info|error] [--log-format json|text] [--<app.toml key> <value>]
                                 run a one-validator node (CometBFT + app); the first start
                                 creates it (ports and chain id are fixed then). In a terminal:
                                 a line per block, CometBFT's log in <home>/logs/cometbft.log.
                                 Settings: <home>/config/app.toml < UNITD_* variables < flags
                                 such as --minimum-gas-prices 0.05uunit (docs/configuration.md)
              [--p2p.persistent_peers <id@host:port,...>] [--p2p.seeds <id@host:port,...>]
                                 peers for CometBFT for this run (config.toml is not edited)
  unitd init <moniker> --chain-id <id> [--home <dir>] [--port-offset <n>]
                                 create a node home for a network formed by a genesis ceremony
                                 or joined as a full node (docs/operators.md)
  unitd genesis <subcommand>     add-genesis-account, gentx, collect-gentxs, validate,
                                 export [--height N] (docs/export.md)
  unitd comet <subcommand>       show-node-id, show-validator, show-address,
                                 unsafe-reset-all [--keep-addr-book] (docs/operators.md)
  unitd rollback [--hard]        take CometBFT's and the app's state back one height (stopped node)
  unitd keys <subcommand>        manage keys (add, list, show, delete, export, import)
  unitd tx <module> <msg> ...    sign and broadcast a transaction (tx bank send ...)
  unitd query <module> <what>    query committed state (query bank balances <address> ...)
  unitd status                   the node's chain id, height and sync state
  unitd devnet start|status|stop|reset
                                 a four-validator devnet as local processes (docs/devnet.md)
  unitd version                  print the versions of unitd and its CometBFT

Flags:
  --home <dir>   node home (default $UNITD_HOME or ~/.unitd)
`;

/** Exits once everything written to stdout and stderr has left the process (pipes may lag). */
async function exitAfterFlush(code: number): Promise<never> {
  await new Promise((resolve) => process.stdout.write("", resolve));
  await new Promise((resolve) => process.stderr.write("", resolve));
  process.exit(code);
}

function parseIntegerFlag(flag: string, raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw new Error(`${flag} expects an integer, got "${raw}"`);
  return Number(raw);
}

/** The string flags among `names` that were given, by name. */
function givenFlags(values: object, names: readonly string[]): Record<string, string> {
  const given = values as Record<string, unknown>;
  return Object.fromEntries(names.flatMap((name) => (given[name] === undefined ? [] : [[name, String(given[name])]])));
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "start": {
      const settingOptions = Object.fromEntries([...SETTING_FLAGS, ...P2P_FLAGS].map((name) => [name, { type: "string" as const }]));
      const { values } = parseArgs({
        args: rest,
        options: {
          home: { type: "string" },
          "port-offset": { type: "string" },
          "chain-id": { type: "string" },
          "log-level": { type: "string" },
          "log-format": { type: "string" },
          help: { type: "boolean", short: "h" },
          ...settingOptions,
        },
      });
      if (values.help) {
        console.log(USAGE);
        return 0;
      }
      const ports = values["port-offset"] === undefined ? undefined : shiftPorts(parseIntegerFlag("--port-offset", values["port-offset"]));
      const logFormat = values["log-format"];
      if (logFormat !== undefined && logFormat !== "json" && logFormat !== "text") throw new Error(`--log-format expects json or text, got "${logFormat}"`);
      const logLevel = values["log-level"];
      if (logLevel !== undefined && !["debug", "info", "error"].includes(logLevel))
        throw new Error(`--log-level expects debug, info or error, got "${logLevel}"`);
      const settings = givenFlags(values, SETTING_FLAGS);
      const p2p = givenFlags(values, P2P_FLAGS);
      return exitAfterFlush(
        await startNode({
          home: values.home ?? defaultHome(),
          ...(ports ? { ports } : {}),
          ...(values["chain-id"] ? { chainId: values["chain-id"] } : {}),
          settings,
          p2p,
          ...(logLevel ? { logLevel } : {}),
          ...(logFormat ? { logFormat } : {}),
        }),
      );
    }
    case "init":
      return exitAfterFlush(await (await import("./genesis/init.js")).runInitCommand(rest));
    case "rollback":
      return exitAfterFlush(await (await import("./cometReset.js")).runRollback(rest));
    case "genesis":
      return exitAfterFlush(await (await import("./genesis/command.js")).runGenesisCommand(rest));
    case "comet":
      return exitAfterFlush(await (await import("./comet.js")).runCometCommand(rest));
    case "keys":
      return exitAfterFlush(await (await import("./keys/command.js")).runKeysCommand(rest));
    case "tx":
      return exitAfterFlush(await (await import("./client/tx.js")).runTxCommand(rest));
    case "query":
    case "q":
      return exitAfterFlush(await (await import("./client/query.js")).runQueryCommand(rest));
    case "status":
      return exitAfterFlush(await (await import("./client/status.js")).runStatusCommand(rest));
    case "devnet":
      return exitAfterFlush(await (await import("./devnet.js")).runDevnetCommand(rest));
    case "version":
      console.log(`unitd ${APP_SEMVER} (CometBFT ${COMETBFT_VERSION})`);
      return 0;
    case undefined:
    case "help":
    case "--help":
    case "-h":
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      console.error(`unitd: unknown command "${command}"\n\n${USAGE}`);
      return 1;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(`unitd: ${(err as Error).message}`);
  process.exitCode = 1;
}
