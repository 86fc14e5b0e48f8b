// The app state of a locally generated chain (`npm start`, tests): every module's defaults plus
// a funded faucet account from the test-only faucet key.
import { defaultAppState, withGenesisBalances } from "../app/genesis.js";
import { appModules } from "../app/modules.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { FAUCET_GENESIS_BALANCE, FAUCET_TEST_MNEMONIC } from "./testKeys.js";

/** The faucet key's address. Derived on demand: the key derivation is too slow for every start-up. */
export function faucetAddress(): string {
  return formatAccountAddress(signerFromMnemonic(FAUCET_TEST_MNEMONIC).address);
}

export function localChainAppState(): Record<string, unknown> {
  return withGenesisBalances(defaultAppState(appModules()), [{ address: faucetAddress(), coins: [{ denom: "uunit", amount: FAUCET_GENESIS_BALANCE.toString() }] }]);
}
