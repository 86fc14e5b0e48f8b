// HPACK (RFC 7541): the header compression of HTTP/2. The decoder reads what a server sends,
// whatever representation it picks (indexed, literal with or without indexing, Huffman-coded or
// not, table size updates) and keeps the dynamic table; every length and index is checked against
// the bytes there are and the limits set, so a bad block is an HpackError, never a crash. The
// encoder writes only literals without indexing and without Huffman coding: it keeps no table the
// server must mirror, and a client's few request headers gain little from compression.
import { huffmanDecode, HuffmanError } from "./huffman.js";

export class HpackError extends Error {}

/** The static table (RFC 7541, Appendix A); entry i is index i + 1. */
const STATIC_TABLE: ReadonlyArray<readonly [string, string]> = [
  [":authority", ""],
  [":method", "GET"],
  [":method", "POST"],
  [":path", "/"],
  [":path", "/index.html"],
  [":scheme", "http"],
  [":scheme", "https"],
  [":status", "200"],
  [":status", "204"],
  [":status", "206"],
  [":status", "304"],
  [":status", "400"],
  [":status", "404"],
  [":status", "500"],
  ["accept-charset", ""],
  ["accept-encoding", "gzip, deflate"],
  ["accept-language", ""],
  ["accept-ranges", ""],
  ["accept", ""],
  ["access-control-allow-origin", ""],
  ["age", ""],
  ["allow", ""],
  ["authorization", ""],
  ["cache-control", ""],
  ["content-disposition", ""],
  ["content-encoding", ""],
  ["content-language", ""],
  ["content-length", ""],
  ["content-location", ""],
  ["content-range", ""],
  ["content-type", ""],
  ["cookie", ""],
  ["date", ""],
  ["etag", ""],
  ["expect", ""],
  ["expires", ""],
  ["from", ""],
  ["host", ""],
  ["if-match", ""],
  ["if-modified-since", ""],
  ["if-none-match", ""],
  ["if-range", ""],
  ["if-unmodified-since", ""],
  ["last-modified", ""],
  ["link", ""],
  ["location", ""],
  ["max-forwards", ""],
  ["proxy-authenticate", ""],
  ["proxy-authorization", ""],
  ["range", ""],
  ["referer", ""],
  ["refresh", ""],
  ["retry-after", ""],
  ["server", ""],
  ["set-cookie", ""],
  ["strict-transport-security", ""],
  ["transfer-encoding", ""],
  ["user-agent", ""],
  ["vary", ""],
  ["via", ""],
  ["www-authenticate", ""],
];

/** An entry's size for the table's budget: its octets plus 32 (RFC 7541, 4.1). */
const entrySize = (name: string, value: string) => name.length + value.length + 32;

/** Decoded header fields: lower-case names, a name sent more than once keeps every value. */
export type HeaderFields = Record<string, string | string[]>;

export class HpackDecoder {
  /** Newest first, as HPACK numbers it. */
  private readonly dynamic: Array<[string, string]> = [];
  private dynamicSize = 0;
  private tableLimit: number;

  constructor(
    /** The table size this side announced (SETTINGS_HEADER_TABLE_SIZE): the encoder may not go past it. */
    private readonly maxTableSize = 4096,
    /** The most a decoded list may add up to (names, values and 32 per field), SETTINGS_MAX_HEADER_LIST_SIZE. */
    private readonly maxListSize = 64 * 1024,
  ) {
    this.tableLimit = maxTableSize;
  }

  /** Decodes one complete header block (HEADERS and its CONTINUATIONs, joined). */
  decode(block: Uint8Array): HeaderFields {
    // No prototype: a field named "__proto__" or "constructor" is a field like any other.
    const fields: HeaderFields = Object.create(null) as HeaderFields;
    let listSize = 0;
    const cursor = { at: 0 };
    let fieldSeen = false;
    try {
      while (cursor.at < block.length) {
        const first = block[cursor.at]!;
        let name: string;
        let value: string;
        if (first & 0x80) {
          [name, value] = this.entry(readInteger(block, cursor, 7));
        } else if ((first & 0xe0) === 0x20) {
          // A table size update may only open a block.
          if (fieldSeen) throw new HpackError("a dynamic table size update after a header field");
          const size = readInteger(block, cursor, 5);
          if (size > this.maxTableSize) throw new HpackError(`a dynamic table size of ${size} past the ${this.maxTableSize} allowed`);
          this.tableLimit = size;
          this.evict(0);
          continue;
        } else {
          const indexing = (first & 0xc0) === 0x40;
          const nameIndex = readInteger(block, cursor, indexing ? 6 : 4);
          name = nameIndex === 0 ? readString(block, cursor) : this.entry(nameIndex)[0];
          value = readString(block, cursor);
          if (indexing) this.insert(name, value);
        }
        fieldSeen = true;
        listSize += entrySize(name, value);
        if (listSize > this.maxListSize) throw new HpackError(`a header list larger than ${this.maxListSize} octets`);
        const earlier = fields[name];
        fields[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
      }
    } catch (err) {
      if (err instanceof HuffmanError) throw new HpackError(err.message);
      throw err;
    }
    return fields;
  }

  private entry(index: number): readonly [string, string] {
    if (index === 0) throw new HpackError("header index 0");
    if (index <= STATIC_TABLE.length) return STATIC_TABLE[index - 1]!;
    const entry = this.dynamic[index - STATIC_TABLE.length - 1];
    if (!entry) throw new HpackError(`header index ${index} is past the table (${STATIC_TABLE.length + this.dynamic.length} entries)`);
    return entry;
  }

  private insert(name: string, value: string): void {
    const size = entrySize(name, value);
    this.evict(size);
    // An entry larger than the whole table empties it and is not kept (RFC 7541, 4.4).
    if (size > this.tableLimit) return;
    this.dynamic.unshift([name, value]);
    this.dynamicSize += size;
  }

  /** Drops the oldest entries until `room` more octets fit. */
  private evict(room: number): void {
    while (this.dynamic.length > 0 && this.dynamicSize + room > this.tableLimit) {
      const [name, value] = this.dynamic.pop()!;
      this.dynamicSize -= entrySize(name, value);
    }
  }
}

/** An HPACK integer with an n-bit prefix (RFC 7541, 5.1); at most 2^28, far past any real size. */
function readInteger(block: Uint8Array, cursor: { at: number }, prefixBits: number): number {
  if (cursor.at >= block.length) throw new HpackError("a header block ends inside an integer");
  const max = (1 << prefixBits) - 1;
  let value = block[cursor.at++]! & max;
  if (value < max) return value;
  for (let shift = 0; ; shift += 7) {
    if (cursor.at >= block.length) throw new HpackError("a header block ends inside an integer");
    if (shift > 21) throw new HpackError("an integer too large for a header block");
    const byte = block[cursor.at++]!;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return value;
  }
}

/** A string literal (RFC 7541, 5.2), as latin1: one char per octet. */
function readString(block: Uint8Array, cursor: { at: number }): string {
  if (cursor.at >= block.length) throw new HpackError("a header block ends before a string");
  const huffman = (block[cursor.at]! & 0x80) !== 0;
  const length = readInteger(block, cursor, 7);
  const end = cursor.at + length;
  if (end > block.length) throw new HpackError(`a string of ${length} octets runs past the header block`);
  const text = huffman ? huffmanDecode(block, cursor.at, end) : Buffer.from(block.buffer, block.byteOffset + cursor.at, length).toString("latin1");
  cursor.at = end;
  return text;
}

/**
 * Encodes header fields as literals without indexing, names and values as given (latin1 octets;
 * callers pass lower-case names). A name in the static table is sent as its index.
 */
export function encodeHeaders(fields: ReadonlyArray<readonly [string, string]>): Buffer {
  const parts: number[] = [];
  for (const [name, value] of fields) {
    const nameIndex = STATIC_NAME_INDEX.get(name) ?? 0;
    writeInteger(parts, 0x00, 4, nameIndex);
    if (nameIndex === 0) writeString(parts, name);
    writeString(parts, value);
  }
  return Buffer.from(parts);
}

const STATIC_NAME_INDEX = new Map<string, number>();
STATIC_TABLE.forEach(([name], i) => {
  if (!STATIC_NAME_INDEX.has(name)) STATIC_NAME_INDEX.set(name, i + 1);
});

function writeInteger(out: number[], flags: number, prefixBits: number, value: number): void {
  const max = (1 << prefixBits) - 1;
  if (value < max) {
    out.push(flags | value);
    return;
  }
  out.push(flags | max);
  let rest = value - max;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

function writeString(out: number[], text: string): void {
  writeInteger(out, 0x00, 7, text.length);
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i) & 0xff);
}
