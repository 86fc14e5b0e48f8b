// What bank needs from the auth module, and nothing more.
import type { Context } from "../../context.js";

export interface BankAccountKeeper {
  /** Creates the account on first receipt of funds. */
  ensureAccount(ctx: Context, address: Uint8Array): void;
  /** The module name when `address` is a module account's. */
  isModuleAddress(address: Uint8Array): string | undefined;
}
