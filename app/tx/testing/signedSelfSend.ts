// For tests that need a real signed Cosmos tx: an account's send of 1uunit to itself.
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import type { TxSigner } from "../../../sdk/signer.js";
import { msgSend, signTx } from "../../../sdk/tx/index.js";

export interface SelfSendOptions {
  chainId: string;
  accountNumber: bigint;
  sequence: bigint;
  memo?: string;
}

/** `signer`'s send of 1uunit to itself, paying 5000uunit for 200,000 gas: the TxRaw bytes. */
export async function signedSelfSend(signer: TxSigner, options: SelfSendOptions): Promise<Uint8Array> {
  const from = formatAccountAddress(signer.address);
  const { txBytes } = await signTx({
    signer,
    messages: [msgSend({ fromAddress: from, toAddress: from, amount: [{ denom: "uunit", amount: "1" }] })],
    fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
    ...options,
  });
  return txBytes;
}
