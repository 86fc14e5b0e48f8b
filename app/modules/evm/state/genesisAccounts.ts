// Contracts' code and storage as genesis accounts (the export and its import). Genesis writes the
// `evm/` code and storage keys directly, as the state manager lays them out (code through
// contractCode.ts, content-addressed).
import type { Context } from "../../../context.js";
import { StoreKey } from "../../../storeKey.js";
import type { StateReader } from "../../../store/types.js";
import { putContractCode } from "./contractCode.js";
import { isHistoryContract } from "./historyStorage.js";
import { accountStoragePrefix, CODE_HASH_PREFIX, codeHashKey, codeKey, MODULE_NAME, storageKey, trimStorageValue } from "./keys.js";

export interface EvmGenesisAccount {
  address: string;
  code: string;
  storage: { key: string; value: string }[];
}

const key = new StoreKey(MODULE_NAME);
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString("hex")}`;

/**
 * Every address with code, in address order, with its non-zero slots in slot order (values as 32
 * bytes); but the EIP-2935 history contract: its slots are the old chain's block hashes, which the
 * new chain forgets as it forgets BLOCKHASH's, and its first block puts the code back.
 */
export function exportEvmAccounts(state: StateReader): EvmGenesisAccount[] {
  const evm = key.read(state);
  const out: EvmGenesisAccount[] = [];
  for (const { key: k, value: codeHash } of evm.prefixIterator(CODE_HASH_PREFIX)) {
    const address = k.subarray(1);
    if (isHistoryContract(address)) continue;
    const code = evm.get(codeKey(codeHash));
    if (!code) throw new Error(`evm export: no code for hash ${hex(codeHash)} of ${hex(address)}`);
    const prefix = accountStoragePrefix(address);
    const storage = [...evm.prefixIterator(prefix)].map(({ key: sk, value }) => ({
      key: hex(sk.subarray(prefix.length)),
      value: hex(Buffer.concat([Buffer.alloc(32 - value.length), value])),
    }));
    out.push({ address: hex(address), code: hex(code), storage });
  }
  return out;
}

function bytes(text: string, length: number | undefined, where: string): Uint8Array {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) throw new Error(`evm genesis ${where}: not 0x-prefixed hex`);
  const b = Buffer.from(text.slice(2), "hex");
  if (length !== undefined && b.length !== length) throw new Error(`evm genesis ${where}: must be ${length} bytes, got ${b.length}`);
  return b;
}

/**
 * Writes exported accounts' code and storage; refuses empty code, duplicates, malformed hex and the
 * history contract's address (an export leaves it out).
 */
export function importEvmAccounts(ctx: Context, accounts: readonly EvmGenesisAccount[]): void {
  const evm = key.write(ctx);
  for (const [i, a] of accounts.entries()) {
    const address = bytes(a.address, 20, `accounts[${i}].address`);
    const code = bytes(a.code, undefined, `accounts[${i}].code`);
    if (code.length === 0) throw new Error(`evm genesis accounts[${i}].code: empty (only accounts with code are listed)`);
    if (evm.has(codeHashKey(address))) throw new Error(`evm genesis accounts[${i}]: duplicate address ${a.address}`);
    if (isHistoryContract(address)) {
      throw new Error(`evm genesis accounts[${i}]: ${a.address} is the EIP-2935 history contract, which the chain puts there itself`);
    }
    putContractCode(evm, address, code);
    for (const [j, s] of a.storage.entries()) {
      const value = trimStorageValue(bytes(s.value, 32, `accounts[${i}].storage[${j}].value`));
      if (value.length > 0) evm.set(storageKey(address, bytes(s.key, 32, `accounts[${i}].storage[${j}].key`)), value);
    }
  }
}
