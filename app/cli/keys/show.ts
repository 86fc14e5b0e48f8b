// `unitd keys show <name|address>`: one key; --address prints only the address.
import { parseAccountAddress, type Bech32Kind } from "../../../sdk/crypto/index.js";
import { KeyNotFoundError, type Keyring, type KeyRecord } from "../../../sdk/keyring/index.js";
import { expectPositionals, parseKeysFlags } from "./flags.js";
import { openCliKeyring, type KeysIo } from "./cliKeyring.js";
import { formatKey, keyOutput } from "./keyOutput.js";
import { UsageError } from "./errors.js";

export const SHOW_USAGE = `Usage: unitd keys show <name|address> [--address] [--bech acc|val]

Shows a key found by name, or by its unit1... or 0x... address.
  --address      print only the address
  --bech acc|val the address form: acc (unit1..., default) or val (unitvaloper1...)`;

const FLAGS = { address: { type: "boolean", short: "a" }, bech: { type: "string" } } as const;

export async function runShow(args: string[], io: KeysIo): Promise<number> {
  const { values, positionals, common, help } = parseKeysFlags("show", args, FLAGS);
  if (help) {
    io.stdout(SHOW_USAGE + "\n");
    return 0;
  }
  const [nameOrAddress] = expectPositionals("show", positionals, ["<name>"]) as [string];
  const bech = String(values.bech ?? "acc");
  if (bech !== "acc" && bech !== "val") throw new UsageError(`--bech must be acc or val, got "${bech}"`);
  const record = await findKey(openCliKeyring(common, io.input), nameOrAddress);
  const out = keyOutput(record, bech as Bech32Kind);
  io.stdout(values.address ? out.address + "\n" : formatKey(out, common.output));
  return 0;
}

/** By name first; a name that is not a key but looks like an address is looked up by address. */
async function findKey(keyring: Keyring, nameOrAddress: string): Promise<KeyRecord> {
  const looksLikeAddress = /^(0x|unit1)/i.test(nameOrAddress);
  if (!looksLikeAddress || (await isKeyName(keyring, nameOrAddress))) return keyring.get(nameOrAddress);
  const found = await keyring.findByAddress(parseAccountAddress(nameOrAddress));
  if (!found) throw new KeyNotFoundError(nameOrAddress, keyring.backend);
  return found;
}

async function isKeyName(keyring: Keyring, name: string): Promise<boolean> {
  try {
    return await keyring.has(name);
  } catch {
    return false; // not even a valid key name
  }
}
