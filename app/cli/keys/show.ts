// `unitd keys show <name|address>`: one key; --address prints only the bech32 address, --evm only
// the 0x one (for EVM tools and the faucet).
import { parseAccountAddress, type Bech32Kind } from "../../../sdk/crypto/index.js";
import { KeyNotFoundError, type Keyring, type KeyRecord } from "../../../sdk/keyring/index.js";
import { expectPositionals, parseKeysFlags } from "./flags.js";
import { openCliKeyring, type KeysIo } from "./cliKeyring.js";
import { formatKey, keyOutput } from "./keyOutput.js";
import { UsageError } from "./errors.js";

export const SHOW_USAGE = `Usage: unitd keys show <name|address> [--address | --evm] [--bech acc|val]

Shows a key found by name, or by its unit1... or 0x... address: its bech32 address and the same
20 bytes as an EIP-55 0x address (evm_address).
  --address      print only the bech32 address
  --evm          print only the 0x address (for a secp256k1 key this is NOT the address an
                 Ethereum wallet shows for the same private key; see docs/cli.md)
  --bech acc|val the address form: acc (unit1..., default) or val (unitvaloper1...)`;

const FLAGS = { address: { type: "boolean", short: "a" }, evm: { type: "boolean" }, bech: { type: "string" } } as const;

export async function runShow(args: string[], io: KeysIo): Promise<number> {
  const { values, positionals, common, help } = parseKeysFlags("show", args, FLAGS);
  if (help) {
    io.stdout(SHOW_USAGE + "\n");
    return 0;
  }
  const [nameOrAddress] = expectPositionals("show", positionals, ["<name>"]) as [string];
  const bech = String(values.bech ?? "acc");
  if (bech !== "acc" && bech !== "val") throw new UsageError(`--bech must be acc or val, got "${bech}"`);
  if (values.evm && values.address) throw new UsageError("give --address or --evm, not both");
  if (values.evm && values.bech !== undefined) throw new UsageError("--evm prints the 0x address; --bech picks a bech32 form and does not go with it");
  const record = await findKey(openCliKeyring(common, io.input), nameOrAddress);
  const out = keyOutput(record, bech as Bech32Kind);
  if (values.evm) io.stdout(out.evm_address + "\n");
  else if (values.address) io.stdout(out.address + "\n");
  else io.stdout(formatKey(out, common.output));
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
