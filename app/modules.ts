// The composition of the state machine: keepers, the module list in the order the app runs their
// genesis, begin-block and end-block hooks, the message router and the query services.
import { createRegistry, type DescMessage } from "@bufbuild/protobuf";
import { validateModuleList, type AppModule } from "./module.js";
import { BlockInfoKeeper } from "./modules/blockinfo/keeper.js";
import { blockInfoModule } from "./modules/blockinfo/module.js";
import { AccountKeeper } from "./modules/auth/keeper.js";
import { authModule } from "./modules/auth/module.js";
import { BankKeeper } from "./modules/bank/keeper.js";
import { bankModule } from "./modules/bank/module.js";
import { GovKeeper, govModule } from "./modules/gov/module.js";
import { IdentityKeeper } from "./modules/identity/keeper.js";
import { EthTxProcessor, EvmKeeper, evmModule } from "./modules/evm/module.js";
import { PrecisebankKeeper, precisebankModule } from "./modules/precisebank/module.js";
import { StakingKeeper } from "./modules/staking/keeper.js";
import { stakingModule } from "./modules/staking/module.js";
import { multiStakingHooks } from "./modules/staking/hooks.js";
import { DistributionKeeper, distributionModule } from "./modules/distribution/module.js";
import { identityModule } from "./modules/identity/module.js";
import { RegistryKeeper } from "./modules/registry/keeper.js";
import { registryModule } from "./modules/registry/module.js";
import { TaxrailKeeper } from "./modules/taxrail/keeper.js";
import { taxrailModule } from "./modules/taxrail/module.js";
import { VotingKeeper } from "./modules/voting/keeper.js";
import { votingModule } from "./modules/voting/module.js";
import { ConsensusKeeper } from "./modules/consensus/keeper.js";
import { consensusModule } from "./modules/consensus/module.js";
import { paramsModule } from "./modules/params/module.js";
import { MintKeeper, mintModule } from "./modules/mint/module.js";
import { SlashingKeeper } from "./modules/slashing/keeper.js";
import { slashingModule } from "./modules/slashing/module.js";
import { EvidenceKeeper } from "./modules/evidence/keeper.js";
import { evidenceModule } from "./modules/evidence/module.js";
import { genutilModule, type GenesisTxPipeline } from "./modules/genutil/module.js";
import { applyValidatorSetUpdates } from "./modules/staking/validatorSet.js";
import { CONSENSUS_KEY_TYPE } from "./modules/staking/consensusKey.js";
import { readLegacyConsensusParams, type ConsensusParamsStore } from "./blockParams.js";
import { AccountTier } from "../gen/chain/identity/identity_pb.js";
import { QueryRouter } from "./query/router.js";
import { accAddressToString } from "../common/address.js";
import {
  BONDED_POOL,
  DISTRIBUTION_ACCOUNT,
  FEE_COLLECTOR,
  GOV_ACCOUNT,
  moduleAddress,
  NOT_BONDED_POOL,
  PRECISEBANK_RESERVE,
  TAXRAIL_ACCOUNT,
} from "../common/moduleAccounts.js";
import { authAnteHandler } from "./modules/auth/ante.js";
import { formatGasPriceAsDecCoin } from "./modules/auth/params.js";
import type { StateReader } from "./store/types.js";
import { SignatureCache } from "./modules/auth/signatures.js";
import { BLOCK_GAS_LIMIT } from "./modules/evm/state/params.js";
import { CosmosTxProcessor } from "./tx/cosmosTxProcessor.js";
import type { TxProcessor } from "./tx/processor.js";
import { RoutingTxProcessor } from "./tx/routingTxProcessor.js";
import { MsgRouter } from "./tx/msgRouter.js";

/**
 * The gov module account's address: the authority every governance-only message must carry. The
 * composition root hands it to each keeper that checks one, as the SDK's app wiring does.
 */
export const GOV_AUTHORITY = accAddressToString(moduleAddress(GOV_ACCOUNT));

/** Module accounts, created at genesis in this order (which fixes their account numbers). */
export const MODULE_ACCOUNTS = [
  { name: FEE_COLLECTOR, permissions: [] },
  { name: GOV_ACCOUNT, permissions: ["burner"] },
  { name: BONDED_POOL, permissions: ["burner", "staking"] },
  { name: NOT_BONDED_POOL, permissions: ["burner", "staking"] },
  { name: PRECISEBANK_RESERVE, permissions: ["burner"] },
  // Holds collected transfer tax; taxrail moves it only by collecting and by authority withdrawals.
  { name: TAXRAIL_ACCOUNT, permissions: [] },
  // Holds allocated fees until they are withdrawn, and the community pool.
  { name: DISTRIBUTION_ACCOUNT, permissions: [] },
] as const;

/** The keepers; gov executes passed proposals through `msgs`, the router every module registers into. */
function keepers(msgs: MsgRouter) {
  const accounts = new AccountKeeper(MODULE_ACCOUNTS.map((m) => ({ name: m.name, permissions: [...m.permissions] })));
  const bank = new BankKeeper(accounts);
  const precisebank = new PrecisebankKeeper(bank, accounts);
  const staking = new StakingKeeper(bank, accounts, GOV_AUTHORITY);
  const gov = new GovKeeper(bank, staking, msgs, GOV_AUTHORITY);
  const distribution = new DistributionKeeper({ bank, accounts, staking, authority: GOV_AUTHORITY });
  const slashing = new SlashingKeeper(staking, GOV_AUTHORITY);
  // Distribution settles a delegation's rewards before its stake changes and records slashes;
  // slashing keeps a signing record for every validator that enters the set.
  staking.setHooks(multiStakingHooks(distributionModule(distribution).hooks(), slashingModule(slashing).hooks()));
  const identity = new IdentityKeeper(accounts, GOV_AUTHORITY);
  // registry and taxrail need each other (registry charges tax; taxrail asks registry who a
  // jurisdiction's authority is): each declares its side, and the closures connect the two keepers.
  const taxrail: TaxrailKeeper = new TaxrailKeeper(
    bank,
    accounts,
    { jurisdictionAuthority: (state, code) => registry.jurisdictionAuthority(state, code) },
    GOV_AUTHORITY,
  );
  const registry: RegistryKeeper = new RegistryKeeper(
    { isAttested: (state, address) => identity.tier(state, address) === AccountTier.ATTESTED },
    { collectTransferTax: (ctx, transfer) => taxrail.collectTransferTax(ctx, transfer) },
    GOV_AUTHORITY,
  );
  // Voting asks identity one question: does an account hold a valid credential of a type.
  const voting = new VotingKeeper(identity, GOV_AUTHORITY);
  const blockInfo = new BlockInfoKeeper();
  // Zero inflation: the module only answers the SDK's mint queries (docs/mint.md).
  const mint = new MintKeeper();
  const evm = { evm: new EvmKeeper(), accounts, precisebank, blocks: blockInfo };
  // Staking gives every validator an ed25519 key, which the consensus params must keep allowing;
  // chains started before the module kept its record read their InitChain block params instead.
  const consensus = new ConsensusKeeper({ authority: GOV_AUTHORITY, validatorKeyTypes: [CONSENSUS_KEY_TYPE], legacyParams: readLegacyConsensusParams });
  // Evidence ages are judged by the consensus params in state; punishments go through slashing.
  const evidence = new EvidenceKeeper(staking, slashing, consensus);
  return { blockInfo, accounts, bank, precisebank, staking, distribution, slashing, evidence, gov, identity, registry, taxrail, voting, evm, consensus, mint };
}

function modulesOf(k: ReturnType<typeof keepers>, genesisTxs: () => GenesisTxPipeline | undefined = () => undefined): readonly AppModule[] {
  return validateModuleList([
    // First: later modules' begin-block hooks may read the current block's record, and the EVM's
    // BLOCKHASH reads the hashes it keeps.
    blockInfoModule(k.blockInfo),
    // Before bank: bank's genesis creates accounts for the balances it credits, after the module accounts exist.
    authModule(k.accounts),
    bankModule(k.bank, k.accounts),
    // After bank: its genesis checks the reserve balance that bank's genesis credited.
    precisebankModule(k.precisebank),
    // Ethereum txs execute over auth sequences and precisebank balances. Its begin block opens the
    // block's EvmBlock record (the base fee) before any tx runs; it has no end block.
    evmModule(k.evm),
    identityModule(k.identity),
    // After identity, whose credentials decide who may own an asset. Registry's genesis before
    // taxrail's; taxrail's after bank's, whose balances must back the tax balances it imports.
    registryModule(k.registry),
    taxrailModule(k.taxrail),
    // After identity, whose credentials decide who may register and vote. Its end block opens and
    // closes elections before gov's runs passed proposals, so a proposal executed in the block
    // that ends an election finds it closed.
    votingModule(k.voting),
    // Before distribution, so a chain that turns minting on pays the block's provisions out with
    // its fees; today it mints nothing and has no begin block.
    mintModule(k.mint),
    // Its begin block shares the previous block's fees among the validators of the last commit;
    // its genesis runs before staking's, whose genesis validators get their records through the hooks.
    distributionModule(k.distribution),
    // After distribution, which pays the last commit's validators before any is slashed (as in the
    // SDK); the evidence module then punishes double signs. Both genesis before staking's, whose
    // genesis validators get their signing records through the hooks.
    slashingModule(k.slashing),
    evidenceModule(k.evidence),
    // Gov's end block tallies and runs passed proposals before staking computes the validator set
    // changes of the block (as in the SDK), so a proposal's effect on stake reaches CometBFT at once.
    govModule(k.gov),
    // After bank: genesis validators bond coins bank's genesis credited. Last but for the two
    // below, which have no genesis and no block hooks: its end block returns the block's validator updates.
    stakingModule(k.staking),
    // After every module with genesis state: gentxs are delivered as txs over it (create-validator
    // needs staking's params and the balances bank credited), then the validator set is computed.
    genutilModule({ pipeline: genesisTxs, applyValidatorSetUpdates: (ctx) => applyValidatorSetUpdates(ctx, k.staking) }),
    // CometBFT's consensus params: InitChain stores them (the app calls the keeper), gov's end
    // block may change them, and the app reads them after every module's end block.
    consensusModule(k.consensus),
    // The SDK's legacy x/params queries, answered from the params the modules above keep.
    paramsModule({
      auth: k.accounts,
      bank: k.bank,
      staking: k.staking,
      gov: k.gov,
      distribution: k.distribution,
      slashing: k.slashing,
      mint: k.mint,
      consensus: k.consensus,
    }),
  ]);
}

export function appModules(): readonly AppModule[] {
  return modulesOf(keepers(new MsgRouter()));
}

export interface AppWiring {
  modules: readonly AppModule[];
  queries: QueryRouter;
  msgs: MsgRouter;
  txProcessor: TxProcessor;
  /** Every type that may appear inside an Any: the Msgs and what modules declare. */
  anyTypes: DescMessage[];
  /** Where the app keeps CometBFT's consensus params (the consensus module's keeper). */
  consensusParams: ConsensusParamsStore;
  /** The chain's minimum gas price in a committed state, as a node reports it (cosmos.base.node.v1beta1 Config). */
  minGasPrice: (state: StateReader) => string;
}

/** Everything UnitApp needs besides its store and logger. */
export function wireApp(): AppWiring {
  const msgs = new MsgRouter();
  const k = keepers(msgs);
  let genesisTxs: GenesisTxPipeline | undefined;
  const modules = modulesOf(k, () => genesisTxs);
  const queries = new QueryRouter();
  for (const m of modules) m.registerServices?.({ msgs, queries: queries.services });
  // Cosmos TxRaw and raw Ethereum txs, told apart by their first byte.
  const ante = authAnteHandler({ accounts: k.accounts, bank: k.bank, sigCache: new SignatureCache() });
  const cosmosTxs = new CosmosTxProcessor(msgs, ante);
  const txProcessor = new RoutingTxProcessor(cosmosTxs, new EthTxProcessor(k.evm), BLOCK_GAS_LIMIT);
  const anyTypes = [...msgs.schemas(), ...modules.flatMap((m) => m.anyTypes ?? [])];
  genesisTxs = { deliver: (env, tx) => cosmosTxs.deliver(env, tx), registry: createRegistry(...anyTypes) };
  const minGasPrice = (state: StateReader) => formatGasPriceAsDecCoin(k.accounts.getMinGasPrice(state));
  return { modules, queries, msgs, txProcessor, anyTypes, consensusParams: k.consensus, minGasPrice };
}
