// The ERC-20 workload, signed before any clock starts: a funder deploys Token and hands every
// sender native currency for gas and a token balance; then each sender transfers 1 token-wei to
// the next sender (a ring), so every transfer moves a nonzero balance to a nonzero balance and
// all transfers cost the same gas.
import { createHash } from "node:crypto";
import { Interface, Wallet, getCreateAddress, keccak256 } from "ethers";
import { testContract } from "../../test/support/solidity.js";

export const TOKEN = testContract("Token");
export const token = new Interface(TOKEN.abi as never);
/** Tokens each sender receives: far more than it ever sends. */
export const SENDER_TOKENS = 10n ** 24n;

export const keyOf = (label: string) => "0x" + createHash("sha256").update(`erc20-bench-${label}`).digest("hex");
export const funder = new Wallet(keyOf("funder"));
export const makeSenders = (n: number) => Array.from({ length: n }, (_, i) => new Wallet(keyOf(`sender-${i}`)));

export interface Fees {
  chainId: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface SignedTx {
  raw: string;
  hash: string;
}

async function sign(wallet: Wallet, fees: Fees, nonce: number, tx: { to?: string; data?: string; value?: bigint; gasLimit: bigint }): Promise<SignedTx> {
  const raw = await wallet.signTransaction({
    type: 2,
    chainId: fees.chainId,
    nonce,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    ...tx,
  });
  return { raw, hash: keccak256(raw) };
}

/** The token's address: the funder's first contract (nonce 0). */
export const tokenAddress = () => getCreateAddress({ from: funder.address, nonce: 0 });

/** The funder's txs, nonce 0 onwards: deploy Token, then gas money and tokens for every sender. */
export async function setupTxs(senders: readonly Wallet[], fees: Fees, gasMoney: bigint): Promise<SignedTx[]> {
  const supply = SENDER_TOKENS * BigInt(senders.length + 1);
  const deploy = TOKEN.bytecode + token.encodeDeploy(["Bench Token", "BENCH", supply]).slice(2);
  const txs = [await sign(funder, fees, 0, { data: deploy, gasLimit: 2_000_000n })];
  let nonce = 1;
  for (const s of senders) txs.push(await sign(funder, fees, nonce++, { to: s.address, value: gasMoney, gasLimit: 21_000n }));
  for (const s of senders)
    txs.push(await sign(funder, fees, nonce++, { to: tokenAddress(), data: transferData(s.address, SENDER_TOKENS), gasLimit: 100_000n }));
  return txs;
}

export function transferData(to: string, amount: bigint): string {
  return token.encodeFunctionData("transfer", [to, amount]);
}

/** Lane i: sender i's `perSender` transfers of 1 token-wei to sender i+1, nonces 0.. in order. */
export async function transferLanes(senders: readonly Wallet[], perSender: number, fees: Fees, gasLimit: bigint): Promise<SignedTx[][]> {
  const lanes: SignedTx[][] = [];
  for (const [i, s] of senders.entries()) {
    const to = senders[(i + 1) % senders.length]!.address;
    const lane: SignedTx[] = [];
    for (let nonce = 0; nonce < perSender; nonce++) lane.push(await sign(s, fees, nonce, { to: tokenAddress(), data: transferData(to, 1n), gasLimit }));
    lanes.push(lane);
  }
  return lanes;
}
