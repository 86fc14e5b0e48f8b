// How keys are shown: the Cosmos SDK's key output (name, type, address, pubkey as a JSON string)
// plus the key algorithm and the EVM form of the address, as YAML-like text or as JSON.
import { PUBKEY_TYPE_URL } from "../../../sdk/signer.js";
import { BECH32_PREFIX_BY_KIND, encodeBech32, parseAccountAddress, type Bech32Kind } from "../../../sdk/crypto/index.js";
import type { KeyRecord } from "../../../sdk/keyring/index.js";
import type { OutputFormat } from "../flags.js";

export interface KeyOutput {
  name: string;
  type: "local";
  algo: string;
  address: string;
  evm_address: string;
  pubkey: string;
  mnemonic?: string;
}

/** The output of one key; `bech` picks the prefix of `address` (acc: unit1..., val: unitvaloper1...). */
export function keyOutput(record: KeyRecord, bech: Bech32Kind = "acc"): KeyOutput {
  const address = bech === "acc" ? record.address : encodeBech32(BECH32_PREFIX_BY_KIND[bech], parseAccountAddress(record.address));
  const pubkey = JSON.stringify({ "@type": PUBKEY_TYPE_URL[record.algo], key: Buffer.from(record.pubKey).toString("base64") });
  return { name: record.name, type: "local", algo: record.algo, address, evm_address: record.evmAddress, pubkey };
}

export function formatKey(key: KeyOutput, format: OutputFormat): string {
  return format === "json" ? JSON.stringify(key) + "\n" : yamlFields(key, "") + "\n";
}

export function formatKeyList(keys: KeyOutput[], format: OutputFormat): string {
  if (format === "json") return JSON.stringify(keys) + "\n";
  if (keys.length === 0) return "No keys in this keyring.\n";
  return keys.map((k) => yamlFields(k, "- ")).join("\n") + "\n";
}

function yamlFields(key: KeyOutput, listMarker: string): string {
  const indent = " ".repeat(listMarker.length);
  const fields: [string, string][] = [
    ["name", key.name],
    ["type", key.type],
    ["algo", key.algo],
    ["address", key.address],
    ["evm_address", key.evm_address],
    ["pubkey", `'${key.pubkey}'`], // quoted: a JSON object inside YAML
  ];
  return fields.map(([k, v], i) => `${i === 0 ? listMarker : indent}${k}: ${v}`).join("\n");
}
