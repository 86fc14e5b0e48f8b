// The two nodes the ERC-20 workload runs against: a fresh one-validator chain of ours (app,
// CometBFT and the EVM JSON-RPC server as `unitd start` runs them, the funder funded at genesis),
// and Hardhat's own node (`npx hardhat node` with test/hardhat's config: chain id 31337, Prague,
// automine), the funder paid by Hardhat's first dev account.
import path from "node:path";
import { withGenesisBalances } from "../../app/genesis.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import { initNodeHome } from "../../cometbft/home.js";
import { localChainAppState } from "../../app/localGenesis.js";
import { REPO_ROOT } from "../../common/node/paths.js";
import { shiftPorts } from "../../common/node/ports.js";
import { canConnect, findFreePortOffset, waitUntil } from "../../cometbft/readiness.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../../sdk/crypto/hexAddress.js";
import { startProcess, tail, tempDir, type Proc } from "../load/processes.js";
import { EthRpc } from "./ethRpc.js";

const HARDHAT_CLI = path.join(REPO_ROOT, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");
const HARDHAT_CONFIG = path.join(REPO_ROOT, "test", "hardhat", "hardhat.config.cjs");
/** Hardhat's first default account: a public test key, unlocked on `hardhat node`. */
const HARDHAT_DEV_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

export interface Target {
  name: "ours" | "hardhat";
  /** The Ethereum JSON-RPC URL the workload uses. */
  url: string;
  /** CometBFT's RPC (ours only), for block header times. */
  cometRpcUrl?: string;
  /** Processes whose CPU time is reported, and which --profile runs under `node --cpu-prof`. */
  procs: Record<string, Proc>;
  /** Where the profiled processes write their .cpuprofile files. */
  profileDir?: string;
  /** Gives the funder `wei` (ours: already at genesis). */
  fundFunder(wei: bigint): Promise<void>;
  describe: string;
}

async function waitForJsonRpc(url: string, procs: Proc[]): Promise<void> {
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
      90_000,
      Promise.race(procs.map((p) => p.exited)),
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${procs.map((p) => `${p.name} log tail:\n${tail(p.logFile)}`).join("\n")}`);
  } finally {
    rpc.close();
  }
}

export async function startOurs(opts: { comet: string; timeoutCommit: string; funder: string; funderUunit: bigint; profile: boolean }): Promise<Target> {
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
  const profileDir = path.join(home, "prof");
  const nodeArgs = (name: string) => (opts.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] : []);
  const env = { UNIT_LOG_PRETTY: "0" };
  const app = startProcess(
    "app",
    process.execPath,
    [...nodeArgs("app"), path.join(REPO_ROOT, "dist", "app", "main.js"), "--home", paths.root],
    path.join(paths.logDir, "app.log"),
    env,
  );
  await waitUntil("app ABCI port", () => canConnect(ports.abci), 30_000, app.exited);
  const cometbft = startProcess("cometbft", opts.comet, ["start", "--home", paths.cometHome], path.join(paths.logDir, "cometbft.log"));
  const evm = startProcess(
    "evm-rpc",
    process.execPath,
    [...nodeArgs("evm-rpc"), path.join(REPO_ROOT, "dist", "evm", "main.js"), "--home", paths.root],
    path.join(paths.logDir, "evm.log"),
    env,
  );
  const url = `http://127.0.0.1:${ports.evmHttp}`;
  await waitForJsonRpc(url, [app, cometbft, evm]);
  return {
    name: "ours",
    url,
    cometRpcUrl: `http://127.0.0.1:${ports.rpc}`,
    procs: { app, cometbft, "evm-rpc": evm },
    profileDir,
    fundFunder: async () => {},
    describe: `one validator, timeout_commit ${opts.timeoutCommit}`,
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
    fundFunder: async (wei) => {
      const rpc = new EthRpc(url, 2);
      try {
        const hash = await rpc.call<string>("eth_sendTransaction", [{ from: HARDHAT_DEV_ACCOUNT, to: opts.funder, value: `0x${wei.toString(16)}` }]);
        await rpc.waitForReceipts([hash], 30_000);
      } finally {
        rpc.close();
      }
    },
    describe: "`npx hardhat node` (automine: one block per tx, mined before eth_sendRawTransaction answers)",
  };
}
