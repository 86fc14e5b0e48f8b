// The block's base fees, burned once at its end. Every included Ethereum tx pays its whole fee
// (gas used x effective gas price) to fee_collector in one precisebank send, and its gas used is
// added to the block's EvmBlock record (a tx that failed after it ran counts and pays its gas
// limit in both). So the base fee part of everything the block's txs paid is the record's gas used
// x its base fee, which the evm end block burns from fee_collector. A burn per tx cost every
// transfer a second precisebank movement and as many events again.
//
// Between the txs of a block, fee_collector (the EVM's coinbase) thus also holds the base fees of
// the block's earlier txs; after the block, balances and supply are those of a burn per tx.
import { FEE_COLLECTOR, moduleAddress } from "../../../../common/moduleAccounts.js";
import type { Context } from "../../../context.js";
import type { EvmKeepers } from "../expectedKeepers.js";

/** Burns the base fees of `ctx`'s block from fee_collector; returns the aunit burned. */
export function burnBlockBaseFees(ctx: Context, keepers: EvmKeepers): bigint {
  const record = keepers.evm.currentBlock(ctx.store, ctx.header.height);
  const amount = record.gasUsed * BigInt(record.baseFee);
  if (amount > 0n) keepers.precisebank.burnExtended(ctx, moduleAddress(FEE_COLLECTOR), amount);
  return amount;
}
