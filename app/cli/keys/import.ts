// `unitd keys import <name> <file>`: stores a key exported by `unitd keys export`.
import fs from "node:fs/promises";
import { expectPositionals, parseKeysFlags } from "./flags.js";
import { openCliKeyring, type KeysIo } from "./cliKeyring.js";
import { importPassphrase } from "./passphrases.js";
import { formatKey, keyOutput } from "./keyOutput.js";
import { UsageError } from "./errors.js";

export const IMPORT_USAGE = `Usage: unitd keys import <name> <file>

Imports a key from a file written by \`unitd keys export\`. Piped stdin: the export's passphrase
on the first line, then the keyring passphrase (file backend; twice if the keyring is new).`;

const MAX_ARMOR_BYTES = 64 * 1024;

export async function runImport(args: string[], io: KeysIo): Promise<number> {
  const { positionals, common, help } = parseKeysFlags("import", args);
  if (help) {
    io.stdout(IMPORT_USAGE + "\n");
    return 0;
  }
  const [name, file] = expectPositionals("import", positionals, ["<name>", "<file>"]) as [string, string];
  const keyring = openCliKeyring(common, io.input);
  if (await keyring.has(name)) throw new UsageError(`a key named "${name}" already exists; delete it first or choose another name`);
  const armor = await readArmorFile(file);
  const passphrase = await importPassphrase(io.input);
  const record = await keyring.importKey(name, armor, passphrase);
  io.stdout(formatKey(keyOutput(record), common.output));
  return 0;
}

async function readArmorFile(file: string): Promise<string> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    throw new UsageError(`cannot read ${file}: no such file`);
  }
  if (!stat.isFile()) throw new UsageError(`cannot read ${file}: not a file`);
  if (stat.size > MAX_ARMOR_BYTES) throw new UsageError(`${file} is too large to be an exported key`);
  return fs.readFile(file, "utf8");
}
