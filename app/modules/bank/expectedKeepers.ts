// What bank needs from the auth module, and nothing more.
import type { Context } from "../../context.js";
import type { KVStore } from "../../store/types.js";

export interface BankAccountKeeper {
  /** The auth module's store in this context. */
  store(ctx: Context): KVStore;
  /** Creates the account on first receipt of funds. */
  ensureAccount(store: KVStore, address: Uint8Array): void;
  /** The module name when `address` is a module account's. */
  isModuleAddress(address: Uint8Array): string | undefined;
}
