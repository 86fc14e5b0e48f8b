// Staking genesis in this chain's own shape (cosmos.staking.v1beta1.StakingGenesis, proto-JSON
// with snake_case names): params, and gentx-like `gen_validators` for a new chain or an exported
// state (genesisExport.ts). Each gen validator bonds its
// delegator's `amount` from the balance bank's genesis credited, so InitChain must run bank first.
import { create, toJson, type JsonValue } from "@bufbuild/protobuf";
import { type GenValidator, type StakingGenesis } from "../../../gen/cosmos/staking/v1beta1/genesis_pb.js";
import { DescriptionSchema, ParamsSchema, type Params } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { parseAmount } from "../../coins/coins.js";
import { formatDec, parseDec } from "../../../sdk/math/dec.js";
import type { ValidatorUpdate } from "../../module.js";
import { parseAccAddress } from "../../../common/address.js";
import { consensusAddress, ED25519_PUBKEY_LENGTH } from "./consensusKey.js";
import { createValidator } from "./createValidator.js";
import { exportStakingState, hasFullState, importStakingState, parseStakingGenesisJson } from "./genesisExport.js";
import type { StakingStore } from "./store.js";
import { defaultParams, POWER_REDUCTION, validateParams } from "./params.js";
import { valAddressToString } from "./valAddress.js";
import { applyValidatorSetUpdates } from "./validatorSet.js";
import { decFromWire, decToWire } from "./wire.js";

/** The SDK CLI's default commission for a new validator: 10%, at most 20%, changing by 1% a day. */
const GENESIS_COMMISSION = { rate: "0.1", maxRate: "0.2", maxChangeRate: "0.01" } as const;
/** The SDK's Description length limit for monikers. */
const MAX_MONIKER_LENGTH = 70;

const JSON_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

/** Params in genesis JSON: min_commission_rate in decimal form ("0.000000000000000000"), as SDK JSON prints a LegacyDec. */
function paramsToJson(params: Params): JsonValue {
  const json = toJson(ParamsSchema, params, JSON_OPTIONS) as Record<string, JsonValue>;
  return { ...json, min_commission_rate: formatDec(decFromWire(params.minCommissionRate)) };
}

export function defaultStakingGenesis(): unknown {
  return { params: paramsToJson(defaultParams()), gen_validators: [] };
}

/** The whole state at a committed height (the SDK's ExportGenesis), which initStakingGenesis reads back. */
export function exportStakingGenesis(state: StateReader, keeper: StakingStore): unknown {
  return { params: paramsToJson(keeper.getParams(state)), gen_validators: [], ...exportStakingState(state, keeper) };
}

/** One `gen_validators` entry, for genesis generation: checked here so mistakes surface early. */
export function genValidator(input: { delegatorAddress: string; pubKeyBase64: string; moniker: string; amount: string | bigint }): {
  delegator_address: string;
  pub_key: string;
  moniker: string;
  amount: string;
} {
  parseAccAddress(input.delegatorAddress, "delegator address");
  const key = Buffer.from(input.pubKeyBase64, "base64");
  if (key.length !== ED25519_PUBKEY_LENGTH || key.toString("base64") !== input.pubKeyBase64)
    throw new Error(`pub_key must be the base64 of a 32-byte ed25519 key`);
  const amount = input.amount.toString();
  parseAmount(amount);
  return { delegator_address: input.delegatorAddress, pub_key: input.pubKeyBase64, moniker: input.moniker, amount };
}

function parseGenesis(raw: unknown): { params: Params; genValidators: GenValidator[]; g: StakingGenesis } {
  let g;
  try {
    g = parseStakingGenesisJson(raw as JsonValue);
  } catch (err) {
    throw new Error(`staking genesis: ${(err as Error).message}`);
  }
  const params = g.params ?? defaultParams();
  try {
    params.minCommissionRate = decToWire(params.minCommissionRate === "" ? 0n : parseDec(params.minCommissionRate));
    validateParams(params);
  } catch (err) {
    throw new Error(`staking genesis params: ${(err as Error).message}`);
  }
  return { params, genValidators: g.genValidators, g };
}

/**
 * Validates and creates the genesis validators as gentxs would (MsgCreateValidator), then bonds
 * them as the first end block would; returns CometBFT's initial set, ranked by power.
 */
export function initStakingGenesis(ctx: Context, keeper: StakingStore, raw: unknown): ValidatorUpdate[] {
  const { params, genValidators, g } = parseGenesis(raw);
  keeper.setParams(ctx, params);
  if (hasFullState(g)) {
    try {
      return importStakingState(ctx, keeper, g, params.bondDenom);
    } catch (err) {
      throw new Error(`staking genesis: ${(err as Error).message}`);
    }
  }
  if (genValidators.length > params.maxValidators)
    throw new Error(`staking genesis: ${genValidators.length} gen_validators, max_validators is ${params.maxValidators}`);
  if (decFromWire(params.minCommissionRate) > parseDec(GENESIS_COMMISSION.rate)) {
    throw new Error(`staking genesis: min_commission_rate is above the genesis validators' commission rate ${GENESIS_COMMISSION.rate}`);
  }
  let bonded = 0n;
  for (const [i, g] of genValidators.entries()) {
    try {
      bonded += createGenesisValidator(ctx, keeper, params, g);
    } catch (err) {
      throw new Error(`staking genesis gen_validators[${i}]: ${(err as Error).message}`);
    }
  }
  const updates = applyValidatorSetUpdates(ctx, keeper);
  // As the SDK's InitGenesis: the pools must hold exactly what the validators and unbondings account for.
  const pools = keeper.poolBalances(ctx.store, params.bondDenom);
  if (pools.bonded !== bonded) throw new Error(`staking genesis: bonded_tokens_pool holds ${pools.bonded}${params.bondDenom}, validators hold ${bonded}`);
  if (pools.notBonded !== 0n) throw new Error(`staking genesis: not_bonded_tokens_pool holds ${pools.notBonded}${params.bondDenom} but nothing is unbonding`);
  return updates;
}

/** Creates one validator with its self-delegation; returns the tokens it bonds. */
function createGenesisValidator(ctx: Context, keeper: StakingStore, params: Params, g: GenValidator): bigint {
  const operator = parseAccAddress(g.delegatorAddress, "delegator_address");
  if (g.pubKey.length !== ED25519_PUBKEY_LENGTH) throw new Error(`pub_key must be a ${ED25519_PUBKEY_LENGTH}-byte ed25519 key, got ${g.pubKey.length} bytes`);
  if (g.moniker.trim() === "" || g.moniker.length > MAX_MONIKER_LENGTH) throw new Error(`moniker must be 1 to ${MAX_MONIKER_LENGTH} characters`);
  const amount = parseAmount(g.amount);
  if (amount < POWER_REDUCTION)
    throw new Error(`amount ${amount}${params.bondDenom} is below one unit of voting power (${POWER_REDUCTION}${params.bondDenom})`);
  if (keeper.getValidator(ctx.store, operator)) throw new Error(`duplicate validator operator ${valAddressToString(operator)}`);
  if (keeper.validatorByConsAddress(ctx.store, consensusAddress(g.pubKey))) throw new Error(`duplicate pub_key ${Buffer.from(g.pubKey).toString("base64")}`);
  createValidator(ctx, keeper, {
    operator,
    pubKey: g.pubKey,
    description: create(DescriptionSchema, { moniker: g.moniker }),
    commission: {
      rate: parseDec(GENESIS_COMMISSION.rate),
      maxRate: parseDec(GENESIS_COMMISSION.maxRate),
      maxChangeRate: parseDec(GENESIS_COMMISSION.maxChangeRate),
    },
    minSelfDelegation: 1n,
    amount,
  });
  return amount;
}
