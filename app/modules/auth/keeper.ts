// The only code that reads or writes accounts. Account numbers are handed out in creation order,
// so every validator numbers accounts identically.
import { moduleAddress } from "../../../common/moduleAccounts.js";
import type { Context } from "../../context.js";
import type { KVReader, KVStore } from "../../store/types.js";
import { decodeAccount, encodeAccount, type Account } from "./accounts.js";
import { accountKey, accountNumberKey, ACCOUNT_PREFIX, NEXT_ACCOUNT_NUMBER_KEY, readU64be, u64be } from "./keys.js";

export const AUTH_MODULE = "auth";

export class AccountKeeper {
  /** Module account names by the hex of their addresses, for the check on every send. */
  private readonly moduleNamesByAddress: ReadonlyMap<string, string>;

  /** Module accounts this chain creates at genesis, with their permissions. */
  constructor(readonly moduleAccounts: ReadonlyArray<{ name: string; permissions: string[] }>) {
    this.moduleNamesByAddress = new Map(moduleAccounts.map((m) => [Buffer.from(moduleAddress(m.name)).toString("hex"), m.name]));
  }

  store(ctx: Context): KVStore {
    return ctx.storeFor(AUTH_MODULE);
  }

  getAccount(store: KVReader, address: Uint8Array): Account | undefined {
    const raw = store.get(accountKey(address));
    return raw ? decodeAccount(raw) : undefined;
  }

  setAccount(store: KVStore, account: Account): void {
    store.set(accountKey(account.address), encodeAccount(account));
  }

  /** Creates an account with the next account number; the address must be new. */
  newAccount(store: KVStore, address: Uint8Array, module?: Account["module"]): Account {
    if (store.has(accountKey(address))) throw new Error(`account ${Buffer.from(address).toString("hex")} already exists`);
    const raw = store.get(NEXT_ACCOUNT_NUMBER_KEY);
    const accountNumber = raw ? readU64be(raw) : 0n;
    store.set(NEXT_ACCOUNT_NUMBER_KEY, u64be(accountNumber + 1n));
    const account: Account = { address, accountNumber, sequence: 0n, ...(module ? { module } : {}) };
    this.setAccount(store, account);
    store.set(accountNumberKey(accountNumber), address);
    return account;
  }

  /** Accounts come into existence on first receipt of funds. */
  ensureAccount(store: KVStore, address: Uint8Array): void {
    if (!store.has(accountKey(address))) this.newAccount(store, address);
  }

  addressByNumber(store: KVReader, accountNumber: bigint): Uint8Array | undefined {
    return store.get(accountNumberKey(accountNumber));
  }

  /** Every account in address order (key order). */
  *accounts(store: KVReader): IterableIterator<{ key: Uint8Array; account: Account }> {
    for (const { key, value } of store.prefixIterator(ACCOUNT_PREFIX)) yield { key: key.subarray(1), account: decodeAccount(value) };
  }

  moduleAccountPermissions(name: string): string[] | undefined {
    return this.moduleAccounts.find((m) => m.name === name)?.permissions;
  }

  /** True for addresses of this chain's module accounts, which ordinary sends may not credit. */
  isModuleAddress(address: Uint8Array): string | undefined {
    return this.moduleNamesByAddress.get(Buffer.from(address).toString("hex"));
  }
}
