// One tx through a real node as a client sends it: signing info from the chain, signed by the SDK,
// broadcast_tx_sync, then waited for in a block. Fails the test unless both CheckTx and the block
// accept it.
import assert from "node:assert/strict";
import type { Any } from "@bufbuild/protobuf/wkt";
import { getSigningInfo } from "../../sdk/client/authQueries.js";
import type { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import type { TxSigner } from "../../sdk/signer.js";
import { signTx } from "../../sdk/tx/index.js";

export async function deliverTx(
  rpc: CometRpcClient,
  signer: TxSigner,
  messages: Any[],
  fee: { amount: bigint; gasLimit: bigint },
): Promise<{ hash: string; height: number }> {
  const { accountNumber, sequence } = await getSigningInfo(rpc, formatAccountAddress(signer.address));
  const signed = await signTx({
    signer,
    messages,
    fee: { amount: [{ denom: "uunit", amount: fee.amount.toString() }], gasLimit: fee.gasLimit },
    chainId: (await rpc.status()).network,
    accountNumber,
    sequence,
  });
  const sent = await rpc.broadcastTxSync(signed.txBytes);
  assert.equal(sent.code, 0, `CheckTx: ${sent.log}`);
  const included = await rpc.waitForTx(sent.hash);
  assert.equal(included.result.code, 0, `DeliverTx: ${included.result.log}`);
  return { hash: sent.hash, height: Number(included.height) };
}
