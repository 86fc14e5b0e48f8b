// Export and import on real nodes: a one-validator chain gets state in every module through
// transactions (bank sends, a delegation, a gov proposal with three votes, a credential, a registry
// asset, a tax rule, an election with a registered voter, a Counter contract deployed and
// incremented, an EVM value transfer of 1.5 uunit that leaves precisebank fractions, distribution
// rewards from the fees; the issuer and the two authorities come from genesis), is exported at
// height N by `unitd genesis export` with the node stopped, and a NEW chain
// (its own home, CometBFT and app; the same validator key) starts from that file at N+1. Every
// query answer that does not depend on the height is the same on both chains, the contract answers
// the same code, storage and eth_call, and the new chain's own export has the same app_state.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { toJson, type DescMethod } from "@bufbuild/protobuf";
import { ContractFactory, JsonRpcProvider, Network, Wallet, type Contract } from "ethers";
import { Query as AuthQuery } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { Query as BankQuery } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { Query as StakingQuery } from "../gen/cosmos/staking/v1beta1/query_pb.js";
import { Query as DistributionQuery } from "../gen/cosmos/distribution/v1beta1/query_pb.js";
import { Query as GovQuery } from "../gen/cosmos/gov/v1/query_pb.js";
import { Query as MintQuery } from "../gen/cosmos/mint/v1beta1/query_pb.js";
import { Query as SlashingQuery } from "../gen/cosmos/slashing/v1beta1/query_pb.js";
import { Query as ConsensusQuery } from "../gen/cosmos/consensus/v1/query_pb.js";
import { Query as PrecisebankQuery } from "../gen/chain/precisebank/query_pb.js";
import { Query as IdentityQuery } from "../gen/chain/identity/query_pb.js";
import { Query as RegistryQuery } from "../gen/chain/registry/query_pb.js";
import { Query as TaxrailQuery } from "../gen/chain/taxrail/query_pb.js";
import { Query as VotingQuery } from "../gen/chain/voting/query_pb.js";
import { Query as EvmQuery } from "../gen/chain/evm/query_pb.js";
import { runUnitd } from "./support/unitdCli.js";
import { withGenesisBalances } from "../app/genesis.js";
import { writeGenesis, type GenesisDoc } from "../cometbft/genesis.js";
import { FAUCET_TEST_MNEMONIC, VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { decodeAccountAny } from "../sdk/client/authQueries.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { grpcQuery } from "../sdk/client/grpcQuery.js";
import { formatAccountAddress, formatValidatorAddress } from "../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../sdk/crypto/hexAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { msgSend, typeRegistry } from "../sdk/tx/index.js";
import { msgDelegate } from "../sdk/tx/stakingMessages.js";
import { msgSubmitProposal, msgVote, VoteOption } from "../sdk/tx/govMessages.js";
import { msgIssueCredential } from "../sdk/tx/identityMessages.js";
import { msgRegisterAsset } from "../sdk/tx/registryMessages.js";
import { msgSetTaxRule } from "../sdk/tx/taxrailMessages.js";
import { msgCreateElection, msgRegisterVoter } from "../sdk/tx/votingMessages.js";
import type { Any } from "@bufbuild/protobuf/wkt";
import { LocalNode } from "./support/localNode.js";
import { deliverTx } from "./support/deliverTx.js";
import { EvmRpcProcess } from "./support/evmRpc.js";
import { testContract } from "./support/solidity.js";

const GAS = 800_000n;
const FEE = 20_000n; // 0.025uunit per gas
const WEI_PER_UUNIT = 10n ** 12n;
const ADDED_AT = "2026-01-01T00:00:00Z";
const faucet = signerFromMnemonic(FAUCET_TEST_MNEMONIC);
const operator = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[0]!);
/** The identity issuer, DE's registry authority and the electoral authority, all from genesis. */
const clerk = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[1]!);
const citizen = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[2]!);
const bech = (s: { address: Uint8Array }) => formatAccountAddress(s.address);
const deployer = new Wallet("0x" + "5e".repeat(32));
/** Receives 1.5 uunit in wei: one whole uunit in bank, half in precisebank. */
const payee = `0x${"7a".repeat(20)}`;
const bechOfHex = (hex: string) => formatAccountAddress(parseHexAddress(hex.toLowerCase()));

let oldNode: LocalNode;
let newNode: LocalNode | undefined;
let oldEvm: EvmRpcProcess | undefined;
let newEvm: EvmRpcProcess | undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "unit-export-"));

before(async () => {
  oldNode = await LocalNode.create({
    votingPeriod: "600s",
    editAppState: (state) => {
      const s = withGenesisBalances(state, [
        { address: bech(clerk), coins: [{ denom: "uunit", amount: "5000000000" }] },
        { address: bechOfHex(deployer.address), coins: [{ denom: "uunit", amount: "1000000000" }] },
      ]) as Record<string, Record<string, unknown>>;
      s.identity = { ...s.identity, issuers: [{ address: bech(clerk), name: "Civil registry", added_at: ADDED_AT }] };
      s.registry = { ...s.registry, jurisdictions: [{ jurisdiction_code: "DE", authority: bech(clerk), name: "Germany", added_at: ADDED_AT }] };
      s.voting = { ...s.voting, electoral_authorities: [{ address: bech(clerk), name: "Election board", added_at: ADDED_AT }] };
      return s;
    },
  });
  await oldNode.start();
  await oldNode.waitForHeight(2);
  oldEvm = await EvmRpcProcess.start(oldNode);
});

after(async () => {
  await oldEvm?.stop();
  await newEvm?.stop();
  await oldNode?.destroy();
  await newNode?.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

const deliver = (rpc: CometRpcClient, signer: typeof faucet, messages: Any[]) => deliverTx(rpc, signer, messages, { amount: FEE, gasLimit: GAS });

/** Every height-independent answer, by label: method path and request -> proto JSON. */
async function answers(rpc: CometRpcClient, evm: EvmRpcProcess, height: number): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const opts = { height };
  const ask = async (method: DescMethod, request: Record<string, unknown>) => {
    const res = await grpcQuery(rpc, method as never, request as never, opts);
    out[`${method.parent.typeName}/${method.name} ${JSON.stringify(request, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`] = toJson(
      method.output,
      res as never,
      { registry: typeRegistry() },
    );
    return res as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const accounts = await ask(AuthQuery.method.accounts, { pagination: { limit: 1000n } });
  const addresses = (accounts.accounts as Any[])
    .map((a) => decodeAccountAny(a))
    .map((a) => (a.$typeName === "cosmos.auth.v1beta1.ModuleAccount" ? a.baseAccount!.address : a.address));
  assert.ok(addresses.length >= 10, `accounts: ${addresses.length}`);
  await ask(AuthQuery.method.params, {});
  await ask(AuthQuery.method.moduleAccounts, {});
  for (const address of addresses) {
    await ask(BankQuery.method.allBalances, { address });
    await ask(PrecisebankQuery.method.fractionalBalance, { address });
    await ask(IdentityQuery.method.tier, { address });
  }
  await ask(BankQuery.method.totalSupply, {});
  await ask(BankQuery.method.params, {});
  await ask(PrecisebankQuery.method.remainder, {});
  await ask(PrecisebankQuery.method.totalFractionalBalances, {});
  const validators = await ask(StakingQuery.method.validators, {});
  const valoper = validators.validators[0].operatorAddress as string;
  await ask(StakingQuery.method.validatorDelegations, { validatorAddr: valoper });
  await ask(StakingQuery.method.pool, {});
  await ask(StakingQuery.method.params, {});
  await ask(DistributionQuery.method.validatorOutstandingRewards, { validatorAddress: valoper });
  await ask(DistributionQuery.method.validatorCommission, { validatorAddress: valoper });
  for (const who of [faucet, operator]) await ask(DistributionQuery.method.delegationTotalRewards, { delegatorAddress: bech(who) });
  await ask(DistributionQuery.method.communityPool, {});
  await ask(DistributionQuery.method.params, {});
  await ask(GovQuery.method.proposals, {});
  await ask(GovQuery.method.votes, { proposalId: 1n });
  await ask(GovQuery.method.deposits, { proposalId: 1n });
  await ask(GovQuery.method.tallyResult, { proposalId: 1n });
  await ask(GovQuery.method.params, { paramsType: "tallying" });
  await ask(MintQuery.method.params, {});
  await ask(MintQuery.method.annualProvisions, {});
  await ask(SlashingQuery.method.params, {});
  await ask(ConsensusQuery.method.params, {});
  await ask(IdentityQuery.method.issuers, {});
  await ask(IdentityQuery.method.credential, { id: 1n });
  await ask(IdentityQuery.method.params, {});
  await ask(RegistryQuery.method.jurisdictions, {});
  await ask(RegistryQuery.method.asset, { id: 1n });
  await ask(RegistryQuery.method.assetHistory, { assetId: 1n });
  await ask(RegistryQuery.method.assetsByOwner, { owner: bech(citizen) });
  await ask(RegistryQuery.method.params, {});
  await ask(TaxrailQuery.method.rules, {});
  await ask(TaxrailQuery.method.balances, {});
  await ask(TaxrailQuery.method.params, {});
  await ask(VotingQuery.method.elections, {});
  await ask(VotingQuery.method.electoralAuthorities, {});
  await ask(VotingQuery.method.voter, { electionId: 1n, address: bech(citizen) });
  await ask(VotingQuery.method.params, {});
  await ask(EvmQuery.method.params, {});
  // The contract through the Ethereum JSON-RPC server, at the same height.
  const tag = `0x${height.toString(16)}`;
  const contract = contractAddress;
  out["eth_getCode"] = await evm.result("eth_getCode", contract, tag);
  out["eth_getStorageAt 0"] = await evm.result("eth_getStorageAt", contract, "0x0", tag);
  out["eth_call count()"] = await evm.result("eth_call", { to: contract, data: "0x06661abd" }, tag);
  out["eth_call owner()"] = await evm.result("eth_call", { to: contract, data: "0x8da5cb5b" }, tag);
  for (const a of [deployer.address, payee]) {
    out[`eth_getBalance ${a}`] = await evm.result("eth_getBalance", a, tag);
    out[`eth_getTransactionCount ${a}`] = await evm.result("eth_getTransactionCount", a, tag);
  }
  return out;
}

let contractAddress = "";
let exportedHeight = 0;
let oldAnswers: Record<string, unknown>;
let exported: GenesisDoc;
let exportedBlockTime = "";
/** RFC 3339 with all nine digits of nanoseconds (CometBFT drops trailing zeros). */
const nanoTime = (t: string) => `${t.slice(0, 19)}.${(/\.(\d+)Z$/.exec(t)?.[1] ?? "").padEnd(9, "0")}Z`;

test("the old chain gets state in every module through transactions", async () => {
  const rpc = new CometRpcClient(oldNode.rpcUrl);
  const valoper = formatValidatorAddress(operator.address);
  const now = Date.parse((await rpc.header((await rpc.status()).latestBlockHeight)).time);
  await deliver(rpc, faucet, [
    msgSend({ fromAddress: bech(faucet), toAddress: bech(citizen), amount: [{ denom: "uunit", amount: "3000000" }] }),
    msgSend({ fromAddress: bech(faucet), toAddress: bech(operator), amount: [{ denom: "uunit", amount: "2000000" }] }),
    msgDelegate({ delegatorAddress: bech(faucet), validatorAddress: valoper, amount: { denom: "uunit", amount: "7000000" } }),
    msgSubmitProposal({
      messages: [],
      initialDeposit: [{ denom: "uunit", amount: "10000000" }],
      proposer: bech(faucet),
      metadata: "ipfs://export-test",
      title: "Keep the lights on",
      summary: "A signalling proposal that is still voting when the chain is exported.",
    }),
  ]);
  await deliver(rpc, clerk, [
    msgIssueCredential({ issuer: bech(clerk), subject: bech(citizen), credentialType: "kyc", credentialHash: `0x${"c1".repeat(32)}` }),
    msgRegisterAsset({
      authority: bech(clerk),
      jurisdictionCode: "DE",
      assetClass: "real_estate",
      owner: bech(citizen),
      metadataHash: `0x${"a5".repeat(32)}`,
      declaredValue: { denom: "uunit", amount: "250000000" },
    }),
    msgSetTaxRule({ authority: bech(clerk), jurisdictionCode: "DE", rateBps: 150 }),
    msgCreateElection({
      authority: bech(clerk),
      title: "Budget 2027",
      options: ["yes", "no"],
      votingStart: now + 3_600_000,
      votingEnd: now + 7_200_000,
    }),
  ]);
  await Promise.all([
    deliver(rpc, faucet, [msgVote({ proposalId: 1n, voter: bech(faucet), option: VoteOption.YES })]),
    deliver(rpc, operator, [msgVote({ proposalId: 1n, voter: bech(operator), option: VoteOption.NO })]),
    deliver(rpc, citizen, [
      msgVote({ proposalId: 1n, voter: bech(citizen), option: VoteOption.ABSTAIN }),
      msgRegisterVoter({ voter: bech(citizen), electionId: 1n }),
    ]),
  ]);

  const provider = new JsonRpcProvider(oldEvm!.httpUrl, Network.from(Number(BigInt(await oldEvm!.result("eth_chainId")))), {
    staticNetwork: true,
    pollingInterval: 200,
    cacheTimeout: -1,
  });
  try {
    const wallet = deployer.connect(provider);
    const { abi, bytecode } = testContract("Counter");
    const counter = (await new ContractFactory(abi, bytecode, wallet).deploy(5n)) as Contract;
    await counter.waitForDeployment();
    contractAddress = (await counter.getAddress()).toLowerCase();
    assert.equal((await (await counter.getFunction("increment")(37n)).wait())!.status, 1);
    const pay = await wallet.sendTransaction({ to: payee, value: 3n * (WEI_PER_UUNIT / 2n) });
    assert.equal((await pay.wait())!.status, 1);
  } finally {
    provider.destroy();
  }
  // Two empty blocks: the last fees are distributed and nothing is left in flight.
  exportedHeight = (await oldNode.waitForHeight((await oldNode.status()).latestBlockHeight + 2)).latestBlockHeight;
  exportedBlockTime = (await rpc.header(exportedHeight)).time;
  oldAnswers = await answers(rpc, oldEvm!, exportedHeight);
  // The answers hold the state made above, so equal answers on the new chain mean something.
  const answer = (prefix: string): any => {
    const key = Object.keys(oldAnswers).find((k) => k.startsWith(prefix));
    assert.ok(key, prefix);
    return oldAnswers[key];
  };
  assert.equal(answer(`chain.precisebank.Query/FractionalBalance {"address":"${bechOfHex(payee)}"}`).fractionalBalance.amount, "500000000000");
  assert.equal(BigInt(answer("eth_call count()")), 42n);
  assert.ok(answer("eth_getCode").length > 100);
  assert.equal(answer("cosmos.gov.v1.Query/Votes").votes.length, 3);
  assert.equal(answer("cosmos.gov.v1.Query/Proposals").proposals[0].status, "PROPOSAL_STATUS_VOTING_PERIOD");
  assert.equal(answer("cosmos.staking.v1beta1.Query/ValidatorDelegations").delegationResponses.length, 2);
  assert.ok(BigInt(answer("cosmos.distribution.v1beta1.Query/ValidatorCommission").commission.commission[0].amount.split(".")[0]) > 0n);
  assert.ok(answer(`cosmos.distribution.v1beta1.Query/DelegationTotalRewards {"delegatorAddress":"${bech(faucet)}"}`).total.length > 0);
  assert.equal(answer("chain.identity.Query/Credential").credential.subject, bech(citizen));
  assert.equal(answer("chain.registry.Query/Asset").asset.owner, bech(citizen));
  assert.equal(answer("chain.taxrail.Query/Rules").rules[0].rateBps, 150);
  assert.equal(answer("chain.voting.Query/Elections").elections[0].title, "Budget 2027");
  assert.equal(answer("chain.voting.Query/Voter").registered, true, "the citizen registered as a voter");
});

test("the export writes height N as a genesis starting at N+1", async () => {
  await oldEvm!.stop();
  await oldNode.stop();
  const file = path.join(work, "exported.json");
  const first = await runUnitd(["genesis", "export", "--home", oldNode.paths.root, "--height", String(exportedHeight), "--output", file]);
  assert.equal(first.code, 0, first.stderr);
  exported = JSON.parse(fs.readFileSync(file, "utf8")) as GenesisDoc;
  assert.equal(exported.initial_height, String(exportedHeight + 1));
  assert.equal(nanoTime(exported.genesis_time), nanoTime(exportedBlockTime), "genesis_time is block N's time");
});

test("a new chain from the export answers every query as the old one did at N, and runs the contract", async () => {
  newNode = await LocalNode.create();
  // The same validator: staking's set names the old node's consensus key.
  const key = (node: LocalNode) => path.join(node.paths.cometHome, "config", "priv_validator_key.json");
  fs.copyFileSync(key(oldNode), key(newNode));
  writeGenesis(newNode.paths.cometHome, exported);
  await newNode.start().catch((err: Error) => {
    throw new Error(`${err.message}\n${newNode!.output("comet").slice(-2000)}\n${newNode!.output("app").slice(-2000)}`);
  });
  const status = await newNode.waitForHeight(exportedHeight + 2);
  newEvm = await EvmRpcProcess.start(newNode);
  const rpc = new CometRpcClient(newNode.rpcUrl);
  assert.equal((await rpc.header(exportedHeight + 1)).height, BigInt(exportedHeight + 1), "the new chain starts at N+1");
  await assert.rejects(rpc.header(exportedHeight), "and has no block N");
  const newAnswers = await answers(rpc, newEvm, status.latestBlockHeight);
  assert.ok(Object.keys(oldAnswers).length >= 60, `${Object.keys(oldAnswers).length} answers`);
  for (const key of Object.keys(oldAnswers)) assert.deepEqual(newAnswers[key], oldAnswers[key], key);
  assert.deepEqual(Object.keys(newAnswers).sort(), Object.keys(oldAnswers).sort());
});

/** A signing info's index_offset: the blocks the validator's window has counted. */
type Slashing = { signing_infos: { validator_signing_info: { index_offset: string } }[] };

test("the new chain's export has the same app_state as the first, but for the blocks slashing counted", async () => {
  const file = path.join(work, "again.json");
  await newEvm!.stop();
  await newNode!.stop();
  const reexport = await runUnitd(["genesis", "export", "--home", newNode!.paths.root, "--output", file]);
  assert.equal(reexport.code, 0, reexport.stderr);
  const again = JSON.parse(fs.readFileSync(file, "utf8")) as GenesisDoc;
  const first = structuredClone(exported.app_state) as Record<string, unknown>;
  const second = structuredClone(again.app_state) as Record<string, unknown>;
  assert.deepEqual(Object.keys(second), Object.keys(first));
  // The signing window went on over the new chain's blocks, except its first, which has no last
  // commit to count (as on any chain's first block); everything else stood still without txs.
  const newBlocks = Number(again.initial_height) - Number(exported.initial_height);
  assert.ok(newBlocks >= 2);
  const [a, b] = [first.slashing as Slashing, second.slashing as Slashing];
  assert.equal(b.signing_infos.length, 1);
  const offset = (s: Slashing) => BigInt(s.signing_infos[0]!.validator_signing_info.index_offset);
  assert.equal(offset(b), offset(a) + BigInt(newBlocks - 1));
  b.signing_infos[0]!.validator_signing_info.index_offset = a.signing_infos[0]!.validator_signing_info.index_offset;
  for (const name of Object.keys(first)) assert.deepEqual(second[name], first[name], `app_state.${name}`);
  assert.deepEqual(again.consensus_params, exported.consensus_params);
  assert.equal(again.chain_id, exported.chain_id);
});
