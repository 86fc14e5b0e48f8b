// `unitd keys list`: every key of the keyring, sorted by name. Needs no passphrase.
import { expectPositionals, parseKeysFlags } from "./flags.js";
import { openCliKeyring, type KeysIo } from "./cliKeyring.js";
import { formatKeyList, keyOutput } from "./keyOutput.js";

export const LIST_USAGE = `Usage: unitd keys list

Lists the keys of the keyring with both address forms (unit1... and 0x...).`;

export async function runList(args: string[], io: KeysIo): Promise<number> {
  const { positionals, common, help } = parseKeysFlags("list", args);
  if (help) {
    io.stdout(LIST_USAGE + "\n");
    return 0;
  }
  expectPositionals("list", positionals, []);
  const records = await openCliKeyring(common, io.input).list();
  io.stdout(
    formatKeyList(
      records.map((r) => keyOutput(r)),
      common.output,
    ),
  );
  return 0;
}
