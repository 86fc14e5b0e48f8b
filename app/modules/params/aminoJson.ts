// Legacy amino JSON, the text the SDK's x/params subspaces store and answer with: 64-bit integers
// as decimal strings, 32-bit integers as numbers, a time.Duration as its nanoseconds in a string,
// decimals as LegacyDec text (18 fractional digits), and, inside a struct, fields tagged `omitempty`
// in the SDK's generated Go types left out when they hold their zero value.
import type { Duration } from "@bufbuild/protobuf/wkt";
import { durationNanos } from "../../../common/comet/consensusParams.js";

/** One struct field: its JSON name and value text, undefined to leave it out. */
export type AminoField = readonly [name: string, json: string | undefined];

export function aminoObject(fields: readonly AminoField[]): string {
  return `{${fields
    .filter(([, json]) => json !== undefined)
    .map(([name, json]) => `${JSON.stringify(name)}:${json}`)
    .join(",")}}`;
}

export const aminoString = (text: string): string => JSON.stringify(text);

/** int64/uint64: a string. */
export const aminoInt64 = (n: bigint): string => JSON.stringify(n.toString());

/** int32/uint32: a number. */
export const aminoInt32 = (n: number): string => String(n);

export const aminoBool = (b: boolean): string => (b ? "true" : "false");

/** time.Duration: int64 nanoseconds, so a string. */
export const aminoDuration = (d: Duration | undefined): string => aminoInt64(durationNanos(d, "duration"));

export const aminoList = (items: readonly string[]): string => `[${items.join(",")}]`;

/** For an `omitempty` field: undefined (left out) when `empty`, else `json()`. */
export function omitEmpty(empty: boolean, json: () => string): string | undefined {
  return empty ? undefined : json();
}
