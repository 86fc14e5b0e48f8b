// The app state of a locally generated chain (`npm start`, the devnet, tests): every module's
// defaults, a funded faucet account, and validators that self-delegate from the test-only
// validator keys, with governance periods short enough to watch a proposal pass.
import { defaultAppState, withGenesisBalances, type GenesisBalance } from "./genesis.js";
import { appModules } from "./modules.js";
import {
  FAUCET_GENESIS_BALANCE,
  FAUCET_TEST_ADDRESS,
  VALIDATOR_GENESIS_BALANCE,
  VALIDATOR_SELF_DELEGATION,
  VALIDATOR_TEST_ADDRESSES,
} from "../common/node/testKeys.js";

/** Local chains vote for 30 seconds (the spec's devnet value); expedited votes must be shorter. */
export const LOCAL_VOTING_PERIOD = "30s";

/** Local chains let an election's voting window be as short as 30 seconds, so a demo fits in a minute. */
export const LOCAL_MIN_ELECTION_PERIOD = "30s";

/** The faucet key's address. */
export function faucetAddress(): string {
  return FAUCET_TEST_ADDRESS;
}

/** Validator i's operator account (test key i). */
export function validatorAccountAddress(index: number): string {
  const address = VALIDATOR_TEST_ADDRESSES[index];
  if (address === undefined) throw new Error(`there are test keys for ${VALIDATOR_TEST_ADDRESSES.length} validators, not ${index + 1}`);
  return address;
}

export interface LocalValidator {
  /** The CometBFT consensus key (ed25519), base64, as in priv_validator_key.json. */
  consensusPubKey: string;
  moniker: string;
}

/** What a generated chain's app state is made from; cometbft/devnet/generate.ts takes a function of these. */
export interface LocalChainOptions {
  validators?: readonly LocalValidator[];
  votingPeriod?: string;
  expeditedVotingPeriod?: string;
}

export function localChainAppState(options: LocalChainOptions = {}): Record<string, unknown> {
  const validators = options.validators ?? [];
  const operators = validators.map((_, i) => validatorAccountAddress(i));
  const balances: GenesisBalance[] = [
    { address: faucetAddress(), coins: [{ denom: "uunit", amount: FAUCET_GENESIS_BALANCE.toString() }] },
    ...operators.map((address) => ({ address, coins: [{ denom: "uunit", amount: VALIDATOR_GENESIS_BALANCE.toString() }] })),
  ];
  const state = withGenesisBalances(defaultAppState(appModules()), balances);
  const staking = state.staking as { gen_validators?: unknown[] };
  staking.gen_validators = validators.map((v, i) => ({
    delegator_address: operators[i],
    pub_key: v.consensusPubKey,
    moniker: v.moniker,
    amount: VALIDATOR_SELF_DELEGATION.toString(),
  }));
  const gov = state.gov as { params: Record<string, unknown> };
  const votingPeriod = options.votingPeriod ?? LOCAL_VOTING_PERIOD;
  gov.params = { ...gov.params, voting_period: votingPeriod, expedited_voting_period: options.expeditedVotingPeriod ?? halfOf(votingPeriod) };
  const voting = state.voting as { params: Record<string, unknown> };
  voting.params = { ...voting.params, min_voting_period: LOCAL_MIN_ELECTION_PERIOD };
  return state;
}

/** Half of a whole-seconds duration such as "30s": an expedited voting period shorter than it. */
function halfOf(duration: string): string {
  const m = /^(\d+)s$/.exec(duration);
  if (!m || Number(m[1]) < 2) throw new Error(`voting period "${duration}" must be whole seconds, at least "2s"`);
  return `${Math.floor(Number(m[1]) / 2)}s`;
}
