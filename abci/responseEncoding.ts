// Hand-written protobuf encoders for the two ABCI responses on every tx's path: FinalizeBlock,
// whose size grows with the block (every tx result carries a dozen events), and CheckTx, sent once
// per tx and recheck. Encoding them through protobuf-es reflection took about a third of the app's
// CPU per tx in the bank-send benchmark (FinalizeBlock) and ~18 µs per CheckTx; these write the
// same bytes directly from the result object. `responseEncoding.test.ts` checks they are
// byte-for-byte equal to protobuf-es on random results.
//
// Two passes over the result: the first measures every string and submessage (a submessage's
// length prefix comes before its body), the second writes into one buffer of the exact size. No
// per-submessage buffers are built and copied up the nesting, strings are written straight into
// the output instead of through an encoded copy, and the lengths go into one typed table kept
// between calls (a closure per submessage and a growing array of lengths made the FinalizeBlock
// response cost twice as much: 23 against 13 µs per bank send in `bank-send --only app`).
import { create, toBinary } from "@bufbuild/protobuf";
import { ConsensusParamsSchema } from "../gen/tendermint/types/params_pb.js";
import { ValidatorUpdateSchema } from "../gen/tendermint/abci/types_pb.js";
import type { CheckTxResult, FinalizeBlockResult } from "./application.js";

type Init = NonNullable<FinalizeBlockResult["txResults"]>[number];
type EventInit = NonNullable<FinalizeBlockResult["events"]>[number];

/** `tendermint.abci.Response` field 21 (finalize_block), length-delimited. */
const RESPONSE_FINALIZE_BLOCK = 21;
/** `tendermint.abci.Response` field 9 (check_tx), length-delimited. */
const RESPONSE_CHECK_TX = 9;
/** Below this many bytes an ASCII string is copied in a loop; longer ones go through Buffer.write. */
const SHORT_ASCII = 48;

function uintLength(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/** An int64/uint64 as protobuf writes it: two's complement in 64 bits, so negatives take 10 bytes. */
function int64Bits(value: number | bigint): bigint {
  return BigInt.asUintN(64, BigInt(value));
}

function varintLength(value: number | bigint): number {
  if (typeof value === "number" && value >= 0 && value < 0x80000000) return uintLength(value);
  let v = int64Bits(value);
  let n = 1;
  while (v >= 0x80n) {
    v >>= 7n;
    n++;
  }
  return n;
}

const isZero = (value: number | bigint | undefined) => value === undefined || value === 0 || value === 0n;

/** The length table's starting size; it doubles when a response needs more. */
const INITIAL_LENGTHS = 4096;
/** A grown table is kept for the next response up to this many entries (4 MiB, a block of ~12,000 bank sends). */
const KEPT_LENGTHS = 1 << 20;
let scratchLengths = new Int32Array(INITIAL_LENGTHS);

/**
 * Pass one: the size of every field, recording in `lengths` (in the order pass two meets them)
 * the byte length of each string and each submessage body, and in `blobs` the few submessages
 * that are encoded generically. A submessage takes a slot (`open`) before its contents and is
 * closed with its body's size (`close`): its length prefix comes before its body.
 */
class Sizes {
  lengths = scratchLengths;
  private count = 0;
  readonly blobs: Uint8Array[] = [];

  private push(n: number): void {
    if (this.count === this.lengths.length) {
      const grown = new Int32Array(this.lengths.length * 2);
      grown.set(this.lengths);
      this.lengths = grown;
      if (grown.length <= KEPT_LENGTHS) scratchLengths = grown;
    }
    this.lengths[this.count++] = n;
  }

  string(field: number, value: string | undefined): number {
    if (!value) return 0;
    const n = Buffer.byteLength(value, "utf8");
    this.push(n);
    return uintLength(field << 3) + uintLength(n) + n;
  }

  bytes(field: number, value: Uint8Array | undefined): number {
    if (!value || value.length === 0) return 0;
    return uintLength(field << 3) + uintLength(value.length) + value.length;
  }

  varint(field: number, value: number | bigint | undefined): number {
    return isZero(value) ? 0 : uintLength(field << 3) + varintLength(value!);
  }

  bool(field: number, value: boolean | undefined): number {
    return value ? uintLength(field << 3) + 1 : 0;
  }

  /** A submessage's slot, taken before its contents are measured. */
  open(): number {
    this.push(0);
    return this.count - 1;
  }

  /** Records the body size `n` of the submessage in `slot` (present even when empty) and returns the field's size. */
  close(field: number, slot: number, n: number): number {
    this.lengths[slot] = n;
    return uintLength(field << 3) + uintLength(n) + n;
  }

  blob(field: number, bytes: Uint8Array): number {
    this.blobs.push(bytes);
    return uintLength(field << 3) + uintLength(bytes.length) + bytes.length;
  }
}

/** Pass two: writes the fields in the same order, taking lengths from pass one. */
class Output {
  private pos = 0;
  private nextLength = 0;
  private nextBlob = 0;

  constructor(
    readonly buf: Buffer,
    private readonly sizes: Sizes,
  ) {}

  private uint(value: number): void {
    const buf = this.buf;
    while (value >= 0x80) {
      buf[this.pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    buf[this.pos++] = value;
  }

  private int64(value: number | bigint): void {
    if (typeof value === "number" && value >= 0 && value < 0x80000000) return this.uint(value);
    let v = int64Bits(value);
    while (v >= 0x80n) {
      this.buf[this.pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.pos++] = Number(v);
  }

  private raw(bytes: Uint8Array): void {
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  string(field: number, value: string | undefined): void {
    if (!value) return;
    const n = this.sizes.lengths[this.nextLength++]!;
    this.uint((field << 3) | 2);
    this.uint(n);
    if (n === value.length && n < SHORT_ASCII) {
      // Byte length equal to UTF-16 length means every character is ASCII.
      const buf = this.buf;
      for (let i = 0; i < n; i++) buf[this.pos + i] = value.charCodeAt(i);
    } else {
      this.buf.write(value, this.pos, n, "utf8");
    }
    this.pos += n;
  }

  bytes(field: number, value: Uint8Array | undefined): void {
    if (!value || value.length === 0) return;
    this.uint((field << 3) | 2);
    this.uint(value.length);
    this.raw(value);
  }

  varint(field: number, value: number | bigint | undefined): void {
    if (isZero(value)) return;
    this.uint(field << 3);
    this.int64(value!);
  }

  bool(field: number, value: boolean | undefined): void {
    if (!value) return;
    this.uint(field << 3);
    this.uint(1);
  }

  /** A submessage's tag and length; its fields are written next. */
  open(field: number): void {
    this.uint((field << 3) | 2);
    this.uint(this.sizes.lengths[this.nextLength++]!);
  }

  blob(field: number): void {
    const bytes = this.sizes.blobs[this.nextBlob++]!;
    this.uint((field << 3) | 2);
    this.uint(bytes.length);
    this.raw(bytes);
  }

  finish(): Buffer {
    if (this.pos !== this.buf.length) throw new Error(`response encoding wrote ${this.pos} of ${this.buf.length} bytes`);
    return this.buf;
  }
}

function sizeEvent(s: Sizes, e: EventInit): number {
  let n = s.string(1, e.type);
  for (const a of e.attributes ?? []) {
    const slot = s.open();
    n += s.close(2, slot, s.string(1, a.key) + s.string(2, a.value) + s.bool(3, a.index));
  }
  return n;
}

function writeEvent(o: Output, e: EventInit): void {
  o.string(1, e.type);
  for (const a of e.attributes ?? []) {
    o.open(2);
    o.string(1, a.key);
    o.string(2, a.value);
    o.bool(3, a.index);
  }
}

// ExecTxResult and ResponseCheckTx number their fields alike (code 1 ... codespace 8; CheckTx's
// 9-11 are reserved since CometBFT v0.38), so one pair of functions encodes both.
function sizeTxResult(s: Sizes, r: Init | CheckTxResult): number {
  let n = s.varint(1, r.code) + s.bytes(2, r.data) + s.string(3, r.log) + s.string(4, r.info) + s.varint(5, r.gasWanted) + s.varint(6, r.gasUsed);
  for (const e of r.events ?? []) {
    const slot = s.open();
    n += s.close(7, slot, sizeEvent(s, e));
  }
  return n + s.string(8, r.codespace);
}

function writeTxResult(o: Output, r: Init | CheckTxResult): void {
  o.varint(1, r.code);
  o.bytes(2, r.data);
  o.string(3, r.log);
  o.string(4, r.info);
  o.varint(5, r.gasWanted);
  o.varint(6, r.gasUsed);
  for (const e of r.events ?? []) {
    o.open(7);
    writeEvent(o, e);
  }
  o.string(8, r.codespace);
}

function sizeFinalizeBlock(s: Sizes, result: FinalizeBlockResult): number {
  let n = 0;
  for (const e of result.events ?? []) {
    const slot = s.open();
    n += s.close(1, slot, sizeEvent(s, e));
  }
  for (const r of result.txResults ?? []) {
    const slot = s.open();
    n += s.close(2, slot, sizeTxResult(s, r));
  }
  // Rare and small: the generic encoder is fine for these.
  for (const v of result.validatorUpdates ?? []) n += s.blob(3, toBinary(ValidatorUpdateSchema, create(ValidatorUpdateSchema, v)));
  if (result.consensusParamUpdates) n += s.blob(4, toBinary(ConsensusParamsSchema, create(ConsensusParamsSchema, result.consensusParamUpdates)));
  return n + s.bytes(5, result.appHash);
}

function writeFinalizeBlock(o: Output, result: FinalizeBlockResult): void {
  for (const e of result.events ?? []) {
    o.open(1);
    writeEvent(o, e);
  }
  for (const r of result.txResults ?? []) {
    o.open(2);
    writeTxResult(o, r);
  }
  for (const _ of result.validatorUpdates ?? []) o.blob(3);
  if (result.consensusParamUpdates) o.blob(4);
  o.bytes(5, result.appHash);
}

/** A `tendermint.abci.Response` whose oneof case `field` holds `result`, measured by `size` and written by `write`. */
function encodeResponse<T>(field: number, result: T, size: (s: Sizes, r: T) => number, write: (o: Output, r: T) => void): Uint8Array {
  const sizes = new Sizes();
  const slot = sizes.open();
  const total = sizes.close(field, slot, size(sizes, result));
  const out = new Output(Buffer.allocUnsafe(total), sizes);
  out.open(field);
  write(out, result);
  return out.finish();
}

/** The complete `tendermint.abci.Response{finalize_block}` bytes for `result`. */
export function encodeFinalizeBlockResponse(result: FinalizeBlockResult): Uint8Array {
  return encodeResponse(RESPONSE_FINALIZE_BLOCK, result, sizeFinalizeBlock, writeFinalizeBlock);
}

/** The complete `tendermint.abci.Response{check_tx}` bytes for `result`. */
export function encodeCheckTxResponse(result: CheckTxResult): Uint8Array {
  return encodeResponse(RESPONSE_CHECK_TX, result, sizeTxResult, writeTxResult);
}
