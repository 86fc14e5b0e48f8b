// Checked reading of CometBFT's RPC JSON. Every accessor names the path it read in its error, so
// a response of an unexpected shape becomes a clear INTERNAL status instead of a TypeError deep in
// a conversion (or, worse, a silently wrong field).
import { create } from "@bufbuild/protobuf";
import { TimestampSchema, type Timestamp } from "@bufbuild/protobuf/wkt";
import { GrpcCode } from "../errors.js";
import { QueryError } from "../grpc/queryError.js";

/** CometBFT answered, but not in the shape this node expects. */
export class CometShapeError extends QueryError {
  override name = "CometShapeError";
  constructor(path: string, expected: string, got: unknown) {
    super(GrpcCode.INTERNAL, `unexpected CometBFT RPC response: ${path}: expected ${expected}, got ${describe(got)}`);
  }
}

function describe(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "nothing";
  if (typeof v === "string") return `"${v.length > 40 ? `${v.slice(0, 40)}...` : v}"`;
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `${typeof v} ${String(v)}`;
}

const DECIMAL = /^-?\d{1,20}$/;
const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** A JSON value and where it was found (`result.block.header.height`). */
export class Json {
  constructor(
    readonly value: unknown,
    readonly path: string,
  ) {}

  private fail(expected: string): never {
    throw new CometShapeError(this.path, expected, this.value);
  }

  private object(): Record<string, unknown> {
    if (typeof this.value !== "object" || this.value === null || Array.isArray(this.value)) this.fail("an object");
    return this.value as Record<string, unknown>;
  }

  /** A required member: it must be present, and not null. */
  get(key: string): Json {
    const member = this.opt(key);
    if (!member) throw new CometShapeError(`${this.path}.${key}`, "a value", this.object()[key]);
    return member;
  }

  /** A member that Go may omit or write as null (nil pointers and slices). */
  opt(key: string): Json | undefined {
    const v = this.object()[key];
    return v === undefined || v === null ? undefined : new Json(v, `${this.path}.${key}`);
  }

  has(key: string): boolean {
    return this.opt(key) !== undefined;
  }

  str(): string {
    if (typeof this.value !== "string") this.fail("a string");
    return this.value;
  }

  bool(): boolean {
    if (typeof this.value !== "boolean") this.fail("a boolean");
    return this.value;
  }

  /** An int64 or uint64: Go's JSON writes them as decimal strings, smaller ints as numbers. */
  bigint(): bigint {
    if (typeof this.value === "number" && Number.isSafeInteger(this.value)) return BigInt(this.value);
    if (typeof this.value === "string" && DECIMAL.test(this.value)) return BigInt(this.value);
    return this.fail("an integer");
  }

  /** An integer that fits a JS number (rounds, indexes, counts, uint32/int32 fields). */
  int(): number {
    const n = this.bigint();
    if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)) this.fail("a safe integer");
    return Number(n);
  }

  /** Hex bytes (CometBFT's HexBytes: hashes, addresses); "" is empty. */
  hex(): Uint8Array {
    const s = this.str();
    if (!HEX.test(s)) this.fail("hex bytes");
    return Buffer.from(s, "hex");
  }

  /** Base64 bytes (Go's []byte: txs, signatures, result data); "" is empty. */
  base64(): Uint8Array {
    const s = this.str();
    if (s.length % 4 !== 0 || !BASE64.test(s)) this.fail("base64 bytes");
    return Buffer.from(s, "base64");
  }

  /** An array; Go writes an empty slice as null, so absent/null reads as []. */
  list(): Json[] {
    if (this.value === null || this.value === undefined) return [];
    if (!Array.isArray(this.value)) this.fail("an array");
    return this.value.map((v, i) => new Json(v, `${this.path}[${i}]`));
  }

  /** An RFC3339 time with up to nanosecond precision, as a protobuf Timestamp. */
  time(): Timestamp {
    const s = this.str();
    const m = RFC3339.exec(s);
    if (!m) this.fail("an RFC3339 time");
    const [, year, month, day, hour, minute, second, fraction = "", zone] = m;
    // setUTCFullYear, not Date.UTC: Go's zero time is year 1, which Date.UTC would read as 1901.
    const date = new Date(0);
    date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
    date.setUTCHours(Number(hour), Number(minute), Number(second), 0);
    let seconds = BigInt(Math.floor(date.getTime() / 1000));
    if (zone !== "Z") {
      const sign = zone!.startsWith("-") ? -1n : 1n;
      seconds -= sign * BigInt(Number(zone!.slice(1, 3)) * 3600 + Number(zone!.slice(4, 6)) * 60);
    }
    return create(TimestampSchema, { seconds, nanos: Number(fraction.padEnd(9, "0")) });
  }
}
