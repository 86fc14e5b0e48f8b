// `unitd keys delete <name>`: removes the key file after a y/N confirmation (or -y).
import { expectPositionals, parseKeysFlags } from "./flags.js";
import { openCliKeyring, type KeysIo } from "./cliKeyring.js";
import { UsageError } from "./errors.js";

export const DELETE_USAGE = `Usage: unitd keys delete <name> [-y]

Deletes a key. Without its mnemonic or an export, the key is gone for good.
  -y, --yes   do not ask for confirmation`;

const FLAGS = { yes: { type: "boolean", short: "y" } } as const;

export async function runDelete(args: string[], io: KeysIo): Promise<number> {
  const { values, positionals, common, help } = parseKeysFlags("delete", args, FLAGS);
  if (help) {
    io.stdout(DELETE_USAGE + "\n");
    return 0;
  }
  const [name] = expectPositionals("delete", positionals, ["<name>"]) as [string];
  const keyring = openCliKeyring(common, io.input);
  await keyring.get(name); // a missing key is reported before asking to confirm
  if (!values.yes) {
    const answer = await io.input.line(`Key "${name}" will be deleted. Continue? [y/N]: `);
    if (!/^y(es)?$/i.test(answer?.trim() ?? "")) throw new UsageError(`aborted: key "${name}" was not deleted (pass -y to skip the question)`);
  }
  await keyring.delete(name);
  io.stdout(common.output === "json" ? JSON.stringify({ deleted: name }) + "\n" : `Key "${name}" deleted.\n`);
  return 0;
}
