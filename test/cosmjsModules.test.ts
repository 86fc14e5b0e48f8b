// CosmJS 0.38, unmodified, over the standard modules of a real one-validator chain: the bank,
// staking, distribution, slashing and gov (v1beta1) query extensions a wallet uses, and
// SigningStargateClient delegating, redelegating, undelegating and withdrawing rewards, with every
// amount predicted exactly from the fees the test paid (docs/distribution.md: 2 % community tax,
// 10 % commission, the F1 ratio truncated per token).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import {
  QueryClient,
  SigningStargateClient,
  setupBankExtension,
  setupDistributionExtension,
  setupGovExtension,
  setupSlashingExtension,
  setupStakingExtension,
  type DeliverTxResponse,
  type StdFee,
} from "@cosmjs/stargate";
import { connectComet, type CometClient } from "@cosmjs/tendermint-rpc";
import { stringToPath } from "@cosmjs/crypto";
import { fromAscii } from "@cosmjs/encoding";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { QueryDelegationRewardsRequest, QueryDelegationRewardsResponse } from "cosmjs-types/cosmos/distribution/v1beta1/query";
import { ProposalStatus, TextProposal } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import {
  FAUCET_GENESIS_BALANCE,
  FAUCET_TEST_MNEMONIC,
  VALIDATOR_GENESIS_BALANCE,
  VALIDATOR_SELF_DELEGATION,
  VALIDATOR_TEST_MNEMONICS,
} from "../common/node/testKeys.js";
import { formatValidatorAddress, parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { encodeBech32 } from "../sdk/crypto/bech32.js";
import { DEC_ONE } from "../sdk/math/dec.js";
import { generateMnemonic } from "../sdk/keys/mnemonic.js";
import { LocalNode } from "./support/localNode.js";
import { attributesOf } from "./support/eventAttributes.js";

const HD_PATH = stringToPath("m/44'/118'/0'/0/0");
const GAS = "300000";
/** The minimum gas price is 0.025uunit: 300000 gas costs at least 7500uunit. */
const FEE = 8_000n;
const BIG_FEE = 2_000_000n;
const DELEGATION = 10_000_000n;
/** Below 10^6 tokens in all (one unit of power), the second validator never enters the set, so
 *  the genesis validator alone earns every fee and the expected rewards stay one division. */
const SECOND_SELF_DELEGATION = 100_000n;
const REDELEGATION = 500_000n;
const UNDELEGATION = 2_000_000n;
const dec = (whole: bigint) => whole * DEC_ONE;

let node: LocalNode;
let comet: CometClient;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  comet = await connectComet(node.rpcUrl);
});

after(async () => {
  comet?.disconnect();
  await node?.destroy();
});

const queries = () =>
  QueryClient.withExtensions(comet, setupBankExtension, setupStakingExtension, setupDistributionExtension, setupSlashingExtension, setupGovExtension);

interface Account {
  client: SigningStargateClient;
  address: string;
}

async function account(mnemonic: string): Promise<Account> {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "unit", hdPaths: [HD_PATH] });
  const address = (await wallet.getAccounts())[0]!.address;
  return { client: await SigningStargateClient.connectWithSigner(node.rpcUrl, wallet, { broadcastPollIntervalMs: 200 }), address };
}

/** Every fee the chain has collected, by the height of the tx that paid it: nobody else sends txs. */
const feesByHeight = new Map<number, bigint>();
const fee = (amount: bigint): StdFee => ({ amount: [{ denom: "uunit", amount: amount.toString() }], gas: GAS });

function paid(r: DeliverTxResponse, amount: bigint): DeliverTxResponse {
  assert.equal(r.code, 0, r.rawLog);
  feesByHeight.set(r.height, (feesByHeight.get(r.height) ?? 0n) + amount);
  return r;
}

async function send(from: Account, messages: { typeUrl: string; value: unknown }[], amount = FEE): Promise<DeliverTxResponse> {
  return paid(await from.client.signAndBroadcast(from.address, messages, fee(amount)), amount);
}

/** Fees paid in blocks from..to inclusive. */
function feesIn(from: number, to: number): bigint {
  let sum = 0n;
  for (const [height, amount] of feesByHeight) if (height >= from && height <= to) sum += amount;
  return sum;
}

/**
 * A delegation's reward (LegacyDec atomics) from the period that began with the delegator's tx at
 * `start` to a withdrawal at `end`: the fees of blocks start..end-1 are allocated at the begin
 * blocks start+1..end; delegators get 98 % x 90 % = 88.2 % of them (exact in 18 decimals), divided
 * by the validator's tokens (truncated) and multiplied by the stake.
 */
function rewardOf(start: number, end: number, stake: bigint, validatorTokens: bigint): bigint {
  const periodRewards = (dec(feesIn(start, end - 1)) * 882n) / 1000n;
  return (periodRewards / validatorTokens) * stake;
}

function withdrawEvent(r: DeliverTxResponse, validator: string): { amount: string; delegator: string } {
  const events = r.events.filter((e) => e.type === "withdraw_rewards");
  assert.equal(events.length, 1, `one withdraw_rewards event in ${JSON.stringify(r.events.map((e) => e.type))}`);
  const attributes = attributesOf(events[0]!);
  assert.equal(attributes.validator, validator);
  return { amount: attributes.amount!, delegator: attributes.delegator! };
}

const balanceOf = async (address: string) => BigInt((await queries().bank.balance(address, "uunit")).amount);

/** DelegationRewards at a past height, as CosmJS's extension asks it (the extension itself reads the latest). */
async function rewardsAt(delegator: string, validator: string, height: number): Promise<string> {
  const request = QueryDelegationRewardsRequest.encode({ delegatorAddress: delegator, validatorAddress: validator }).finish();
  const answer = await queries().queryAbci("/cosmos.distribution.v1beta1.Query/DelegationRewards", request, height);
  assert.equal(answer.height, height);
  const { rewards } = QueryDelegationRewardsResponse.decode(answer.value);
  return rewards.find((c) => c.denom === "uunit")?.amount ?? "0";
}

test("CosmJS queries and signs delegations, redelegations, undelegations and withdrawals with exact amounts", async () => {
  const q = queries();
  const faucet = await account(FAUCET_TEST_MNEMONIC);
  const genesisOperator = await account(VALIDATOR_TEST_MNEMONICS[0]);
  const delegator = await account(generateMnemonic());
  const secondOperator = await account(generateMnemonic());
  const validatorA = formatValidatorAddress(parseAccountAddress(genesisOperator.address));
  const validatorB = formatValidatorAddress(parseAccountAddress(secondOperator.address));
  const privValidator = JSON.parse(fs.readFileSync(path.join(node.paths.cometHome, "config", "priv_validator_key.json"), "utf8")) as { address: string };
  const valconsA = encodeBech32("unitvalcons", Buffer.from(privValidator.address, "hex"));

  // Genesis values through each extension.
  const supply = (await q.bank.totalSupply()).supply.find((c) => c.denom === "uunit");
  assert.equal(supply?.amount, (FAUCET_GENESIS_BALANCE + VALIDATOR_GENESIS_BALANCE).toString(), "no inflation, fees are not burned");
  const stakingParams = (await q.staking.params()).params;
  assert.deepEqual(
    [stakingParams.bondDenom, stakingParams.unbondingTime.seconds, stakingParams.maxValidators, stakingParams.maxEntries, stakingParams.historicalEntries],
    ["uunit", 1_814_400n, 100, 7, 10_000],
  );
  assert.deepEqual((await q.slashing.params()).params, {
    signedBlocksWindow: 100n,
    minSignedPerWindow: new TextEncoder().encode((DEC_ONE / 2n).toString()),
    downtimeJailDuration: { seconds: 600n, nanos: 0 },
    slashFractionDoubleSign: new TextEncoder().encode((DEC_ONE / 20n).toString()),
    slashFractionDowntime: new TextEncoder().encode((DEC_ONE / 100n).toString()),
  });
  const tallying = (await q.gov.params("tallying")).tallyParams;
  assert.deepEqual(
    [fromAscii(tallying.quorum), fromAscii(tallying.threshold), fromAscii(tallying.vetoThreshold)],
    ["334000000000000000", "500000000000000000", "334000000000000000"],
  );
  assert.equal((await q.gov.params("voting")).votingParams.votingPeriod.seconds, 30n);
  const deposit = (await q.gov.params("deposit")).depositParams;
  assert.deepEqual([deposit.minDeposit, deposit.maxDepositPeriod.seconds], [[{ denom: "uunit", amount: "10000000" }], 172_800n]);
  const distributionParams = (await q.distribution.params()).params;
  assert.deepEqual([distributionParams.communityTax, distributionParams.withdrawAddrEnabled], [(DEC_ONE / 50n).toString(), true]);

  // Funds, a second validator from a fresh ed25519 key, and a text proposal.
  await send(faucet, [bankSend(faucet.address, delegator.address, 50_000_000n)]);
  await send(faucet, [bankSend(faucet.address, secondOperator.address, 5_000_000n)]);
  const consensusKey = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" }).x!;
  await send(secondOperator, [
    {
      typeUrl: "/cosmos.staking.v1beta1.MsgCreateValidator",
      value: {
        description: { moniker: "second", identity: "", website: "", securityContact: "", details: "" },
        // LegacyDecs travel as their atomics in the direct (protobuf) encoding.
        commission: { rate: (DEC_ONE / 20n).toString(), maxRate: (DEC_ONE / 5n).toString(), maxChangeRate: (DEC_ONE / 100n).toString() },
        minSelfDelegation: "1",
        delegatorAddress: "",
        validatorAddress: validatorB,
        pubkey: { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: PubKey.encode({ key: Buffer.from(consensusKey, "base64url") }).finish() },
        value: { denom: "uunit", amount: SECOND_SELF_DELEGATION.toString() },
      },
    },
  ]);
  const proposal = await send(faucet, [
    {
      typeUrl: "/cosmos.gov.v1beta1.MsgSubmitProposal",
      value: {
        content: {
          typeUrl: "/cosmos.gov.v1beta1.TextProposal",
          value: TextProposal.encode({ title: "Wallet check", description: "Read back by CosmJS." }).finish(),
        },
        initialDeposit: [{ denom: "uunit", amount: "10000000" }],
        proposer: faucet.address,
      },
    },
  ]);
  const proposals = (await q.gov.proposals(ProposalStatus.PROPOSAL_STATUS_UNSPECIFIED, "", "")).proposals;
  assert.equal(proposals.length, 1);
  assert.equal(proposals[0]!.status, ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD, "the initial deposit reached min_deposit");
  assert.deepEqual(proposals[0]!.totalDeposit, [{ denom: "uunit", amount: "10000000" }]);
  assert.equal(proposals[0]!.submitTime!.seconds > 0n, true);
  assert.equal(
    proposal.events.some((e) => e.type === "submit_proposal"),
    true,
  );

  // Delegate: the balance falls by exactly the amount and the fee; the validator's tokens rise by it.
  const funded = await balanceOf(delegator.address);
  assert.equal(funded, 50_000_000n);
  const delegated = paid(
    await delegator.client.delegateTokens(delegator.address, validatorA, { denom: "uunit", amount: DELEGATION.toString() }, fee(FEE)),
    FEE,
  );
  assert.equal(await balanceOf(delegator.address), funded - DELEGATION - FEE);
  let tokensA = VALIDATOR_SELF_DELEGATION + DELEGATION;
  const validator = (await q.staking.validator(validatorA)).validator;
  assert.equal(validator.tokens, tokensA.toString());
  assert.equal(validator.delegatorShares, dec(tokensA).toString());
  assert.equal(validator.status, BondStatus.BOND_STATUS_BONDED);
  assert.equal(validator.commission.commissionRates.rate, (DEC_ONE / 10n).toString());
  const second = (await q.staking.validator(validatorB)).validator;
  assert.deepEqual(
    [second.tokens, second.status, second.description.moniker, second.commission.commissionRates.rate],
    [SECOND_SELF_DELEGATION.toString(), BondStatus.BOND_STATUS_UNBONDED, "second", (DEC_ONE / 20n).toString()],
  );
  const bonded = (await q.staking.validators("BOND_STATUS_BONDED")).validators;
  assert.deepEqual(
    bonded.map((v) => [v.operatorAddress, v.tokens]),
    [[validatorA, tokensA.toString()]],
    "the second validator has no power: not in the set",
  );
  assert.deepEqual(
    (await q.staking.validators("BOND_STATUS_UNBONDED")).validators.map((v) => v.operatorAddress),
    [validatorB],
  );
  const delegation = (await q.staking.delegation(delegator.address, validatorA)).delegationResponse;
  assert.deepEqual(delegation?.balance, { denom: "uunit", amount: DELEGATION.toString() });
  assert.equal(delegation?.delegation.shares, dec(DELEGATION).toString());
  let stakeA = DELEGATION;

  // A big fee makes the rewards large; then redelegate part of the stake to the second validator,
  // which first pays the rewards accrued on the source delegation.
  await send(faucet, [bankSend(faucet.address, faucet.address, 1n)], BIG_FEE);
  let before = await balanceOf(delegator.address);
  const redelegated = await send(delegator, [
    {
      typeUrl: "/cosmos.staking.v1beta1.MsgBeginRedelegate",
      value: {
        delegatorAddress: delegator.address,
        validatorSrcAddress: validatorA,
        validatorDstAddress: validatorB,
        amount: { denom: "uunit", amount: REDELEGATION.toString() },
      },
    },
  ]);
  let reward = rewardOf(delegated.height, redelegated.height, stakeA, tokensA);
  const rewardDecs = [reward];
  assert.ok(reward / DEC_ONE > 0n);
  assert.equal(withdrawEvent(redelegated, validatorA).amount, `${reward / DEC_ONE}uunit`);
  assert.equal(await balanceOf(delegator.address), before - FEE + reward / DEC_ONE, "the redelegation paid the accrued rewards, less the fee");
  stakeA -= REDELEGATION;
  tokensA -= REDELEGATION;
  const redelegations = (await q.staking.redelegations(delegator.address, validatorA, validatorB)).redelegationResponses;
  assert.equal(redelegations.length, 1);
  assert.equal(redelegations[0]!.entries.length, 1);
  const entry = redelegations[0]!.entries[0]!;
  assert.equal(entry.balance, REDELEGATION.toString());
  assert.equal(entry.redelegationEntry.initialBalance, REDELEGATION.toString());
  assert.equal(entry.redelegationEntry.sharesDst, dec(REDELEGATION).toString());
  assert.equal(entry.redelegationEntry.creationHeight, BigInt(redelegated.height));
  assert.deepEqual((await q.staking.delegation(delegator.address, validatorB)).delegationResponse?.balance, {
    denom: "uunit",
    amount: REDELEGATION.toString(),
  });
  assert.equal((await q.staking.validator(validatorA)).validator.tokens, tokensA.toString());
  assert.equal((await q.staking.validator(validatorB)).validator.tokens, (SECOND_SELF_DELEGATION + REDELEGATION).toString());

  // Undelegate: the tokens leave at maturity (21 days), so now only the rewards and the fee move.
  await send(faucet, [bankSend(faucet.address, faucet.address, 1n)], BIG_FEE);
  before = await balanceOf(delegator.address);
  const undelegated = paid(
    await delegator.client.undelegateTokens(delegator.address, validatorA, { denom: "uunit", amount: UNDELEGATION.toString() }, fee(FEE)),
    FEE,
  );
  reward = rewardOf(redelegated.height, undelegated.height, stakeA, tokensA);
  rewardDecs.push(reward);
  assert.equal(withdrawEvent(undelegated, validatorA).amount, `${reward / DEC_ONE}uunit`);
  assert.equal(await balanceOf(delegator.address), before - FEE + reward / DEC_ONE);
  stakeA -= UNDELEGATION;
  tokensA -= UNDELEGATION;
  const unbonding = (await q.staking.unbondingDelegation(delegator.address, validatorA)).unbond;
  assert.equal(unbonding.entries.length, 1);
  assert.deepEqual(
    [unbonding.entries[0]!.balance, unbonding.entries[0]!.initialBalance, unbonding.entries[0]!.creationHeight],
    [UNDELEGATION.toString(), UNDELEGATION.toString(), BigInt(undelegated.height)],
  );
  const completion = unbonding.entries[0]!.completionTime.seconds;
  const blockTime = BigInt(Math.floor(new Date((await comet.block(undelegated.height)).block.header.time.toISOString()).getTime() / 1000));
  assert.equal(completion, blockTime + 1_814_400n, "matures one unbonding_time after the tx's block time");
  assert.deepEqual(
    (await q.staking.delegatorDelegations(delegator.address)).delegationResponses.map((d) => [d.delegation.validatorAddress, d.balance.amount]).sort(),
    [
      [validatorA, stakeA.toString()],
      [validatorB, REDELEGATION.toString()],
    ].sort(),
  );

  // Withdraw: the rewards DelegationRewards reported at the height before the tx's block, plus the
  // fees of that last block, as the withdraw_rewards event says and the balance shows.
  await send(faucet, [bankSend(faucet.address, faucet.address, 1n)], BIG_FEE);
  before = await balanceOf(delegator.address);
  const withdrawn = paid(await delegator.client.withdrawRewards(delegator.address, validatorA, fee(FEE)), FEE);
  const reportedBefore = await rewardsAt(delegator.address, validatorA, withdrawn.height - 1);
  assert.equal(reportedBefore, rewardOf(undelegated.height, withdrawn.height - 1, stakeA, tokensA).toString());
  reward = rewardOf(undelegated.height, withdrawn.height, stakeA, tokensA);
  rewardDecs.push(reward);
  const lastBlockShare = reward - BigInt(reportedBefore);
  assert.ok(lastBlockShare >= 0n);
  const event = withdrawEvent(withdrawn, validatorA);
  assert.deepEqual(event, { amount: `${reward / DEC_ONE}uunit`, delegator: delegator.address });
  const gained = (await balanceOf(delegator.address)) - before;
  assert.equal(`${gained + FEE}uunit`, event.amount, "the event's amount is the balance change plus the fee");

  // The distribution state after everything, from the fees alone.
  await node.waitForHeight(withdrawn.height + 2);
  const allFees = feesIn(0, withdrawn.height);
  const paidOut = rewardDecs.reduce((a, b) => a + b, 0n);
  const remainders = rewardDecs.reduce((a, r) => a + (r % DEC_ONE), 0n);
  assert.deepEqual((await q.distribution.validatorCommission(validatorA)).commission.commission, [
    { denom: "uunit", amount: ((dec(allFees) * 98n) / 1000n).toString() },
  ]);
  assert.deepEqual((await q.distribution.validatorOutstandingRewards(validatorA)).rewards.rewards, [
    { denom: "uunit", amount: ((dec(allFees) * 98n) / 100n - paidOut).toString() },
  ]);
  assert.deepEqual((await q.distribution.communityPool()).pool, [{ denom: "uunit", amount: ((dec(allFees) * 2n) / 100n + remainders).toString() }]);
  assert.deepEqual((await q.distribution.validatorOutstandingRewards(validatorB)).rewards.rewards, [], "out of the set: no fees");
  assert.deepEqual((await q.distribution.delegationRewards(delegator.address, validatorB)).rewards, []);
  const total = await q.distribution.delegationTotalRewards(delegator.address);
  assert.deepEqual(total.rewards.map((r) => r.validatorAddress).sort(), [validatorA, validatorB].sort());
  assert.equal(
    (await q.distribution.delegationRewards(delegator.address, validatorA)).rewards[0]?.amount,
    rewardOf(withdrawn.height, withdrawn.height + 2, stakeA, tokensA).toString(),
    "the withdrawal's own fee, allocated in the next block",
  );
  assert.equal((await q.distribution.delegatorWithdrawAddress(delegator.address)).withdrawAddress, delegator.address);

  // Staking totals and history; the slashing record of the signing validator.
  const pool = (await q.staking.pool()).pool;
  assert.deepEqual(
    [pool.bondedTokens, pool.notBondedTokens],
    [tokensA.toString(), (SECOND_SELF_DELEGATION + REDELEGATION + UNDELEGATION).toString()],
    "the unbonding tokens and the unbonded validator's wait in the not-bonded pool",
  );
  const history = (await q.staking.historicalInfo(undelegated.height)).hist!;
  assert.equal(history.header.height, BigInt(undelegated.height));
  assert.equal(history.header.chainId, "unit_2611-1");
  assert.deepEqual(
    history.valset.map((v) => [v.operatorAddress, v.tokens]),
    [[validatorA, (tokensA + UNDELEGATION).toString()]],
    "the set at that height: its end block had not yet seen the undelegation",
  );
  const { info } = await q.slashing.signingInfos();
  assert.deepEqual(
    info.map((i) => i.address),
    [valconsA],
  );
  const signing = (await q.slashing.signingInfo(valconsA)).valSigningInfo;
  assert.deepEqual([signing.address, signing.tombstoned, signing.missedBlocksCounter, signing.jailedUntil.seconds], [valconsA, false, 0n, 0n]);
  assert.ok(signing.indexOffset > 0n, "counts the blocks it signed");
});

function bankSend(from: string, to: string, amount: bigint) {
  return { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: to, amount: [{ denom: "uunit", amount: amount.toString() }] } };
}
