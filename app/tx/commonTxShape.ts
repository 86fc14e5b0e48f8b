// A Cosmos tx in the shape wallets and SDKs write (CosmJS, Keplr, the SDK's own client, ours),
// read by hand: TxRaw, TxBody and AuthInfo with each singular field at most once, ASCII strings,
// varints of at most seven bytes, SIGN_MODE single signers, no tip and no extension options.
// Through protobuf-es reflection these three messages took ~12 µs per bank send on a slow core,
// by hand under 4 (`npm run bench -- hand-codecs`). Anything outside that shape, well-formed or
// not, gives undefined here and is decoded by protobuf-es as before, so the messages returned are
// always the ones fromBinary returns for the same bytes (commonTxShape.test.ts compares them on
// random and mutated txs), and every refusal, with its message, stays protobuf-es's.
import type { Any } from "@bufbuild/protobuf/wkt";
import type { Coin } from "../../gen/cosmos/base/v1beta1/coin_pb.js";
import type { AuthInfo, Fee, ModeInfo, SignerInfo, TxBody, TxRaw } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import type { MsgSend } from "../../gen/cosmos/bank/v1beta1/tx_pb.js";

const VARINT = 0;
const LEN = 2;

/** Thrown inside this file only: the bytes are not in the common shape. */
const UNCOMMON = Symbol("uncommon");

class Reader {
  private pos: number;

  constructor(
    private readonly buf: Uint8Array,
    start = 0,
    private readonly end = buf.length,
  ) {
    this.pos = start;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** A varint of at most seven bytes (below 2^49, exact as a number). */
  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 7 && this.pos < this.end; i++) {
      const byte = this.buf[this.pos++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    throw UNCOMMON;
  }

  /** The next field's number and wire type. */
  field(): { number: number; wireType: number } {
    const tag = this.varint();
    return { number: Math.floor(tag / 8), wireType: tag % 8 };
  }

  /** A length-delimited field's body, as a view into the input (as protobuf-es gives bytes). */
  bytes(): Uint8Array {
    const length = this.varint();
    const start = this.pos;
    if (start + length > this.end) throw UNCOMMON;
    this.pos = start + length;
    return this.buf.subarray(start, start + length);
  }

  /** A length-delimited submessage, read by `read` over its bounds only. */
  message<T>(read: (r: Reader) => T): T {
    const length = this.varint();
    const start = this.pos;
    if (start + length > this.end) throw UNCOMMON;
    this.pos = start + length;
    return read(new Reader(this.buf, start, start + length));
  }

  string(): string {
    const bytes = this.bytes();
    for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) throw UNCOMMON;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  }

  /** A uint64 field's value. */
  uint64(): bigint {
    return BigInt(this.varint());
  }

  /** An open enum's value (int32; negative ones take ten bytes, outside the shape). */
  enumValue(): number {
    const value = this.varint();
    if (value > 0x7fffffff) throw UNCOMMON;
    return value;
  }
}

/**
 * Reads the fields of one message: `on` reads a (field, wire type) and returns false for one
 * outside the shape. A field not in `repeated` may come once: a second occurrence (which protobuf
 * merges or overwrites) is outside the shape too.
 */
function fields(r: Reader, on: (field: number, wireType: number) => boolean, repeated: readonly number[] = []): void {
  let seen = 0;
  while (!r.done) {
    const { number, wireType } = r.field();
    // Field numbers above 30 (the extension options, 1023 and 2047) are outside the shape too.
    if (number < 1 || number > 30) throw UNCOMMON;
    const bit = 1 << number;
    if (seen & bit) throw UNCOMMON;
    if (!repeated.includes(number)) seen |= bit;
    if (!on(number, wireType)) throw UNCOMMON;
  }
}

function expect(wireType: number, wanted: number): void {
  if (wireType !== wanted) throw UNCOMMON;
}

function readAny(r: Reader): Any {
  const any: Any = { $typeName: "google.protobuf.Any", typeUrl: "", value: new Uint8Array(0) };
  fields(r, (field, wireType) => {
    expect(wireType, LEN);
    if (field === 1) any.typeUrl = r.string();
    else if (field === 2) any.value = r.bytes();
    else return false;
    return true;
  });
  return any;
}

function readCoin(r: Reader): Coin {
  const coin: Coin = { $typeName: "cosmos.base.v1beta1.Coin", denom: "", amount: "" };
  fields(r, (field, wireType) => {
    expect(wireType, LEN);
    if (field === 1) coin.denom = r.string();
    else if (field === 2) coin.amount = r.string();
    else return false;
    return true;
  });
  return coin;
}

function readModeInfo(r: Reader): ModeInfo {
  let mode: number | undefined;
  // Only `single` (field 1), holding only its mode (field 1).
  fields(r, (field, wireType) => {
    if (field !== 1) return false;
    expect(wireType, LEN);
    mode = r.message((inner) => {
      let value = 0;
      fields(inner, (f, w) => {
        if (f !== 1) return false;
        expect(w, VARINT);
        value = inner.enumValue();
        return true;
      });
      return value;
    });
    return true;
  });
  if (mode === undefined) throw UNCOMMON;
  return {
    $typeName: "cosmos.tx.v1beta1.ModeInfo",
    sum: { case: "single", value: { $typeName: "cosmos.tx.v1beta1.ModeInfo.Single", mode } },
  };
}

function readSignerInfo(r: Reader): SignerInfo {
  const info: SignerInfo = { $typeName: "cosmos.tx.v1beta1.SignerInfo", sequence: 0n };
  fields(r, (field, wireType) => {
    if (field === 1) {
      expect(wireType, LEN);
      info.publicKey = r.message(readAny);
    } else if (field === 2) {
      expect(wireType, LEN);
      info.modeInfo = r.message(readModeInfo);
    } else if (field === 3) {
      expect(wireType, VARINT);
      info.sequence = r.uint64();
    } else return false;
    return true;
  });
  return info;
}

function readFee(r: Reader): Fee {
  const fee: Fee = { $typeName: "cosmos.tx.v1beta1.Fee", amount: [], gasLimit: 0n, payer: "", granter: "" };
  fields(
    r,
    (field, wireType) => {
      if (field === 1) {
        expect(wireType, LEN);
        fee.amount.push(r.message(readCoin));
      } else if (field === 2) {
        expect(wireType, VARINT);
        fee.gasLimit = r.uint64();
      } else if (field === 3) {
        expect(wireType, LEN);
        fee.payer = r.string();
      } else if (field === 4) {
        expect(wireType, LEN);
        fee.granter = r.string();
      } else return false;
      return true;
    },
    [1],
  );
  return fee;
}

function common<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (err) {
    if (err === UNCOMMON) return undefined;
    throw err;
  }
}

/** TxRaw's three fields; its framing was checked canonical before (canonicalTxRaw.ts). */
export function readCommonTxRaw(bytes: Uint8Array): TxRaw | undefined {
  return common(() => {
    const raw: TxRaw = { $typeName: "cosmos.tx.v1beta1.TxRaw", bodyBytes: new Uint8Array(0), authInfoBytes: new Uint8Array(0), signatures: [] };
    const r = new Reader(bytes);
    fields(
      r,
      (field, wireType) => {
        expect(wireType, LEN);
        if (field === 1) raw.bodyBytes = r.bytes();
        else if (field === 2) raw.authInfoBytes = r.bytes();
        else if (field === 3) raw.signatures.push(r.bytes());
        else return false;
        return true;
      },
      [3],
    );
    return raw;
  });
}

export function readCommonTxBody(bytes: Uint8Array): TxBody | undefined {
  return common(() => {
    const body: TxBody = {
      $typeName: "cosmos.tx.v1beta1.TxBody",
      messages: [],
      memo: "",
      timeoutHeight: 0n,
      extensionOptions: [],
      nonCriticalExtensionOptions: [],
    };
    const r = new Reader(bytes);
    fields(
      r,
      (field, wireType) => {
        if (field === 1) {
          expect(wireType, LEN);
          body.messages.push(r.message(readAny));
        } else if (field === 2) {
          expect(wireType, LEN);
          body.memo = r.string();
        } else if (field === 3) {
          expect(wireType, VARINT);
          body.timeoutHeight = r.uint64();
        } else return false;
        return true;
      },
      [1],
    );
    return body;
  });
}

export function readCommonAuthInfo(bytes: Uint8Array): AuthInfo | undefined {
  return common(() => {
    const authInfo: AuthInfo = { $typeName: "cosmos.tx.v1beta1.AuthInfo", signerInfos: [] };
    const r = new Reader(bytes);
    fields(
      r,
      (field, wireType) => {
        expect(wireType, LEN);
        if (field === 1) authInfo.signerInfos.push(r.message(readSignerInfo));
        else if (field === 2) authInfo.fee = r.message(readFee);
        else return false;
        return true;
      },
      [1],
    );
    return authInfo;
  });
}

/** A bank MsgSend (the message of most txs): from and to addresses, and its coins. */
export function readCommonMsgSend(bytes: Uint8Array): MsgSend | undefined {
  return common(() => {
    const msg: MsgSend = { $typeName: "cosmos.bank.v1beta1.MsgSend", fromAddress: "", toAddress: "", amount: [] };
    const r = new Reader(bytes);
    fields(
      r,
      (field, wireType) => {
        expect(wireType, LEN);
        if (field === 1) msg.fromAddress = r.string();
        else if (field === 2) msg.toAddress = r.string();
        else if (field === 3) msg.amount.push(r.message(readCoin));
        else return false;
        return true;
      },
      [3],
    );
    return msg;
  });
}
