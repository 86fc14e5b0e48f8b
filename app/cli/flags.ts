// Flag parsing shared by every `unitd` client command (keys, tx, query, status): node:util
// parseArgs in strict mode with its errors rewritten for people, and the flags all of them take.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { defaultHome } from "../../common/node/paths.js";
import { UsageError } from "./keys/errors.js";

export type FlagSpecs = NonNullable<ParseArgsConfig["options"]>;
export type OutputFormat = "text" | "json";

/**
 * parseArgs in strict mode with positionals. `command` (e.g. "keys add"), when given, is named
 * in an unknown-flag error with a pointer to its --help.
 */
export function parseStrictArgs<const O extends FlagSpecs>(args: string[], options: O, command?: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    const e = err as Error & { code?: string };
    const flag = /'(-[^' ]+)/.exec(e.message)?.[1];
    switch (e.code) {
      case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
        throw new UsageError(`unknown flag ${flag ?? ""}${command ? ` for ${command} (see unitd ${command} --help)` : ""}`.trim());
      case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
        throw new UsageError(/does not take an argument/.test(e.message) ? `flag ${flag ?? ""} takes no value` : `flag ${flag ?? ""} needs a value`);
      default:
        throw new UsageError(e.message);
    }
  }
}

/** --output: text (the default) or json. */
export function outputFormat(value: string | undefined): OutputFormat {
  if (value === undefined || value === "text") return "text";
  if (value === "json") return "json";
  throw new UsageError(`--output must be text or json, got "${value}"`);
}

/** --home, or $UNITD_HOME, or ~/.unitd. */
export function homeFlag(value: string | undefined): string {
  return value || defaultHome();
}
