// Sending a signed tx and finding it again: eth_sendRawTransaction, eth_getTransactionByHash,
// eth_getTransactionReceipt.
import type { Receipt } from "../../gen/chain/evm/evm_pb.js";
import { decodeRawTx, type RawTx } from "../chain/rawTx.js";
import { data, parseData, parseHash } from "../codec/hex.js";
import { blockTxJson } from "../format/blockJson.js";
import { receiptJson } from "../format/receiptJson.js";
import { txJson } from "../format/txJson.js";
import { RpcCode, RpcError, serverError } from "../rpc/errors.js";
import { method, required, type Methods, type RpcServices } from "./services.js";

export function transactionMethods(s: RpcServices): Methods {
  /** The block a receipt points at; its absence means the node's records disagree. */
  const blockOf = async (r: Receipt) => {
    const block = await s.blocks.byHeight(r.blockHeight);
    if (!block)
      throw new RpcError(
        RpcCode.internal,
        `the receipt of 0x${Buffer.from(r.txHash).toString("hex")} names block ${r.blockHeight}, which the node does not have`,
      );
    return block;
  };
  const minedTx = async (r: Receipt) => {
    const block = await blockOf(r);
    const index = block.indexOf(r.txHash);
    if (index < 0) throw new RpcError(RpcCode.internal, `block ${r.blockHeight} does not list tx 0x${Buffer.from(r.txHash).toString("hex")}`);
    return blockTxJson(block, index);
  };

  return {
    // Decoded here first, so garbage and the wrong chain id get a clear answer without a round
    // trip; CheckTx then decides (the signature too), and its refusal (geth's wording) is the
    // error's message.
    eth_sendRawTransaction: method(1, async (p) => {
      // Its size is the decoder's to judge (the request body bounds what can arrive).
      const raw = parseData(required(p, 0, "signed transaction"), "signed transaction");
      let decoded: RawTx;
      try {
        decoded = decodeRawTx(raw, await s.params.chainId());
      } catch (err) {
        if (err instanceof RpcError) throw err;
        throw serverError((err as Error).message);
      }
      const answer = await s.node.broadcastTxSync(raw);
      if (answer.code !== 0) throw serverError(answer.log || `the node refused the tx (${answer.codespace}/${answer.code})`);
      s.pending.add(decoded);
      return data(decoded.hash);
    }),
    eth_getTransactionByHash: method(1, async (p) => {
      const hash = parseHash(required(p, 0, "transaction hash"), "transaction hash");
      const receipt = await s.node.receipt(hash);
      if (receipt) return minedTx(receipt);
      const pending = await s.pending.find(hash);
      if (pending) return txJson(pending.tx, pending.hash, pending.from, null);
      // It may have left the mempool for a block between the two looks.
      const late = await s.node.receipt(hash);
      return late ? minedTx(late) : null;
    }),
    // Null until the tx is in a committed block; never an error for an unknown hash.
    eth_getTransactionReceipt: method(1, async (p) => {
      const receipt = await s.node.receipt(parseHash(required(p, 0, "transaction hash"), "transaction hash"));
      return receipt ? receiptJson(receipt, (await blockOf(receipt)).hash) : null;
    }),
  };
}
