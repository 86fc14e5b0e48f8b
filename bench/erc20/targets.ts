// The nodes the ERC-20 workload runs against: a fresh one-validator chain of ours (app, CometBFT
// and the EVM JSON-RPC server as `unitd start` runs them, the funder funded at genesis), Hardhat's
// own node (`npx hardhat node` with test/hardhat's config: chain id 31337, Prague, automine) and
// anvil, Foundry's node (the binary from the @foundry-rs/anvil package; chain id 31337, Prague);
// on both dev nodes the funder is paid by the first dev account.
//
// anvil mines on a 1 s interval with our EVM block gas limit, i.e. blocks as ours are made: its
// automine stops mining under this workload (txs whose predecessor by nonce is still pending when
// they arrive stay in its pool as ready but are never mined; a known anvil bug), so with automine
// the run never ends.
import fs from "node:fs";
import path from "node:path";
import { withGenesisBalances } from "../../app/genesis.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import { initNodeHome } from "../../cometbft/home.js";
import { localChainAppState } from "../../app/localGenesis.js";
import { BLOCK_GAS_LIMIT } from "../../app/modules/evm/state/params.js";
import { REPO_ROOT } from "../../common/node/paths.js";
import { shiftPorts } from "../../common/node/ports.js";
import { canConnect, findFreePortOffset, waitUntil } from "../../cometbft/readiness.js";
import { setTomlValue } from "../../cometbft/toml.js";
import { freePort } from "../../test/support/ports.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../../sdk/crypto/hexAddress.js";
import { appendGenesisAccounts, startupTimeoutMs } from "../load/genesisAccounts.js";
import { appNodeArgsFromEnv, startProcess, tail, tempDir, type Proc } from "../load/processes.js";
import { EthRpc } from "./ethRpc.js";
import { runnableModule } from "../../common/node/entryPoints.js";

const HARDHAT_CLI = path.join(REPO_ROOT, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");
const HARDHAT_CONFIG = path.join(REPO_ROOT, "test", "hardhat", "hardhat.config.cjs");
/** The platform package of @foundry-rs/anvil ships the binary; its wrapper only picks it. */
const ANVIL_BINARY = path.join(
  REPO_ROOT,
  "node_modules",
  "@foundry-rs",
  `anvil-${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`,
  "bin",
  "anvil",
);
/** The first default account of Hardhat and anvil (the same mnemonic): a public test key, unlocked on both. */
const DEV_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

export interface Target {
  name: "ours" | "hardhat" | "anvil";
  /** The Ethereum JSON-RPC URL the workload uses. */
  url: string;
  /** CometBFT's RPC (ours only), for block header times. */
  cometRpcUrl?: string;
  /** Processes whose CPU time is reported, and which --profile runs under `node --cpu-prof`. */
  procs: Record<string, Proc>;
  /** Those of `procs` that are Node processes, whose JavaScript runs on one thread: their main thread's scheduler times are reported. */
  eventLoops: string[];
  /** Where the profiled processes write their .cpuprofile files. */
  profileDir?: string;
  /** Ours: the node home (a temp dir), for a caller that removes it before the benchmark ends. */
  home?: string;
  /** CometBFT's pprof server (ours, with --profile), for a Go CPU profile of the load. */
  cometPprofUrl?: string;
  /** Gives the funder `wei` (ours: already at genesis). */
  fundFunder(wei: bigint): Promise<void>;
  describe: string;
}

async function waitForJsonRpc(url: string, procs: Proc[], timeoutMs = 90_000): Promise<void> {
  const rpc = new EthRpc(url, 2);
  try {
    await waitUntil(
      `eth_blockNumber at ${url}`,
      async () => {
        try {
          return BigInt(await rpc.call<string>("eth_blockNumber", [], 2_000)) >= 1n;
        } catch {
          return false;
        }
      },
      timeoutMs,
      Promise.race(procs.map((p) => p.exited)),
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${procs.map((p) => `${p.name} log tail:\n${tail(p.logFile)}`).join("\n")}`);
  } finally {
    rpc.close();
  }
}

export async function startOurs(opts: {
  comet: string;
  timeoutCommit: string;
  funder: string;
  funderUunit: bigint;
  profile: boolean;
  /** CometBFT's pprof server without the Node profilers (--profile turns both on). */
  pprof?: boolean;
  /** Accounts funded at genesis besides the funder (1uunit each, bench/load/genesisAccounts.ts): state that no tx touches. */
  extraAccounts?: number;
}): Promise<Target> {
  const extraAccounts = opts.extraAccounts ?? 0;
  const home = tempDir("bench-erc20-");
  const ports = shiftPorts(await findFreePortOffset());
  const { paths } = initNodeHome({
    home,
    cometBinary: opts.comet,
    chainId: DEFAULT_CHAIN_ID,
    ports,
    appState: ({ consensusPubKey }: { consensusPubKey: string }) =>
      withGenesisBalances(localChainAppState({ validators: [{ consensusPubKey, moniker: "validator-0" }] }), [
        { address: formatAccountAddress(parseHexAddress(opts.funder.toLowerCase())), coins: [{ denom: "uunit", amount: opts.funderUunit.toString() }] },
      ]),
    comet: { timeoutCommit: opts.timeoutCommit },
  });
  if (extraAccounts > 0) appendGenesisAccounts(path.join(paths.cometHome, "config", "genesis.json"), extraAccounts);
  const profileDir = path.join(home, "prof");
  let cometPprofUrl: string | undefined;
  if (opts.profile || opts.pprof) {
    const pprofPort = await freePort();
    const file = path.join(paths.cometHome, "config", "config.toml");
    fs.writeFileSync(file, setTomlValue(fs.readFileSync(file, "utf8"), "rpc", "pprof_laddr", `127.0.0.1:${pprofPort}`));
    cometPprofUrl = `http://127.0.0.1:${pprofPort}`;
  }
  const nodeArgs = (name: string) => (opts.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] : []);
  const env = { UNIT_LOG_PRETTY: "0" };
  const app = startProcess(
    "app",
    process.execPath,
    [...nodeArgs("app"), ...appNodeArgsFromEnv(), runnableModule("app/main"), "--home", paths.root],
    path.join(paths.logDir, "app.log"),
    env,
  );
  await waitUntil("app ABCI port", () => canConnect(ports.abci), 30_000, app.exited);
  const cometbft = startProcess("cometbft", opts.comet, ["start", "--home", paths.cometHome], path.join(paths.logDir, "cometbft.log"));
  const evm = startProcess(
    "evm-rpc",
    process.execPath,
    [...nodeArgs("evm-rpc"), runnableModule("evm/main"), "--home", paths.root],
    path.join(paths.logDir, "evm.log"),
    env,
  );
  const url = `http://127.0.0.1:${ports.evmHttp}`;
  await waitForJsonRpc(url, [app, cometbft, evm], startupTimeoutMs(extraAccounts));
  return {
    name: "ours",
    url,
    cometRpcUrl: `http://127.0.0.1:${ports.rpc}`,
    procs: { app, cometbft, "evm-rpc": evm },
    eventLoops: ["app", "evm-rpc"],
    profileDir,
    home,
    cometPprofUrl,
    fundFunder: async () => {},
    describe: `one validator, timeout_commit ${opts.timeoutCommit}${extraAccounts > 0 ? `, ${extraAccounts} more accounts funded at genesis` : ""}`,
  };
}

export async function startHardhat(opts: { funder: string }): Promise<Target> {
  const port = (await findFreePortOffset()) + 8545;
  const dir = tempDir("bench-erc20-hardhat-");
  const node = startProcess(
    "hardhat",
    process.execPath,
    [HARDHAT_CLI, "--config", HARDHAT_CONFIG, "node", "--hostname", "127.0.0.1", "--port", String(port)],
    path.join(dir, "hardhat-node.log"),
    { HARDHAT_DISABLE_TELEMETRY_PROMPT: "true" },
  );
  const url = `http://127.0.0.1:${port}`;
  // Hardhat starts at block 0; the first mined tx makes block 1, so wait for the port instead.
  await waitUntil("hardhat node", () => canConnect(port), 60_000, node.exited);
  return {
    name: "hardhat",
    url,
    procs: { "hardhat node": node },
    eventLoops: ["hardhat node"],
    fundFunder: (wei) => payFromDevAccount(url, opts.funder, wei),
    describe: "`npx hardhat node` (automine: one block per tx, mined before eth_sendRawTransaction answers)",
  };
}

export async function startAnvil(opts: { funder: string }): Promise<Target> {
  if (!fs.existsSync(ANVIL_BINARY)) throw new Error(`no anvil binary at ${ANVIL_BINARY}: run npm install (devDependency @foundry-rs/anvil)`);
  const port = (await findFreePortOffset()) + 8545;
  const dir = tempDir("bench-erc20-anvil-");
  const node = startProcess(
    "anvil",
    ANVIL_BINARY,
    ["--host", "127.0.0.1", "--port", String(port), "--chain-id", "31337", "--hardfork", "prague", "--block-time", "1", "--gas-limit", String(BLOCK_GAS_LIMIT)],
    path.join(dir, "anvil.log"),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntil("anvil", () => canConnect(port), 60_000, node.exited);
  return {
    name: "anvil",
    url,
    procs: { anvil: node },
    eventLoops: [],
    fundFunder: (wei) => payFromDevAccount(url, opts.funder, wei),
    describe: `anvil (Foundry's node): a block every 1 s of at most ${BLOCK_GAS_LIMIT} gas, as ours`,
  };
}

async function payFromDevAccount(url: string, to: string, wei: bigint): Promise<void> {
  const rpc = new EthRpc(url, 2);
  try {
    const hash = await rpc.call<string>("eth_sendTransaction", [{ from: DEV_ACCOUNT, to, value: `0x${wei.toString(16)}` }]);
    await rpc.waitForReceipts([hash], 30_000);
  } finally {
    rpc.close();
  }
}
