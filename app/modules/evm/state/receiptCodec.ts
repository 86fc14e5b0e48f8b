// The stored forms of a Receipt and a TxLocation (proto/chain/evm/evm.proto), written by hand:
// every Ethereum tx stores both, and protobuf-es's reflective toBinary (with the create() before
// it) was a twentieth of an ERC-20 transfer's FinalizeBlock. The bytes are protobuf-es's own,
// which receiptCodec.test.ts checks on random receipts: fields in number order, proto3 defaults
// (0, empty bytes, "") left out, each repeated element written, varints as protobuf writes them.
// Reading stays with protobuf-es (receipts.ts), which any encoding of these fields decodes.
import { bytesSize, lenSize, ProtoWriter, uintSize } from "../../../../common/protoWriter.js";

/** A log as the VM reports it: address, topics, data. */
export interface ReceiptLogFields {
  address: Uint8Array;
  topics: readonly Uint8Array[];
  data: Uint8Array;
}

/** Every field of chain.evm.Receipt. */
export interface ReceiptFields {
  txHash: Uint8Array;
  status: number;
  cumulativeGasUsed: bigint;
  gasUsed: bigint;
  logs: readonly ReceiptLogFields[];
  bloom: Uint8Array;
  contractAddress: Uint8Array;
  effectiveGasPrice: string;
  blockHeight: bigint;
  txIndex: number;
  from: Uint8Array;
  to: Uint8Array;
  txType: number;
  firstLogIndex: number;
}

function logSize(log: ReceiptLogFields): number {
  let size = bytesSize(1, log.address) + bytesSize(3, log.data);
  for (const topic of log.topics) size += lenSize(2, topic.length);
  return size;
}

export function encodeReceipt(r: ReceiptFields): Uint8Array {
  const gasPrice = Buffer.from(r.effectiveGasPrice, "utf8");
  const logSizes = r.logs.map(logSize);
  const size =
    bytesSize(1, r.txHash) +
    uintSize(2, r.status) +
    uintSize(3, r.cumulativeGasUsed) +
    uintSize(4, r.gasUsed) +
    logSizes.reduce((sum, n) => sum + lenSize(5, n), 0) +
    bytesSize(6, r.bloom) +
    bytesSize(7, r.contractAddress) +
    bytesSize(8, gasPrice) +
    uintSize(9, r.blockHeight) +
    uintSize(10, r.txIndex) +
    bytesSize(11, r.from) +
    bytesSize(12, r.to) +
    uintSize(13, r.txType) +
    uintSize(14, r.firstLogIndex);
  const w = new ProtoWriter(size);
  w.bytes(1, r.txHash);
  w.uint(2, r.status);
  w.uint(3, r.cumulativeGasUsed);
  w.uint(4, r.gasUsed);
  r.logs.forEach((log, i) => {
    w.header(5, logSizes[i]!);
    w.bytes(1, log.address);
    for (const topic of log.topics) w.bytes(2, topic, true);
    w.bytes(3, log.data);
  });
  w.bytes(6, r.bloom);
  w.bytes(7, r.contractAddress);
  w.bytes(8, gasPrice);
  w.uint(9, r.blockHeight);
  w.uint(10, r.txIndex);
  w.bytes(11, r.from);
  w.bytes(12, r.to);
  w.uint(13, r.txType);
  w.uint(14, r.firstLogIndex);
  return w.done();
}

export function encodeTxLocation(height: bigint, index: number): Uint8Array {
  const w = new ProtoWriter(uintSize(1, height) + uintSize(2, index));
  w.uint(1, height);
  w.uint(2, index);
  return w.done();
}
