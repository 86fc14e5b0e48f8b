// What a typed tx's signature signs (EIP-2718: type || rlp(its fields but yParity, r and s)), cut
// out of the raw tx: the library would serialise the decoded fields again for it (numbers back to
// bytes, the RLP rebuilt), a tenth of CheckTx for a token transfer. For a tx the library decoded,
// the cut is the same bytes: its RLP decoder refuses non-canonical lengths and it refuses leading
// zeros in every integer field but the chain id, so each field re-encodes as it arrived. A chain
// id with leading zeros does not (ethTx.ts's hasCanonicalChainId); its callers keep the library's
// way for such a tx.

/**
 * The signing payload of a typed tx's raw bytes (first byte below 0xc0), or undefined when they
 * are not a type byte and one RLP list of at least three items filling the rest exactly.
 */
export function typedSigningPayload(raw: Uint8Array): Uint8Array | undefined {
  if (raw.length < 2 || raw[0]! >= 0xc0) return undefined;
  const list = rlpItem(raw, 1);
  if (list === undefined || !list.isList || list.end !== raw.length) return undefined;
  // Where each item starts: the payload ends where the third from last (yParity) begins.
  const starts: number[] = [];
  for (let at = list.start; at < list.end;) {
    const field = rlpItem(raw, at);
    if (field === undefined || field.end > list.end) return undefined;
    starts.push(at);
    at = field.end;
  }
  if (starts.length < 3) return undefined;
  const fields = raw.subarray(list.start, starts[starts.length - 3]);
  const header = listHeader(fields.length);
  const out = new Uint8Array(1 + header.length + fields.length);
  out[0] = raw[0]!;
  out.set(header, 1);
  out.set(fields, 1 + header.length);
  return out;
}

/** The RLP item at `at`: where its contents start and where it ends; undefined past the input. */
export function rlpItem(raw: Uint8Array, at: number): { isList: boolean; start: number; end: number } | undefined {
  const b = raw[at];
  if (b === undefined) return undefined;
  if (b < 0x80) return { isList: false, start: at, end: at + 1 };
  const isList = b >= 0xc0;
  const short = isList ? b - 0xc0 : b - 0x80;
  if (short <= 55) return within(raw, { isList, start: at + 1, end: at + 1 + short });
  const lengthBytes = short - 55;
  if (at + 1 + lengthBytes > raw.length || lengthBytes > 4) return undefined;
  let length = 0;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + raw[at + 1 + i]!;
  const start = at + 1 + lengthBytes;
  return within(raw, { isList, start, end: start + length });
}

function within<T extends { end: number }>(raw: Uint8Array, span: T): T | undefined {
  return span.end <= raw.length ? span : undefined;
}

/** RLP's header of a list whose items take `length` bytes. */
function listHeader(length: number): Uint8Array {
  if (length <= 55) return Uint8Array.of(0xc0 + length);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return Uint8Array.of(0xf7 + bytes.length, ...bytes);
}
