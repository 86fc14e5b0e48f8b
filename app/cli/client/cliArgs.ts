// Flag parsing shared by `unitd tx`, `unitd query` and `unitd status`: node:util's parseArgs in
// strict mode, its errors rewritten for people, and the flags every client command takes.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { defaultHome } from "../../../cometbft/paths.js";
import { DEFAULT_NODE_URL } from "../../../sdk/client/nodeUrl.js";
import { formatAccountAddress, parseAccountAddress } from "../../../sdk/crypto/accountAddress.js";

import { UsageError } from "../keys/errors.js";

export { UsageError };

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Flags of every client command. */
export const NODE_OPTIONS = {
  node: { type: "string" },
  output: { type: "string", short: "o" },
  help: { type: "boolean", short: "h" },
} as const satisfies Options;

export type OutputFormat = "text" | "json";

/** parseArgs in strict mode with positionals; its errors become UsageErrors in plain words. */
export function parseCommandArgs<const O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    const e = err as { code?: string; message: string };
    const flag = /'(-[^']+)'/.exec(e.message)?.[1];
    if (e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`unknown flag ${flag ?? ""}`.trim());
    if (e.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") throw new UsageError(flag ? `flag ${flag.split(" ")[0]} needs a value` : e.message);
    throw new UsageError(e.message);
  }
}

export function nodeUrlFlag(value: string | undefined): string {
  return value ?? DEFAULT_NODE_URL;
}

export function homeFlag(value: string | undefined): string {
  return value ?? defaultHome();
}

export function outputFlag(value: string | undefined): OutputFormat {
  if (value === undefined || value === "text") return "text";
  if (value === "json") return "json";
  throw new UsageError(`--output must be "text" or "json", got "${value}"`);
}

/** Checks the number of positional arguments, naming what is missing or extra. */
export function expectPositionals(positionals: string[], names: string[], usage: string): string[] {
  if (positionals.length < names.length) throw new UsageError(`missing ${names.slice(positionals.length).map((n) => `<${n}>`).join(" ")}; usage: ${usage}`);
  if (positionals.length > names.length) throw new UsageError(`unexpected argument "${positionals[names.length]}"; usage: ${usage}`);
  return positionals;
}

/** A non-negative integer flag such as --height. */
export function uintFlag(flag: string, value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,19}$/.test(value)) throw new UsageError(`${flag} expects a non-negative integer, got "${value}"`);
  return BigInt(value);
}

/** An account given as `unit1...` or `0x...`, returned in the `unit1...` form the chain's messages use. */
export function accountAddressArg(text: string): string {
  return formatAccountAddress(parseAccountAddress(text));
}
