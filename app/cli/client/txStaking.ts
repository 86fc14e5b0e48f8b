// `unitd tx staking create-validator|edit-validator|delegate|redelegate|unbond|cancel-unbond`
import fs from "node:fs";
import path from "node:path";
import { decodeBech32, encodeBech32 } from "../../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_VALIDATOR } from "../../../sdk/crypto/prefixes.js";
import {
  msgBeginRedelegate,
  msgCancelUnbondingDelegation,
  msgCreateValidator,
  msgDelegate,
  msgEditValidator,
  msgUndelegate,
} from "../../../sdk/tx/stakingMessages.js";
import { parseDec } from "../../../sdk/math/dec.js";
import type { Coin } from "../../../sdk/tx/coins.js";
import { nodeHomePaths } from "../../../common/node/home.js";
import { UsageError } from "./cliArgs.js";
import { fromFlag, idArg, type TxCommand } from "./txCommand.js";
import { coinsFlag } from "./txFlags.js";

/** A validator operator address, unitvaloper1... */
export function validatorAddressArg(text: string): string {
  try {
    decodeBech32(text, { prefix: BECH32_PREFIX_VALIDATOR });
  } catch (err) {
    throw new UsageError(`"${text.slice(0, 100)}" is not a validator address (${BECH32_PREFIX_VALIDATOR}1...): ${(err as Error).message}`);
  }
  return text;
}

function oneCoin(text: string): Coin {
  const coins = coinsFlag("amount", text);
  if (coins.length !== 1) throw new UsageError(`amount "${text}" must be one positive coin, such as 1000000uunit`);
  return coins[0]!;
}

/** The operator's unitvaloper address: the signing account's bytes under the validator prefix. */
const operatorOf = (sender: string) => encodeBech32(BECH32_PREFIX_VALIDATOR, decodeBech32(sender));

const ED25519_TYPE_URL = "/cosmos.crypto.ed25519.PubKey";

/** An ed25519 key from its base64, checked for length. */
function ed25519Key(base64: string, where: string): Uint8Array {
  const key = Buffer.from(base64, "base64");
  if (key.length !== 32 || key.toString("base64") !== base64) throw new UsageError(`${where}: the key must be the base64 of 32 bytes`);
  return key;
}

/**
 * The consensus key: --pubkey as the SDK CLI takes it ({"@type":"/cosmos.crypto.ed25519.PubKey","key":"<base64>"}),
 * or else the node's own key from <node-home>/cometbft/config/priv_validator_key.json.
 */
function consensusKeyFlag(values: Record<string, string | boolean | undefined>): Uint8Array {
  if (typeof values.pubkey === "string") {
    let json: { "@type"?: unknown; key?: unknown };
    try {
      json = JSON.parse(values.pubkey) as typeof json;
    } catch {
      throw new UsageError(`--pubkey must be JSON such as {"@type":"${ED25519_TYPE_URL}","key":"<base64>"}`);
    }
    if (json["@type"] !== ED25519_TYPE_URL) throw new UsageError(`--pubkey: "@type" must be ${ED25519_TYPE_URL} (this chain's validators use ed25519 keys)`);
    if (typeof json.key !== "string") throw new UsageError('--pubkey: missing "key"');
    return ed25519Key(json.key, "--pubkey");
  }
  if (typeof values["node-home"] !== "string")
    throw new UsageError("missing --pubkey <json> or --node-home <dir> (whose priv_validator_key.json holds the key)");
  const file = path.join(nodeHomePaths(values["node-home"]).cometHome, "config", "priv_validator_key.json");
  let parsed: { pub_key?: { type?: string; value?: string } };
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8")) as typeof parsed;
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (parsed.pub_key?.type !== "tendermint/PubKeyEd25519" || typeof parsed.pub_key.value !== "string")
    throw new UsageError(`${file} holds no ed25519 public key`);
  return ed25519Key(parsed.pub_key.value, file);
}

/** A decimal rate between 0 and 1, as text. */
function rateFlag(name: string, text: string): string {
  let atomics: bigint;
  try {
    atomics = parseDec(text);
  } catch {
    throw new UsageError(`--${name} must be a decimal such as 0.1, got "${text}"`);
  }
  if (atomics > 10n ** 18n) throw new UsageError(`--${name} must be at most 1, got "${text}"`);
  return text;
}

function positiveIntFlag(name: string, text: string): string {
  if (!/^[0-9]{1,77}$/.test(text) || BigInt(text) === 0n) throw new UsageError(`--${name} must be a positive integer, got "${text}"`);
  return text;
}

const str = (values: Record<string, string | boolean | undefined>, name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);

const DESCRIPTION_OPTIONS = {
  identity: { type: "string" },
  website: { type: "string" },
  "security-contact": { type: "string" },
  details: { type: "string" },
} as const;

export const stakingTxCommands: Record<string, TxCommand> = {
  "create-validator": {
    usage:
      "create-validator --amount <coin> --moniker <name> (--pubkey <json> | --node-home <dir>) [--commission-rate 0.1 --commission-max-rate 0.2 --commission-max-change-rate 0.01 --min-self-delegation 1] --from <key>",
    summary: "make the signing account a validator operator, self-delegating --amount; the key is the node's consensus key",
    options: {
      amount: { type: "string" },
      moniker: { type: "string" },
      pubkey: { type: "string" },
      "node-home": { type: "string" },
      "commission-rate": { type: "string" },
      "commission-max-rate": { type: "string" },
      "commission-max-change-rate": { type: "string" },
      "min-self-delegation": { type: "string" },
      ...DESCRIPTION_OPTIONS,
    },
    positionals: [],
    build: (_args, values) => {
      const amount = str(values, "amount");
      if (amount === undefined) throw new UsageError("missing --amount <coin>, the self-delegation, e.g. 5000000uunit");
      const value = oneCoin(amount);
      const moniker = str(values, "moniker");
      if (!moniker) throw new UsageError("missing --moniker <name>");
      const consensusPubKey = consensusKeyFlag(values);
      // The SDK CLI's defaults.
      const commission = {
        rate: rateFlag("commission-rate", str(values, "commission-rate") ?? "0.1"),
        maxRate: rateFlag("commission-max-rate", str(values, "commission-max-rate") ?? "0.2"),
        maxChangeRate: rateFlag("commission-max-change-rate", str(values, "commission-max-change-rate") ?? "0.01"),
      };
      const minSelfDelegation = positiveIntFlag("min-self-delegation", str(values, "min-self-delegation") ?? "1");
      const description = {
        moniker,
        identity: str(values, "identity") ?? "",
        website: str(values, "website") ?? "",
        securityContact: str(values, "security-contact") ?? "",
        details: str(values, "details") ?? "",
      };
      return {
        from: fromFlag(values),
        messages: (sender) => [
          msgCreateValidator({ validatorAddress: operatorOf(sender), consensusPubKey, description, commission, minSelfDelegation, value }),
        ],
      };
    },
  },
  "edit-validator": {
    usage:
      "edit-validator [--moniker ...] [--identity ...] [--website ...] [--security-contact ...] [--details ...] [--commission-rate 0.12] [--min-self-delegation n] --from <key>",
    summary: "change the signing operator's validator; fields not given stay as they are",
    options: { moniker: { type: "string" }, ...DESCRIPTION_OPTIONS, "commission-rate": { type: "string" }, "min-self-delegation": { type: "string" } },
    positionals: [],
    build: (_args, values) => {
      const rate = str(values, "commission-rate");
      const msd = str(values, "min-self-delegation");
      const description = {
        ...(str(values, "moniker") !== undefined ? { moniker: str(values, "moniker")! } : {}),
        ...(str(values, "identity") !== undefined ? { identity: str(values, "identity")! } : {}),
        ...(str(values, "website") !== undefined ? { website: str(values, "website")! } : {}),
        ...(str(values, "security-contact") !== undefined ? { securityContact: str(values, "security-contact")! } : {}),
        ...(str(values, "details") !== undefined ? { details: str(values, "details")! } : {}),
      };
      return {
        from: fromFlag(values),
        messages: (sender) => [
          msgEditValidator({
            validatorAddress: operatorOf(sender),
            description,
            ...(rate !== undefined ? { commissionRate: rateFlag("commission-rate", rate) } : {}),
            ...(msd !== undefined ? { minSelfDelegation: positiveIntFlag("min-self-delegation", msd) } : {}),
          }),
        ],
      };
    },
  },
  redelegate: {
    usage: "redelegate <src-validator-address> <dst-validator-address> <amount> --from <key>",
    summary: "move a delegation to another validator at once (no unbonding wait; not again from the destination until unbonding_time has passed)",
    positionals: ["src-validator-address", "dst-validator-address", "amount"],
    build: ([src, dst, amount], values) => {
      const validatorSrcAddress = validatorAddressArg(src!);
      const validatorDstAddress = validatorAddressArg(dst!);
      const coin = oneCoin(amount!);
      return {
        from: fromFlag(values),
        messages: (delegatorAddress) => [msgBeginRedelegate({ delegatorAddress, validatorSrcAddress, validatorDstAddress, amount: coin })],
      };
    },
  },
  "cancel-unbond": {
    usage: "cancel-unbond <validator-address> <amount> <creation-height> --from <key>",
    summary: "delegate back (part of) the unbonding entry created at <creation-height> (see  unitd query staking unbonding-delegation)",
    positionals: ["validator-address", "amount", "creation-height"],
    build: ([validator, amount, height], values) => {
      const validatorAddress = validatorAddressArg(validator!);
      const coin = oneCoin(amount!);
      const creationHeight = idArg("creation-height", height!);
      return {
        from: fromFlag(values),
        messages: (delegatorAddress) => [msgCancelUnbondingDelegation({ delegatorAddress, validatorAddress, amount: coin, creationHeight })],
      };
    },
  },
  delegate: {
    usage: "delegate <validator-address> <amount> --from <key>",
    summary: "bond tokens to a validator, e.g.  unitd tx staking delegate unitvaloper1... 1000000uunit --from alice",
    positionals: ["validator-address", "amount"],
    build: ([validator, amount], values) => {
      const validatorAddress = validatorAddressArg(validator!);
      const coin = oneCoin(amount!);
      return { from: fromFlag(values), messages: (delegatorAddress) => [msgDelegate({ delegatorAddress, validatorAddress, amount: coin })] };
    },
  },
  unbond: {
    usage: "unbond <validator-address> <amount> --from <key>",
    summary: "start unbonding tokens from a validator; they return after the unbonding period",
    positionals: ["validator-address", "amount"],
    build: ([validator, amount], values) => {
      const validatorAddress = validatorAddressArg(validator!);
      const coin = oneCoin(amount!);
      return { from: fromFlag(values), messages: (delegatorAddress) => [msgUndelegate({ delegatorAddress, validatorAddress, amount: coin })] };
    },
  },
};
