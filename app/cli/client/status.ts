// `unitd status`: what the node at --node says about itself (CometBFT /status).
import { CometRpcClient } from "../../../sdk/client/cometRpcClient.js";
import { NODE_OPTIONS, expectPositionals, nodeUrlFlag } from "./cliArgs.js";
import { outputFormat, parseStrictArgs } from "../flags.js";
import { printResult } from "./output.js";
import { runCli } from "./runCli.js";

const USAGE = `unitd status [--node <url>] [--output text|json]

The node's chain id, latest block (height, hash, time) and whether it is catching up.

Flags:
  --node <url>        CometBFT RPC address (default http://127.0.0.1:26657; tcp:// is read as http://)
  -o, --output <fmt>  text (default) or json
`;

export function runStatusCommand(args: string[]): Promise<number> {
  return runCli("status", async () => {
    const { values, positionals } = parseStrictArgs(args, NODE_OPTIONS);
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    expectPositionals(positionals, [], "unitd status");
    const output = outputFormat(values.output);
    const status = await new CometRpcClient(nodeUrlFlag(values.node)).status();
    printResult(
      {
        chain_id: status.network,
        node_id: status.nodeId,
        moniker: status.moniker,
        cometbft_version: status.version,
        latest_block_height: status.latestBlockHeight.toString(),
        latest_block_hash: status.latestBlockHash,
        latest_app_hash: status.latestAppHash,
        latest_block_time: status.latestBlockTime,
        catching_up: status.catchingUp,
      },
      output,
    );
    return 0;
  });
}
