// CometBFT txs are opaque bytes in two encodings, told apart by the first byte (ARCHITECTURE.md,
// "Transactions"): a Cosmos TxRaw is protobuf whose first field is body_bytes (tag 0x0a); a raw
// Ethereum tx is typed (0x01 EIP-2930, 0x02 EIP-1559, 0x04 EIP-7702; 0x03 is a blob tx, which we
// refuse) or a legacy RLP list (0xc0 and up). Anything else parses as neither.
export type TxEncoding = "cosmos" | "ethereum" | "blob" | "unknown";

export function txEncoding(tx: Uint8Array): TxEncoding {
  const first = tx[0];
  if (first === undefined) return "unknown";
  if (first === 0x0a) return "cosmos";
  if (first === 0x01 || first === 0x02 || first === 0x04 || first >= 0xc0) return "ethereum";
  if (first === 0x03) return "blob";
  return "unknown";
}
