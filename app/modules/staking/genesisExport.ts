// Staking's full state as genesis (the SDK's ExportGenesis / InitGenesis with `exported`): params,
// last powers, every validator, delegation, unbonding delegation and redelegation, and the last
// unbonding id. Import writes the records through the store, which writes their indexes; the power
// index, the three queues and the consensus-address index are rebuilt from the records as the SDK
// rebuilds them. No hooks run (the other modules import their own records) and no historical info
// is carried (the SDK exports none: a new chain's history starts at its first block).
import { create, createRegistry, fromBinary, fromJson, toJson, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { StakingGenesisSchema, type StakingGenesis } from "../../../gen/cosmos/staking/v1beta1/genesis_pb.js";
import { BondStatus, DelegationSchema, RedelegationSchema, UnbondingDelegationSchema } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { atomizeLegacyDecs, decimalizeLegacyDecs } from "../../../sdk/client/legacyDec.js";
import { parseAccAddress } from "../../../common/address.js";
import type { Context } from "../../context.js";
import type { ValidatorUpdate } from "../../module.js";
import type { StateReader } from "../../store/types.js";
import { consensusAddress, decodeConsensusPubKey, Ed25519PubKeySchema } from "./consensusKey.js";
import { DELEGATION_PREFIX, REDELEGATION_PREFIX, UNBONDING_DELEGATION_PREFIX } from "./keys.js";
import type { StakingStore } from "./store.js";
import { parseValAddress, valAddressToString } from "./valAddress.js";
import { indexValidator } from "./validatorState.js";
import { validatorUpdate } from "./validatorSet.js";

const registry = createRegistry(Ed25519PubKeySchema);
const JSON_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true, registry } as const;

/** The full-state fields of a staking genesis (params and gen_validators are genesis.ts's). */
export function exportStakingState(state: StateReader, keeper: StakingStore): JsonObject {
  const g = create(StakingGenesisSchema, {
    lastTotalPower: keeper.getLastTotalPower(state).toString(),
    lastValidatorPowers: [...keeper.lastValidatorPowers(state)].map(({ operator, power }) => ({ address: valAddressToString(operator), power })),
    validators: [...keeper.validators(state)].map(({ validator }) => validator),
    delegations: [...keeper.records(state, DELEGATION_PREFIX, (v) => fromBinary(DelegationSchema, v))],
    unbondingDelegations: [...keeper.records(state, UNBONDING_DELEGATION_PREFIX, (v) => fromBinary(UnbondingDelegationSchema, v))],
    redelegations: [...keeper.records(state, REDELEGATION_PREFIX, (v) => fromBinary(RedelegationSchema, v))],
    exported: true,
    lastUnbondingId: keeper.lastUnbondingId(state),
  });
  const json = decimalizeLegacyDecs(StakingGenesisSchema, toJson(StakingGenesisSchema, g, JSON_OPTIONS)) as JsonObject;
  delete json.params;
  delete json.gen_validators;
  return json;
}

/** The genesis with decimal LegacyDecs (outside params, which genesis.ts reads) as wire atomics. */
export function parseStakingGenesisJson(raw: JsonValue): StakingGenesis {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new Error("must be an object");
  const { params, ...rest } = raw;
  const atomized = atomizeLegacyDecs(StakingGenesisSchema, rest, "staking") as JsonObject;
  const g = fromJson(StakingGenesisSchema, params === undefined ? atomized : { ...atomized, params }, { registry });
  // protobuf-es reads "@type" into a type.googleapis.com/ URL; Cosmos type URLs are "/" + the name.
  for (const v of g.validators)
    if (v.consensusPubkey) v.consensusPubkey.typeUrl = `/${v.consensusPubkey.typeUrl.slice(v.consensusPubkey.typeUrl.lastIndexOf("/") + 1)}`;
  return g;
}

/** True when the genesis carries an exported state rather than (or besides) gen_validators. */
export function hasFullState(g: StakingGenesis): boolean {
  return g.exported || g.validators.length > 0 || g.delegations.length > 0 || g.lastValidatorPowers.length > 0;
}

/**
 * Writes the exported records and returns CometBFT's validator set: the last validator powers,
 * as the SDK returns them for an exported genesis. Pools must hold what the records account for.
 */
export function importStakingState(ctx: Context, keeper: StakingStore, g: StakingGenesis, bondDenom: string): ValidatorUpdate[] {
  if (g.genValidators.length > 0) throw new Error("gen_validators cannot be combined with an exported state");
  keeper.setLastTotalPower(ctx, BigInt(g.lastTotalPower || "0"));
  let bonded = 0n;
  let notBonded = 0n;
  for (const [i, v] of g.validators.entries()) {
    const at = `validators[${i}]`;
    const operator = parseValAddress(v.operatorAddress, `${at}.operator_address`);
    if (keeper.getValidator(ctx.store, operator)) throw new Error(`${at}: ${v.operatorAddress} is listed twice`);
    const cons = consensusAddress(decodeConsensusPubKey(v.consensusPubkey));
    if (keeper.validatorByConsAddress(ctx.store, cons)) throw new Error(`${at}: its consensus key is another validator's`);
    keeper.setValidator(ctx, operator, v);
    keeper.setValidatorByConsAddress(ctx, cons, operator);
    indexValidator(ctx, keeper, operator, v);
    if (v.status === BondStatus.UNBONDING) keeper.insertValidatorQueue(ctx, v.unbondingTime!, v.unbondingHeight, operator);
    if (v.status === BondStatus.BONDED) bonded += BigInt(v.tokens || "0");
    else notBonded += BigInt(v.tokens || "0");
  }
  const updates: ValidatorUpdate[] = [];
  for (const [i, p] of g.lastValidatorPowers.entries()) {
    const operator = parseValAddress(p.address, `last_validator_powers[${i}].address`);
    const v = keeper.getValidator(ctx.store, operator);
    if (!v) throw new Error(`last_validator_powers[${i}]: ${p.address} is not among the validators`);
    keeper.setLastValidatorPower(ctx, operator, p.power);
    updates.push(validatorUpdate(v, p.power));
  }
  for (const [i, d] of g.delegations.entries()) {
    const validator = parseValAddress(d.validatorAddress, `delegations[${i}].validator_address`);
    if (!keeper.getValidator(ctx.store, validator)) throw new Error(`delegations[${i}]: no validator ${d.validatorAddress}`);
    keeper.setDelegation(ctx, parseAccAddress(d.delegatorAddress, `delegations[${i}].delegator_address`), validator, d);
  }
  for (const [i, u] of g.unbondingDelegations.entries()) {
    const delegator = parseAccAddress(u.delegatorAddress, `unbonding_delegations[${i}].delegator_address`);
    const validator = parseValAddress(u.validatorAddress, `unbonding_delegations[${i}].validator_address`);
    keeper.setUnbondingDelegation(ctx, delegator, validator, u);
    for (const e of u.entries) {
      keeper.insertUnbondingQueue(ctx, e.completionTime!, delegator, validator);
      notBonded += BigInt(e.balance || "0");
    }
  }
  for (const [i, r] of g.redelegations.entries()) {
    const delegator = parseAccAddress(r.delegatorAddress, `redelegations[${i}].delegator_address`);
    const src = parseValAddress(r.validatorSrcAddress, `redelegations[${i}].validator_src_address`);
    const dst = parseValAddress(r.validatorDstAddress, `redelegations[${i}].validator_dst_address`);
    keeper.setRedelegation(ctx, delegator, src, dst, r);
    for (const e of r.entries) keeper.insertRedelegationQueue(ctx, e.completionTime!, delegator, src, dst);
  }
  keeper.setLastUnbondingId(ctx, g.lastUnbondingId);
  // As the SDK's InitGenesis: the pools must hold exactly what the records account for.
  const pools = keeper.poolBalances(ctx.store, bondDenom);
  if (pools.bonded !== bonded) throw new Error(`bonded_tokens_pool holds ${pools.bonded}${bondDenom}, bonded validators hold ${bonded}`);
  if (pools.notBonded !== notBonded)
    throw new Error(`not_bonded_tokens_pool holds ${pools.notBonded}${bondDenom}, unbonded validators and unbonding entries hold ${notBonded}`);
  return updates;
}
