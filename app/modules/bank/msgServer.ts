// cosmos.bank.v1beta1 MsgSend and MsgMultiSend: stateless checks first (they run in CheckTx),
// then the transfer.
import { MsgMultiSendResponseSchema, MsgMultiSendSchema, MsgSendResponseSchema, MsgSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { sdkErrors } from "../../../common/errors.js";
import { coinsEqual, parseCoins, sumCoins, type Coin } from "../../coins/coins.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { readCommonMsgSend } from "../../tx/commonTxShape.js";
import { parseAccAddress } from "../../../common/address.js";
import { accountAddress } from "../../tx/addressText.js";
import type { Context } from "../../context.js";
import { GOV_ACCOUNT } from "../../../common/moduleAccounts.js";
import { bankErrors } from "./errors.js";
import type { BankKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import type { BankAccountKeeper } from "./expectedKeepers.js";

function checkSendable(ctx: Context, keeper: BankKeeper, coins: readonly Coin[]): void {
  for (const c of coins) if (!keeper.isSendEnabled(ctx.store, c.denom)) throw bankErrors.sendDisabled.wrap(`${c.denom} transfers are currently disabled`);
}

/** Module accounts receive only through their modules, never by a plain send. */
function checkRecipient(accounts: BankAccountKeeper, address: Uint8Array, text: string): void {
  const name = accounts.isModuleAddress(address);
  if (name !== undefined && name !== GOV_ACCOUNT) throw sdkErrors.unauthorized.wrap(`${text} is not allowed to receive funds`);
}

export function msgSendHandler(keeper: BankKeeper, accounts: BankAccountKeeper): MsgHandler<typeof MsgSendSchema, typeof MsgSendResponseSchema> {
  return {
    request: MsgSendSchema,
    response: MsgSendResponseSchema,
    module: MODULE_NAME,
    readCommon: readCommonMsgSend,
    signers: (msg) => [accountAddress(msg.fromAddress, "from address")],
    validateBasic: (msg) => {
      accountAddress(msg.fromAddress, "from address");
      accountAddress(msg.toAddress, "to address");
      if (msg.amount.length === 0) throw sdkErrors.invalidCoins.wrap("amount is empty");
      parseCoins(msg.amount);
    },
    handle: (ctx, msg, [from]) => {
      const to = accountAddress(msg.toAddress, "to address");
      const coins = parseCoins(msg.amount);
      checkSendable(ctx, keeper, coins);
      checkRecipient(accounts, to, msg.toAddress);
      keeper.send(ctx, from!, to, coins);
      return {};
    },
  };
}

/** Validates each entry and sums all their coins in one pass (linear in the message size). */
function sumCoinLists(entries: readonly { address: string; coins: { denom: string; amount: string }[] }[], what: string): Coin[] {
  const lists: Coin[][] = [];
  for (const [n, e] of entries.entries()) {
    parseAccAddress(e.address, `${what}[${n}].address`);
    if (e.coins.length === 0) throw sdkErrors.invalidCoins.wrap(`${what}[${n}] has no coins`);
    lists.push(parseCoins(e.coins));
  }
  return sumCoins(lists);
}

export function msgMultiSendHandler(keeper: BankKeeper, accounts: BankAccountKeeper): MsgHandler<typeof MsgMultiSendSchema, typeof MsgMultiSendResponseSchema> {
  return {
    request: MsgMultiSendSchema,
    response: MsgMultiSendResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => msg.inputs.map((i, n) => parseAccAddress(i.address, `inputs[${n}].address`)),
    validateBasic: (msg) => {
      if (msg.inputs.length === 0) throw bankErrors.noInputs.wrap();
      if (msg.inputs.length !== 1) throw bankErrors.multipleSenders.wrap(`${msg.inputs.length} inputs`);
      if (msg.outputs.length === 0) throw bankErrors.noOutputs.wrap();
      const totalIn = sumCoinLists(msg.inputs, "inputs");
      const totalOut = sumCoinLists(msg.outputs, "outputs");
      if (!coinsEqual(totalIn, totalOut)) throw bankErrors.inputOutputMismatch.wrap();
    },
    handle: (ctx, msg, [from]) => {
      const input = msg.inputs[0]!;
      checkSendable(ctx, keeper, parseCoins(input.coins));
      for (const [n, o] of msg.outputs.entries()) {
        const to = parseAccAddress(o.address, `outputs[${n}].address`);
        checkRecipient(accounts, to, o.address);
        keeper.send(ctx, from!, to, parseCoins(o.coins));
      }
      return {};
    },
  };
}
