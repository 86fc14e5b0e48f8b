// What auth's ante handler needs from the bank module, and nothing more: the fee payer's balance
// and the fee's transfer into fee_collector.
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import type { StateReader } from "../../store/types.js";

export interface AnteBankKeeper {
  getBalance(state: StateReader, address: Uint8Array, denom: string): bigint;
  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void;
}
