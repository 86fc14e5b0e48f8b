// The stateful checks every Ethereum tx passes before it runs, in CheckTx and again in
// FinalizeBlock (where runTx would refuse the same txs, but with messages users' tools do not
// recognise). Wording is geth's. A tx that fails here changes nothing and pays nothing.
import { getMinimumGasLimit } from "@ethereumjs/tx";
import type { Context } from "../../../context.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { evmError, evmErrors } from "../../../../common/ethereum/errors.js";
import { feeCap, upfrontCost, type DecodedEthTx } from "../../../../common/ethereum/ethTx.js";
import { BLOCK_GAS_LIMIT } from "../state/params.js";

/** The sender's next nonce: its auth sequence, 0 without an account. */
export function nextNonce(ctx: Context, keepers: EvmKeepers, sender: Uint8Array): bigint {
  return keepers.accounts.getAccount(ctx.store, sender)?.sequence ?? 0n;
}

/** `baseFee` is the base fee of the block the tx is for: its record's in FinalizeBlock, the next block's in CheckTx. */
export function checkEthTx(ctx: Context, keepers: EvmKeepers, d: DecodedEthTx, baseFee: bigint): void {
  const { tx, sender } = d;
  if (tx.gasLimit > BLOCK_GAS_LIMIT) throw evmError(evmErrors.gasLimitTooHigh, `tx gas limit ${tx.gasLimit}, block gas limit ${BLOCK_GAS_LIMIT}`);
  // Intrinsic gas including Prague's EIP-7623 calldata floor, as runTx computes it.
  const minimum = getMinimumGasLimit(tx, sender);
  if (tx.gasLimit < minimum) throw evmError(evmErrors.intrinsicGas, `have ${tx.gasLimit}, want ${minimum}`);
  const cap = feeCap(tx);
  if (cap < baseFee) throw evmError(evmErrors.feeCapTooLow, `address ${sender.toString()}, maxFeePerGas: ${cap}, baseFee: ${baseFee}`);
  const next = nextNonce(ctx, keepers, sender.bytes);
  if (tx.nonce < next) throw evmError(evmErrors.nonceTooLow, `next nonce ${next}, tx nonce ${tx.nonce}`);
  if (tx.nonce > next) throw evmError(evmErrors.nonceTooHigh, `next nonce ${next}, tx nonce ${tx.nonce}`);
  const want = upfrontCost(tx);
  const have = keepers.precisebank.getBalance(ctx.store, sender.bytes);
  if (have < want) throw evmError(evmErrors.insufficientFunds, `have ${have} want ${want}`);
}
