// The evm module's registered errors. Descriptions are geth's txpool wording, which Ethereum
// tools match on; `evmError` puts the details after it as geth does ("nonce too low: next nonce
// 5, tx nonce 3"), not before it as `wrap` would. 1 is "internal" in every SDK codespace.
import { AppError, GrpcCode, registerError, type RegisteredError } from "../errors.js";

const EVM = "evm";

export const evmErrors = {
  nonceTooLow: registerError(EVM, 2, "nonce too low"),
  nonceTooHigh: registerError(EVM, 3, "nonce too high"),
  insufficientFunds: registerError(EVM, 4, "insufficient funds for gas * price + value"),
  intrinsicGas: registerError(EVM, 5, "intrinsic gas too low"),
  feeCapTooLow: registerError(EVM, 6, "max fee per gas less than block base fee"),
  gasLimitTooHigh: registerError(EVM, 7, "exceeds block gas limit"),
  invalidChainId: registerError(EVM, 8, "invalid chain id"),
  unsupportedTxType: registerError(EVM, 9, "transaction type not supported"),
  invalidSignature: registerError(EVM, 10, "invalid transaction signature", GrpcCode.UNAUTHENTICATED),
  execution: registerError(EVM, 11, "evm execution failed"),
} as const;

/** `<description>: <detail>`, geth's order. */
export function evmError(kind: RegisteredError, detail?: string): AppError {
  return new AppError(kind, detail ? `${kind.description}: ${detail}` : kind.description);
}
