// Hardhat, unmodified, against the chain's EVM JSON-RPC server: the project in test/hardhat
// compiles Greeter with the solc from npm (`npx hardhat compile`), then `npx hardhat run
// scripts/deploy.cjs --network unit` deploys and calls it with a fresh 0x key funded by a bank
// send from the genesis faucet key. The script's output is checked, and then the state it left
// is read independently through plain JSON-RPC.
// EVM_TEST_TARGET=hardhat runs the same suite against `npx hardhat node`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Interface, Wallet, id } from "ethers";
import { HARDHAT_PROJECT, jsonRpc, startEvmTestChain, type EvmTestChain } from "./support/evmTestChain.js";

const deployer = new Wallet("0x" + createHash("sha256").update("evm hardhat test deployer").digest("hex"));
const ARTIFACT = path.join(HARDHAT_PROJECT, "artifacts", "contracts", "Greeter.sol", "Greeter.json");

let chain: EvmTestChain;

before(async () => {
  chain = await startEvmTestChain();
  await chain.fund([deployer.address], 100n * 10n ** 18n);
});

after(() => chain?.stop());

function npx(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn("npx", args, { cwd: HARDHAT_PROJECT, env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

interface DeployResult {
  chainId: string;
  deployer: string;
  address: string;
  deployTx: string;
  deployBlock: number;
  deployStatus: number;
  initial: string;
  setTx: string;
  setBlock: number;
  setStatus: number;
  setGasUsed: string;
  event: { by: string; greeting: string } | null;
  greeting: string;
  changes: string;
}

test("npx hardhat compile builds Greeter with the local solc for Prague", async () => {
  const res = await npx(["hardhat", "compile", "--force"]);
  assert.equal(res.code, 0, res.stdout + res.stderr);
  assert.match(res.stdout, /evm target: prague/);
  const artifact = JSON.parse(fs.readFileSync(ARTIFACT, "utf8")) as { contractName: string; deployedBytecode: string };
  assert.equal(artifact.contractName, "Greeter");
  assert.ok(artifact.deployedBytecode.length > 100);
});

test("npx hardhat run deploys and calls Greeter on the chain; the chain's state agrees through JSON-RPC", async () => {
  const env: Record<string, string> = { UNIT_EVM_URL: chain.httpUrl, UNIT_EVM_PRIVATE_KEY: deployer.privateKey };
  // Our chain is reached with the project's defaults (chain id 2611); another node names its own.
  if (chain.kind !== "unit") env.UNIT_EVM_CHAIN_ID = String(chain.chainId);
  else assert.equal(chain.chainId, 2611);
  const res = await npx(["hardhat", "run", "scripts/deploy.cjs", "--network", "unit"], env);
  assert.equal(res.code, 0, res.stdout + res.stderr);
  const line = res.stdout.split("\n").find((l) => l.startsWith("RESULT "));
  assert.ok(line, `no RESULT line in:\n${res.stdout}\n${res.stderr}`);
  const out = JSON.parse(line.slice("RESULT ".length)) as DeployResult;

  assert.equal(out.chainId, String(chain.chainId));
  assert.equal(out.deployer, deployer.address);
  assert.equal(out.deployStatus, 1);
  assert.equal(out.setStatus, 1);
  assert.equal(out.initial, "hello from hardhat");
  assert.equal(out.greeting, "greetings, chain 2611");
  assert.equal(out.changes, "1");
  assert.deepEqual(out.event, { by: deployer.address, greeting: "greetings, chain 2611" });
  assert.ok(out.setBlock > out.deployBlock);

  // The same facts, read without Hardhat or ethers' provider.
  const url = chain.httpUrl;
  const artifact = JSON.parse(fs.readFileSync(ARTIFACT, "utf8")) as { abi: []; deployedBytecode: string };
  const greeter = new Interface(artifact.abi);
  assert.equal(await jsonRpc(url, "eth_getCode", [out.address, "latest"]), artifact.deployedBytecode, "the deployed runtime code");
  const greeting = await jsonRpc<string>(url, "eth_call", [{ to: out.address, data: greeter.encodeFunctionData("greet") }, "latest"]);
  assert.equal(greeter.decodeFunctionResult("greet", greeting)[0], "greetings, chain 2611");
  assert.equal(BigInt(await jsonRpc<string>(url, "eth_getStorageAt", [out.address, "0x1", "latest"])), 1n, "slot 1 holds `changes`");
  assert.equal(BigInt(await jsonRpc<string>(url, "eth_getTransactionCount", [deployer.address, "latest"])), 2n);

  const deployTx = await jsonRpc<{ from: string; to: string | null; chainId: string; blockNumber: string }>(url, "eth_getTransactionByHash", [out.deployTx]);
  assert.equal(deployTx.from.toLowerCase(), deployer.address.toLowerCase());
  assert.equal(deployTx.to, null);
  assert.equal(BigInt(deployTx.chainId), BigInt(chain.chainId));
  assert.equal(Number(deployTx.blockNumber), out.deployBlock);
  const deployReceipt = await jsonRpc<{ contractAddress: string; status: string }>(url, "eth_getTransactionReceipt", [out.deployTx]);
  assert.equal(deployReceipt.contractAddress.toLowerCase(), out.address.toLowerCase());
  assert.equal(deployReceipt.status, "0x1");

  const receipt = await jsonRpc<{
    status: string;
    blockHash: string;
    blockNumber: string;
    gasUsed: string;
    logs: { address: string; topics: string[]; blockHash: string }[];
  }>(url, "eth_getTransactionReceipt", [out.setTx]);
  assert.equal(receipt.status, "0x1");
  assert.equal(Number(receipt.blockNumber), out.setBlock);
  assert.equal(BigInt(receipt.gasUsed).toString(), out.setGasUsed);
  assert.equal(receipt.logs.length, 1);
  assert.equal(receipt.logs[0]!.address.toLowerCase(), out.address.toLowerCase());
  assert.equal(receipt.logs[0]!.topics[0], id("GreetingChanged(address,string)"));
  assert.equal(receipt.logs[0]!.blockHash, receipt.blockHash);
  const block = await jsonRpc<{ hash: string; transactions: string[] }>(url, "eth_getBlockByNumber", [receipt.blockNumber, false]);
  assert.equal(block.hash, receipt.blockHash);
  assert.ok(block.transactions.includes(out.setTx));
});
