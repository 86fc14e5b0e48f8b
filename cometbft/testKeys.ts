// TEST-ONLY KEYS. These mnemonics are public, deterministic and hold funds only on local test
// chains (`npm start`, the devnet, the test suite). Never fund them on a network anyone else uses.

/** The faucet's key (secp256k1, m/44'/118'/0'/0/0), funded in every generated genesis. */
export const FAUCET_TEST_MNEMONIC =
  "fiber tomorrow bomb junk myth correct vicious mean birth helmet usage magnet casino nominee employ maple symptom yellow control twelve host forget chef diary";

/** What the faucet account holds at genesis: 10^15 uunit (one billion UNIT). */
export const FAUCET_GENESIS_BALANCE = 1_000_000_000_000_000n;
