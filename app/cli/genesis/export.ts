// `unitd genesis export [--height N] [--output file]`: the node's committed state at the latest
// (or given) height as a genesis file for a new chain (the SDK's `export`). Reads the SQLite store
// without writing; the node may be running.
import fs from "node:fs";
import { exportGenesisDoc } from "../../genesisExport.js";
import { wireApp } from "../../modules.js";
import { HeightNotAvailableError, openStore } from "../../store/index.js";
import { UsageError } from "../client/cliArgs.js";
import { homeFlag, parseStrictArgs } from "../flags.js";
import { nodeHomePaths } from "../../../common/node/home.js";
import { genesisPath, readGenesis } from "../../../cometbft/genesis.js";

export const EXPORT_USAGE = `unitd genesis export [--height N] [--output file] [--chain-id id] [--home dir]

Writes the whole state at the latest committed height (or N) as a genesis file: every module's
section, initial_height N+1, genesis_time the block's time, the chain's consensus params. Prints it
to stdout unless --output names a file. --chain-id renames the chain (default: the home's).`;

export async function runExport(args: string[]): Promise<number> {
  const { values, positionals } = parseStrictArgs(
    args,
    { home: { type: "string" }, height: { type: "string" }, output: { type: "string" }, "chain-id": { type: "string" } },
    "genesis export",
  );
  if (positionals.length > 0) throw new UsageError(`export takes no arguments, got ${positionals.join(" ")}`);
  const paths = nodeHomePaths(homeFlag(values.home));
  if (!fs.existsSync(paths.appDb)) throw new UsageError(`${paths.appDb} does not exist: this home has no chain state to export`);
  if (values["chain-id"] === undefined && !fs.existsSync(genesisPath(paths.cometHome)))
    throw new UsageError(`${genesisPath(paths.cometHome)} does not exist: pass --chain-id`);
  const chainId = values["chain-id"] ?? readGenesis(paths.cometHome).chain_id;
  if (values.height !== undefined && !/^[1-9]\d{0,15}$/.test(values.height))
    throw new UsageError(`--height must be a positive block height, got ${values.height}`);

  const store = openStore(paths.appDb);
  try {
    const height = values.height === undefined ? store.lastHeight : Number(values.height);
    if (height === 0) throw new UsageError("nothing has been committed yet: start the node and let it make a block first");
    let state;
    try {
      state = store.view(height);
    } catch (err) {
      if (err instanceof HeightNotAvailableError && height < store.earliestHeight && height >= 1)
        throw new UsageError(`height ${height} has been pruned: this node keeps heights ${store.earliestHeight}..${store.lastHeight}`);
      throw err;
    }
    const { modules, consensusParams } = wireApp();
    const text = JSON.stringify(exportGenesisDoc({ chainId, height, state, modules, consensusParams }), null, 2) + "\n";
    if (values.output) {
      fs.writeFileSync(values.output, text);
      console.error(`exported height ${height} to ${values.output}`);
    } else process.stdout.write(text);
    return 0;
  } finally {
    store.close();
  }
}
