// cosmos.staking.v1beta1.Query over committed state. HistoricalInfo and Redelegations have no
// handler (this chain keeps no historical info and has no redelegations): they answer UNIMPLEMENTED.
import { fromBinary } from "@bufbuild/protobuf";
import { Query } from "../../../gen/cosmos/staking/v1beta1/query_pb.js";
import { BondStatus, BondStatusSchema, DelegationSchema, UnbondingDelegationSchema, ValidatorSchema, type Delegation, type Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { AppError } from "../../../common/errors.js";
import { decTruncate } from "../../../sdk/math/dec.js";
import { paginate, type PageRequest } from "../../query/pagination.js";
import { type QueryServices } from "../../query/service.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import type { KVReader } from "../../store/types.js";
import { parseAccAddress } from "../../../common/address.js";
import { validatorAmounts, type StakingKeeper } from "./keeper.js";
import { delegationKey, delegationsOfDelegatorPrefix, delegationsOfValidatorPrefix, unbondingDelegationKey, unbondingsOfDelegatorPrefix, unbondingsOfValidatorPrefix, VALIDATOR_PREFIX } from "./keys.js";
import { tokensFromShares } from "./shares.js";
import { parseValAddress } from "./valAddress.js";
import { decFromWire } from "./wire.js";

/** A bad address is the client's mistake: INVALID_ARGUMENT with the codec's message. */
function addressArg(text: string, parse: (t: string) => Uint8Array, what: string): Uint8Array {
  if (text === "") throw invalidArgument(`${what} address cannot be empty`);
  try {
    return parse(text);
  } catch (err) {
    throw invalidArgument(err instanceof AppError ? err.message : String(err));
  }
}
const delegatorArg = (text: string) => addressArg(text, (t) => parseAccAddress(t, "delegator address"), "delegator");
const validatorArg = (text: string) => addressArg(text, (t) => parseValAddress(t), "validator");

function statusArg(status: string): BondStatus | undefined {
  if (status === "") return undefined;
  const value = BondStatusSchema.values.find((v) => v.name === status)?.number;
  if (value === undefined || value === BondStatus.UNSPECIFIED) throw invalidArgument(`invalid validator status ${status}`);
  return value as BondStatus;
}

export function registerStakingQueries(services: QueryServices, keeper: StakingKeeper): void {
  const staking = (state: KVReader) => keeper.reader(state);
  const bondDenom = (reader: KVReader) => keeper.getParams(reader).bondDenom;

  const validatorOf = (reader: KVReader, operator: Uint8Array, text: string): Validator => {
    const v = keeper.getValidator(reader, operator);
    if (!v) throw notFound(`validator ${text} not found`);
    return v;
  };
  /** Delegation with the tokens its shares are worth now, as the SDK's DelegationToDelegationResponse. */
  const delegationResponse = (reader: KVReader, operator: Uint8Array, delegation: Delegation) => {
    const v = validatorOf(reader, operator, delegation.validatorAddress);
    const tokens = decTruncate(tokensFromShares(validatorAmounts(v), decFromWire(delegation.shares)));
    return { delegation, balance: { denom: bondDenom(reader), amount: tokens.toString() } };
  };
  const delegationsPage = (reader: KVReader, delegator: Uint8Array, pagination: PageRequest | undefined) =>
    paginate(reader, delegationsOfDelegatorPrefix(delegator), pagination, (validator, value) => ({ validator, delegation: fromBinary(DelegationSchema, value) }));

  services.register(Query, {
    validators: (req, { state }) => {
      const status = statusArg(req.status);
      const page = paginate(staking(state), VALIDATOR_PREFIX, req.pagination, (_key, value) => {
        const v = fromBinary(ValidatorSchema, value);
        return status === undefined || v.status === status ? v : undefined;
      });
      return { validators: page.items, pagination: page.pagination };
    },
    validator: (req, { state }) => ({ validator: validatorOf(staking(state), validatorArg(req.validatorAddr), req.validatorAddr) }),
    validatorDelegations: (req, { state }) => {
      const reader = staking(state);
      const operator = validatorArg(req.validatorAddr);
      const page = paginate(reader, delegationsOfValidatorPrefix(operator), req.pagination, (delegator) => delegator);
      const responses = page.items.map((delegator) => delegationResponse(reader, operator, keeper.getDelegation(reader, delegator, operator)!));
      return { delegationResponses: responses, pagination: page.pagination };
    },
    validatorUnbondingDelegations: (req, { state }) => {
      const reader = staking(state);
      const operator = validatorArg(req.validatorAddr);
      const page = paginate(reader, unbondingsOfValidatorPrefix(operator), req.pagination, (delegator) => keeper.getUnbondingDelegation(reader, delegator, operator));
      return { unbondingResponses: page.items, pagination: page.pagination };
    },
    delegation: (req, { state }) => {
      const reader = staking(state);
      const delegator = delegatorArg(req.delegatorAddr);
      const operator = validatorArg(req.validatorAddr);
      const raw = reader.get(delegationKey(delegator, operator));
      if (!raw) throw notFound(`delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`);
      return { delegationResponse: delegationResponse(reader, operator, fromBinary(DelegationSchema, raw)) };
    },
    unbondingDelegation: (req, { state }) => {
      const reader = staking(state);
      const delegator = delegatorArg(req.delegatorAddr);
      const operator = validatorArg(req.validatorAddr);
      const raw = reader.get(unbondingDelegationKey(delegator, operator));
      if (!raw) throw notFound(`unbonding delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`);
      return { unbond: fromBinary(UnbondingDelegationSchema, raw) };
    },
    delegatorDelegations: (req, { state }) => {
      const reader = staking(state);
      const page = delegationsPage(reader, delegatorArg(req.delegatorAddr), req.pagination);
      return { delegationResponses: page.items.map((d) => delegationResponse(reader, d.validator, d.delegation)), pagination: page.pagination };
    },
    delegatorUnbondingDelegations: (req, { state }) => {
      const page = paginate(staking(state), unbondingsOfDelegatorPrefix(delegatorArg(req.delegatorAddr)), req.pagination, (_key, value) => fromBinary(UnbondingDelegationSchema, value));
      return { unbondingResponses: page.items, pagination: page.pagination };
    },
    delegatorValidators: (req, { state }) => {
      const reader = staking(state);
      const page = delegationsPage(reader, delegatorArg(req.delegatorAddr), req.pagination);
      return { validators: page.items.map((d) => validatorOf(reader, d.validator, d.delegation.validatorAddress)), pagination: page.pagination };
    },
    delegatorValidator: (req, { state }) => {
      const reader = staking(state);
      const delegator = delegatorArg(req.delegatorAddr);
      const operator = validatorArg(req.validatorAddr);
      if (!reader.has(delegationKey(delegator, operator))) throw notFound(`delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`);
      return { validator: validatorOf(reader, operator, req.validatorAddr) };
    },
    pool: (_req, { state }) => {
      const pools = keeper.poolBalances(state, bondDenom(staking(state)));
      return { pool: { notBondedTokens: pools.notBonded.toString(), bondedTokens: pools.bonded.toString() } };
    },
    params: (_req, { state }) => ({ params: keeper.getParams(staking(state)) }),
  });
}
