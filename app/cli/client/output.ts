// How client commands print results: `--output json` is one line of JSON with the protos'
// snake_case field names and int64 as strings; `text` (the default) is a YAML-like rendering of
// the same value, as the Cosmos SDK's CLI prints it.
import type { JsonValue } from "@bufbuild/protobuf";
import type { OutputFormat } from "../flags.js";

export function printResult(value: JsonValue, format: OutputFormat, out: (text: string) => void = (t) => process.stdout.write(t)): void {
  out(format === "json" ? JSON.stringify(value) + "\n" : renderText(value));
}

/** YAML-like text: nested objects indented by two spaces, array items as "- ". */
export function renderText(value: JsonValue): string {
  const lines: string[] = [];
  write(value, 0, lines);
  return lines.join("\n") + "\n";
}

function write(value: JsonValue, indent: number, lines: string[]): void {
  const pad = " ".repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) lines.push(`${pad}[]`);
    for (const item of value) {
      if (isContainer(item) && !isEmpty(item)) {
        const nested: string[] = [];
        write(item, indent + 2, nested);
        lines.push(`${pad}- ${nested[0]!.slice(indent + 2)}`, ...nested.slice(1));
      } else lines.push(`${pad}- ${scalar(item)}`);
    }
    return;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) lines.push(`${pad}{}`);
    for (const [key, item] of entries) {
      if (isContainer(item) && !isEmpty(item)) {
        lines.push(`${pad}${quoteKey(key)}:`);
        write(item, indent + 2, lines);
      } else lines.push(`${pad}${quoteKey(key)}: ${scalar(item)}`);
    }
    return;
  }
  lines.push(pad + scalar(value));
}

function isContainer(value: JsonValue | undefined): value is JsonValue[] | { [k: string]: JsonValue } {
  return value !== null && typeof value === "object";
}

function isEmpty(value: JsonValue[] | { [k: string]: JsonValue }): boolean {
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

function scalar(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "[]";
  if (typeof value === "object") return "{}";
  if (typeof value === "string") return quoteIfNeeded(value);
  return String(value);
}

function quoteKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) ? key : JSON.stringify(key);
}

/** Quotes strings a YAML reader would take for something else (numbers, booleans, null, empty). */
function quoteIfNeeded(text: string): string {
  const safeCharacters = /^[A-Za-z0-9_./][A-Za-z0-9_./:@+=-]*$/.test(text) && !text.includes(": ");
  const readsAsScalar =
    /^(true|false|null|yes|no|on|off|y|n|~)$/i.test(text) ||
    /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(text) ||
    /^0x[0-9a-fA-F]+$|^0o[0-7]+$/.test(text) ||
    /^[-+]?\.(inf|nan)$/i.test(text);
  return safeCharacters && !readsAsScalar ? text : JSON.stringify(text);
}
