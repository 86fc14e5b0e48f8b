// The Ethereum JSON-RPC endpoint the Solidity toolchain suites (Hardhat, ethers, viem) run against:
// by default a real one-validator chain with its EVM JSON-RPC server; with EVM_TEST_TARGET=hardhat,
// Hardhat's own node (`npx hardhat node`, chain id 31337), the reference the suites are checked
// against and the benchmark compares with. The suites only speak JSON-RPC, so both must pass.
import { spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../../common/node/paths.js";
import { waitUntil } from "../../cometbft/readiness.js";
import type { LocalNode } from "./localNode.js";
import { freePort } from "./ports.js";

export const HARDHAT_PROJECT = path.join(REPO_ROOT, "test", "hardhat");
const HARDHAT_CLI = path.join(REPO_ROOT, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");
/** Hardhat's first default account (its well-known, public test key), unlocked on `hardhat node`. */
const HARDHAT_DEV_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const WEI_PER_UUNIT = 10n ** 12n;

export type EvmTargetKind = "unit" | "hardhat";

export function evmTargetKind(): EvmTargetKind {
  const kind = process.env.EVM_TEST_TARGET ?? "unit";
  if (kind !== "unit" && kind !== "hardhat") throw new Error(`EVM_TEST_TARGET must be "unit" or "hardhat", not "${kind}"`);
  return kind;
}

export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(`${method}: ${code} ${message}`);
  }
}

/** One JSON-RPC 2.0 call over HTTP, for reading state independently of the client under test. */
export async function jsonRpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (body.error) throw new JsonRpcError(method, body.error.code, body.error.message, body.error.data);
  return body.result as T;
}

export interface EvmTestChain {
  readonly kind: EvmTargetKind;
  readonly httpUrl: string;
  readonly wsUrl: string;
  readonly chainId: number;
  /** The chain's node (CometBFT, the app, the JSON-RPC server) when kind is "unit". */
  readonly node: LocalNode | undefined;
  /**
   * Gives each 0x address `wei` and returns once the JSON-RPC server reports it: on our chain a
   * bank send from the genesis faucet key to the address's bech32 form (so `wei` must be whole
   * uunit), on Hardhat a transfer from its first dev account.
   */
  fund(addresses: readonly string[], wei: bigint): Promise<void>;
  stop(): Promise<void>;
}

export async function startEvmTestChain(): Promise<EvmTestChain> {
  return evmTargetKind() === "hardhat" ? startHardhatTarget() : startUnitTarget();
}

async function waitForBalances(url: string, addresses: readonly string[], atLeast: (address: string) => bigint): Promise<void> {
  await waitUntil(
    "funded balances through JSON-RPC",
    async () => {
      for (const a of addresses) if (BigInt(await jsonRpc<string>(url, "eth_getBalance", [a, "latest"])) < atLeast(a)) return false;
      return true;
    },
    30_000,
  );
}

async function balances(url: string, addresses: readonly string[]): Promise<Map<string, bigint>> {
  return new Map(await Promise.all(addresses.map(async (a) => [a, BigInt(await jsonRpc<string>(url, "eth_getBalance", [a, "latest"]))] as const)));
}

async function startUnitTarget(): Promise<EvmTestChain> {
  // Loaded here, not at the top: the Hardhat target needs none of the node's code.
  const { LocalNode } = await import("./localNode.js");
  const { EvmRpcProcess } = await import("./evmRpc.js");
  const { FAUCET_TEST_MNEMONIC } = await import("../../common/node/testKeys.js");
  const { getSigningInfo } = await import("../../sdk/client/authQueries.js");
  const { CometRpcClient } = await import("../../sdk/client/cometRpcClient.js");
  const { formatAccountAddress } = await import("../../sdk/crypto/accountAddress.js");
  const { parseHexAddress } = await import("../../sdk/crypto/hexAddress.js");
  const { signerFromMnemonic } = await import("../../sdk/keys/signerFromMnemonic.js");
  const { msgSend, signTx } = await import("../../sdk/tx/index.js");
  const node = await LocalNode.create({ timeoutCommit: "200ms" });
  let evm: Awaited<ReturnType<typeof EvmRpcProcess.start>> | undefined;
  try {
    await node.start();
    await node.waitForHeight(2);
    evm = await EvmRpcProcess.start(node);
    const { httpUrl, wsUrl } = evm;
    const rpc = new CometRpcClient(node.rpcUrl);
    const faucet = signerFromMnemonic(FAUCET_TEST_MNEMONIC);
    const faucetAddress = formatAccountAddress(faucet.address);
    const chainId = Number(BigInt(await jsonRpc<string>(httpUrl, "eth_chainId")));
    const server = evm;
    return {
      kind: "unit",
      httpUrl,
      wsUrl,
      chainId,
      node,
      async fund(addresses, wei) {
        if (wei % WEI_PER_UUNIT !== 0n) throw new Error(`funding on our chain is a bank send of whole uunit; ${wei} wei is not`);
        const before = await balances(httpUrl, addresses);
        const { accountNumber, sequence } = await getSigningInfo(rpc, faucetAddress);
        const messages = addresses.map((a) =>
          msgSend({
            fromAddress: faucetAddress,
            toAddress: formatAccountAddress(parseHexAddress(a.toLowerCase())),
            amount: [{ denom: "uunit", amount: (wei / WEI_PER_UUNIT).toString() }],
          }),
        );
        const gasLimit = 100_000n * BigInt(messages.length);
        const signed = await signTx({
          signer: faucet,
          messages,
          fee: { amount: [{ denom: "uunit", amount: ((gasLimit * 25n) / 1000n).toString() }], gasLimit },
          chainId: (await rpc.status()).network,
          accountNumber,
          sequence,
        });
        const sent = await rpc.broadcastTxSync(signed.txBytes);
        if (sent.code !== 0) throw new Error(`funding bank send refused: ${sent.code} ${sent.log}`);
        const included = await rpc.waitForTx(sent.hash);
        if (included.result.code !== 0) throw new Error(`funding bank send failed: ${included.result.log}`);
        await waitForBalances(httpUrl, addresses, (a) => before.get(a)! + wei);
      },
      async stop() {
        await server.stop();
        await node.destroy();
      },
    };
  } catch (err) {
    await evm?.stop();
    await node.destroy();
    throw err;
  }
}

async function startHardhatTarget(): Promise<EvmTestChain> {
  const port = await freePort();
  const httpUrl = `http://127.0.0.1:${port}`;
  const node = await startHardhatNode(port);
  try {
    // Blocks also when idle, as on a real chain (automine stays on): clients that wait for the
    // next block, such as ethers' filter polling, would otherwise stall after the last tx.
    await jsonRpc(httpUrl, "evm_setIntervalMining", [200]);
    return {
      kind: "hardhat",
      httpUrl,
      wsUrl: `ws://127.0.0.1:${port}`,
      chainId: Number(BigInt(await jsonRpc<string>(httpUrl, "eth_chainId"))),
      node: undefined,
      async fund(addresses, wei) {
        const before = await balances(httpUrl, addresses);
        for (const to of addresses) await jsonRpc(httpUrl, "eth_sendTransaction", [{ from: HARDHAT_DEV_ACCOUNT, to, value: `0x${wei.toString(16)}` }]);
        await waitForBalances(httpUrl, addresses, (a) => before.get(a)! + wei);
      },
      stop: () => node.stop(),
    };
  } catch (err) {
    await node.stop();
    throw err;
  }
}

/** `npx hardhat node` in test/hardhat, once it answers eth_chainId; its output tail is kept for errors. */
async function startHardhatNode(port: number): Promise<{ stop(): Promise<void> }> {
  // Hardhat's CLI entry point run directly (what `npx hardhat` runs), so SIGTERM reaches the node itself.
  const child = spawn(process.execPath, [HARDHAT_CLI, "node", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: HARDHAT_PROJECT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true" },
  });
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 400) output.splice(0, 200); // it logs every request
    });
  }
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };
  try {
    await waitUntil(
      "hardhat node",
      async () => {
        try {
          await jsonRpc(`http://127.0.0.1:${port}`, "eth_chainId");
          return true;
        } catch {
          return false;
        }
      },
      60_000,
      exited,
    );
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}; its output:\n${output.join("").slice(-4000)}`);
  }
  return { stop };
}
