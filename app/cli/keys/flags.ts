// Flag parsing shared by the `unitd keys` subcommands: node:util parseArgs in strict mode, with
// its errors rewritten for people ("unknown flag --foo for keys add"), and the common flags
// --home, --keyring-backend and --output resolved to their defaults.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { defaultHome } from "../../../cometbft/paths.js";
import { DEFAULT_KEYRING_BACKEND, parseKeyringBackend, type KeyringBackend } from "../../../sdk/keyring/index.js";
import { UsageError } from "./errors.js";

type FlagSpecs = NonNullable<ParseArgsConfig["options"]>;

export const COMMON_FLAGS = {
  home: { type: "string" },
  "keyring-backend": { type: "string" },
  output: { type: "string", short: "o" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagSpecs;

export type OutputFormat = "text" | "json";

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
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: { ...COMMON_FLAGS, ...flags }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(describeParseError(command, err as Error & { code?: string }));
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const output = (values.output as string | undefined) ?? "text";
  if (output !== "text" && output !== "json") throw new UsageError(`--output must be text or json, got "${output}"`);
  let backend: KeyringBackend;
  try {
    backend = parseKeyringBackend((values["keyring-backend"] as string | undefined) ?? DEFAULT_KEYRING_BACKEND);
  } catch (err) {
    throw new UsageError(`--keyring-backend: ${(err as Error).message}`);
  }
  return {
    values,
    positionals: parsed.positionals,
    common: { home: (values.home as string | undefined) || defaultHome(), backend, output },
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

function describeParseError(command: string, err: Error & { code?: string }): string {
  const flag = /'(-[^' ]+)/.exec(err.message)?.[1];
  switch (err.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown flag ${flag ?? ""} for keys ${command} (see unitd keys ${command} --help)`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return /does not take an argument/.test(err.message) ? `flag ${flag ?? ""} takes no value` : `flag ${flag ?? ""} needs a value`;
    default:
      return err.message;
  }
}
