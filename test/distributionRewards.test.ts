// Distribution on a real one-validator chain (real CometBFT, the app, CosmJS unmodified): fees
// paid by txs become the validator's commission and its delegators' rewards with the amounts the
// commission rate (10 %) and the community tax (2 %) give, to the last atomic unit; a withdrawal
// moves exactly the reward to the withdraw address; every answer of CosmJS's distribution
// extension decodes; REST prints what gRPC answers, LegacyDecs in decimal form.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { QueryClient, SigningStargateClient, setupDistributionExtension, type StdFee } from "@cosmjs/stargate";
import { connectComet } from "@cosmjs/tendermint-rpc";
import { stringToPath } from "@cosmjs/crypto";
import { FAUCET_TEST_MNEMONIC, VALIDATOR_SELF_DELEGATION, VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { formatValidatorAddress, parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { DEC_ONE, formatDec } from "../sdk/math/dec.js";
import { generateMnemonic } from "../sdk/keys/mnemonic.js";
import { LocalNode } from "./support/localNode.js";
import { RestGatewayProcess } from "./support/restGateway.js";
import { attributesOf } from "./support/eventAttributes.js";

const HD_PATH = stringToPath("m/44'/118'/0'/0/0");
const GAS = "200000";
const fee = (amount: bigint): StdFee => ({ amount: [{ denom: "uunit", amount: amount.toString() }], gas: GAS });
/** Fees of the test's txs: each at least gas x 0.025uunit; the big one makes the rewards visible. */
const FUND_FEE = 5_000n;
const DELEGATE_FEE = 6_000n;
const BIG_FEE = 1_000_000n;
const WITHDRAW_FEE = 7_000n;
const DELEGATION = 10_000_000n;

let node: LocalNode;
let gateway: RestGatewayProcess;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/cosmos/distribution/v1beta1/params");
});

after(async () => {
  await gateway?.stop();
  await node?.destroy();
});

async function walletOf(mnemonic: string) {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "unit", hdPaths: [HD_PATH] });
  const address = (await wallet.getAccounts())[0]!.address;
  return { client: await SigningStargateClient.connectWithSigner(node.rpcUrl, wallet), address };
}

/** a x b and a / b truncated, as LegacyDec atomics. */
const mulTruncate = (a: bigint, b: bigint) => (a * b) / DEC_ONE;
const quoTruncate = (a: bigint, b: bigint) => (a * DEC_ONE) / b;

test("fees become commission and rewards with exact amounts; withdrawals move exactly them", async () => {
  const faucet = await walletOf(FAUCET_TEST_MNEMONIC);
  const validator = await walletOf(VALIDATOR_TEST_MNEMONICS[0]);
  const delegator = await walletOf(generateMnemonic());
  const operator = formatValidatorAddress(parseAccountAddress(validator.address));
  const payee = (await (await DirectSecp256k1HdWallet.generate(12, { prefix: "unit" })).getAccounts())[0]!.address;
  const queries = QueryClient.withExtensions(await connectComet(node.rpcUrl), setupDistributionExtension);

  const funded = await faucet.client.sendTokens(faucet.address, delegator.address, [{ denom: "uunit", amount: "50000000" }], fee(FUND_FEE));
  assert.equal(funded.code, 0, funded.rawLog);
  const delegated = await delegator.client.delegateTokens(delegator.address, operator, { denom: "uunit", amount: DELEGATION.toString() }, fee(DELEGATE_FEE));
  assert.equal(delegated.code, 0, delegated.rawLog);
  const withdrawAddr = await delegator.client.signAndBroadcast(
    delegator.address,
    [{ typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", value: { delegatorAddress: delegator.address, withdrawAddress: payee } }],
    fee(DELEGATE_FEE),
  );
  assert.equal(withdrawAddr.code, 0, withdrawAddr.rawLog);
  const big = await faucet.client.sendTokens(faucet.address, faucet.address, [{ denom: "uunit", amount: "1" }], fee(BIG_FEE));
  assert.equal(big.code, 0, big.rawLog);
  await node.waitForHeight(big.height + 2);

  // One validator holds all the power: it gets 98 % of every fee, 10 % of that as commission,
  // and its delegators share the rest by stake. The delegation's period began in the delegate
  // tx, so it counts the fees of that block and every block after.
  const tokens = VALIDATOR_SELF_DELEGATION + DELEGATION;
  const sharedSinceDelegation = ((DELEGATE_FEE * 2n + BIG_FEE) * DEC_ONE * 882n) / 1000n;
  const expectedReward = mulTruncate(quoTruncate(sharedSinceDelegation, tokens * DEC_ONE), DELEGATION * DEC_ONE);
  const rewards = await queries.distribution.delegationRewards(delegator.address, operator);
  assert.deepEqual(rewards.rewards, [{ denom: "uunit", amount: expectedReward.toString() }]);
  const total = await queries.distribution.delegationTotalRewards(delegator.address);
  assert.deepEqual(total.total, rewards.rewards);
  assert.equal(total.rewards[0]!.validatorAddress, operator);

  const allFees = FUND_FEE + DELEGATE_FEE * 2n + BIG_FEE;
  const commission = await queries.distribution.validatorCommission(operator);
  assert.deepEqual(commission.commission!.commission, [{ denom: "uunit", amount: ((allFees * DEC_ONE * 98n) / 1000n).toString() }]);
  const outstanding = await queries.distribution.validatorOutstandingRewards(operator);
  assert.deepEqual(outstanding.rewards!.rewards, [{ denom: "uunit", amount: ((allFees * DEC_ONE * 98n) / 100n).toString() }]);
  const pool = await queries.distribution.communityPool();
  assert.deepEqual(pool.pool, [{ denom: "uunit", amount: ((allFees * DEC_ONE * 2n) / 100n).toString() }]);
  assert.deepEqual(await queries.distribution.delegatorValidators(delegator.address), { validators: [operator] });
  assert.equal((await queries.distribution.delegatorWithdrawAddress(delegator.address)).withdrawAddress, payee);
  const params = await queries.distribution.params();
  assert.equal(params.params!.communityTax, (DEC_ONE / 50n).toString());
  assert.equal(params.params!.withdrawAddrEnabled, true);
  assert.deepEqual((await queries.distribution.validatorSlashes(operator, 0, 1000)).slashes, []);

  // REST: the same answer, decimals in decimal form.
  const rest = await gateway.get(`/cosmos/distribution/v1beta1/delegators/${delegator.address}/rewards/${operator}`);
  assert.equal(rest.status, 200);
  assert.deepEqual(rest.body, { rewards: [{ denom: "uunit", amount: formatDec(expectedReward) }] });

  // Withdrawing pays the whole part of the reward to the withdraw address, nothing to the delegator.
  const before = BigInt((await delegator.client.getBalance(delegator.address, "uunit")).amount);
  const withdrawn = await delegator.client.withdrawRewards(delegator.address, operator, fee(WITHDRAW_FEE));
  assert.equal(withdrawn.code, 0, withdrawn.rawLog);
  assert.equal(BigInt((await delegator.client.getBalance(payee, "uunit")).amount), expectedReward / DEC_ONE);
  assert.equal(BigInt((await delegator.client.getBalance(delegator.address, "uunit")).amount), before - WITHDRAW_FEE);
  const event = withdrawn.events.find((e) => e.type === "withdraw_rewards")!;
  const attributes = attributesOf(event);
  assert.deepEqual([attributes.amount, attributes.delegator, attributes.validator], [`${expectedReward / DEC_ONE}uunit`, delegator.address, operator]);

  // The commission, with the withdrawal's own fee allocated in the next block.
  await node.waitForHeight(withdrawn.height + 1);
  const validatorBefore = BigInt((await validator.client.getBalance(validator.address, "uunit")).amount);
  const paid = await validator.client.signAndBroadcast(
    validator.address,
    [{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: operator } }],
    fee(WITHDRAW_FEE),
  );
  assert.equal(paid.code, 0, paid.rawLog);
  const expectedCommission = ((allFees + WITHDRAW_FEE) * 98n) / 1000n; // whole uunit of 0.098 x fees
  assert.equal(BigInt((await validator.client.getBalance(validator.address, "uunit")).amount), validatorBefore - WITHDRAW_FEE + expectedCommission);
});
