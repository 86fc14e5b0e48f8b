// What collect-gentxs and gentx check about a gentx before it goes into genesis, with the SDK's
// messages in mind: one MsgCreateValidator, a memo naming the node's P2P address, a delegator
// whose genesis account holds the self-delegation in the bond denom. Signatures are checked by
// running the gentxs through the real pipeline (validateGenesisState).
import { fromBinary, type JsonValue } from "@bufbuild/protobuf";
import { MsgCreateValidatorSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { encodeBech32, splitBech32 } from "../../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_ACCOUNT, BECH32_PREFIX_VALIDATOR } from "../../../sdk/crypto/prefixes.js";
import type { Coin } from "../../../sdk/tx/coins.js";
import { gentxFromJson } from "./gentxJson.js";

export interface CheckedGentx {
  json: JsonValue;
  /** The memo: <node id>@<host>:<port>. */
  peer: string;
  delegator: string;
  moniker: string;
}

const PEER = /^[0-9a-f]{40}@[^\s@:]+:\d{1,5}$/;

/** The genesis bank balance of `address` in `coin`'s denom must cover `coin`. */
export function checkGenesisBalance(appState: Record<string, unknown>, address: string, coin: Coin): void {
  const balances = ((appState.bank as { balances?: { address: string; coins: Coin[] }[] } | undefined)?.balances ?? []).filter((b) => b.address === address);
  if (balances.length === 0) throw new Error(`account ${address} is not in genesis; add it first (unitd genesis add-genesis-account ${address} <coins>)`);
  const held = balances
    .flatMap((b) => b.coins)
    .filter((c) => c.denom === coin.denom)
    .reduce((sum, c) => sum + BigInt(c.amount), 0n);
  if (held < BigInt(coin.amount))
    throw new Error(`account ${address} holds ${held}${coin.denom} in genesis, less than the ${coin.amount}${coin.denom} it delegates`);
}

/** The bond denom of a genesis app state's staking params. */
export function bondDenomOf(appState: Record<string, unknown>): string {
  return (appState.staking as { params?: { bond_denom?: string } } | undefined)?.params?.bond_denom ?? "uunit";
}

/** Parses and checks one gentx against the genesis it joins; throws saying what is wrong. */
export function checkGentx(json: JsonValue, appState: Record<string, unknown>): CheckedGentx {
  let tx;
  try {
    tx = gentxFromJson(json);
  } catch (err) {
    throw new Error(`not a tx in JSON form: ${(err as Error).message}`);
  }
  const msgs = tx.body?.messages ?? [];
  if (msgs.length !== 1 || msgs[0]!.typeUrl !== `/${MsgCreateValidatorSchema.typeName}`)
    throw new Error(`a gentx holds exactly one /${MsgCreateValidatorSchema.typeName}, this one holds ${msgs.map((m) => m.typeUrl).join(", ") || "no message"}`);
  if (tx.signatures.length !== 1) throw new Error(`a gentx carries one signature, this one ${tx.signatures.length}`);
  const msg = fromBinary(MsgCreateValidatorSchema, msgs[0]!.value);
  const peer = tx.body!.memo;
  if (!PEER.test(peer)) throw new Error(`memo "${peer}" is not a P2P address <node id>@<host>:<port>`);
  const delegator = encodeBech32(BECH32_PREFIX_ACCOUNT, operatorBytes(msg.validatorAddress));
  const value = msg.value;
  if (!value) throw new Error("the MsgCreateValidator has no self-delegation");
  const bondDenom = bondDenomOf(appState);
  if (value.denom !== bondDenom) throw new Error(`the self-delegation is in ${value.denom}, the bond denom is ${bondDenom}`);
  checkGenesisBalance(appState, delegator, value);
  return { json, peer, delegator, moniker: msg.description?.moniker ?? "" };
}

function operatorBytes(address: string): Uint8Array {
  const { prefix, bytes } = splitBech32(address);
  if (prefix !== BECH32_PREFIX_VALIDATOR) throw new Error(`validator_address ${address} is not a ${BECH32_PREFIX_VALIDATOR} address`);
  return bytes;
}
