// The coinbase of every EVM block, in a module of its own so that paying it does not load the VM.
import { Address } from "@ethereumjs/util";
import { FEE_COLLECTOR, moduleAddress } from "../../../../common/moduleAccounts.js";

/** The fee_collector module account (a proposer's consensus address holds no account here). */
export const COINBASE = new Address(moduleAddress(FEE_COLLECTOR));
