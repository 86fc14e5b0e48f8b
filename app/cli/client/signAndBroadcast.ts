// What every `unitd tx` command does once it knows its messages: check the chain id, fetch the
// sender's account number and sequence, settle gas (fixed or simulated), show the tx and ask
// (unless -y), sign in SIGN_MODE_DIRECT, broadcast with broadcast_tx_sync, print the result.
import type { Any } from "@bufbuild/protobuf/wkt";
import { getSigningInfo } from "../../../sdk/client/authQueries.js";
import { CometRpcClient } from "../../../sdk/client/cometRpcClient.js";
import { AbciQueryError, ClientError } from "../../../sdk/client/errors.js";
import { simulateGas } from "../../../sdk/client/simulate.js";
import { decodeTx, txToJson } from "../../../sdk/tx/decodeTx.js";
import { signTx, simulationTxBytes } from "../../../sdk/tx/signTx.js";
import { encodeAuthInfo, encodeTxBody, encodeTxRaw } from "../../../sdk/tx/txParts.js";
import { nodeUrlFlag, uintFlag, UsageError } from "./cliArgs.js";
import { homeFlag, outputFormat } from "../flags.js";
import { confirmOrFail } from "./confirm.js";
import { resolveKey } from "./resolveKey.js";
import { printResult } from "./output.js";
import { txResponseJson } from "./queryTx.js";
import { adjustGas, coinsFlag, gasFlag, memoFlag, type TxFlagValues } from "./txFlags.js";
import { keyringPassphraseFrom } from "../keys/passphrases.js";
import type { TerminalInput } from "../keys/terminalInput.js";

/** Signs `messages(sender)` with the key `from` and broadcasts; returns the exit code. */
export async function signAndBroadcast(
  from: string,
  values: TxFlagValues,
  input: TerminalInput,
  messages: (senderAddress: string) => Any[] | Promise<Any[]>,
): Promise<number> {
  const output = outputFormat(values.output);
  const gas = gasFlag(values.gas, values["gas-adjustment"]);
  const fees = coinsFlag("--fees", values.fees);
  const memo = memoFlag(values.note, values.memo);
  const timeoutHeight = uintFlag("--timeout-height", values["timeout-height"]);
  const { keyring, record } = await resolveKey(from, {
    home: homeFlag(values.home),
    backend: values["keyring-backend"],
    passphrase: keyringPassphraseFrom(input),
  });
  // Some commands ask the node which messages to send (withdraw-all-rewards: the sender's delegations).
  const body = await messages(record.address);

  const rpc = new CometRpcClient(nodeUrlFlag(values.node));
  const chainId = (await rpc.status()).network;
  if (values["chain-id"] !== undefined && values["chain-id"] !== chainId) {
    throw new UsageError(`--chain-id is "${values["chain-id"]}" but the node at ${rpc.url} runs chain "${chainId}"`);
  }
  const { accountNumber, sequence } = await getSigningInfo(rpc, record.address);
  const signerKey = { algo: record.algo, pubKey: record.pubKey };
  const gasLimit =
    gas.kind === "fixed"
      ? gas.limit
      : adjustGas(await estimateGas(rpc, simulationTxBytes({ signer: signerKey, messages: body, sequence, memo, timeoutHeight })), gas.adjustment);
  const fee = { amount: fees, gasLimit };

  if (!values.yes) {
    const unsigned = encodeTxRaw({
      bodyBytes: encodeTxBody({ messages: body, memo, timeoutHeight }),
      authInfoBytes: encodeAuthInfo({ signers: [{ ...signerKey, sequence }], fee }),
      signatures: [],
    });
    process.stderr.write(JSON.stringify(txToJson(decodeTx(unsigned))) + "\n\n");
    await confirmOrFail(input, "confirm transaction before signing and broadcasting");
  }

  const signer = await keyring.signer(record.name);
  const signed = await signTx({ signer, messages: body, fee, chainId, accountNumber, sequence, memo, timeoutHeight });
  const result = await rpc.broadcastTxSync(signed.txBytes);
  if (result.code !== 0 || !values.wait) {
    printResult({ height: "0", txhash: result.hash, codespace: result.codespace, code: result.code, raw_log: result.log }, output);
    if (result.code !== 0) throw new ClientError(`the node refused the tx (CheckTx code ${result.code}, codespace ${result.codespace || "-"}): ${result.log}`);
    return 0;
  }
  const included = await rpc.waitForTx(result.hash);
  printResult(txResponseJson(included, (await rpc.header(included.height)).time), output);
  if (included.result.code !== 0)
    throw new ClientError(
      `the tx failed in block ${included.height} (code ${included.result.code}, codespace ${included.result.codespace || "-"}): ${included.result.log}`,
    );
  return 0;
}

/** --gas auto: the simulation's verdict, said as such (a tx that would fail fails here, unsigned). */
async function estimateGas(rpc: CometRpcClient, txBytes: Uint8Array): Promise<bigint> {
  try {
    return await simulateGas(rpc, txBytes);
  } catch (err) {
    if (err instanceof AbciQueryError)
      throw new ClientError(`gas estimation failed: the tx would fail: ${err.log.replace(/^rpc error: code = \w+ desc = /, "")}`);
    throw err;
  }
}
