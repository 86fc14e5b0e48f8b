// `unitd devnet start`: a four-validator network as local processes. Generates it on first start,
// checks every port, starts the apps, then CometBFT (blocks need three of the four), then the REST
// gateways, the EVM JSON-RPC servers and the faucet, waits until every node's RPC, gRPC, REST and
// EVM JSON-RPC answer, prints the table
// of endpoints and runs until Ctrl-C or `unitd devnet stop`.
import fs from "node:fs";
import path from "node:path";
import { readAppConfig, nodeHomePaths } from "../../common/node/home.js";
import { ProcessGroup } from "../processGroup.js";
import { onStopSignals, supervise } from "../supervise.js";
import { assertPortsFree, canConnect, waitUntil } from "../readiness.js";
import { hasHeight } from "../rpc.js";
import { generateDevnet, readMarker, type GenerateOptions } from "./generate.js";
import { generatedNodes, type DevnetNode } from "./layout.js";
import type { NodePorts } from "../../common/node/ports.js";
import { faucetProcess, nodeProcesses } from "./processes.js";
import { endpointTable } from "./table.js";
import { pidFile, readRunningPid } from "./pidFile.js";

export interface DevnetStartOptions {
  dir: string;
  cometBinary: string;
  /** Validator 0's ports when generating (tests use free ones); a generated devnet keeps its own. */
  basePorts?: NodePorts;
  timeoutCommit?: string;
  votingPeriod?: string;
  /** The app state of a newly generated devnet (see GenerateOptions.appState). */
  appState: GenerateOptions["appState"];
  say?: (line: string) => void;
  /** Resolves when the network should stop; default: the first SIGINT/SIGTERM/SIGHUP (a second one kills). */
  stopRequested?: Promise<string>;
}

const READY_TIMEOUT_MS = 120_000;

export async function startDevnet(opts: DevnetStartOptions): Promise<number> {
  const say = opts.say ?? ((line: string) => process.stdout.write(`[devnet] ${line}\n`));
  const running = readRunningPid(opts.dir);
  if (running) throw new Error(`a devnet from ${opts.dir} is already running (pid ${running}); stop it with unitd devnet stop`);
  let nodes: DevnetNode[];
  const marker = readMarker(opts.dir);
  if (marker && marker.network !== "loopback")
    throw new Error(
      `${opts.dir} holds a devnet generated for ${marker.network} (its peers are container names); generate a local one with unitd devnet reset, or use another --dir`,
    );
  if (marker) {
    if (opts.basePorts)
      say("note: --port-offset applies when a devnet is generated; this one keeps its ports (unitd devnet reset --port-offset N regenerates it)");
    nodes = generatedNodes(opts.dir);
    say(`resuming the devnet in ${path.resolve(opts.dir)}`);
  } else {
    nodes = generateDevnet({
      dir: opts.dir,
      cometBinary: opts.cometBinary,
      appState: opts.appState,
      onProgress: say,
      ...(opts.basePorts ? { basePorts: opts.basePorts } : {}),
      ...(opts.timeoutCommit ? { timeoutCommit: opts.timeoutCommit } : {}),
      ...(opts.votingPeriod ? { votingPeriod: opts.votingPeriod } : {}),
    });
    say(`generated a ${nodes.length}-validator devnet in ${path.resolve(opts.dir)}`);
  }
  const faucetPort = nodes[0]!.ports.faucet!;
  const ports: Record<string, number> = { faucet: faucetPort };
  for (const n of nodes) {
    for (const [what, port] of Object.entries(n.ports)) if (what !== "faucet") ports[`${n.moniker} ${what}`] = port;
  }
  await assertPortsFree(ports);

  const group = new ProcessGroup({ logDir: path.join(path.resolve(opts.dir), "logs") });
  const env = { ...process.env, UNIT_LOG_PRETTY: "0", UNIT_SUPERVISOR_PID: String(process.pid) };
  fs.writeFileSync(pidFile(opts.dir), String(process.pid));
  const stopRequested = opts.stopRequested ?? onStopSignals(() => group.killAll());
  const code = await supervise(group, stopRequested, say, async (interrupted) => {
    const children = nodes.map((n) => nodeProcesses(n.home, n.index, opts.cometBinary));
    for (const [app] of children) group.start({ ...app!, env });
    for (const n of nodes) await waitUntil(`${n.moniker}'s app`, () => canConnect(n.ports.abci), 60_000, interrupted);
    for (const [, comet] of children) group.start({ ...comet!, env });
    say("waiting for the first block (it needs three of the four validators)");
    for (const n of nodes) await waitUntil(`${n.moniker}'s first block`, () => hasHeight(`http://127.0.0.1:${n.ports.rpc}`, 1), READY_TIMEOUT_MS, interrupted);
    for (const [, , rest, evm] of children) {
      group.start({ ...rest!, env });
      group.start({ ...evm!, env });
    }
    group.start({ ...faucetProcess(nodes[0]!.home, faucetPort), env });
    for (const n of nodes) {
      await waitUntil(`${n.moniker}'s gRPC`, () => canConnect(n.ports.grpc), READY_TIMEOUT_MS, interrupted);
      await waitUntil(`${n.moniker}'s REST gateway`, () => restAnswers(n.ports.rest), READY_TIMEOUT_MS, interrupted);
      await waitUntil(`${n.moniker}'s EVM JSON-RPC`, () => canConnect(n.ports.evmHttp), READY_TIMEOUT_MS, interrupted);
    }
    await waitUntil("the faucet", () => canConnect(faucetPort), READY_TIMEOUT_MS, interrupted);
    say(`${nodes.length} validators are up (logs in ${path.join(path.resolve(opts.dir), "logs")}):`);
    for (const line of endpointTable(nodes, faucetPort, readAppConfig(nodeHomePaths(nodes[0]!.home)).chainId)) say(line);
    say("stop with Ctrl-C or unitd devnet stop");
  });
  fs.rmSync(pidFile(opts.dir), { force: true });
  say("stopped");
  return code;
}

async function restAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/cosmos/base/tendermint/v1beta1/syncing`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}
