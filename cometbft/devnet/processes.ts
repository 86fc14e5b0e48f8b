// The processes of one devnet validator: its app, its CometBFT, its REST gateway and its EVM
// JSON-RPC server (each reads its ports from the node's home, so they are offset alike). The
// local launcher runs exactly these for each node, and each docker-compose service runs them
// through `unitd devnet run-node`, so both paths start the same command lines. The API processes
// are marked `restart: true`: their exit restarts them, only the app's or CometBFT's stops the node.
import { nodeEntry } from "../../common/node/entryPoints.js";
import type { ChildSpec } from "../processGroup.js";
import { cometStartCommand, type CometStartOptions } from "../startArgs.js";

/** The children of one node, in start order, named "<what>-<index>"; `p2p`: peers CometBFT gets as flags. */
export function nodeProcesses(home: string, index: number, cometBinary: string, p2p?: CometStartOptions["p2p"]): ChildSpec[] {
  const app = nodeEntry("app");
  const rest = nodeEntry("rest");
  const evm = nodeEntry("evmRpc");
  return [
    { name: `app-${index}`, command: app.command, args: [...app.args, "--home", home] },
    { name: `cometbft-${index}`, command: cometBinary, args: cometStartCommand(`${home}/cometbft`, { p2p }).args },
    { name: `rest-${index}`, command: rest.command, args: [...rest.args, "--home", home], restart: true },
    { name: `evm-rpc-${index}`, command: evm.command, args: [...evm.args, "--home", home], restart: true },
  ];
}

/** The network's faucet, signing with the test faucet key; it serves beside validator 0. */
export function faucetProcess(home: string, port: number): ChildSpec {
  const faucet = nodeEntry("faucet");
  return { name: "faucet", command: faucet.command, args: [...faucet.args, "--home", home, "--port", String(port)], restart: true };
}
