// Every cross-module invariant the simulation checks after each block, read straight from the
// committed state with keepers of the app's own classes (keepers hold no state, only key layouts).
// Each returns what is broken; an empty list means the state is sound. Registry's and voting's are
// in registryInvariants.ts and votingInvariants.ts.
import { fromBinary } from "@bufbuild/protobuf";
import { UnbondingDelegationSchema } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { GOV_AUTHORITY, MODULE_ACCOUNTS } from "../../../app/modules.js";
import { AccountKeeper } from "../../../app/modules/auth/keeper.js";
import { BlockInfoKeeper } from "../../../app/modules/blockinfo/keeper.js";
import { BankKeeper } from "../../../app/modules/bank/keeper.js";
import { BALANCE_PREFIX, SUPPLY_PREFIX } from "../../../app/modules/bank/keys.js";
import { DistributionKeeper } from "../../../app/modules/distribution/keeper.js";
import { checkDistributionInvariants } from "../../../app/modules/distribution/invariants.js";
import { GovKeeper } from "../../../app/modules/gov/keeper.js";
import { PrecisebankKeeper } from "../../../app/modules/precisebank/keeper.js";
import { brokenInvariants as brokenPrecisebank } from "../../../app/modules/precisebank/invariants.js";
import { isBonded, StakingKeeper, validatorAmounts } from "../../../app/modules/staking/keeper.js";
import { UNBONDING_DELEGATION_PREFIX } from "../../../app/modules/staking/keys.js";
import { TaxrailKeeper } from "../../../app/modules/taxrail/keeper.js";
import { brokenInvariants as brokenTaxrail } from "../../../app/modules/taxrail/invariants.js";
import { moduleReader } from "../../../app/store/prefixStore.js";
import type { StateReader } from "../../../app/store/types.js";
import { MsgRouter } from "../../../app/tx/msgRouter.js";
import { GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { registryHistory, registryIndexes, taxCollectedMatchesHistory } from "./registryInvariants.js";
import { votingRecords } from "./votingInvariants.js";

const accounts = new AccountKeeper(MODULE_ACCOUNTS.map((m) => ({ name: m.name, permissions: [...m.permissions] })));
const bank = new BankKeeper(accounts);
const precisebank = new PrecisebankKeeper(bank, accounts);
const staking = new StakingKeeper(bank, accounts);
const gov = new GovKeeper(bank, staking, new MsgRouter(), GOV_AUTHORITY);
const distribution = new DistributionKeeper({ bank, accounts, staking, authority: GOV_AUTHORITY });
// The invariant reads balances only; it never asks who a jurisdiction's authority is.
const taxrail = new TaxrailKeeper(bank, accounts, { jurisdictionAuthority: () => undefined }, GOV_AUTHORITY);
const blockInfo = new BlockInfoKeeper();
const utf8 = new TextDecoder();

/** Bank: each denom's stored supply equals the sum of every account's balance of it. */
export function bankSupply(state: StateReader): string[] {
  const store = moduleReader(state, "bank");
  const sums = new Map<string, bigint>();
  for (const { key, value } of store.prefixIterator(BALANCE_PREFIX)) {
    const denom = utf8.decode(key.subarray(BALANCE_PREFIX.length + 20));
    sums.set(denom, (sums.get(denom) ?? 0n) + BigInt(utf8.decode(value)));
  }
  const broken: string[] = [];
  const supplied = new Set<string>();
  for (const { key, value } of store.prefixIterator(SUPPLY_PREFIX)) {
    const denom = utf8.decode(key.subarray(SUPPLY_PREFIX.length));
    supplied.add(denom);
    const supply = BigInt(utf8.decode(value));
    if (supply !== (sums.get(denom) ?? 0n)) broken.push(`bank supply of ${denom} is ${supply}, balances sum to ${sums.get(denom) ?? 0n}`);
  }
  for (const [denom, sum] of sums) if (!supplied.has(denom)) broken.push(`balances of ${denom} sum to ${sum} but it has no supply`);
  return broken;
}

/**
 * Staking: the bonded pool holds exactly the tokens of bonded validators; the not-bonded pool the
 * tokens of the others plus every unbonding entry not yet paid out.
 */
export function stakingPools(state: StateReader): string[] {
  const denom = staking.getParams(state).bondDenom;
  let bonded = 0n;
  let notBonded = 0n;
  for (const { validator } of staking.validators(state)) {
    const { tokens } = validatorAmounts(validator);
    if (isBonded(validator)) bonded += tokens;
    else notBonded += tokens;
  }
  for (const { value } of moduleReader(state, "staking").prefixIterator(UNBONDING_DELEGATION_PREFIX)) {
    for (const e of fromBinary(UnbondingDelegationSchema, value).entries) notBonded += BigInt(e.balance);
  }
  const pools = staking.poolBalances(state, denom);
  const broken: string[] = [];
  if (pools.bonded !== bonded) broken.push(`bonded pool holds ${pools.bonded}${denom}, bonded validators have ${bonded}`);
  if (pools.notBonded !== notBonded) broken.push(`not-bonded pool holds ${pools.notBonded}${denom}, unbonded tokens and unbonding entries are ${notBonded}`);
  return broken;
}

/** Gov: its module account holds at least every deposit of a proposal still open. */
export function govDeposits(state: StateReader): string[] {
  const broken: string[] = [];
  for (const [denom, held] of gov.heldDeposits(state)) {
    const balance = bank.getBalance(state, moduleAddress(GOV_ACCOUNT), denom);
    if (balance < held) broken.push(`gov account holds ${balance}${denom}, open deposits are ${held}${denom}`);
  }
  return broken;
}

/** Distribution: nothing owed is negative, the account holds exactly what is owed, records are referenced. */
export function distributionRecords(state: StateReader): string[] {
  try {
    checkDistributionInvariants(state, distribution);
    return [];
  } catch (err) {
    return [(err as Error).message];
  }
}

/**
 * Bank, across blocks: the chain does not inflate, so the bond denom's supply never grows; it
 * shrinks only by burns (slashing, vetoed deposits). Returns the supply to compare with the next block's.
 */
export function supplyNotGrown(state: StateReader, previous: bigint | undefined): { supply: bigint; broken: string[] } {
  const supply = bank.getSupply(state, staking.bondDenom(state));
  const broken = previous !== undefined && supply > previous ? [`bank: bond denom supply grew from ${previous} to ${supply}`] : [];
  return { supply, broken };
}

/** Every invariant of every module, prefixed by the module that owns it. */
export function allBrokenInvariants(state: StateReader): string[] {
  const time = blockInfo.lastBlock(state)?.time;
  const now = time ? time.seconds * 1_000_000_000n + BigInt(time.nanos) : undefined;
  return [
    ...bankSupply(state).map((m) => `bank: ${m}`),
    ...brokenPrecisebank(precisebank, state).map((m) => `precisebank: ${m}`),
    ...stakingPools(state).map((m) => `staking: ${m}`),
    ...distributionRecords(state).map((m) => `distribution: ${m}`),
    ...govDeposits(state).map((m) => `gov: ${m}`),
    ...brokenTaxrail(state, taxrail).map((m) => `taxrail: ${m}`),
    ...taxCollectedMatchesHistory(state, taxrail).map((m) => `taxrail: ${m}`),
    ...registryIndexes(state).map((m) => `registry: ${m}`),
    ...registryHistory(state).map((m) => `registry: ${m}`),
    ...votingRecords(state, now).map((m) => `voting: ${m}`),
  ];
}
