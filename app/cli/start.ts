// `unitd start` / `npm start`: a one-validator node with embedded defaults. Installs the pinned
// CometBFT if needed, creates the node home on first start, then runs the app and CometBFT
// together until Ctrl-C.
import { ensureCometbft } from "../../cometbft/install.js";
import { initNodeHome } from "../../cometbft/home.js";
import path from "node:path";
import { isInitialised, migrateAppJson, nodeHomePaths, readAppConfig } from "../../common/node/home.js";
import { CONFIG_KEYS, envName, keyPath } from "../../common/node/config.js";
import { getStatus } from "../../cometbft/rpc.js";
import { runBlockTicker } from "./blockTicker.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import { DEFAULT_PORTS, type NodePorts } from "../../common/node/ports.js";
import { ProcessGroup } from "../../cometbft/processGroup.js";
import { cometStartCommand, type P2pFlag } from "../../cometbft/startArgs.js";
import { onStopSignals, supervise } from "../../cometbft/supervise.js";
import { assertPortsFree, canConnect, waitUntil } from "../../cometbft/readiness.js";
import { hasHeight } from "../../cometbft/rpc.js";
import { nodeEntry } from "../../common/node/entryPoints.js";
import { openKeyring } from "../../sdk/keyring/index.js";
import { VALIDATOR_TEST_MNEMONICS } from "../../common/node/testKeys.js";

/** The keyring name of the local validator's operator key. */
export const VALIDATOR_KEY_NAME = "validator";

export interface StartOptions {
  home: string;
  chainId?: string;
  ports?: NodePorts;
  /** app.toml settings given as flags (`--grpc.port 9091`), by key path: they win over UNITD_* variables and the file. */
  settings?: Record<string, string>;
  /** Passed to every process (CometBFT's --log_level, the app's and APIs' UNIT_LOG_LEVEL). */
  logLevel?: string;
  /** "json": every process's full log on stdout as JSON lines, even in a terminal. */
  logFormat?: "json" | "text";
  /** `--p2p.persistent_peers` / `--p2p.seeds`, passed to CometBFT for this run (config.toml unchanged). */
  p2p?: Partial<Record<P2pFlag, string>>;
}

/** The app.toml keys `unitd start` takes as flags: --minimum-gas-prices, --grpc.port, --pruning.keep-recent ... */
export const SETTING_FLAGS = CONFIG_KEYS.filter((k) => k.key !== "chain-id").map(keyPath);

/**
 * A terminal gets the endpoint table, then a line per block and per failed tx, with CometBFT's log
 * in a file; anything else (CI, Docker, --log-format json) gets every process's log as JSON lines.
 * UNIT_TERMINAL=1 asks for the terminal view without a TTY (tests).
 */
function terminalView(opts: StartOptions): boolean {
  return opts.logFormat !== "json" && (process.stdout.isTTY === true || process.env.UNIT_TERMINAL === "1");
}

/** Flags become the UNITD_* variables every child reads (flag > variable > file). */
function settingsEnv(settings: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const key = CONFIG_KEYS.find((k) => keyPath(k) === name);
    if (!key) throw new Error(`unknown setting --${name}`);
    env[envName(key)] = value;
  }
  return env;
}

export async function startNode(opts: StartOptions): Promise<number> {
  const say = (line: string) => process.stdout.write(`[supervisor] ${line}\n`);
  // Built (and the peer lists checked) before anything is created or started.
  const comet = cometStartCommand(nodeHomePaths(opts.home).cometHome, { logLevel: opts.logLevel, logFormat: opts.logFormat, p2p: opts.p2p });
  const cometBinary = ensureCometbft({ onProgress: say });
  // The genesis builder loads every module's code: only a new chain needs it.
  const genesis = isInitialised(nodeHomePaths(opts.home)) ? undefined : await import("../localGenesis.js");
  const { paths, created } = initNodeHome({
    home: opts.home,
    cometBinary,
    chainId: opts.chainId ?? DEFAULT_CHAIN_ID,
    ports: opts.ports ?? DEFAULT_PORTS,
    appState: ({ consensusPubKey }: { consensusPubKey: string }) => genesis!.localChainAppState({ validators: [{ consensusPubKey, moniker: "validator-0" }] }),
  });
  const migrated = migrateAppJson(paths);
  if (migrated) say(migrated);
  const env = { ...process.env, ...settingsEnv(opts.settings) };
  const config = readAppConfig(paths, env);
  const enabled = config.enable!;
  const terminal = terminalView(opts);
  say(created ? `created a new chain "${config.chainId}" in ${paths.root}` : `resuming chain "${config.chainId}" from ${paths.root}`);
  if (!created && opts.ports && JSON.stringify(opts.ports) !== JSON.stringify(config.ports))
    say(`note: --port-offset is ignored; this node was created with RPC port ${config.ports.rpc} (see ${paths.appConfigFile})`);
  if (!created && opts.chainId && opts.chainId !== config.chainId) say(`note: --chain-id is ignored; this node's chain is "${config.chainId}"`);
  const faucetPort = faucetPortOf(config.ports);
  await assertPortsFree({
    ABCI: config.ports.abci,
    "CometBFT RPC": config.ports.rpc,
    "CometBFT P2P": config.ports.p2p,
    ...(enabled.grpc ? { gRPC: config.ports.grpc } : {}),
    ...(enabled.rest ? { REST: config.ports.rest } : {}),
    ...(enabled.jsonRpc ? { "EVM JSON-RPC": config.ports.evmHttp, "EVM WebSocket": config.ports.evmWs } : {}),
    ...(enabled.faucet ? { faucet: faucetPort } : {}),
  });

  const group = new ProcessGroup({ logDir: paths.logDir });
  // The app watches this variable to exit if the supervisor disappears without stopping it.
  const childEnv = {
    ...env,
    UNIT_LOG_PRETTY: opts.logFormat === "json" ? "0" : (process.env.UNIT_LOG_PRETTY ?? (process.stdout.isTTY ? "1" : "0")),
    UNIT_SUPERVISOR_PID: String(process.pid),
    ...(opts.logLevel ? { UNIT_LOG_LEVEL: opts.logLevel } : {}),
  };
  const cometLog = path.join(paths.logDir, "cometbft.log");
  const ticker = new AbortController();
  const stopRequested = onStopSignals(() => {
    say("second stop signal: killing every process");
    group.killAll();
  });

  const code = await supervise(group, stopRequested, say, async (interrupted) => {
    const app = nodeEntry("app");
    group.start({ name: "app", command: app.command, args: [...app.args, "--home", paths.root], env: childEnv });
    // The key's derivation (~70 ms) runs while the app loads, not before it.
    if (created) await importValidatorKey(paths.root, say);
    // Polled often: CometBFT starts only then, and a first block is what `npm start` waits for.
    await waitUntil("the app's ABCI port", () => canConnect(config.ports.abci), 60_000, interrupted, 20);
    group.start({ name: "cometbft", command: cometBinary, args: comet.args, env: { ...childEnv, ...comet.env }, quiet: terminal });
    if (terminal) say(`CometBFT's log goes to ${cometLog}`);
    await waitUntil("the first block", () => hasHeight(`http://127.0.0.1:${config.ports.rpc}`, 1), STARTUP_TIMEOUT_MS, interrupted);
    // The app opens gRPC after its query workers start, which may come after the first block.
    if (enabled.grpc) await waitUntil("the app's gRPC server", () => canConnect(config.ports.grpc), 60_000, interrupted);
    // The API processes below are restarted with backoff when they exit (restart: true): only the
    // app and CometBFT stop the node. The REST gateway reads its routes from the app's gRPC server.
    const rest = nodeEntry("rest");
    if (enabled.rest) group.start({ name: "rest", command: rest.command, args: [...rest.args, "--home", paths.root], env: childEnv, restart: true });
    // The faucet signs against the chain, so it starts once blocks are being made.
    const faucet = nodeEntry("faucet");
    if (enabled.faucet)
      group.start({
        name: "faucet",
        command: faucet.command,
        args: [...faucet.args, "--home", paths.root, "--port", String(faucetPort)],
        env: childEnv,
        restart: true,
      });
    // The EVM JSON-RPC server reads through gRPC and broadcasts through CometBFT, both up by now.
    const evm = nodeEntry("evmRpc");
    if (enabled.jsonRpc) group.start({ name: "evm-rpc", command: evm.command, args: [...evm.args, "--home", paths.root], env: childEnv, restart: true });
    if (enabled.rest) await waitUntil("the REST gateway", () => canConnect(config.ports.rest), 60_000, interrupted);
    if (enabled.faucet) await waitUntil("the faucet", () => canConnect(faucetPort), 60_000, interrupted);
    if (enabled.jsonRpc) await waitUntil("the EVM JSON-RPC server", () => canConnect(config.ports.evmHttp), 60_000, interrupted);
    printEndpoints(say, config.chainId, { ...config.ports, faucet: faucetPort }, paths.root, enabled);
    if (terminal) {
      const rpcUrl = `http://127.0.0.1:${config.ports.rpc}`;
      const from = await getStatus(rpcUrl).then(
        (s) => s.latestBlockHeight,
        () => 1,
      );
      void runBlockTicker(rpcUrl, from, (line) => process.stdout.write(line + "\n"), ticker.signal).catch((err: Error) =>
        say(`block lines stopped: ${err.message}`),
      );
    }
  });
  ticker.abort();
  say("stopped");
  return code;
}

/**
 * Puts the validator's operator key (test-only, see common/node/testKeys.ts) into the node's `test`
 * keyring as "validator", so `unitd tx gov vote 1 yes --from validator` works on a fresh chain.
 */
async function importValidatorKey(home: string, say: (line: string) => void): Promise<void> {
  const keyring = openKeyring({ home, backend: "test" });
  if (await keyring.has(VALIDATOR_KEY_NAME)) return;
  const { record } = await keyring.add(VALIDATOR_KEY_NAME, { mnemonic: VALIDATOR_TEST_MNEMONICS[0] });
  say(`the validator's operator key is "${VALIDATOR_KEY_NAME}" (${record.address}) in the test keyring; it is a public test key, for local use only`);
}

/** Homes created before the faucet existed have no faucet port: keep it at the same offset as RPC. */
function faucetPortOf(ports: NodePorts): number {
  return ports.faucet ?? DEFAULT_PORTS.faucet! + (ports.rpc - DEFAULT_PORTS.rpc);
}

/** Long enough for CometBFT to replay many blocks into the app after a crash. */
const STARTUP_TIMEOUT_MS = 10 * 60_000;

function printEndpoints(say: (l: string) => void, chainId: string, ports: NodePorts, home: string, enabled: Record<string, boolean | undefined>): void {
  const off = (api: string, row: [string, string]): [string, string] => (enabled[api] ? row : [row[0], "off (app.toml)"]);
  const rows: Array<[string, string]> = [
    ["chain id", chainId],
    ["CometBFT RPC", `http://127.0.0.1:${ports.rpc}  (WebSocket ws://127.0.0.1:${ports.rpc}/websocket)`],
    ["CometBFT P2P", `tcp://127.0.0.1:${ports.p2p}`],
    ["ABCI (app)", `tcp://127.0.0.1:${ports.abci}`],
    off("grpc", ["gRPC", `127.0.0.1:${ports.grpc}  (plaintext, with reflection: grpcurl -plaintext 127.0.0.1:${ports.grpc} list)`]),
    off("rest", ["REST", `http://127.0.0.1:${ports.rest}  (query-only; routes in /openapi.json)`]),
    off("rest", ["explorer", `http://127.0.0.1:${ports.rest}/explorer/  (web explorer, served by the REST gateway)`]),
    off("jsonRpc", ["EVM JSON-RPC", `http://127.0.0.1:${ports.evmHttp}  (WebSocket ws://127.0.0.1:${ports.evmWs}; chain id 2611)`]),
    off("faucet", ["faucet", `http://127.0.0.1:${ports.faucet}  (POST /faucet {"address": "unit1..." | "0x..."})`]),
    ["home", home],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  say("node is up:");
  for (const [k, v] of rows) say(`  ${k.padEnd(width)}  ${v}`);
  say("press Ctrl-C to stop");
}
