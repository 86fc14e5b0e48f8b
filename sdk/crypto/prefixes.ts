// The chain's bech32 human-readable prefixes, in one place so no other file spells them.
// One 20-byte account address is shown as `unit1...` (and as `0x...` for EVM tools); the same
// bytes under `unitvaloper` name the validator operated by that account.

export const BECH32_PREFIX_ACCOUNT = "unit";
export const BECH32_PREFIX_ACCOUNT_PUBKEY = "unitpub";
export const BECH32_PREFIX_VALIDATOR = "unitvaloper";
export const BECH32_PREFIX_VALIDATOR_PUBKEY = "unitvaloperpub";
export const BECH32_PREFIX_CONSENSUS = "unitvalcons";
export const BECH32_PREFIX_CONSENSUS_PUBKEY = "unitvalconspub";

/** The address kinds the CLI's `--bech` flag names, as the Cosmos SDK spells them. */
export type Bech32Kind = "acc" | "val" | "cons";

export const BECH32_PREFIX_BY_KIND: Record<Bech32Kind, string> = {
  acc: BECH32_PREFIX_ACCOUNT,
  val: BECH32_PREFIX_VALIDATOR,
  cons: BECH32_PREFIX_CONSENSUS,
};

/** Length of every account, validator-operator and consensus address on this chain. */
export const ADDRESS_LENGTH = 20;
