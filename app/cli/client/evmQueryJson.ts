// What `unitd query evm` prints: EVM values as EVM tools write them (0x hex bytes, EIP-55
// addresses, decimal amounts as strings), not protobuf JSON's base64.
import type { JsonObject } from "@bufbuild/protobuf";
import type { QueryAccountResponse } from "../../../gen/chain/evm/query_pb.js";
import type { Receipt } from "../../../gen/chain/evm/evm_pb.js";
import { accountAddressForms } from "../../../sdk/crypto/accountAddress.js";
import { formatHexAddress } from "../../../sdk/crypto/hexAddress.js";
import { CONVERSION_FACTOR } from "../../modules/precisebank/denoms.js";

export function hexBytes(bytes: Uint8Array): string {
  return "0x" + Buffer.from(bytes).toString("hex");
}

/** Both forms of the queried address, first in every answer. */
export function addressFields(address: Uint8Array): JsonObject {
  const { bech32, hex } = accountAddressForms(address);
  return { address: bech32, evm_address: hex };
}

/**
 * One balance seen from both sides: `aunit` is what eth_getBalance says in wei; the bank holds
 * `uunit` and the precision module the `fractional_aunit` below 10^12 (aunit = uunit x 10^12 + fractional).
 */
export function balanceJson(address: Uint8Array, account: QueryAccountResponse): JsonObject {
  const aunit = decimalArg("balance", account.balance);
  return {
    ...addressFields(address),
    aunit: aunit.toString(),
    uunit: (aunit / CONVERSION_FACTOR).toString(),
    fractional_aunit: (aunit % CONVERSION_FACTOR).toString(),
  };
}

export function accountJson(address: Uint8Array, account: QueryAccountResponse): JsonObject {
  return {
    ...addressFields(address),
    nonce: account.nonce.toString(),
    balance: decimalArg("balance", account.balance).toString(),
    code_hash: hexBytes(account.codeHash),
  };
}

/** A receipt in the shape and names of the proto, with bytes as 0x hex and addresses checksummed (null when absent). */
export function receiptJson(receipt: Receipt): JsonObject {
  const address = (bytes: Uint8Array) => (bytes.length === 0 ? null : formatHexAddress(bytes));
  return {
    tx_hash: hexBytes(receipt.txHash),
    status: receipt.status,
    block_height: receipt.blockHeight.toString(),
    tx_index: receipt.txIndex,
    tx_type: receipt.txType,
    from: address(receipt.from),
    to: address(receipt.to),
    contract_address: address(receipt.contractAddress),
    gas_used: receipt.gasUsed.toString(),
    cumulative_gas_used: receipt.cumulativeGasUsed.toString(),
    effective_gas_price: receipt.effectiveGasPrice,
    first_log_index: receipt.firstLogIndex,
    logs: receipt.logs.map((log) => ({ address: formatHexAddress(log.address), topics: log.topics.map(hexBytes), data: hexBytes(log.data) })),
    bloom: hexBytes(receipt.bloom),
  };
}

// The node's answer is a decimal string by contract; anything else is its bug, said plainly.
function decimalArg(field: string, text: string): bigint {
  if (!/^[0-9]+$/.test(text)) throw new Error(`the node answered a ${field} that is not a decimal integer: "${text}"`);
  return BigInt(text);
}
