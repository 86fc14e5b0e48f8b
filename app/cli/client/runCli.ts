// Every client command ends here: a result is an exit code; any thrown error becomes one readable
// "Error: ..." line on stderr and exit code 1, never a stack trace.
import { UsageError } from "./cliArgs.js";

export async function runCli(command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (err) {
    process.stderr.write(`Error: ${describeError(err)}${err instanceof UsageError ? `\n(see: unitd ${command} --help)` : ""}\n`);
    if (process.env.UNITD_DEBUG && err instanceof Error && err.stack) process.stderr.write(err.stack + "\n");
    return 1;
  }
}

function describeError(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
