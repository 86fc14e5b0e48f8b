// A real one-validator chain with something in every module, for the explorer's browser test and
// its screenshots: bank sends and a delegation, a governance proposal voted through, a credential
// anchored on a document's SHA-256 by a genesis issuer, a registry asset registered and sold with
// tax, an election whose two voters vote before it closes, and a Counter contract deployed,
// incremented (a log) and paid through the EVM. Signed with the SDK, as a dapp would.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { Any } from "@bufbuild/protobuf/wkt";
import { ContractFactory, JsonRpcProvider, Network, Wallet, type Contract } from "ethers";
import { withGenesisBalances } from "../app/genesis.js";
import { waitUntil } from "../cometbft/readiness.js";
import { FAUCET_TEST_MNEMONIC, VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { formatAccountAddress, formatValidatorAddress, toHexAddress } from "../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../sdk/crypto/hexAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { msgSend } from "../sdk/tx/index.js";
import { msgDelegate } from "../sdk/tx/stakingMessages.js";
import { msgSubmitProposal, msgVote, VoteOption } from "../sdk/tx/govMessages.js";
import { msgAddIssuer, msgIssueCredential } from "../sdk/tx/identityMessages.js";
import { GOV_ACCOUNT, moduleAddress } from "../common/moduleAccounts.js";
import { msgRegisterAsset, msgTransferAsset } from "../sdk/tx/registryMessages.js";
import { msgSetTaxRule } from "../sdk/tx/taxrailMessages.js";
import { msgCastVote, msgCreateElection, msgRegisterVoter } from "../sdk/tx/votingMessages.js";
import { LocalNode } from "./support/localNode.js";
import { deliverTx } from "./support/deliverTx.js";
import { RestGatewayProcess } from "./support/restGateway.js";
import { EvmRpcProcess } from "./support/evmRpc.js";
import { testContract } from "./support/solidity.js";

const GAS = 600_000n;
const FEE = 15_000n;
const ADDED_AT = "2026-01-01T00:00:00Z";

const faucet = signerFromMnemonic(FAUCET_TEST_MNEMONIC);
const operator = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[0]!);
/** Issuer, DE's registry authority and electoral authority, all from genesis. */
const clerk = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[1]!);
const citizen = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[2]!);
const buyer = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[3]!);
/** Made an issuer by the governance proposal. */
const notary = signerFromMnemonic(VALIDATOR_TEST_MNEMONICS[3]!, { index: 1 });
const deployer = new Wallet("0x" + "4d".repeat(32));
const bech = (s: { address: Uint8Array }) => formatAccountAddress(s.address);

/** The document whose SHA-256 the citizen's credential anchors (the file the browser test uploads). */
export const CREDENTIAL_DOCUMENT = Buffer.from("Passport of A. Citizen, no. X1234567, issued 2026-01-05 (kept off chain)\n");
export const DEED_DOCUMENT = Buffer.from("Land register extract, Berlin Mitte, parcel 17/4 (kept off chain)\n");
const sha256Hex = (data: Buffer) => "0x" + createHash("sha256").update(data).digest("hex");

export interface ExplorerFacts {
  citizen: string;
  citizenHex: string;
  buyer: string;
  clerk: string;
  validatorOperator: string;
  /** A bank send's CometBFT hash. */
  sendHash: string;
  sendHeight: number;
  /** The Counter increment: its Ethereum hash and CometBFT hash. */
  ethTxHash: string;
  ethCometHash: string;
  contract: string;
  credentialId: string;
  credentialHash: string;
  assetId: string;
  electionId: string;
  proposalId: string;
  taxJurisdiction: string;
}

export interface ExplorerChain {
  node: LocalNode;
  gateway: RestGatewayProcess;
  evm: EvmRpcProcess;
  facts: ExplorerFacts;
  explorerUrl: string;
  stop(): Promise<void>;
}

const deliver = (rpc: CometRpcClient, signer: typeof faucet, messages: Any[]) => deliverTx(rpc, signer, messages, { amount: FEE, gasLimit: GAS });

/** The value of a typed event's attribute in a delivered tx (JSON-decoded). */
async function eventValue(rpc: CometRpcClient, hash: string, type: string, key: string): Promise<string> {
  const tx = await rpc.getTx(hash);
  const attribute = tx?.result.events.find((e) => e.type === type)?.attributes.find((a) => a.key === key);
  assert.ok(attribute, `${type}.${key} in tx ${hash}`);
  return String(JSON.parse(attribute.value));
}

export async function startChainWithActivity(): Promise<ExplorerChain> {
  const node = await LocalNode.create({
    votingPeriod: "4s",
    editAppState: (state) => {
      const s = withGenesisBalances(state, [
        { address: bech(clerk), coins: [{ denom: "uunit", amount: "5000000000" }] },
        { address: formatAccountAddress(parseHexAddress(deployer.address.toLowerCase())), coins: [{ denom: "uunit", amount: "1000000000" }] },
      ]) as Record<string, Record<string, unknown>>;
      s.identity = { ...s.identity, issuers: [{ address: bech(clerk), name: "Civil registry", added_at: ADDED_AT }] };
      s.registry = { ...s.registry, jurisdictions: [{ jurisdiction_code: "DE", authority: bech(clerk), name: "Germany", added_at: ADDED_AT }] };
      // Elections as short as 3 s, so one opens and closes while the test runs.
      const voting = s.voting as { params: Record<string, unknown> };
      s.voting = {
        ...voting,
        params: { ...voting.params, min_voting_period: "3s" },
        electoral_authorities: [{ address: bech(clerk), name: "Election board", added_at: ADDED_AT }],
      };
      return s;
    },
  });
  let gateway: RestGatewayProcess | undefined;
  let evm: EvmRpcProcess | undefined;
  const stop = async () => {
    await evm?.stop();
    await gateway?.stop();
    await node.destroy();
  };
  try {
    await node.start();
    await node.waitForHeight(2);
    gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
    evm = await EvmRpcProcess.start(node);
    await gateway.waitFor("/vendor/chain/identity/params");
    const facts = await makeActivity(node, gateway, evm);
    return { node, gateway, evm, facts, explorerUrl: `${gateway.url}/explorer/`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function makeActivity(node: LocalNode, gateway: RestGatewayProcess, evm: EvmRpcProcess): Promise<ExplorerFacts> {
  const rpc = new CometRpcClient(node.rpcUrl);
  const blockTime = async () => Date.parse((await rpc.header((await rpc.status()).latestBlockHeight)).time);

  const [send] = await Promise.all([
    deliver(rpc, faucet, [
      msgSend({ fromAddress: bech(faucet), toAddress: bech(citizen), amount: [{ denom: "uunit", amount: "30000000" }] }),
      msgSend({ fromAddress: bech(faucet), toAddress: bech(buyer), amount: [{ denom: "uunit", amount: "30000000" }] }),
      msgDelegate({
        delegatorAddress: bech(faucet),
        validatorAddress: formatValidatorAddress(operator.address),
        amount: { denom: "uunit", amount: "7000000" },
      }),
    ]),
    deliver(rpc, clerk, [
      msgIssueCredential({ issuer: bech(clerk), subject: bech(citizen), credentialType: "kyc", credentialHash: sha256Hex(CREDENTIAL_DOCUMENT) }),
      msgIssueCredential({ issuer: bech(clerk), subject: bech(buyer), credentialType: "kyc", credentialHash: `0x${"b7".repeat(32)}` }),
      msgSetTaxRule({ authority: bech(clerk), jurisdictionCode: "DE", rateBps: 250 }),
    ]),
  ]);
  const credentialTx = await rpc.getTx((await findTx(rpc, "chain.identity.EventCredentialIssued.subject", bech(citizen)))!);
  const issued = credentialTx!.result.events.find(
    (e) => e.type === "chain.identity.EventCredentialIssued" && e.attributes.some((a) => a.key === "subject" && JSON.parse(a.value) === bech(citizen)),
  );
  const credentialId = String(JSON.parse(issued!.attributes.find((a) => a.key === "credential_id")!.value));

  const provider = new JsonRpcProvider(evm.httpUrl, Network.from(2611), { staticNetwork: true, pollingInterval: 200, cacheTimeout: -1 });
  let contract = "";
  let ethTxHash = "";
  try {
    const wallet = deployer.connect(provider);
    const { abi, bytecode } = testContract("Counter");
    const counter = (await new ContractFactory(abi, bytecode, wallet).deploy(5n)) as Contract;
    await counter.waitForDeployment();
    contract = (await counter.getAddress()).toLowerCase();
    const increment = await (await counter.getFunction("increment")(37n)).wait();
    assert.equal(increment!.status, 1);
    ethTxHash = increment!.hash.toLowerCase();
    assert.equal((await (await wallet.sendTransaction({ to: toHexAddress(bech(citizen)), value: 1_500_000_000_000_000_000n })).wait())!.status, 1);
  } finally {
    provider.destroy();
  }
  const ethComet = await findTx(rpc, "ethereum_tx.ethereumTxHash", ethTxHash, false);
  assert.ok(ethComet, "the Counter increment is indexed by its Ethereum hash");

  // The election's window comes last, with only its own txs inside it, so it fits a busy machine.
  const start = (await blockTime()) + 3_000;
  const registered = await deliver(rpc, clerk, [
    msgRegisterAsset({
      authority: bech(clerk),
      jurisdictionCode: "DE",
      assetClass: "real_estate",
      owner: bech(citizen),
      metadataHash: sha256Hex(DEED_DOCUMENT),
      declaredValue: { denom: "uunit", amount: "250000000" },
    }),
    msgCreateElection({
      authority: bech(clerk),
      title: "Budget 2027",
      description: "Adopt the 2027 budget as published by the council.",
      options: ["yes", "no", "abstain"],
      eligibilityCredentialType: "kyc",
      votingStart: start,
      votingEnd: start + 8_000,
    }),
  ]);
  const assetId = await eventValue(rpc, registered.hash, "chain.registry.EventAssetRegistered", "asset_id");
  const electionId = await eventValue(rpc, registered.hash, "chain.voting.EventElectionCreated", "election_id");

  const proposal = await deliver(rpc, faucet, [
    msgSubmitProposal({
      messages: [msgAddIssuer({ authority: formatAccountAddress(moduleAddress(GOV_ACCOUNT)), issuerAddress: bech(notary), name: "Notary office" })],
      initialDeposit: [{ denom: "uunit", amount: "10000000" }],
      proposer: bech(faucet),
      metadata: "",
      title: "Authorize the notary office",
      summary: "Lets the notary office issue credentials, as the civil registry does.",
    }),
  ]);
  const proposalId = await eventValue(rpc, proposal.hash, "submit_proposal", "proposal_id");
  await Promise.all([
    deliver(rpc, operator, [msgVote({ proposalId: BigInt(proposalId), voter: bech(operator), option: VoteOption.YES })]),
    deliver(rpc, citizen, [
      msgTransferAsset({ owner: bech(citizen), assetId: BigInt(assetId), newOwner: bech(buyer), price: { denom: "uunit", amount: "4000000" } }),
      msgRegisterVoter({ voter: bech(citizen), electionId: BigInt(electionId) }),
    ]),
    deliver(rpc, buyer, [msgRegisterVoter({ voter: bech(buyer), electionId: BigInt(electionId) })]),
  ]);

  // The election opens by block time: both voters vote, then it closes with final results.
  await waitUntil(
    "the election to open",
    async () => (await gateway.get(`/vendor/chain/voting/election/${electionId}`)).body.election.status === "ELECTION_STATUS_OPEN",
    20_000,
  );
  await Promise.all([
    deliver(rpc, citizen, [msgCastVote({ voter: bech(citizen), electionId: BigInt(electionId), option: "yes" })]),
    deliver(rpc, buyer, [msgCastVote({ voter: bech(buyer), electionId: BigInt(electionId), option: "no" })]),
  ]);
  await waitUntil(
    "the election to close",
    async () => (await gateway.get(`/vendor/chain/voting/election/${electionId}/results`)).body.results.final === true,
    20_000,
  );
  await waitUntil(
    "the proposal to pass",
    async () => (await gateway.get(`/cosmos/gov/v1/proposals/${proposalId}`)).body.proposal.status === "PROPOSAL_STATUS_PASSED",
    20_000,
  );

  return {
    citizen: bech(citizen),
    citizenHex: toHexAddress(bech(citizen)),
    buyer: bech(buyer),
    clerk: bech(clerk),
    validatorOperator: formatValidatorAddress(operator.address),
    sendHash: send.hash,
    sendHeight: send.height,
    ethTxHash,
    ethCometHash: ethComet!,
    contract,
    credentialId,
    credentialHash: sha256Hex(CREDENTIAL_DOCUMENT),
    assetId,
    electionId,
    proposalId,
    taxJurisdiction: "DE",
  };
}

/** The CometBFT hash of the newest tx whose event attribute `key` (type.key) equals `value`. */
async function findTx(rpc: CometRpcClient, key: string, value: string, jsonValue = true): Promise<string | undefined> {
  const query = `${key}='${jsonValue ? JSON.stringify(value) : value}'`;
  const result = (await rpc.call("tx_search", { query, prove: false, page: "1", per_page: "1", order_by: "desc" })) as { txs: { hash: string }[] };
  return result.txs[0]?.hash;
}
