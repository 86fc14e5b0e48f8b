// State that no tx touches: funded accounts appended to a node's genesis.json before it starts,
// shared by the bank-send chains (bench/load/bankChain.ts) and the ERC-20 chain
// (bench/erc20/targets.ts), so a benchmark can compare the same load on a small and a large state.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";

/** `count` bank genesis balances of 1 `denom` each, at addresses from sha256 of their index (the same on every run). */
export function genesisAccountBalances(count: number, denom = "uunit"): { address: string; coins: { denom: string; amount: string }[] }[] {
  return Array.from({ length: count }, (_, i) => ({
    address: formatAccountAddress(createHash("sha256").update(`state-size-account-${i}`).digest().subarray(0, 20)),
    coins: [{ denom, amount: "1" }],
  }));
}

/**
 * Appends `count` accounts (genesisAccountBalances) to the genesis file's bank balances, after
 * those already there, and writes the file compactly: a million of them is ~100 MB of JSON, which
 * CometBFT hands the app in one InitChain request (the app takes frames of up to 128 MiB,
 * abci/framing.ts).
 */
export function appendGenesisAccounts(file: string, count: number, denom = "uunit"): void {
  const doc = JSON.parse(fs.readFileSync(file, "utf8")) as { app_state: { bank: { balances: unknown[] } } };
  // Not push(...): a million arguments overflow the stack.
  for (const balance of genesisAccountBalances(count, denom)) doc.app_state.bank.balances.push(balance);
  fs.writeFileSync(file, JSON.stringify(doc));
}

/** How long to wait for a chain whose genesis holds `extraAccounts` appended accounts to make its first blocks. */
export function startupTimeoutMs(extraAccounts: number): number {
  // InitChain and the first Commit cost ~0.25 ms per account here; leave room for a busy machine.
  return 90_000 + extraAccounts * 0.5;
}
