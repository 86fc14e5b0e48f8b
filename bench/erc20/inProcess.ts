// The ERC-20 workload through the app alone, in-process (bench/load/inProcess.ts): the setup
// (deploy Token, fund the senders) in untimed blocks, then every transfer through CheckTx, the
// recheck of what waits, PrepareProposal, ProcessProposal, FinalizeBlock and Commit, timed in
// CPU time per step. What the app costs per transfer, without CometBFT, the JSON-RPC server or
// other work on the machine.
import { defaultAppState, withGenesisBalances } from "../../app/genesis.js";
import { appModules } from "../../app/modules.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import { DEFAULT_MIN_BASE_FEE, EVM_CHAIN_ID } from "../../app/modules/evm/state/params.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../../sdk/crypto/hexAddress.js";
import { appPhases, type PhaseTimes } from "../load/inProcess.js";
import type { ElementFolder } from "../../app/store/elementFold/pool.js";
import { funder, setupTxs, transferLanes, type Fees } from "./workload.js";
import type { Wallet } from "ethers";

const hexBytes = (raw: string) => Buffer.from(raw.slice(2), "hex");

/** `txsPerBlock` transfers a block; gas money and fees as the end-to-end run signs them. */
export async function erc20AppPhases(opts: {
  senders: readonly Wallet[];
  perSender: number;
  gasLimit: bigint;
  gasMoney: bigint;
  funderUunit: bigint;
  txsPerBlock: number;
  /** appPhases' checkTxQueue. */
  checkTxQueue?: number;
  /** appPhases' elementFolder. */
  elementFolder?: ElementFolder;
}): Promise<PhaseTimes> {
  // The base fee starts at the minimum and rises at most 1/8 a block: 20x leaves room for ~25 full blocks.
  const fees: Fees = { chainId: EVM_CHAIN_ID, maxFeePerGas: DEFAULT_MIN_BASE_FEE * 20n, maxPriorityFeePerGas: 10n ** 9n };
  const appState = withGenesisBalances(defaultAppState(appModules()), [
    { address: formatAccountAddress(parseHexAddress(funder.address.toLowerCase())), coins: [{ denom: "uunit", amount: opts.funderUunit.toString() }] },
  ]);
  const setup = (await setupTxs(opts.senders, fees, opts.gasMoney)).map((t) => hexBytes(t.raw));
  // The deployment first, alone: the token transfers need its code.
  const setupBlocks = [setup.slice(0, 1), setup.slice(1)];
  const lanes = (await transferLanes(opts.senders, opts.perSender, fees, opts.gasLimit)).map((lane) => lane.map((t) => hexBytes(t.raw)));
  return appPhases(lanes, appState, DEFAULT_CHAIN_ID, opts.txsPerBlock, setupBlocks, opts.checkTxQueue, opts.elementFolder);
}
