// `unitd query evm ...` and the 0x side of `unitd keys`, as a user types them, against a real
// one-validator chain with the REST gateway beside it. A contract deployed by a raw Ethereum tx and
// an EVM transfer of a fractional amount give the queries something to show; every EVM balance the
// CLI prints must equal REST's bank balance x 10^12 + its fractional balance at the same height.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Wallet, getCreateAddress, keccak256, toUtf8Bytes, type TransactionRequest } from "ethers";
import { Query as EvmQuery } from "../gen/chain/evm/query_pb.js";
import { FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { faucetAddress } from "../app/localGenesis.js";
import { waitUntil } from "../cometbft/readiness.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { AbciQueryError } from "../sdk/client/errors.js";
import { grpcQuery } from "../sdk/client/grpcQuery.js";
import { toBech32Address, toHexAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { FaucetSender } from "../gateway/faucet/faucetSender.js";
import { LocalNode } from "./support/localNode.js";
import { RestGatewayProcess } from "./support/restGateway.js";
import { runUnitd, type CliRun } from "./support/unitdCli.js";

const AUNIT_PER_UUNIT = 10n ** 12n;
const EMPTY_CODE_HASH = keccak256("0x"); // keccak256 of no bytes
/** Returns slot 0 (32 bytes). */
const RUNTIME = "0x60005460005260206000f3";
/** Stores 42 at slot 0, logs it under topic 1, and returns RUNTIME. */
const INIT_CODE = "0x602a600055602a600052600160206000a1600b80601c6000396000f3" + RUNTIME.slice(2);
const FRACTIONAL_VALUE = 3n * AUNIT_PER_UUNIT + 987_654_321n;

let node: LocalNode;
let rpc: CometRpcClient;
let gateway: RestGatewayProcess;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-cli-evm-"));

const deployer = new Wallet(keccak256(toUtf8Bytes("cliEvm.test deployer")));
const recipient = new Wallet(keccak256(toUtf8Bytes("cliEvm.test recipient"))).address;
const contract = getCreateAddress({ from: deployer.address, nonce: 0 });
let deployHash = "";
let transferHash = "";
/** Committed heights before the deployment and before the transfer. */
let heightBeforeDeploy = 0;
let heightBeforeTransfer = 0;
let funder: FaucetSender;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  rpc = new CometRpcClient(node.rpcUrl);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/cosmos/bank/v1beta1/balances/" + faucetAddress());

  funder = new FaucetSender({
    rpc,
    signer: signerFromMnemonic(FAUCET_TEST_MNEMONIC),
    amount: [{ denom: "uunit", amount: "50000000" }],
    fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
  });
  await rpc.waitForTx((await funder.send(toBech32Address(deployer.address))).txhash);
  heightBeforeDeploy = await gateway.committedHeight();
  deployHash = await sendEth({ nonce: 0, data: INIT_CODE, gasLimit: 200_000 });
  heightBeforeTransfer = await gateway.committedHeight();
  transferHash = await sendEth({ nonce: 1, to: recipient, value: FRACTIONAL_VALUE, gasLimit: 21_000 });
});

after(async () => {
  await gateway?.stop();
  await node?.destroy();
  fs.rmSync(home, { recursive: true, force: true });
});

/** Signs an EIP-1559 tx from `deployer`, broadcasts it and waits for its receipt; returns its Ethereum hash. */
async function sendEth(tx: TransactionRequest, key: Wallet = deployer): Promise<string> {
  const raw = await key.signTransaction({ type: 2, chainId: 2611, maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, ...tx });
  const sent = await rpc.broadcastTxSync(Buffer.from(raw.slice(2), "hex"));
  assert.equal(sent.code, 0, sent.log);
  const hash = keccak256(raw);
  await waitUntil(
    `the receipt of ${hash}`,
    async () => {
      try {
        return (await grpcQuery(rpc, EvmQuery.method.receipt, { txHash: hash })).receipt !== undefined;
      } catch (err) {
        if (err instanceof AbciQueryError && err.isNotFound) return false;
        throw err;
      }
    },
    30_000,
  );
  return hash;
}

const cli = (...args: string[]) => runUnitd([...args, "--node", node.rpcUrl], { env: { UNITD_HOME: home } });
const keys = (...args: string[]) => runUnitd(["keys", ...args, "--home", home]);

function json(run: CliRun): any {
  // eslint-disable-line @typescript-eslint/no-explicit-any -- CLI output under test
  assert.equal(run.code, 0, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

function assertFailure(run: CliRun, message: RegExp): void {
  assert.equal(run.code, 1, `expected exit 1\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  assert.match(run.stderr, /^Error: /m);
  assert.match(run.stderr, message);
  assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
  assert.equal(run.stdout, "");
}

/** REST's view of one address at `height`: bank uunit x 10^12 + precisebank's fraction, in aunit. */
async function restAunit(address: string, height: number): Promise<bigint> {
  const bech32 = toBech32Address(address);
  const headers = { "x-cosmos-block-height": String(height) };
  const bank = await gateway.get(`/cosmos/bank/v1beta1/balances/${bech32}`, { headers });
  assert.equal(bank.status, 200, JSON.stringify(bank.body));
  const fraction = await gateway.get(`/vendor/chain/precisebank/fractional_balance/${bech32}`, { headers });
  assert.equal(fraction.status, 200, JSON.stringify(fraction.body));
  const uunit = BigInt((bank.body.balances as Array<{ denom: string; amount: string }>).find((c) => c.denom === "uunit")?.amount ?? "0");
  return uunit * AUNIT_PER_UUNIT + BigInt(fraction.body.fractional_balance.amount);
}

test("evm balance agrees with REST bank x 10^12 + fractional balance, for every account, in both address forms", async () => {
  const height = await gateway.committedHeight();
  for (const address of [deployer.address, recipient, contract, toHexAddress(faucetAddress())]) {
    const expected = await restAunit(address, height);
    for (const form of [address, address.toLowerCase(), toBech32Address(address)]) {
      const out = json(await cli("query", "evm", "balance", form, "--height", String(height), "-o", "json"));
      assert.deepEqual(
        out,
        {
          address: toBech32Address(address),
          evm_address: address,
          aunit: expected.toString(),
          uunit: (expected / AUNIT_PER_UUNIT).toString(),
          fractional_aunit: (expected % AUNIT_PER_UUNIT).toString(),
        },
        form,
      );
    }
  }
  const received = json(await cli("query", "evm", "balance", recipient, "--height", String(height), "-o", "json"));
  assert.deepEqual([received.aunit, received.uunit, received.fractional_aunit], [FRACTIONAL_VALUE.toString(), "3", "987654321"]);
  const text = await cli("query", "evm", "balance", recipient, "--height", String(height));
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, new RegExp(`^aunit: "${FRACTIONAL_VALUE}"$`, "m"));
  assert.match(text.stdout, /^uunit: "3"$/m);
  assert.match(text.stdout, /^fractional_aunit: "987654321"$/m);
  assert.match(text.stdout, new RegExp(`^evm_address: "?${recipient}"?$`, "m"));
});

test("--height reads the past: before the transfer the recipient had nothing", async () => {
  const before = json(await cli("query", "evm", "balance", recipient, "--height", String(heightBeforeTransfer), "-o", "json"));
  assert.equal(before.aunit, "0");
  assert.equal(await restAunit(recipient, heightBeforeTransfer), 0n);
  const deployerBefore = json(await cli("query", "evm", "account", deployer.address, "--height", String(heightBeforeTransfer), "-o", "json"));
  assert.equal(deployerBefore.nonce, "1");
  assert.equal(BigInt(deployerBefore.balance), await restAunit(deployer.address, heightBeforeTransfer));
});

test("evm account: nonce, balance and code hash of an account and of a contract", async () => {
  const height = await gateway.committedHeight();
  const account = json(await cli("query", "evm", "account", toBech32Address(deployer.address), "--height", String(height), "-o", "json"));
  assert.deepEqual(account, {
    address: toBech32Address(deployer.address),
    evm_address: deployer.address,
    nonce: "2",
    balance: (await restAunit(deployer.address, height)).toString(),
    code_hash: EMPTY_CODE_HASH,
  });
  const deployed = json(await cli("query", "evm", "account", contract, "-o", "json"));
  assert.equal(deployed.code_hash, keccak256(RUNTIME));
  const pending = json(await cli("query", "evm", "account", deployer.address, "--pending", "-o", "json"));
  assert.equal(pending.nonce, "2", "nothing in the mempool: the pending nonce is the committed one");
});

test("evm code and evm storage show the deployed contract", async () => {
  const code = json(await cli("query", "evm", "code", contract, "-o", "json"));
  assert.deepEqual(code, { address: toBech32Address(contract), evm_address: contract, code: RUNTIME });
  assert.equal(json(await cli("query", "evm", "code", recipient, "-o", "json")).code, "0x", "an account without code");
  assert.equal(json(await cli("query", "evm", "code", contract, "--height", String(heightBeforeDeploy), "-o", "json")).code, "0x", "before the deployment");
  const word = (n: number) => "0x" + n.toString(16).padStart(64, "0");
  for (const slot of ["0", "0x0", "0x" + "0".repeat(64)]) {
    assert.deepEqual(
      json(await cli("query", "evm", "storage", contract, slot, "-o", "json")),
      { address: toBech32Address(contract), evm_address: contract, slot: word(0), value: word(42) },
      slot,
    );
  }
  assert.equal(json(await cli("query", "evm", "storage", contract, "1", "-o", "json")).value, word(0), "an unset slot is zero");
  const text = await cli("query", "evm", "storage", toBech32Address(contract), "0");
  assert.match(text.stdout, new RegExp(`^value: "?${word(42)}"?$`, "m"));
});

test("evm receipt: the deployment's status, contract address and log; the transfer's parties", async () => {
  const deploy = json(await cli("query", "evm", "receipt", deployHash, "-o", "json"));
  assert.equal(deploy.tx_hash, deployHash);
  assert.equal(deploy.status, 1);
  assert.equal(deploy.from, deployer.address);
  assert.equal(deploy.to, null);
  assert.equal(deploy.contract_address, contract);
  assert.equal(deploy.tx_type, 2);
  assert.deepEqual(deploy.logs, [{ address: contract, topics: ["0x" + "0".repeat(63) + "1"], data: "0x" + "0".repeat(62) + "2a" }]);
  assert.match(deploy.bloom, /^0x[0-9a-f]{512}$/);
  assert.ok(Number(deploy.block_height) > 0 && BigInt(deploy.gas_used) > 21_000n);
  const transfer = json(await cli("query", "evm", "receipt", transferHash.toUpperCase().replace("0X", ""), "-o", "json"));
  assert.deepEqual(
    [transfer.status, transfer.from, transfer.to, transfer.contract_address, transfer.gas_used, transfer.logs],
    [1, deployer.address, recipient, null, "21000", []],
  );
  assertFailure(await cli("query", "evm", "receipt", "0x" + "ab".repeat(32)), /no receipt for tx 0x(ab){32}: it is not in a committed block \(yet\)/);
});

test("mistakes give exit 1 and one readable line", async () => {
  const cases: Array<[string[], RegExp]> = [
    [["query", "evm"], /missing evm query: balance, account, code, storage or receipt/],
    [["query", "evm", "nonce", recipient], /unknown evm query "nonce"/],
    [["query", "evm", "balance"], /missing <address>; usage: unitd query evm balance <address>/],
    [["query", "evm", "balance", recipient, recipient], /unexpected argument/],
    [["query", "evm", "balance", "0x1234"], /expected 40 hex characters after 0x, got 4/],
    [["query", "evm", "balance", recipient.slice(2)], /an EVM address starts with 0x/],
    [["query", "evm", "balance", flipCase(recipient)], /EIP-55 checksum/],
    [["query", "evm", "balance", "cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a"], /wrong address prefix: expected unit, got cosmos/],
    [["query", "evm", "storage", contract], /missing <slot>/],
    [["query", "evm", "storage", contract, "0xzz"], /invalid storage slot "0xzz"/],
    [["query", "evm", "storage", contract, "1.5"], /invalid storage slot "1.5"/],
    [["query", "evm", "storage", contract, (1n << 256n).toString()], /below 2\^256/],
    [["query", "evm", "receipt", "0x1234"], /invalid tx hash "0x1234": expected 0x followed by 64 hex digits/],
    [["query", "evm", "code", contract, "--pending"], /--pending applies to evm balance and evm account only/],
    [["query", "evm", "balance", recipient, "--pending", "--height", "3"], /does not go with --height/],
    [["query", "evm", "balance", recipient, "--height", "abc"], /--height expects a non-negative integer/],
    [["query", "evm", "balance", recipient, "--height", "999999999"], /height 999999999 is not available/],
  ];
  for (const [args, message] of cases) assertFailure(await cli(...args), message);
  const help = await cli("query", "--help");
  assert.match(help.stdout, /^ {2}evm storage <address> <slot> +one 32-byte storage word/m);
});

/** The address with the case of its first hex letter flipped: same bytes, broken EIP-55 checksum. */
function flipCase(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i]!;
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
}

test("keys show the 0x form for both key algorithms; only an eth_secp256k1 key's is its Ethereum address", async () => {
  const eth = json(await keys("add", "evm-key", "--key-type", "eth_secp256k1", "-o", "json"));
  const cosmos = json(await keys("add", "cosmos-key", "-o", "json"));
  for (const key of [eth, cosmos]) {
    assert.equal(key.evm_address, toHexAddress(key.address), "the same 20 bytes");
    const shown = await keys("show", key.name, "--evm");
    assert.equal(shown.stdout, key.evm_address + "\n", "--evm prints only the 0x address");
    assert.equal(json(await keys("show", key.evm_address, "-o", "json")).name, key.name, "found by its 0x address");
    const privateKey = (await keys("export", key.name, "--unarmored-hex", "--unsafe", "-y")).stdout.trim();
    const walletAddress = new Wallet("0x" + privateKey).address; // what MetaMask shows after importing the private key
    if (key.algo === "eth_secp256k1") assert.equal(walletAddress, key.evm_address);
    else assert.notEqual(walletAddress, key.evm_address, "a secp256k1 key's 0x address is not its Ethereum address");
  }
  const listed = json(await keys("list", "-o", "json"));
  assert.deepEqual(listed.map((k: { evm_address: string }) => k.evm_address).sort(), [eth.evm_address, cosmos.evm_address].sort());
  const text = await keys("list");
  assert.match(text.stdout, new RegExp(`^ {2}evm_address: ${eth.evm_address}$`, "m"));
  const failures: Array<[string[], RegExp]> = [
    [["show", "evm-key", "--evm", "--address"], /give --address or --evm, not both/],
    [["show", "evm-key", "--evm", "--bech", "val"], /--evm prints the 0x address/],
  ];
  for (const [args, message] of failures) assertFailure(await keys(...args), message);
});

test("an eth_secp256k1 key from the keyring sends an Ethereum tx, seen by evm account", async () => {
  const eth = json(await keys("show", "evm-key", "-o", "json"));
  await rpc.waitForTx((await funder.send(eth.address)).txhash);
  const wallet = new Wallet("0x" + (await keys("export", "evm-key", "--unarmored-hex", "--unsafe", "-y")).stdout.trim());
  await sendEth({ nonce: 0, to: recipient, value: 1n, gasLimit: 21_000 }, wallet);
  assert.equal(json(await cli("query", "evm", "account", eth.evm_address, "-o", "json")).nonce, "1");
});
