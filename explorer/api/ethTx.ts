// The fields of a raw signed Ethereum tx (legacy, EIP-2930, EIP-1559, EIP-7702), read from its RLP
// for the tx page: the receipt says what happened, these say what was asked (value, nonce, input).
import { RLP } from "@ethereumjs/rlp";
import { bytesToHex } from "../format.js";

export interface EthTxFields {
  type: number;
  chainId: bigint | undefined;
  nonce: bigint;
  gasLimit: bigint;
  /** Legacy and EIP-2930 txs. */
  gasPrice: bigint | undefined;
  maxFeePerGas: bigint | undefined;
  maxPriorityFeePerGas: bigint | undefined;
  /** 0x address, or undefined for a contract creation. */
  to: string | undefined;
  /** aunit (wei): 18 decimals. */
  value: bigint;
  /** The call data or init code, 0x hex. */
  input: string;
}

const uint = (field: unknown): bigint => {
  const bytes = field as Uint8Array;
  return bytes.length === 0 ? 0n : BigInt(`0x${bytesToHex(bytes)}`);
};
const address = (field: unknown): string | undefined => ((field as Uint8Array).length === 0 ? undefined : `0x${bytesToHex(field as Uint8Array)}`);

/** Throws when the bytes are not a signed Ethereum tx of a known type. */
export function decodeEthTx(raw: Uint8Array): EthTxFields {
  const first = raw[0] ?? 0;
  if (first >= 0xc0) {
    const [nonce, gasPrice, gasLimit, to, value, data, v] = RLP.decode(raw) as Uint8Array[];
    const recovery = uint(v);
    return {
      type: 0,
      chainId: recovery >= 35n ? (recovery - 35n) / 2n : undefined,
      nonce: uint(nonce),
      gasLimit: uint(gasLimit),
      gasPrice: uint(gasPrice),
      maxFeePerGas: undefined,
      maxPriorityFeePerGas: undefined,
      to: address(to),
      value: uint(value),
      input: `0x${bytesToHex(data!)}`,
    };
  }
  const fields = RLP.decode(raw.subarray(1)) as Uint8Array[];
  if (first === 0x01) {
    const [chainId, nonce, gasPrice, gasLimit, to, value, data] = fields;
    return {
      type: 1,
      chainId: uint(chainId),
      nonce: uint(nonce),
      gasLimit: uint(gasLimit),
      gasPrice: uint(gasPrice),
      maxFeePerGas: undefined,
      maxPriorityFeePerGas: undefined,
      to: address(to),
      value: uint(value),
      input: `0x${bytesToHex(data!)}`,
    };
  }
  if (first === 0x02 || first === 0x04) {
    const [chainId, nonce, maxPriority, maxFee, gasLimit, to, value, data] = fields;
    return {
      type: first,
      chainId: uint(chainId),
      nonce: uint(nonce),
      gasLimit: uint(gasLimit),
      gasPrice: undefined,
      maxFeePerGas: uint(maxFee),
      maxPriorityFeePerGas: uint(maxPriority),
      to: address(to),
      value: uint(value),
      input: `0x${bytesToHex(data!)}`,
    };
  }
  throw new Error(`not an Ethereum tx type this explorer reads (first byte 0x${first.toString(16)})`);
}
