// eth_call / eth_estimateGas arguments (chain.evm.CallArgs), checked and turned into the unsigned tx
// runTx executes as `from`. The price decides the tx type and whether gas is paid at all, as in
// geth: no price (or all zero) runs at gas price 0 in a block whose base fee reads 0, so nobody
// pays for gas (value still needs the balance); gas_price makes a legacy (or, with an access list,
// EIP-2930) tx; max_fee_per_gas / max_priority_fee_per_gas an EIP-1559 one.
import type { Common } from "@ethereumjs/common";
import { createAccessList2930Tx, createFeeMarket1559Tx, createLegacyTx, type AccessListBytes, type TypedTransaction } from "@ethereumjs/tx";
import { Address } from "@ethereumjs/util";
import type { CallArgs } from "../../../../gen/chain/evm/query_pb.js";
import { invalidArgument } from "../../../../common/grpc/queryError.js";
import { MAX_ETH_TX_BYTES } from "../../../../common/ethereum/ethTx.js";
import { amountArg, fixedBytesArg } from "./queryArgs.js";

/** What the call pays per gas. */
export type CallPrice = { kind: "none" } | { kind: "legacy"; gasPrice: bigint } | { kind: "eip1559"; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export interface ParsedCall {
  from: Address;
  /** Undefined: a contract creation. */
  to: Address | undefined;
  value: bigint;
  data: Uint8Array;
  accessList: AccessListBytes;
  /** The gas limit asked for; 0 = not given. */
  gas: bigint;
  price: CallPrice;
  /** The nonce to run with; undefined = the sender's current one. */
  nonce: bigint | undefined;
  /** Bytes of the data and access list (20 per address, 32 per key): what bounds the call as a tx. */
  bytes: number;
}

export function parseCallArgs(args: CallArgs | undefined): ParsedCall {
  if (!args) throw invalidArgument("args are missing");
  const from = new Address(args.from.length === 0 ? new Uint8Array(20) : fixedBytesArg(args.from, 20, "args.from"));
  const to = args.to.length === 0 ? undefined : new Address(fixedBytesArg(args.to, 20, "args.to"));
  const accessList: AccessListBytes = args.accessList.map((t, i) => [
    fixedBytesArg(t.address, 20, `args.access_list[${i}].address`),
    t.storageKeys.map((k, j) => fixedBytesArg(k, 32, `args.access_list[${i}].storage_keys[${j}]`)),
  ]);
  // A call is a tx that is not signed: it is bounded as a tx is.
  const size = args.data.length + args.accessList.reduce((n, t) => n + 20 + 32 * t.storageKeys.length, 0);
  if (size > MAX_ETH_TX_BYTES) throw invalidArgument(`args.data and access_list take ${size} bytes, more than the tx size limit of ${MAX_ETH_TX_BYTES}`);
  return {
    from,
    to,
    value: amountArg(args.value, "args.value") ?? 0n,
    data: args.data,
    accessList,
    gas: args.gas,
    price: priceArg(args),
    nonce: args.nonce,
    bytes: size,
  };
}

function priceArg(args: CallArgs): CallPrice {
  const gasPrice = amountArg(args.gasPrice, "args.gas_price");
  const maxFee = amountArg(args.maxFeePerGas, "args.max_fee_per_gas");
  const maxTip = amountArg(args.maxPriorityFeePerGas, "args.max_priority_fee_per_gas");
  if (gasPrice !== undefined && (maxFee !== undefined || maxTip !== undefined))
    throw invalidArgument("both gas_price and (max_fee_per_gas or max_priority_fee_per_gas) specified");
  if (gasPrice !== undefined) return gasPrice === 0n ? { kind: "none" } : { kind: "legacy", gasPrice };
  if (maxFee === undefined && maxTip === undefined) return { kind: "none" };
  const maxFeePerGas = maxFee ?? 0n;
  const maxPriorityFeePerGas = maxTip ?? 0n;
  if (maxPriorityFeePerGas > maxFeePerGas)
    throw invalidArgument(`max priority fee per gas higher than max fee per gas: maxPriorityFeePerGas: ${maxPriorityFeePerGas}, maxFeePerGas: ${maxFeePerGas}`);
  return maxFeePerGas === 0n ? { kind: "none" } : { kind: "eip1559", maxFeePerGas, maxPriorityFeePerGas };
}

/** The most the call may pay per gas: what it must hold per unit of gas limit. */
export function feeCapOf(price: CallPrice): bigint {
  return price.kind === "legacy" ? price.gasPrice : price.kind === "eip1559" ? price.maxFeePerGas : 0n;
}

/** The unsigned tx runTx executes, reporting `call.from` as its sender. */
export function callTx(call: ParsedCall, gasLimit: bigint, nonce: bigint, common: Common): TypedTransaction {
  const fields = { nonce, gasLimit, to: call.to, value: call.value, data: call.data };
  const opts = { common, freeze: false };
  let tx: TypedTransaction;
  try {
    if (call.price.kind === "eip1559") tx = createFeeMarket1559Tx({ ...fields, ...call.price, accessList: call.accessList }, opts);
    else {
      const gasPrice = call.price.kind === "legacy" ? call.price.gasPrice : 0n;
      tx =
        call.accessList.length > 0
          ? createAccessList2930Tx({ ...fields, gasPrice, accessList: call.accessList }, opts)
          : createLegacyTx({ ...fields, gasPrice }, opts);
    }
  } catch (err) {
    throw invalidArgument(`invalid call: ${(err as Error).message}`);
  }
  // An unsigned tx has no sender to recover: the call runs as whoever it says it is.
  (tx as { getSenderAddress: () => Address }).getSenderAddress = () => call.from;
  return tx;
}
