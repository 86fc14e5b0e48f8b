// `unitd devnet start|status|stop|reset|run-node`: the four-validator devnet (docs/devnet.md).
import fs from "node:fs";
import path from "node:path";
import { ensureCometbft } from "../../cometbft/install.js";
import { generateDevnet, isGenerated } from "../../cometbft/devnet/generate.js";
import { startDevnet } from "../../cometbft/devnet/launcher.js";
import { defaultDevnetDir, devnetNodes, generatedNodes, type DevnetNetwork } from "../../cometbft/devnet/layout.js";
import { readRunningPid } from "../../cometbft/devnet/pidFile.js";
import { faucetProcess, nodeProcesses } from "../../cometbft/devnet/processes.js";
import type { CometStartOptions } from "../../cometbft/startArgs.js";
import { nodeStatusLine, STATUS_HEADER } from "../../cometbft/devnet/status.js";
import { readAppConfig, nodeHomePaths } from "../../common/node/home.js";
import { shiftPorts } from "../../common/node/ports.js";
import { ProcessGroup } from "../../cometbft/processGroup.js";
import { canConnect, waitUntil } from "../../cometbft/readiness.js";
import { localChainAppState } from "../localGenesis.js";
import { parseStrictArgs } from "./flags.js";
import { UsageError } from "./keys/errors.js";
import { FULLNODE_USAGE, prepareFullNode } from "./devnetFullNode.js";
import { onStopSignals } from "../../cometbft/supervise.js";

export const DEVNET_USAGE = `unitd devnet <command> [--dir <dir>]

  init       only generate it: --network loopback (default) or docker (containers reach each
             other by service name and listen on 0.0.0.0); kept if it exists
  start      generate the devnet on first start, then run four validators (CometBFT, app, REST
             gateway each) and a faucet as local processes; Ctrl-C stops them
  status     each node's height, app hash, peers and catching-up flag
  stop       stop a devnet started from another terminal
  reset      wipe the devnet's data and generate it afresh (it must be stopped)
  run-node   run one validator's processes (what each docker-compose service runs):
             --home <node home> --index <i> [--faucet]
             [--p2p.persistent_peers <id@host:port,...>] [--p2p.seeds <id@host:port,...>]
${FULLNODE_USAGE}

Flags:
  --dir <dir>           the devnet's directory (default $UNITD_DEVNET_HOME or ~/.unitd-devnet)
  --port-offset <n>     when generating (init, first start, reset): move validator 0's ports by n

Validator i uses every default port + 10·i (REST 1317, 1327, 1337, 1347; RPC 26657, 26667, ...).
The validator keys are public test keys (common/node/testKeys.ts): never use them for value.
`;

/** The flags of every `unitd devnet` command (the compose file's commands are parsed with them in tests). */
export const DEVNET_FLAGS = {
  dir: { type: "string" },
  network: { type: "string" },
  "port-offset": { type: "string" },
  home: { type: "string" },
  index: { type: "string" },
  faucet: { type: "boolean" },
  rpc: { type: "string" },
  peers: { type: "string" },
  "p2p.persistent_peers": { type: "string" },
  "p2p.seeds": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const say = (line: string) => process.stdout.write(`[devnet] ${line}\n`);

export async function runDevnetCommand(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const { values } = parseStrictArgs(rest, DEVNET_FLAGS, "devnet");
  if (command === undefined || command === "help" || values.help) {
    (command === undefined ? process.stderr : process.stdout).write(DEVNET_USAGE);
    return command === undefined ? 1 : 0;
  }
  const dir = path.resolve(values.dir ?? defaultDevnetDir());
  const offset = values["port-offset"];
  if (offset !== undefined && !/^[0-9]{1,5}$/.test(offset)) throw new UsageError(`--port-offset expects a non-negative integer, got "${offset}"`);
  // Generation only: a generated devnet keeps the ports written in its homes.
  const basePorts = offset === undefined ? {} : { basePorts: shiftPorts(Number(offset)) };
  switch (command) {
    case "start": {
      const cometBinary = ensureCometbft({ onProgress: say });
      return startDevnet({ dir, cometBinary, appState: localChainAppState, say, ...basePorts });
    }
    case "init": {
      const network = values.network ?? "loopback";
      if (network !== "loopback" && network !== "docker") throw new UsageError(`--network must be loopback or docker, got "${network}"`);
      if (isGenerated(dir)) {
        say(`${dir} already holds a devnet; keeping it`);
        return 0;
      }
      generateDevnet({
        dir,
        cometBinary: ensureCometbft({ onProgress: say }),
        appState: localChainAppState,
        network: network as DevnetNetwork,
        onProgress: say,
        ...basePorts,
      });
      return 0;
    }
    case "status":
      return status(dir);
    case "stop":
      return stop(dir);
    case "reset": {
      const pid = readRunningPid(dir);
      if (pid) throw new UsageError(`the devnet in ${dir} is running (pid ${pid}); stop it first with unitd devnet stop`);
      // A reset keeps the devnet's ports unless told otherwise.
      const ports = offset === undefined && isGenerated(dir) ? { basePorts: generatedNodes(dir)[0]!.ports } : basePorts;
      for (const node of devnetNodes(dir)) fs.rmSync(node.home, { recursive: true, force: true });
      for (const entry of ["logs", "devnet.pid", "devnet.json"]) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
      generateDevnet({ dir, cometBinary: ensureCometbft({ onProgress: say }), appState: localChainAppState, onProgress: say, ...ports });
      say(`reset: fresh genesis and empty state in ${dir}`);
      return 0;
    }
    case "run-node":
      return runNode(values.home, values.index, values.faucet ?? false, {
        "p2p.persistent_peers": values["p2p.persistent_peers"],
        "p2p.seeds": values["p2p.seeds"],
      });
    case "run-fullnode":
      return runNode(values.home, String(await prepareFullNode(values, say)), false, {});
    default:
      throw new UsageError(`unknown devnet command "${command}": expected init, start, status, stop, reset, run-node or run-fullnode`);
  }
}

async function status(dir: string): Promise<number> {
  if (!isGenerated(dir)) throw new UsageError(`no devnet in ${dir}; start one with unitd devnet start`);
  const pid = readRunningPid(dir);
  say(pid ? `running (supervisor pid ${pid})` : "not running");
  process.stdout.write(STATUS_HEADER + "\n");
  for (const node of generatedNodes(dir)) process.stdout.write((await nodeStatusLine(node)) + "\n");
  return 0;
}

async function stop(dir: string): Promise<number> {
  const pid = readRunningPid(dir);
  if (!pid) {
    say(`no devnet is running from ${dir}`);
    return 0;
  }
  process.kill(pid, "SIGTERM");
  await waitUntil("the devnet to stop", async () => readRunningPid(dir) === undefined, 90_000);
  say("stopped");
  return 0;
}

/** One validator's processes in one group; a container's main process. */
async function runNode(home: string | undefined, indexText: string | undefined, withFaucet: boolean, p2p: CometStartOptions["p2p"]): Promise<number> {
  if (!home || indexText === undefined || !/^[0-9]$/.test(indexText)) throw new UsageError("run-node needs --home <node home> and --index <0-9>");
  const config = readAppConfig(nodeHomePaths(home));
  const group = new ProcessGroup({ logDir: path.join(home, "logs") });
  const stopRequested = onStopSignals(() => group.killAll());
  const env = { ...process.env, UNIT_LOG_PRETTY: "0" };
  const [app, comet, rest, evm] = nodeProcesses(home, Number(indexText), ensureCometbft(), p2p);
  group.start({ ...app!, env });
  await waitUntil("the app's ABCI port", () => canConnect(config.ports.abci), 60_000, group.failed);
  group.start({ ...comet!, env });
  // The gateway and the EVM JSON-RPC server retry until the app's gRPC answers; the faucet until blocks are made.
  group.start({ ...rest!, env });
  group.start({ ...evm!, env });
  if (withFaucet && config.ports.faucet) group.start({ ...faucetProcess(home, config.ports.faucet), env });
  const outcome = await Promise.race([group.failed.then((reason) => ({ reason })), stopRequested.then((signal) => ({ signal }))]);
  await group.stopAll();
  return "reason" in outcome ? 1 : 0;
}
