// Contracts' code and storage as genesis accounts (the export and its import). Genesis writes the
// `evm/` code and storage keys directly, as the state manager lays them out (code through
// contractCode.ts, content-addressed).
import type { Context } from "../../../context.js";
import { StoreKey } from "../../../storeKey.js";
import type { StateReader } from "../../../store/types.js";
import { putContractCode } from "./contractCode.js";
import { isHistoryContract } from "./historyStorage.js";
import { CODE_HASH_PREFIX, codeHashKey, codeKey, MODULE_NAME, STORAGE_PREFIX, storageKey, trimStorageValue } from "./keys.js";

export interface EvmGenesisAccount {
  address: string;
  /** "0x" for an address with storage and no code (an EIP-7702 account that wrote slots and was undelegated). */
  code: string;
  storage: { key: string; value: string }[];
}

const key = new StoreKey(MODULE_NAME);
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString("hex")}`;

/**
 * Every address with code or storage, in address order, with its non-zero slots in slot order
 * (values as 32 bytes); but the EIP-2935 history contract: its slots are the old chain's block
 * hashes, which the new chain forgets as it forgets BLOCKHASH's, and its first block puts the code
 * back. Storage stays at an address whose code went (an EIP-7702 delegation written through, then
 * cleared), and a later delegation reads it again, so such an address is listed with code "0x".
 */
export function exportEvmAccounts(state: StateReader): EvmGenesisAccount[] {
  const evm = key.read(state);
  // By lowercase hex address, whose order is the addresses' byte order.
  const accounts = new Map<string, EvmGenesisAccount>();
  for (const { key: k, value: codeHash } of evm.prefixIterator(CODE_HASH_PREFIX)) {
    const address = k.subarray(1);
    if (isHistoryContract(address)) continue;
    const code = evm.get(codeKey(codeHash));
    if (!code) throw new Error(`evm export: no code for hash ${hex(codeHash)} of ${hex(address)}`);
    accounts.set(hex(address), { address: hex(address), code: hex(code), storage: [] });
  }
  // Storage keys are prefix | address(20) | slot(32): one pass, in address then slot order.
  for (const { key: k, value } of evm.prefixIterator(STORAGE_PREFIX)) {
    const address = k.subarray(1, 21);
    if (isHistoryContract(address)) continue;
    const id = hex(address);
    let account = accounts.get(id);
    if (account === undefined) accounts.set(id, (account = { address: id, code: "0x", storage: [] }));
    account.storage.push({ key: hex(k.subarray(21)), value: hex(Buffer.concat([Buffer.alloc(32 - value.length), value])) });
  }
  return [...accounts.keys()].sort().map((address) => accounts.get(address)!);
}

function bytes(text: string, length: number | undefined, where: string): Uint8Array {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) throw new Error(`evm genesis ${where}: not 0x-prefixed hex`);
  const b = Buffer.from(text.slice(2), "hex");
  if (length !== undefined && b.length !== length) throw new Error(`evm genesis ${where}: must be ${length} bytes, got ${b.length}`);
  return b;
}

/**
 * Writes exported accounts' code and storage; refuses an account with neither, duplicates,
 * malformed hex and the history contract's address (an export leaves it out). Storage with no code
 * needs a non-zero `nonceOf` (auth's sequence, imported before): an export lists such an address
 * only for an EIP-7702 authority, and storage at an address with neither nonce nor code would be
 * found by a contract later created there (the state manager relies on there being none).
 */
export function importEvmAccounts(ctx: Context, accounts: readonly EvmGenesisAccount[], nonceOf: (address: Uint8Array) => bigint): void {
  const evm = key.write(ctx);
  const seen = new Set<string>();
  for (const [i, a] of accounts.entries()) {
    const address = bytes(a.address, 20, `accounts[${i}].address`);
    const code = bytes(a.code, undefined, `accounts[${i}].code`);
    if (code.length === 0 && a.storage.length === 0) throw new Error(`evm genesis accounts[${i}]: neither code nor storage (such an address is not listed)`);
    const addressKey = Buffer.from(address).toString("hex");
    if (seen.has(addressKey) || evm.has(codeHashKey(address))) throw new Error(`evm genesis accounts[${i}]: duplicate address ${a.address}`);
    seen.add(addressKey);
    if (isHistoryContract(address)) {
      throw new Error(`evm genesis accounts[${i}]: ${a.address} is the EIP-2935 history contract, which the chain puts there itself`);
    }
    if (code.length === 0 && nonceOf(address) === 0n) {
      throw new Error(`evm genesis accounts[${i}]: storage without code at ${a.address}, whose auth account has no non-zero sequence`);
    }
    if (code.length > 0) putContractCode(evm, address, code);
    for (const [j, s] of a.storage.entries()) {
      const value = trimStorageValue(bytes(s.value, 32, `accounts[${i}].storage[${j}].value`));
      if (value.length > 0) evm.set(storageKey(address, bytes(s.key, 32, `accounts[${i}].storage[${j}].key`)), value);
    }
  }
}
