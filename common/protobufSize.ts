// Sizes of protobuf encodings, for budgets counted in encoded bytes (CometBFT's max_tx_bytes
// counts each tx as a field of a repeated-bytes message).

/** Bytes of `n` as an unsigned varint. */
export function uvarintSize(n: number): number {
  let size = 1;
  for (let v = n; v >= 0x80; v = Math.floor(v / 128)) size++;
  return size;
}

/** Size of a bytes field (tag 1 byte + uvarint length + payload) inside a repeated-bytes message. */
export function protoBytesFieldSize(length: number): number {
  return 1 + uvarintSize(length) + length;
}
