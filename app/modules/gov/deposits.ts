// Deposits, as the SDK v0.50 keeper handles them: every deposit (the initial one included) must
// reach min_deposit x min_deposit_ratio in at least one accepted denom; coins go to the gov module
// account; reaching min_deposit starts the voting period. Settling returns or burns them.
import { create } from "@bufbuild/protobuf";
import { DepositSchema, ProposalStatus, type Proposal } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Context } from "../../context.js";
import { addCoins, formatCoins, parseCoins, toWireCoins, type Coin } from "../../coins/coins.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { GOV_ACCOUNT } from "../../../common/moduleAccounts.js";
import { amountOf, coinsAllGte, scaleCoinsRound, scaleTruncate, wireCoins } from "./coinMath.js";
import { govErrors } from "./errors.js";
import { emitProposalDeposit } from "./events.js";
import type { GovKeeper } from "./keeper.js";
import { parseParams, type ParsedParams } from "./params.js";
import { addDurationNanos, timestampNanos } from "./time.js";

/** The deposit that moves a proposal into voting: the expedited minimum for expedited proposals. */
export function minDepositFor(params: ParsedParams, expedited: boolean): Coin[] {
  return expedited ? params.expeditedMinDeposit : params.minDeposit;
}

/** Only the denoms of min_deposit are accepted. */
export function checkDepositDenoms(params: ParsedParams, amount: readonly Coin[]): void {
  const accepted = params.minDeposit.map((c) => c.denom);
  if (amount.some((c) => !accepted.includes(c.denom))) {
    throw govErrors.invalidDepositDenom.wrap(`deposited ${formatCoins(amount)}, but gov accepts only the following denom(s): ${accepted.join(",")}`);
  }
}

/** min_initial_deposit_ratio of the (expedited) minimum deposit, rounded, in every denom. */
export function checkInitialDeposit(params: ParsedParams, initial: readonly Coin[], expedited: boolean): void {
  if (params.minInitialDepositRatio === 0n) return;
  const need = scaleCoinsRound(minDepositFor(params, expedited), params.minInitialDepositRatio);
  if (!coinsAllGte(initial, need)) throw govErrors.minDepositTooSmall.wrap(`was (${formatCoins(initial)}), need (${formatCoins(need)})`);
}

/** min_deposit_ratio of the (expedited) minimum deposit, truncated, in at least one denom. */
export function checkDepositRatio(params: ParsedParams, minDeposit: readonly Coin[], amount: readonly Coin[]): void {
  if (params.minDepositRatio === 0n) return;
  const thresholds = minDeposit.map((c) => ({ denom: c.denom, amount: scaleTruncate(c.amount, params.minDepositRatio) }));
  const met = thresholds.some((t) => amount.some((c) => c.denom === t.denom) && amountOf(amount, t.denom) >= t.amount);
  if (!met) throw govErrors.minDepositTooSmall.wrap(`received ${formatCoins(amount)} but need at least one of the following: ${formatCoins(thresholds)}`);
}

/** Moves a proposal into its voting period, from now for the (expedited) voting period. */
export function activateVotingPeriod(keeper: GovKeeper, ctx: Context, proposal: Proposal, params: ParsedParams): void {
  const start = ctx.header.time;
  const end = addDurationNanos(start, proposal.expedited ? params.expeditedVotingPeriod : params.votingPeriod);
  proposal.status = ProposalStatus.VOTING_PERIOD;
  proposal.votingStartTime = start;
  proposal.votingEndTime = end;
  if (proposal.depositEndTime) keeper.dequeue(ctx, "inactive", timestampNanos(proposal.depositEndTime), proposal.id);
  keeper.enqueue(ctx, "active", timestampNanos(end), proposal.id);
}

/**
 * Adds a deposit to a proposal in its deposit or voting period; returns true when this deposit
 * started the voting period.
 */
export function addDeposit(keeper: GovKeeper, ctx: Context, id: bigint, depositor: Uint8Array, amount: readonly Coin[]): boolean {
  const proposal = keeper.getProposal(ctx.store, id);
  if (!proposal) throw govErrors.unknownProposal.wrap(`proposal ${id} doesn't exist`);
  if (proposal.status !== ProposalStatus.DEPOSIT_PERIOD && proposal.status !== ProposalStatus.VOTING_PERIOD) {
    throw govErrors.inactiveProposal.wrap(`proposal ${id} is ${ProposalStatus[proposal.status]}`);
  }
  const params = parseParams(keeper.getParams(ctx.store));
  const minDeposit = minDepositFor(params, proposal.expedited);
  checkDepositDenoms(params, amount);
  checkDepositRatio(params, minDeposit, amount);

  if (amount.length > 0) keeper.bank.sendToModule(ctx, depositor, GOV_ACCOUNT, amount);
  const total = addCoins(parseCoins(proposal.totalDeposit), amount);
  proposal.totalDeposit = wireCoins(total);
  const activated = proposal.status === ProposalStatus.DEPOSIT_PERIOD && coinsAllGte(total, minDeposit);
  if (activated) activateVotingPeriod(keeper, ctx, proposal, params);
  keeper.setProposal(ctx, proposal);

  const previous = keeper.getDeposit(ctx.store, id, depositor);
  const sum = addCoins(previous ? parseCoins(previous.amount) : [], amount);
  const depositorText = accAddressToString(depositor);
  keeper.setDeposit(ctx, depositor, create(DepositSchema, { proposalId: id, depositor: depositorText, amount: toWireCoins(sum) }));
  emitProposalDeposit(ctx, id, depositorText, amount);
  return activated;
}

/** Returns every deposit of a proposal to its depositor. */
export function refundAndDeleteDeposits(keeper: GovKeeper, ctx: Context, id: bigint): void {
  for (const { depositor, deposit } of keeper.deposits(ctx.store, id)) {
    const coins = parseCoins(deposit.amount);
    if (coins.length > 0) keeper.bank.sendFromModule(ctx, GOV_ACCOUNT, depositor, coins);
    keeper.deleteDeposit(ctx, id, depositor);
  }
}

/** Burns every deposit of a proposal. */
export function deleteAndBurnDeposits(keeper: GovKeeper, ctx: Context, id: bigint): void {
  let burn: Coin[] = [];
  for (const { depositor, deposit } of keeper.deposits(ctx.store, id)) {
    burn = addCoins(burn, parseCoins(deposit.amount));
    keeper.deleteDeposit(ctx, id, depositor);
  }
  if (burn.length > 0) keeper.bank.burn(ctx, GOV_ACCOUNT, burn);
}

/**
 * A cancelled proposal's deposits: `ratio` of each (truncated) is burned, or sent to `dest` when
 * set; the rest goes back to its depositor.
 */
export function chargeDeposits(keeper: GovKeeper, ctx: Context, id: bigint, ratio: bigint, dest: string): void {
  let charges: Coin[] = [];
  for (const { depositor, deposit } of keeper.deposits(ctx.store, id)) {
    const coins = parseCoins(deposit.amount);
    const charged = coins.map((c) => ({ denom: c.denom, amount: scaleTruncate(c.amount, ratio) }));
    const remaining = coins.map((c, i) => ({ denom: c.denom, amount: c.amount - charged[i]!.amount })).filter((c) => c.amount > 0n);
    if (remaining.length > 0) keeper.bank.sendFromModule(ctx, GOV_ACCOUNT, depositor, remaining);
    charges = addCoins(
      charges,
      charged.filter((c) => c.amount > 0n),
    );
    keeper.deleteDeposit(ctx, id, depositor);
  }
  if (charges.length === 0) return;
  if (dest === "") keeper.bank.burn(ctx, GOV_ACCOUNT, charges);
  else keeper.bank.sendFromModule(ctx, GOV_ACCOUNT, parseAccAddress(dest, "proposal_cancel_dest"), charges);
}
