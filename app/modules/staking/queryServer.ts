// cosmos.staking.v1beta1.Query over committed state, answering as the SDK's grpc_query.go does.
// Bad arguments are the client's mistake (INVALID_ARGUMENT), missing records NOT_FOUND.
import { Query, type QueryRedelegationsRequest } from "../../../gen/cosmos/staking/v1beta1/query_pb.js";
import { BondStatus, BondStatusSchema, type Delegation, type Redelegation, type Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { decTruncate } from "../../../sdk/math/dec.js";
import { type QueryServices } from "../../query/service.js";
import { addressArg } from "../../../common/grpc/addressArg.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import type { StateReader } from "../../store/types.js";
import type { Page } from "../../query/pagination.js";
import { parseAccAddress } from "../../../common/address.js";
import { validatorAmounts, type StakingKeeper } from "./keeper.js";
import { tokensFromShares } from "./shares.js";
import { parseValAddress } from "./valAddress.js";
import { decFromWire } from "./wire.js";

const delegatorArg = (text: string) => addressArg(text, (t) => parseAccAddress(t, "delegator address"), "delegator address cannot be empty");
const validatorArg = (text: string) => addressArg(text, (t) => parseValAddress(t), "validator address cannot be empty");

function statusArg(status: string): BondStatus | undefined {
  if (status === "") return undefined;
  const value = BondStatusSchema.values.find((v) => v.name === status)?.number;
  if (value === undefined || value === BondStatus.UNSPECIFIED) throw invalidArgument(`invalid validator status ${status}`);
  return value as BondStatus;
}

/**
 * The SDK's three cases: one redelegation (all three addresses), those away from a source
 * validator (source only), or else all of the delegator's, whatever source or destination is
 * also given (the SDK ignores them there too).
 */
function redelegationsOf(
  keeper: StakingKeeper,
  state: StateReader,
  req: QueryRedelegationsRequest,
): { redelegations: Redelegation[]; pagination?: Page<Redelegation>["pagination"] } {
  const { delegatorAddr: d, srcValidatorAddr: s, dstValidatorAddr: t } = req;
  if (s !== "") validatorArg(s);
  if (t !== "") validatorArg(t);
  if (d !== "" && s !== "" && t !== "") {
    const red = keeper.getRedelegation(state, delegatorArg(d), validatorArg(s), validatorArg(t));
    if (!red) throw notFound(`redelegation not found for delegator address ${d} from validator address ${s}`);
    return { redelegations: [red] };
  }
  const page =
    d === "" && s !== "" && t === ""
      ? keeper.srcRedelegationsPage(state, validatorArg(s), req.pagination)
      : keeper.delegatorRedelegationsPage(state, delegatorArg(d), req.pagination);
  return { redelegations: page.items, pagination: page.pagination };
}

export function registerStakingQueries(services: QueryServices, keeper: StakingKeeper): void {
  const bondDenom = (state: StateReader) => keeper.getParams(state).bondDenom;

  const validatorOf = (state: StateReader, operator: Uint8Array, text: string): Validator => {
    const v = keeper.getValidator(state, operator);
    if (!v) throw notFound(`validator ${text} not found`);
    return v;
  };
  /** Delegation with the tokens its shares are worth now, as the SDK's DelegationToDelegationResponse. */
  const delegationResponse = (state: StateReader, operator: Uint8Array, delegation: Delegation) => {
    const v = validatorOf(state, operator, delegation.validatorAddress);
    const tokens = decTruncate(tokensFromShares(validatorAmounts(v), decFromWire(delegation.shares)));
    return { delegation, balance: { denom: bondDenom(state), amount: tokens.toString() } };
  };

  /** Each entry with the tokens its destination shares are worth now (SDK redelegationsToRedelegationResponses). */
  const redelegationResponse = (state: StateReader, red: Redelegation) => {
    const dst = validatorOf(state, parseValAddress(red.validatorDstAddress), red.validatorDstAddress);
    return {
      redelegation: red,
      entries: red.entries.map((entry) => ({
        redelegationEntry: entry,
        balance: decTruncate(tokensFromShares(validatorAmounts(dst), decFromWire(entry.sharesDst))).toString(),
      })),
    };
  };

  services.register(Query, {
    validators: (req, { state }) => {
      const status = statusArg(req.status);
      const page = keeper.validatorsPage(state, req.pagination, (v) => status === undefined || v.status === status);
      return { validators: page.items, pagination: page.pagination };
    },
    validator: (req, { state }) => ({ validator: validatorOf(state, validatorArg(req.validatorAddr), req.validatorAddr) }),
    validatorDelegations: (req, { state }) => {
      const operator = validatorArg(req.validatorAddr);
      const page = keeper.validatorDelegatorsPage(state, operator, req.pagination);
      const responses = page.items.map((delegator) => delegationResponse(state, operator, keeper.getDelegation(state, delegator, operator)!));
      return { delegationResponses: responses, pagination: page.pagination };
    },
    validatorUnbondingDelegations: (req, { state }) => {
      const operator = validatorArg(req.validatorAddr);
      const page = keeper.validatorUnbondingsPage(state, operator, req.pagination);
      return { unbondingResponses: page.items, pagination: page.pagination };
    },
    delegation: (req, { state }) => {
      const delegator = delegatorArg(req.delegatorAddr);
      const operator = validatorArg(req.validatorAddr);
      const delegation = keeper.getDelegation(state, delegator, operator);
      if (!delegation) throw notFound(`delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`);
      return { delegationResponse: delegationResponse(state, operator, delegation) };
    },
    unbondingDelegation: (req, { state }) => {
      const delegator = delegatorArg(req.delegatorAddr);
      const operator = validatorArg(req.validatorAddr);
      const unbond = keeper.getUnbondingDelegation(state, delegator, operator);
      if (!unbond) throw notFound(`unbonding delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`);
      return { unbond };
    },
    delegatorDelegations: (req, { state }) => {
      const page = keeper.delegatorDelegationsPage(state, delegatorArg(req.delegatorAddr), req.pagination);
      return { delegationResponses: page.items.map((d) => delegationResponse(state, d.validator, d.delegation)), pagination: page.pagination };
    },
    delegatorUnbondingDelegations: (req, { state }) => {
      const page = keeper.delegatorUnbondingsPage(state, delegatorArg(req.delegatorAddr), req.pagination);
      return { unbondingResponses: page.items, pagination: page.pagination };
    },
    delegatorValidators: (req, { state }) => {
      const page = keeper.delegatorDelegationsPage(state, delegatorArg(req.delegatorAddr), req.pagination);
      return { validators: page.items.map((d) => validatorOf(state, d.validator, d.delegation.validatorAddress)), pagination: page.pagination };
    },
    delegatorValidator: (req, { state }) => {
      const delegator = delegatorArg(req.delegatorAddr);
      const operator = validatorArg(req.validatorAddr);
      if (!keeper.hasDelegation(state, delegator, operator))
        throw notFound(`delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`);
      return { validator: validatorOf(state, operator, req.validatorAddr) };
    },
    pool: (_req, { state }) => {
      const pools = keeper.poolBalances(state, bondDenom(state));
      return { pool: { notBondedTokens: pools.notBonded.toString(), bondedTokens: pools.bonded.toString() } };
    },
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    historicalInfo: (req, { state }) => {
      if (req.height < 0n) throw invalidArgument("height cannot be negative");
      const hist = keeper.getHistoricalInfo(state, req.height);
      if (!hist) throw notFound(`historical info for height ${req.height} not found`);
      return { hist };
    },
    redelegations: (req, { state }) => {
      const { redelegations, pagination } = redelegationsOf(keeper, state, req);
      return { redelegationResponses: redelegations.map((r) => redelegationResponse(state, r)), pagination };
    },
  });
}
