// What registry needs from other modules, and nothing more; app/modules.ts wires the real keepers.
import type { Coin } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";

/** From identity: whether an account is attested (tier derived from a valid, unrevoked credential of the attested type). */
export interface RegistryIdentityKeeper {
  isAttested(state: StateReader, address: Uint8Array): boolean;
}

/** What one asset transfer owes in tax, as registry tells the tax collector. */
export interface TransferTax {
  /** The seller: signs the transfer and pays the tax. */
  payer: Uint8Array;
  /** The asset's jurisdiction: the tax is accounted to it. */
  jurisdictionCode: string;
  assetId: bigint;
  price: Coin;
}

/** From taxrail: collect the tax on this transfer. */
export interface RegistryTaxCollector {
  /**
   * Moves the tax on `transfer` (in the price's denom) from the payer into the tax account and
   * accounts it to the jurisdiction; returns it (amount 0 when no tax applies). Throws, having
   * written nothing, when the payer cannot pay.
   */
  collectTransferTax(ctx: Context, transfer: TransferTax): Coin;
}
