// The shape of one `unitd tx <module> <msg>` command: its own flags and positionals, and the
// messages it signs. The shared flow (keys, gas, fees, confirmation, broadcast) is in tx.ts.
import type { Any } from "@bufbuild/protobuf/wkt";
import type { FlagSpecs } from "../flags.js";
import { UsageError } from "./cliArgs.js";
import type { TxFlagValues } from "./txFlags.js";

export interface TxCommand {
  /** "submit-proposal <proposal-file> --from <key>" */
  usage: string;
  summary: string;
  /** Flags beyond the common tx flags. */
  options?: FlagSpecs;
  /** Names of the positional arguments, in order. */
  positionals: string[];
  /** The signing key and the messages; `values` holds the common and the command's own flags. */
  build(
    positionals: string[],
    values: TxFlagValues & Record<string, string | boolean | undefined>,
  ): { from: string; messages: (sender: string) => Any[] | Promise<Any[]> };
}

/** --from, required by every command that does not take the sender as a positional. */
export function fromFlag(values: Record<string, string | boolean | undefined>): string {
  const from = values.from;
  if (typeof from !== "string" || from === "") throw new UsageError("missing --from <key-name-or-address>: the key that signs");
  return from;
}

/** A required string flag of a command. */
export function requiredFlag(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`missing --${name}`);
  return value;
}

/** A proposal or credential id: a positive integer. */
export function idArg(what: string, text: string): bigint {
  if (!/^[0-9]{1,19}$/.test(text) || BigInt(text) === 0n || BigInt(text) > 18446744073709551615n)
    throw new UsageError(`${what} must be a positive integer, got "${text}"`);
  return BigInt(text);
}
