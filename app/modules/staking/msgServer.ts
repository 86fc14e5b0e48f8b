// cosmos.staking.v1beta1 MsgDelegate and MsgUndelegate: stateless checks first (they run in
// CheckTx), then the checks against state and the state change, in the SDK msg server's order.
import type { Coin as WireCoin } from "../../../gen/cosmos/base/v1beta1/coin_pb.js";
import { MsgDelegateResponseSchema, MsgDelegateSchema, MsgUndelegateResponseSchema, MsgUndelegateSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import type { Context } from "../../context.js";
import { parseAmount, validateDenom, type Coin } from "../../coins/coins.js";
import { sdkErrors } from "../../../common/errors.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { delegate, requireValidator, sharesToUnbond, undelegate } from "./delegation.js";
import { emitDelegate, emitUnbond } from "./events.js";
import { type StakingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { formatRfc3339 } from "./time.js";
import { parseValAddress, valAddressToString } from "./valAddress.js";

/** A positive amount of a well-formed denom; `what` is the SDK's wording for the failure. */
function positiveCoin(amount: WireCoin | undefined, what: string): Coin {
  if (!amount) throw sdkErrors.invalidRequest.wrap(`${what}: amount is missing`);
  let coin: Coin;
  try {
    validateDenom(amount.denom);
    coin = { denom: amount.denom, amount: parseAmount(amount.amount) };
  } catch (err) {
    throw sdkErrors.invalidRequest.wrap(`${what}: ${(err as Error).message}`);
  }
  if (coin.amount === 0n) throw sdkErrors.invalidRequest.wrap(`${what}: amount must be positive`);
  return coin;
}

function checkBondDenom(ctx: Context, keeper: StakingKeeper, denom: string): void {
  const { bondDenom } = keeper.getParams(ctx.store);
  if (denom !== bondDenom) throw sdkErrors.invalidRequest.wrap(`invalid coin denomination: got ${denom}, expected ${bondDenom}`);
}

type PairMsg = { delegatorAddress: string; validatorAddress: string; amount?: WireCoin | undefined };

function parsePair(msg: PairMsg): { delegator: Uint8Array; operator: Uint8Array } {
  return { operator: parseValAddress(msg.validatorAddress), delegator: parseAccAddress(msg.delegatorAddress, "delegator address") };
}

export function msgDelegateHandler(keeper: StakingKeeper): MsgHandler<typeof MsgDelegateSchema, typeof MsgDelegateResponseSchema> {
  return {
    request: MsgDelegateSchema,
    response: MsgDelegateResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.delegatorAddress, "delegator address")],
    validateBasic: (msg) => {
      parsePair(msg);
      positiveCoin(msg.amount, "invalid delegation amount");
    },
    handle: (ctx, msg) => {
      const { delegator, operator } = parsePair(msg);
      const coin = positiveCoin(msg.amount, "invalid delegation amount");
      requireValidator(ctx, keeper, operator);
      checkBondDenom(ctx, keeper, coin.denom);
      const newShares = delegate(ctx, keeper, delegator, operator, coin.amount);
      emitDelegate(ctx, valAddressToString(operator), accAddressToString(delegator), coin, newShares);
      return {};
    },
  };
}

export function msgUndelegateHandler(keeper: StakingKeeper): MsgHandler<typeof MsgUndelegateSchema, typeof MsgUndelegateResponseSchema> {
  return {
    request: MsgUndelegateSchema,
    response: MsgUndelegateResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.delegatorAddress, "delegator address")],
    validateBasic: (msg) => {
      parsePair(msg);
      positiveCoin(msg.amount, "invalid shares amount");
    },
    handle: (ctx, msg) => {
      const { delegator, operator } = parsePair(msg);
      const coin = positiveCoin(msg.amount, "invalid shares amount");
      const shares = sharesToUnbond(ctx, keeper, delegator, operator, coin.amount);
      checkBondDenom(ctx, keeper, coin.denom);
      const { completionTime, amount } = undelegate(ctx, keeper, delegator, operator, shares);
      const paid = { denom: coin.denom, amount };
      emitUnbond(ctx, valAddressToString(operator), accAddressToString(delegator), paid, formatRfc3339(completionTime));
      return { completionTime, amount: { denom: paid.denom, amount: paid.amount.toString() } };
    },
  };
}
