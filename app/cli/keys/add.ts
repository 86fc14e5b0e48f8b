// `unitd keys add <name>`: create a key from a new 24-word mnemonic, or recover one (--recover).
import { parseKeyAlgo } from "../../../sdk/keys/index.js";
import { expectPositionals, integerFlag, parseKeysFlags } from "./flags.js";
import { openCliKeyring, type KeysIo } from "./cliKeyring.js";
import { formatKey, keyOutput } from "./keyOutput.js";
import { UsageError } from "./errors.js";

export const ADD_USAGE = `Usage: unitd keys add <name> [--recover] [--algo secp256k1|eth_secp256k1] [--account N] [--index N] [--overwrite]

Creates a key at m/44'/118'/<account>'/0/<index> (coin type 118 for both algorithms) and prints
its addresses. A new key's 24-word mnemonic is printed once: write it down.
  --recover      read an existing mnemonic from stdin (one line) instead of creating one
  --algo         secp256k1 (default, Cosmos wallets) or eth_secp256k1 (also --key-type)
  --account N    BIP-44 account (default 0)
  --index N      BIP-44 address index (default 0)
  --overwrite    replace an existing key of the same name`;

const FLAGS = {
  recover: { type: "boolean" },
  algo: { type: "string" },
  "key-type": { type: "string" },
  account: { type: "string" },
  index: { type: "string" },
  overwrite: { type: "boolean" },
} as const;

export async function runAdd(args: string[], io: KeysIo): Promise<number> {
  const { values, positionals, common, help } = parseKeysFlags("add", args, FLAGS);
  if (help) {
    io.stdout(ADD_USAGE + "\n");
    return 0;
  }
  const [name] = expectPositionals("add", positionals, ["<name>"]) as [string];
  if (values.algo !== undefined && values["key-type"] !== undefined) throw new UsageError("give --algo or --key-type, not both");
  const algo = parseKeyAlgo(String(values.algo ?? values["key-type"] ?? "secp256k1"));
  const account = integerFlag("account", values.account, 0);
  const index = integerFlag("index", values.index, 0);
  const keyring = openCliKeyring(common, io.input);

  // Fail on a taken name before asking for any secret, then ask for the keyring passphrase
  // before the mnemonic: the order in which the Cosmos SDK reads them from a pipe.
  if (!values.overwrite && (await keyring.has(name))) {
    throw new UsageError(`a key named "${name}" already exists; pass --overwrite to replace it, or choose another name`);
  }
  await keyring.unlock();
  let mnemonic: string | undefined;
  if (values.recover) {
    mnemonic = await io.input.line("> Enter your bip39 mnemonic\n");
    if (mnemonic === undefined || mnemonic.trim() === "") throw new UsageError("--recover needs the mnemonic on stdin (one line)");
  }

  const created = await keyring.add(name, { algo, account, index, overwrite: values.overwrite === true, ...(mnemonic === undefined ? {} : { mnemonic }) });
  const out = keyOutput(created.record);
  if (common.output === "json") {
    io.stdout(formatKey(mnemonic === undefined ? { ...out, mnemonic: created.mnemonic } : out, "json"));
  } else {
    io.stdout(formatKey(out, "text"));
    if (mnemonic === undefined) {
      // On stderr, as the SDK does: stdout stays the key's description for scripts.
      io.stderr(
        "\n**Important** write this mnemonic phrase in a safe place.\n" +
          "It is the only way to recover your account if you ever forget your password.\n\n" +
          created.mnemonic +
          "\n",
      );
    }
  }
  return 0;
}
