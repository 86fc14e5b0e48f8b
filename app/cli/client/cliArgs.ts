// Arguments of `unitd tx`, `unitd query` and `unitd status` beyond the flags every command takes
// (../flags.ts): the node URL, positionals, addresses and integers.
import type { FlagSpecs } from "../flags.js";
import { DEFAULT_NODE_URL } from "../../../sdk/client/nodeUrl.js";
import { formatAccountAddress, parseAccountAddress } from "../../../sdk/crypto/accountAddress.js";

import { UsageError } from "../keys/errors.js";

export { UsageError };

/** Flags of every client command. */
export const NODE_OPTIONS = {
  node: { type: "string" },
  output: { type: "string", short: "o" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagSpecs;

export function nodeUrlFlag(value: string | undefined): string {
  return value ?? DEFAULT_NODE_URL;
}

/** Checks the number of positional arguments, naming what is missing or extra. */
export function expectPositionals(positionals: string[], names: string[], usage: string): string[] {
  if (positionals.length < names.length)
    throw new UsageError(
      `missing ${names
        .slice(positionals.length)
        .map((n) => `<${n}>`)
        .join(" ")}; usage: ${usage}`,
    );
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
