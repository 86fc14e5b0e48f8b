// `unitd keys export <name>`: the private key as passphrase-encrypted ASCII armor on stdout, or
// (--unarmored-hex --unsafe) as raw hex, which is what Ethereum wallets import.
import { expectPositionals, parseKeysFlags } from "./flags.js";
import { openCliKeyring, type KeysIo } from "./cliKeyring.js";
import { newExportPassphrase } from "./passphrases.js";
import { UsageError } from "./errors.js";

export const EXPORT_USAGE = `Usage: unitd keys export <name> [--unarmored-hex --unsafe [-y]]

Prints the private key encrypted under a new passphrase (at least 8 characters), as ASCII armor
that \`unitd keys import\` reads. Piped stdin: the export passphrase on the first line, then the
keyring passphrase (file backend).
  --unarmored-hex --unsafe   print the raw private key as hex instead (UNENCRYPTED); asks to
                             confirm unless -y`;

const FLAGS = { "unarmored-hex": { type: "boolean" }, unsafe: { type: "boolean" }, yes: { type: "boolean", short: "y" } } as const;

export async function runExport(args: string[], io: KeysIo): Promise<number> {
  const { values, positionals, common, help } = parseKeysFlags("export", args, FLAGS);
  if (help) {
    io.stdout(EXPORT_USAGE + "\n");
    return 0;
  }
  const [name] = expectPositionals("export", positionals, ["<name>"]) as [string];
  const keyring = openCliKeyring(common, io.input);
  await keyring.get(name); // a missing key is reported before any prompt

  if (values["unarmored-hex"] || values.unsafe) {
    if (!(values["unarmored-hex"] && values.unsafe)) throw new UsageError("--unarmored-hex and --unsafe must be given together");
    if (!values.yes) {
      const answer = await io.input.line("WARNING: the private key will be printed UNENCRYPTED. Anyone who sees it controls the account. Continue? [y/N]: ");
      if (!/^y(es)?$/i.test(answer?.trim() ?? "")) throw new UsageError("aborted: nothing was exported");
    }
    io.stdout((await keyring.exportPrivateKeyHex(name)) + "\n");
    return 0;
  }

  const passphrase = await newExportPassphrase(io.input);
  io.stdout(await keyring.exportKey(name, passphrase));
  return 0;
}
