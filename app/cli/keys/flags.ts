// Flag parsing of the `unitd keys` subcommands: the common client flags (../flags.ts) plus
// --keyring-backend, resolved to their defaults.
import { homeFlag, outputFormat, parseStrictArgs, type FlagSpecs, type OutputFormat } from "../flags.js";
import { DEFAULT_KEYRING_BACKEND, parseKeyringBackend, type KeyringBackend } from "../../../sdk/keyring/index.js";
import { UsageError } from "./errors.js";

export const COMMON_FLAGS = {
  home: { type: "string" },
  "keyring-backend": { type: "string" },
  output: { type: "string", short: "o" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagSpecs;

export interface CommonSettings {
  home: string;
  backend: KeyringBackend;
  output: OutputFormat;
}

export interface ParsedFlags {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  common: CommonSettings;
  help: boolean;
}

/** Parses `args` of `unitd keys <command>` against the common flags plus `flags`. */
export function parseKeysFlags(command: string, args: string[], flags: FlagSpecs = {}): ParsedFlags {
  const parsed = parseStrictArgs(args, { ...COMMON_FLAGS, ...flags }, `keys ${command}`);
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const output = outputFormat(values.output as string | undefined);
  let backend: KeyringBackend;
  try {
    backend = parseKeyringBackend((values["keyring-backend"] as string | undefined) ?? DEFAULT_KEYRING_BACKEND);
  } catch (err) {
    throw new UsageError(`--keyring-backend: ${(err as Error).message}`);
  }
  return {
    values,
    positionals: parsed.positionals,
    common: { home: homeFlag(values.home as string | undefined), backend, output },
    help: values.help === true,
  };
}

/** The positionals named in `names` (e.g. ["<name>", "<file>"]), failing on a missing or extra one. */
export function expectPositionals(command: string, positionals: string[], names: string[]): string[] {
  if (positionals.length < names.length) {
    throw new UsageError(`keys ${command} needs ${names.slice(positionals.length).join(" ")}: unitd keys ${command} ${names.join(" ")}`);
  }
  if (positionals.length > names.length) {
    throw new UsageError(`unexpected argument "${positionals[names.length]}" for keys ${command}: unitd keys ${command} ${names.join(" ")}`);
  }
  return positionals;
}

/** A non-negative integer flag such as --account 2. */
export function integerFlag(flag: string, raw: string | boolean | undefined, fallback: number): number {
  if (raw === undefined || typeof raw === "boolean") return fallback;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${flag} expects a non-negative integer, got "${raw}"`);
  return Number(raw);
}
