// A hand-written protobuf encoder for the FinalizeBlock response, the one ABCI message whose size
// grows with the block: every tx result carries a dozen events. Encoding it through protobuf-es
// reflection took about a third of the app's CPU per tx in the bank-send benchmark; this writes
// the same bytes directly from the result object. `finalizeBlockEncoding.test.ts` checks it is
// byte-for-byte equal to protobuf-es on random results.
import { create, toBinary } from "@bufbuild/protobuf";
import { ConsensusParamsSchema } from "../gen/tendermint/types/params_pb.js";
import { ValidatorUpdateSchema } from "../gen/tendermint/abci/types_pb.js";
import type { FinalizeBlockResult } from "./application.js";

type Init = NonNullable<FinalizeBlockResult["txResults"]>[number];
type EventInit = NonNullable<FinalizeBlockResult["events"]>[number];

const utf8 = new TextEncoder();

/** Growable byte buffer with protobuf primitives. */
class Writer {
  private buf = new Uint8Array(256);
  length = 0;

  private ensure(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    this.ensure(10);
    while (v >= 0x80n) {
      this.buf[this.length++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.length++] = Number(v);
  }

  /** A small non-negative integer (tags, lengths) without BigInt. */
  uint(value: number): void {
    this.ensure(5);
    while (value >= 0x80) {
      this.buf[this.length++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.buf[this.length++] = value;
  }

  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  bytesField(field: number, bytes: Uint8Array | undefined): void {
    if (!bytes || bytes.length === 0) return;
    this.uint((field << 3) | 2);
    this.uint(bytes.length);
    this.raw(bytes);
  }

  stringField(field: number, value: string | undefined): void {
    if (value) this.bytesField(field, utf8.encode(value));
  }

  varintField(field: number, value: number | bigint | undefined): void {
    if (value === undefined || value === 0 || value === 0n) return;
    this.uint(field << 3);
    this.varint(value);
  }

  boolField(field: number, value: boolean | undefined): void {
    if (!value) return;
    this.uint(field << 3);
    this.uint(1);
  }

  /** A length-delimited field written even when empty (submessages are present when set). */
  bytesFieldAlways(field: number, bytes: Uint8Array): void {
    this.uint((field << 3) | 2);
    this.uint(bytes.length);
    this.raw(bytes);
  }

  /** A length-delimited submessage, written always (an empty message is still present). */
  message(field: number, write: (w: Writer) => void): void {
    const sub = new Writer();
    write(sub);
    this.uint((field << 3) | 2);
    this.uint(sub.length);
    this.raw(sub.finish());
  }

  finish(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

function writeEvent(w: Writer, e: EventInit): void {
  w.stringField(1, e.type);
  for (const a of e.attributes ?? []) {
    w.message(2, (aw) => {
      aw.stringField(1, a.key);
      aw.stringField(2, a.value);
      aw.boolField(3, a.index);
    });
  }
}

function writeTxResult(w: Writer, r: Init): void {
  w.varintField(1, r.code);
  w.bytesField(2, r.data);
  w.stringField(3, r.log);
  w.stringField(4, r.info);
  w.varintField(5, r.gasWanted);
  w.varintField(6, r.gasUsed);
  for (const e of r.events ?? []) w.message(7, (ew) => writeEvent(ew, e));
  w.stringField(8, r.codespace);
}

/** The complete `tendermint.abci.Response{finalize_block}` bytes for `result`. */
export function encodeFinalizeBlockResponse(result: FinalizeBlockResult): Uint8Array {
  const w = new Writer();
  w.message(21, (fw) => {
    for (const e of result.events ?? []) fw.message(1, (ew) => writeEvent(ew, e));
    for (const r of result.txResults ?? []) fw.message(2, (rw) => writeTxResult(rw, r));
    // Rare and small: the generic encoder is fine for these.
    for (const v of result.validatorUpdates ?? []) fw.bytesFieldAlways(3, toBinary(ValidatorUpdateSchema, create(ValidatorUpdateSchema, v)));
    if (result.consensusParamUpdates) fw.bytesFieldAlways(4, toBinary(ConsensusParamsSchema, create(ConsensusParamsSchema, result.consensusParamUpdates)));
    fw.bytesField(5, result.appHash);
  });
  return w.finish();
}
