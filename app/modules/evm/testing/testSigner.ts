// Test-only: an Ethereum account that signs EIP-1559 txs for chain id 2611 with its own nonce count.
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { Address, bigIntToUnpaddedBytes, bytesToHex, createAddressFromPrivateKey, generateAddress } from "@ethereumjs/util";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";

export interface TxFields {
  to?: Address | Uint8Array;
  data?: Uint8Array;
  value?: bigint;
  gasLimit?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  /** Overrides (and does not advance) the signer's nonce count. */
  nonce?: bigint;
}

export class TestSigner {
  readonly address: Address;
  nonce = 0n;

  constructor(readonly key: Uint8Array) {
    this.address = createAddressFromPrivateKey(key);
  }

  /** Signs the next tx (advancing the nonce count); defaults: 200k gas, 10 gwei cap, 1 gwei tip. */
  tx(f: TxFields = {}): Uint8Array {
    const nonce = f.nonce ?? this.nonce++;
    const to = f.to === undefined ? undefined : f.to instanceof Address ? f.to : new Address(f.to);
    return createFeeMarket1559Tx(
      {
        nonce,
        to,
        data: f.data,
        value: f.value ?? 0n,
        gasLimit: f.gasLimit ?? 200_000n,
        maxFeePerGas: f.maxFeePerGas ?? 10n ** 10n,
        maxPriorityFeePerGas: f.maxPriorityFeePerGas ?? 10n ** 9n,
      },
      { common: evmCommon(2611n) },
    )
      .sign(this.key)
      .serialize();
  }

  /** The address a contract this signer creates with `nonce` gets. */
  contractAddress(nonce: bigint): Address {
    return new Address(generateAddress(this.address.bytes, bigIntToUnpaddedBytes(nonce)));
  }
}

/** The Ethereum hash of a raw tx, 0x hex. */
export const txHashHex = (raw: Uint8Array) => bytesToHex(keccak_256(raw));
