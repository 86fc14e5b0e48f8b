// Checked reads of untrusted JSON: each returns the typed value or throws naming the field's path,
// so a changed or broken node answer fails loudly at the boundary instead of as `undefined` later.
import { UnexpectedResponseError } from "./errors.js";
import { fromBase64 } from "../crypto/encoding.js";

export type JsonRecord = Record<string, unknown>;

function fail(path: string, expected: string, got: unknown): never {
  const shown = got === undefined ? "missing" : JSON.stringify(got)?.slice(0, 80);
  throw new UnexpectedResponseError(`unexpected answer from the node: ${path} should be ${expected}, got ${shown}`);
}

export function record(value: unknown, path: string): JsonRecord {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(path, "an object", value);
  return value as JsonRecord;
}

export function string(value: unknown, path: string): string {
  if (typeof value !== "string") fail(path, "a string", value);
  return value;
}

/** A string where CometBFT may also send null (e.g. an empty `value` in abci_query). */
export function optionalString(value: unknown, path: string): string {
  return value === null || value === undefined ? "" : string(value, path);
}

export function boolean(value: unknown, path: string): boolean {
  if (typeof value !== "boolean") fail(path, "a boolean", value);
  return value;
}

/** A JSON number that is a non-negative integer (CometBFT's uint32 codes and indexes). */
export function uint(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) fail(path, "a non-negative integer", value);
  return value;
}

/** An int64 sent as a decimal string, as CometBFT's JSON does for heights and gas. */
export function int64String(value: unknown, path: string): bigint {
  if (typeof value !== "string" || !/^-?[0-9]{1,20}$/.test(value)) fail(path, "an integer string", value);
  return BigInt(value);
}

export function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, "an array", value);
  return value;
}

/** Bytes sent as base64 (null or absent means empty). */
export function base64Bytes(value: unknown, path: string): Uint8Array {
  const text = optionalString(value, path);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) fail(path, "base64", value);
  return fromBase64(text);
}
