// `unitd start` / `npm start`: a one-validator node with embedded defaults. Installs the pinned
// CometBFT if needed, creates the node home on first start, then runs the app and CometBFT
// together until Ctrl-C.
import { ensureCometbft } from "../../cometbft/install.js";
import { initNodeHome, readAppConfig } from "../../cometbft/home.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import { DEFAULT_PORTS, type NodePorts } from "../../cometbft/ports.js";
import { ProcessGroup } from "../../cometbft/processGroup.js";
import { assertPortsFree, canConnect, waitUntil } from "../../cometbft/readiness.js";
import { hasHeight } from "../../cometbft/rpc.js";
import { defaultAppState } from "../genesis.js";
import { appModules } from "../modules.js";
import { nodeEntry } from "./entry.js";

export interface StartOptions {
  home: string;
  chainId?: string;
  ports?: NodePorts;
}

export async function startNode(opts: StartOptions): Promise<number> {
  const say = (line: string) => process.stdout.write(`[supervisor] ${line}\n`);
  const cometBinary = ensureCometbft({ onProgress: say });
  const { paths, created } = initNodeHome({
    home: opts.home,
    cometBinary,
    chainId: opts.chainId ?? DEFAULT_CHAIN_ID,
    ports: opts.ports ?? DEFAULT_PORTS,
    appState: defaultAppState(appModules()),
  });
  const config = readAppConfig(paths);
  say(created ? `created a new chain "${config.chainId}" in ${paths.root}` : `resuming chain "${config.chainId}" from ${paths.root}`);
  await assertPortsFree({ "ABCI": config.ports.abci, "CometBFT RPC": config.ports.rpc, "CometBFT P2P": config.ports.p2p });

  const group = new ProcessGroup({ logDir: paths.logDir });
  const childEnv = { ...process.env, UNIT_LOG_PRETTY: process.env.UNIT_LOG_PRETTY ?? (process.stdout.isTTY ? "1" : "0") };
  const stopRequested = new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  const interrupted = Promise.race([group.failed, stopRequested]);

  try {
    const app = nodeEntry("../main.js");
    group.start({ name: "app", command: app.command, args: [...app.args, "--home", paths.root], env: childEnv });
    await waitUntil("the app's ABCI port", () => canConnect(config.ports.abci), 60_000, interrupted);
    group.start({ name: "cometbft", command: cometBinary, args: ["start", "--home", paths.cometHome], env: childEnv });
    await waitUntil("the first block", () => hasHeight(`http://127.0.0.1:${config.ports.rpc}`, 1), 60_000, interrupted);
    printEndpoints(say, config.chainId, config.ports, paths.root);
  } catch (err) {
    say(`start failed: ${(err as Error).message}`);
  }

  const outcome = await Promise.race([group.failed.then((reason) => ({ reason })), stopRequested.then((signal) => ({ signal }))]);
  if ("signal" in outcome) say(`${outcome.signal}: stopping (press Ctrl-C again to kill)`);
  process.once("SIGINT", () => void group.stopAll("SIGKILL"));
  await group.stopAll();
  say("stopped");
  return "reason" in outcome ? 1 : 0;
}

function printEndpoints(say: (l: string) => void, chainId: string, ports: NodePorts, home: string): void {
  const rows: Array<[string, string]> = [
    ["chain id", chainId],
    ["CometBFT RPC", `http://127.0.0.1:${ports.rpc}  (WebSocket ws://127.0.0.1:${ports.rpc}/websocket)`],
    ["CometBFT P2P", `tcp://127.0.0.1:${ports.p2p}`],
    ["ABCI (app)", `tcp://127.0.0.1:${ports.abci}`],
    ["home", home],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  say("node is up and producing blocks:");
  for (const [k, v] of rows) say(`  ${k.padEnd(width)}  ${v}`);
  say("press Ctrl-C to stop");
}
