// `unitd keys <subcommand>`: the dispatcher. Every failure the user can cause ends here as one
// "Error: <message>" line on stderr and exit code 1, never a stack trace; messages from the SDK
// are written for users and never carry key material.
import { terminalInput } from "./terminalInput.js";
import type { KeysIo } from "./cliKeyring.js";
import { runAdd } from "./add.js";
import { runList } from "./list.js";
import { runShow } from "./show.js";
import { runDelete } from "./delete.js";
import { runExport } from "./export.js";
import { runImport } from "./import.js";

export const KEYS_USAGE = `Usage: unitd keys <command> [flags]

Commands:
  add <name>             create a key (--recover to restore one from a mnemonic on stdin)
  list                   list all keys
  show <name|address>    show a key (--address, --evm for the 0x form, --bech acc|val)
  delete <name>          delete a key (-y to skip the confirmation)
  export <name>          print the private key, encrypted under a passphrase, as ASCII armor
  import <name> <file>   import a key written by export

Flags for every command:
  --home <dir>                  node home (default $UNITD_HOME or ~/.unitd)
  --keyring-backend test|file   test (default; unencrypted, for devnets) or file (encrypted
                                under a passphrase, also read from $UNITD_KEYRING_PASSPHRASE)
  --output text|json            output format (default text)

Run "unitd keys <command> --help" for a command's flags. Details: docs/keys.md.`;

const COMMANDS: Record<string, (args: string[], io: KeysIo) => Promise<number>> = {
  add: runAdd,
  list: runList,
  ls: runList,
  show: runShow,
  delete: runDelete,
  export: runExport,
  import: runImport,
};

export async function runKeysCommand(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined) {
    process.stderr.write(KEYS_USAGE + "\n");
    return 1;
  }
  if (command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(KEYS_USAGE + "\n");
    return 0;
  }
  const run = COMMANDS[command];
  if (!run) {
    process.stderr.write(`Error: unknown command "keys ${command}"\n\n${KEYS_USAGE}\n`);
    return 1;
  }
  const input = terminalInput();
  const io: KeysIo = { input, stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };
  try {
    return await run(rest, io);
  } catch (err) {
    process.stderr.write(`Error: ${describeError(err)}\n`);
    return 1;
  } finally {
    input.close();
  }
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // File-system failures carry a code; say what could not be done, not where in the code.
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return `permission denied: ${(err as NodeJS.ErrnoException).path ?? err.message}`;
  return err.message;
}
