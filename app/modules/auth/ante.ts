// The ante handler: everything a tx must pass before its messages run, in the Cosmos SDK's order
// (validate basic, timeout, memo, size gas, fee, pubkeys, signature gas, sequence and signatures,
// sequence increment). CheckTx, RECHECK and FinalizeBlock run exactly these checks; simulation
// skips only the signature verification and the minimum fee, as in the SDK.
import { SignMode } from "../../../gen/cosmos/tx/signing/v1beta1/signing_pb.js";
import { tryAddressFromPubKey } from "../../../sdk/crypto/address.js";
import { bytesEqual } from "../../../sdk/crypto/encoding.js";
import { FEE_COLLECTOR } from "../../../common/moduleAccounts.js";
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { formatCoins, parseCoins, type Coin } from "../../coins/coins.js";
import type { Account } from "./accounts.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { accountText } from "../../tx/addressText.js";
import type { AccountKeeper } from "./keeper.js";
import { requiredFee } from "./params.js";
import { addressOfPubKey, decodePubKey, pubKeysEqual, type PubKey } from "./pubkey.js";
import type { AnteBankKeeper } from "./expectedKeepers.js";
import type { AnteHandler, ExecMode } from "../../tx/anteHandler.js";
import type { DecodedTx } from "../../tx/decode.js";
import type { GasMeter } from "../../tx/gas.js";
import { validateMsg } from "../../tx/msgRouter.js";
import { checkSignature, SignatureCache, signBytes } from "./signatures.js";

/** A signature and its protobuf framing in TxRaw. */
const SIMULATED_SIGNATURE_BYTES = 66;
/** A fee coin (`{denom: "uunit", amount: "12345"}`) with its framing in AuthInfo. */
const SIMULATED_FEE_BYTES = 20;

export interface AnteDeps {
  accounts: AccountKeeper;
  bank: AnteBankKeeper;
  sigCache: SignatureCache;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/**
 * Signers of a tx: each message's signers, deduplicated in order of first appearance, then the
 * fee payer if it is not one of them (as in the SDK, a separate fee payer signs too).
 */
export function txSigners(tx: DecodedTx): Uint8Array[] {
  const seen = new Set<string>();
  const out: Uint8Array[] = [];
  const add = (signer: Uint8Array) => {
    if (!seen.has(hex(signer))) {
      seen.add(hex(signer));
      out.push(signer);
    }
  };
  for (const { signers } of tx.msgs) for (const signer of signers) add(signer);
  const payer = tx.authInfo.fee?.payer ?? "";
  if (payer !== "") add(parseAccAddress(payer, "fee payer"));
  return out;
}

type BasicResult = { readonly signers: readonly Uint8Array[]; readonly fee: readonly Coin[] };

/**
 * validateBasic's answers outside simulation, by decoded tx (the decode cache hands every pass
 * of a tx the same `raw`): a pure function of the tx, so later passes take the first answer.
 * A tx that fails is not remembered and fails again the same way.
 */
const basics = new WeakMap<object, BasicResult>();

/** Checks that need no state: run first, so malformed txs cost nothing. */
export function validateBasic(tx: DecodedTx, mode: ExecMode): BasicResult {
  if (mode === "simulate") return checkBasic(tx, mode);
  const known = basics.get(tx.raw);
  if (known) return known;
  const result = checkBasic(tx, mode);
  basics.set(tx.raw, Object.freeze({ signers: Object.freeze(result.signers), fee: Object.freeze(result.fee) }));
  return result;
}

function checkBasic(tx: DecodedTx, mode: ExecMode): { signers: Uint8Array[]; fee: Coin[] } {
  // Non-critical extension options may be ignored by definition; critical ones may not.
  if (tx.body.extensionOptions.length > 0) throw sdkErrors.unknownExtensionOptions.wrap("extension options are not supported");
  if (tx.authInfo.tip) throw sdkErrors.notSupported.wrap("tips are not supported");
  for (const decoded of tx.msgs) validateMsg(decoded);
  const fee = tx.authInfo.fee;
  if (!fee) throw sdkErrors.invalidRequest.wrap("tx has no fee");
  const feeCoins = parseCoins(fee.amount);
  if (fee.granter !== "") throw sdkErrors.notSupported.wrap("fee grants are not supported");
  if (mode !== "simulate" && fee.gasLimit === 0n) throw sdkErrors.invalidGasLimit.wrap("gas limit must be positive");
  const signers = txSigners(tx);
  const sigs = tx.raw.signatures.length;
  if (sigs === 0) throw sdkErrors.noSignatures.wrap();
  if (sigs !== signers.length) throw sdkErrors.unauthorized.wrap(`wrong number of signers; expected ${signers.length}, got ${sigs}`);
  if (tx.authInfo.signerInfos.length !== signers.length)
    throw sdkErrors.unauthorized.wrap(`wrong number of signer infos; expected ${signers.length}, got ${tx.authInfo.signerInfos.length}`);
  for (const [i, info] of tx.authInfo.signerInfos.entries()) {
    const mode_ = info.modeInfo?.sum;
    if (mode === "simulate") continue;
    if (mode_?.case !== "single" || mode_.value.mode !== SignMode.DIRECT) throw sdkErrors.notSupported.wrap(`signer ${i}: only SIGN_MODE_DIRECT is supported`);
  }
  return { signers, fee: feeCoins };
}

/** The ante handler the Cosmos tx pipeline runs, over these keepers. */
export function authAnteHandler(deps: AnteDeps): AnteHandler {
  return (ctx, tx, mode, meter) => runAnte(ctx, tx, mode, meter, deps);
}

/**
 * Runs the ante checks against state. Writes (fee, pubkeys, sequences) go to `ctx`'s store;
 * the caller keeps them only if this returns normally.
 */
export function runAnte(ctx: Context, tx: DecodedTx, mode: ExecMode, meter: GasMeter, deps: AnteDeps): void {
  const { signers, fee } = validateBasic(tx, mode);
  const params = deps.accounts.getParams(ctx.store);

  if (tx.body.timeoutHeight > 0n && ctx.header.height > tx.body.timeoutHeight) {
    throw sdkErrors.txTimeoutHeight.wrap(`block height: ${ctx.header.height}, timeout height: ${tx.body.timeoutHeight}`);
  }
  const memoLength = Buffer.byteLength(tx.body.memo, "utf8"); // bytes, as the SDK counts
  if (BigInt(memoLength) > params.maxMemoCharacters)
    throw sdkErrors.memoTooLarge.wrap(`maximum number of characters is ${params.maxMemoCharacters} but received ${memoLength} characters`);
  if (BigInt(signers.length) > params.txSigLimit) throw sdkErrors.tooManySignatures.wrap(`signatures: ${signers.length}, limit: ${params.txSigLimit}`);
  meter.consume(params.txSizeCostPerByte * BigInt(tx.bytes.length), "txSize");
  // A simulated tx carries empty signatures and no fee; charge for the bytes the signed one will
  // have, so the estimate covers the real tx.
  if (mode === "simulate")
    meter.consume(params.txSizeCostPerByte * BigInt(signers.length * SIMULATED_SIGNATURE_BYTES + (fee.length === 0 ? SIMULATED_FEE_BYTES : 0)), "txSize");

  // Fee: at least gas limit x minimum gas price, paid by the fee payer into fee_collector.
  const payer = tx.authInfo.fee!.payer !== "" ? parseAccAddress(tx.authInfo.fee!.payer, "fee payer") : signers[0]!;
  // Gentxs delivered at genesis carry no fee, as the SDK's gentx signs them.
  if (mode !== "simulate" && !atGenesis(ctx)) {
    const price = deps.accounts.getMinGasPrice(ctx.store);
    const required = requiredFee(price, tx.authInfo.fee!.gasLimit);
    const paid = fee.find((c) => c.denom === price.denom)?.amount ?? 0n;
    if (paid < required)
      throw sdkErrors.insufficientFee.wrap(`insufficient fees; got: ${formatCoins(fee) || "0" + price.denom} required: ${required}${price.denom}`);
  }
  if (!deps.accounts.getAccount(ctx.store, payer)) throw sdkErrors.unknownAddress.wrap(`fee payer address: ${accAddressToString(payer)} does not exist`);
  if (mode === "simulate" && fee.length === 0) {
    // Estimate the fee transfer's store gas too, with a token amount; this branch is discarded.
    const price = deps.accounts.getMinGasPrice(ctx.store);
    if (deps.bank.getBalance(ctx.store, payer, price.denom) > 0n) deps.bank.sendToModule(ctx, payer, FEE_COLLECTOR, [{ denom: price.denom, amount: 1n }]);
  } else if (fee.length > 0) {
    try {
      deps.bank.sendToModule(ctx, payer, FEE_COLLECTOR, fee);
    } catch (err) {
      if (sdkErrors.insufficientFunds.is(err))
        throw sdkErrors.insufficientFunds.wrap(
          `insufficient funds to pay for fees; ${err.message.replace(/^spendable balance /, "").replace(/: insufficient funds$/, "")}`,
        );
      throw err;
    }
  }
  // CheckTx and proposal checks run with a QuietContext: no events, so their texts are not built.
  if (ctx.recordsEvents) ctx.emit("tx", { fee: formatCoins(fee), fee_payer: accountText(payer) });

  // Pubkeys, signature gas, sequences and signatures, signer by signer.
  const accounts: Account[] = [];
  const pubKeys: PubKey[] = [];
  for (const [i, signer] of signers.entries()) {
    const account = deps.accounts.getAccount(ctx.store, signer);
    if (!account) throw sdkErrors.unknownAddress.wrap(`account ${accAddressToString(signer)} does not exist`);
    const info = tx.authInfo.signerInfos[i]!;
    let pubKey = account.pubKey;
    if (info.publicKey) {
      let given = decodePubKey(info.publicKey);
      const derived = addressOfPubKey(given);
      if (!derived) throw sdkErrors.invalidPubKey.wrap(`signer ${i}: public key is not a point on secp256k1`);
      if (!bytesEqual(derived, signer)) {
        // Simulation only estimates gas, and CosmJS always labels the key secp256k1 there, even
        // for an eth_secp256k1 wallet: take the key under the algorithm that matches the signer.
        const other = { ...given, algo: given.algo === "secp256k1" ? ("eth_secp256k1" as const) : ("secp256k1" as const) };
        if (mode === "simulate" && hex(tryAddressFromPubKey(other.algo, other.key) ?? new Uint8Array()) === hex(signer)) given = other;
        else if (mode !== "simulate")
          throw sdkErrors.invalidPubKey.wrap(`pubKey does not match signer address ${accAddressToString(signer)} with signer index: ${i}`);
      }
      if (pubKey && !pubKeysEqual(pubKey, given))
        throw sdkErrors.invalidPubKey.wrap(`pubKey of signer ${i} differs from the one already set on ${accAddressToString(signer)}`);
      pubKey = given;
    }
    if (!pubKey && mode !== "simulate")
      throw sdkErrors.invalidPubKey.wrap(`pubkey on account ${accAddressToString(signer)} is not set and the tx does not carry one`);
    meter.consume(params.sigVerifyCostSecp256k1, "ante verify: secp256k1");
    if (info.sequence !== account.sequence) {
      throw sdkErrors.wrongSequence.wrap(`account sequence mismatch, expected ${account.sequence}, got ${info.sequence}`);
    }
    accounts.push(account);
    if (pubKey) pubKeys.push(pubKey);
  }

  if (mode !== "simulate") verifySignatures(ctx, tx, accounts, pubKeys, deps.sigCache, mode === "deliver");

  for (const [i, account] of accounts.entries()) {
    const updated: Account = { ...account, sequence: account.sequence + 1n, ...(pubKeys[i] ? { pubKey: pubKeys[i] } : {}) };
    deps.accounts.setAccount(ctx, updated);
    if (ctx.recordsEvents) ctx.emit("tx", { acc_seq: `${accountText(account.address)}/${account.sequence}` });
  }
  if (ctx.recordsEvents) for (const sig of tx.raw.signatures) ctx.emit("tx", { signature: Buffer.from(sig).toString("base64") });
}

/** InitChain's context (block height 0), where genesis txs run; as the SDK's `ctx.BlockHeight() == 0`. */
function atGenesis(ctx: Context): boolean {
  return ctx.header.height === 0n;
}

/** `lastUse`: the tx runs in a block, after which its entry in `cache` is not asked for again. */
function verifySignatures(ctx: Context, tx: DecodedTx, accounts: Account[], pubKeys: PubKey[], cache: SignatureCache, lastUse: boolean): void {
  const chainId = ctx.header.chainId;
  const key = SignatureCache.key(
    tx.hash,
    chainId,
    accounts.map((a) => (atGenesis(ctx) ? 0n : a.accountNumber)),
  );
  if (lastUse ? cache.delete(key) : cache.has(key)) return;
  for (const [i, account] of accounts.entries()) {
    // At genesis every signer signs with account number 0 (the SDK's gentx and SigVerification).
    const accountNumber = atGenesis(ctx) ? 0n : account.accountNumber;
    const problem = checkSignature(pubKeys[i]!, signBytes(tx.raw.bodyBytes, tx.raw.authInfoBytes, chainId, accountNumber), tx.raw.signatures[i]!);
    if (problem === "high-s") throw sdkErrors.unauthorized.wrap(`signature ${i} is not in lower-S form (malleable)`);
    if (problem === "length") throw sdkErrors.unauthorized.wrap(`signature ${i} must be 64 bytes, got ${tx.raw.signatures[i]!.length}`);
    if (problem) {
      throw sdkErrors.unauthorized.wrap(
        `signature verification failed; please verify account number (${accountNumber}), sequence (${account.sequence}) and chain-id (${chainId})`,
      );
    }
  }
  if (!lastUse) cache.add(key);
}
