// TEST-ONLY KEYS. These mnemonics are public, deterministic and hold funds only on local test
// chains (`npm start`, the devnet, the test suite). Never fund them on a network anyone else uses.

/** The faucet's key (secp256k1, m/44'/118'/0'/0/0), funded in every generated genesis. */
export const FAUCET_TEST_MNEMONIC =
  "fiber tomorrow bomb junk myth correct vicious mean birth helmet usage magnet casino nominee employ maple symptom yellow control twelve host forget chef diary";

/** FAUCET_TEST_MNEMONIC's account (written out: deriving a key costs ~70 ms, at every chain's creation). */
export const FAUCET_TEST_ADDRESS = "unit1thzew3sypwx37pjmsyqr4tz547fexgxpdxd5kt";

/** What the faucet account holds at genesis: 10^15 uunit (one billion UNIT). */
export const FAUCET_GENESIS_BALANCE = 1_000_000_000_000_000n;

/**
 * The validator operators' account keys (secp256k1, m/44'/118'/0'/0/0): validator i of a local
 * chain or the devnet self-delegates from key i, so `unitd tx gov vote ... --from validator` works
 * out of the box. Their addresses are VALIDATOR_TEST_ADDRESSES.
 */
export const VALIDATOR_TEST_MNEMONICS = [
  "then rose acid venture pottery pelican uphold option derive major pony forward taxi best inner option dune regular stereo pulp joy link alien similar",
  "oyster crack build piano derive defense unit toss agent jump total mirror slush unique buddy learn symptom emotion world spice snack clutch strike latin",
  "banana mystery mountain convince accuse deal biology merit there behave alter artwork service note want frost guess talent elegant hint swap emotion sand today",
  "grocery excess alien okay fence fresh kiwi canvas phrase december roof can taste office render state shield habit priority sauce deal rival horse frame",
] as const;

/** VALIDATOR_TEST_MNEMONICS' accounts, in order (written out, as FAUCET_TEST_ADDRESS). */
export const VALIDATOR_TEST_ADDRESSES = [
  "unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p",
  "unit1squt7f8va6eee6wf8hahchz8n6uxcrg28qa59z",
  "unit1ar56g48lv95788zayfzxvyymdy7ln6087qn476",
  "unit1qeppm3d65hnm6tzttwjkfemnvqw97svlumew3u",
] as const;

/** Each validator account's genesis balance: 10^12 uunit (one million UNIT). */
export const VALIDATOR_GENESIS_BALANCE = 1_000_000_000_000n;
/** Of which it self-delegates 10^11 uunit: voting power 100,000. */
export const VALIDATOR_SELF_DELEGATION = 100_000_000_000n;
