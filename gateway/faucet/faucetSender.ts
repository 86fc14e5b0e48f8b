// Sends the faucet's coins. Every send is signed with the next sequence of the faucet account, so
// sends are serialized: one at a time, through a local sequence counter that is read from the
// chain at the first send and corrected whenever the chain says it is wrong. Concurrent requests
// therefore never sign two txs with the same sequence.
import type { Logger } from "pino";
import { getSigningInfo } from "../../sdk/client/authQueries.js";
import type { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { AccountNotFoundError } from "../../sdk/client/errors.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import type { TxSigner } from "../../sdk/signer.js";
import { msgSend } from "../../sdk/tx/bankMessages.js";
import type { Coin } from "../../sdk/tx/coins.js";
import { signTx } from "../../sdk/tx/signTx.js";
import type { FeeInput } from "../../sdk/tx/txParts.js";
import { FaucetHttpError } from "./httpErrors.js";

/** The SDK's "incorrect account sequence" (codespace sdk). */
const WRONG_SEQUENCE_CODE = 32;

export interface FaucetSenderOptions {
  rpc: Pick<CometRpcClient, "status" | "abciQuery" | "broadcastTxSync">;
  signer: TxSigner;
  /** What one request receives. */
  amount: Coin[];
  fee: FeeInput;
  memo?: string;
  logger?: Logger;
}

interface AccountState {
  chainId: string;
  accountNumber: bigint;
  nextSequence: bigint;
}

export class FaucetSender {
  readonly address: string;
  private state: AccountState | undefined;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: FaucetSenderOptions) {
    this.address = formatAccountAddress(options.signer.address);
  }

  /** Sends the configured amount to `to` (bech32); resolves once CheckTx accepted the tx. */
  send(to: string): Promise<{ txhash: string }> {
    const run = this.tail.then(() => this.sendNow(to));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async sendNow(to: string): Promise<{ txhash: string }> {
    // Two attempts: the second runs after a sequence correction (another client of this key, a
    // tx that was accepted although its broadcast timed out, a restart of the faucet).
    for (let attempt = 1; ; attempt++) {
      const state = await this.synced();
      const { options } = this;
      const signed = await signTx({
        signer: options.signer,
        messages: [msgSend({ fromAddress: this.address, toAddress: to, amount: options.amount })],
        fee: options.fee,
        chainId: state.chainId,
        accountNumber: state.accountNumber,
        sequence: state.nextSequence,
        memo: options.memo,
      });
      let result;
      try {
        result = await options.rpc.broadcastTxSync(signed.txBytes);
      } catch (err) {
        // The tx may or may not have reached the mempool: read the sequence again next time.
        this.state = undefined;
        throw new FaucetHttpError(503, `the faucet could not broadcast: ${(err as Error).message}`);
      }
      if (result.code === 0) {
        state.nextSequence++;
        return { txhash: result.hash };
      }
      if (result.code === WRONG_SEQUENCE_CODE && result.codespace === "sdk" && attempt === 1) {
        this.correctSequence(result.log);
        continue;
      }
      options.logger?.warn({ code: result.code, codespace: result.codespace, log: result.log, to }, "faucet tx refused");
      if (result.code === WRONG_SEQUENCE_CODE) this.correctSequence(result.log);
      throw new FaucetHttpError(502, `the node refused the faucet's tx (code ${result.code}): ${result.log}`);
    }
  }

  /** The chain said "expected N": trust it; if the log cannot be read, refetch from the chain. */
  private correctSequence(log: string): void {
    const expected = /expected (\d+)/.exec(log)?.[1];
    if (expected !== undefined && this.state) {
      this.options.logger?.info({ from: this.state.nextSequence.toString(), to: expected }, "faucet sequence corrected");
      this.state.nextSequence = BigInt(expected);
    } else this.state = undefined;
  }

  private async synced(): Promise<AccountState> {
    if (this.state) return this.state;
    const { rpc } = this.options;
    try {
      const chainId = (await rpc.status()).network;
      const { accountNumber, sequence } = await getSigningInfo(rpc, this.address);
      this.state = { chainId, accountNumber, nextSequence: sequence };
      this.options.logger?.info({ chainId, accountNumber: accountNumber.toString(), sequence: sequence.toString() }, "faucet account loaded");
      return this.state;
    } catch (err) {
      if (err instanceof AccountNotFoundError) throw new FaucetHttpError(503, `the faucet account ${this.address} has no funds on this chain`);
      throw new FaucetHttpError(503, `the faucet cannot read its account: ${(err as Error).message}`);
    }
  }
}
