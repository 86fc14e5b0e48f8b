// chain.taxrail.Msg: formats and the governance authority in validateBasic, who may act (the
// jurisdiction's authority, as registry keeps it, or governance for a rule) and balances in
// handle, against the block's state.
import {
  MsgSetTaxRuleResponseSchema,
  MsgSetTaxRuleSchema,
  MsgUpdateParamsResponseSchema,
  MsgUpdateParamsSchema,
  MsgWithdrawTaxResponseSchema,
  MsgWithdrawTaxSchema,
} from "../../../gen/chain/taxrail/tx_pb.js";
import { create } from "@bufbuild/protobuf";
import { TaxRuleSchema } from "../../../gen/chain/taxrail/taxrail_pb.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { GOV_ACCOUNT } from "../../../common/moduleAccounts.js";
import { governanceOnly } from "../../tx/authority.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { taxrailErrors } from "./errors.js";
import { emitParamsUpdated, emitTaxRuleSet, emitTaxWithdrawn } from "./events.js";
import type { TaxrailKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { BPS_DENOMINATOR, parseAmount, validateJurisdictionCode, validateParams, validateRate } from "./validation.js";

/**
 * A rule is set by the jurisdiction's authority, or by governance (through a proposal), which may
 * also set one for a jurisdiction that has no authority.
 */
export function msgSetTaxRuleHandler(keeper: TaxrailKeeper): MsgHandler<typeof MsgSetTaxRuleSchema, typeof MsgSetTaxRuleResponseSchema> {
  return {
    request: MsgSetTaxRuleSchema,
    response: MsgSetTaxRuleResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.authority, "authority")],
    validateBasic: (msg) => {
      parseAccAddress(msg.authority, "authority");
      validateJurisdictionCode(msg.jurisdictionCode);
      validateRate(msg.rateBps, BPS_DENOMINATOR);
    },
    handle: (ctx, msg, [signer]) => {
      const signerText = accAddressToString(signer!);
      if (signerText !== keeper.authority) {
        const authority = keeper.jurisdictionAuthority(ctx.store, msg.jurisdictionCode);
        if (authority === undefined) {
          throw taxrailErrors.unauthorized.wrap(`${msg.jurisdictionCode} has no authority; only governance may set its tax rule`);
        }
        if (authority !== signerText)
          throw taxrailErrors.unauthorized.wrap(`${msg.authority} is not the authority of ${msg.jurisdictionCode} (${authority} is)`);
      }
      validateRate(msg.rateBps, keeper.getParams(ctx.store).maxRateBps);
      const rule = create(TaxRuleSchema, { jurisdictionCode: msg.jurisdictionCode, rateBps: msg.rateBps, setBy: signerText, updatedAt: ctx.header.time });
      const previous = keeper.setRule(ctx, rule);
      emitTaxRuleSet(ctx, { jurisdictionCode: rule.jurisdictionCode, rateBps: rule.rateBps, setBy: signerText, previousRateBps: previous?.rateBps ?? 0 });
      return {};
    },
  };
}

/** Only the jurisdiction's authority withdraws its tax, and only up to its balance. */
export function msgWithdrawTaxHandler(keeper: TaxrailKeeper): MsgHandler<typeof MsgWithdrawTaxSchema, typeof MsgWithdrawTaxResponseSchema> {
  return {
    request: MsgWithdrawTaxSchema,
    response: MsgWithdrawTaxResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.authority, "authority")],
    validateBasic: (msg) => {
      parseAccAddress(msg.authority, "authority");
      validateJurisdictionCode(msg.jurisdictionCode);
      parseAccAddress(msg.recipient, "recipient");
      parseAmount(msg.amount);
    },
    handle: (ctx, msg, [signer]) => {
      const authority = keeper.jurisdictionAuthority(ctx.store, msg.jurisdictionCode);
      if (authority === undefined) throw taxrailErrors.unauthorized.wrap(`${msg.jurisdictionCode} has no authority to withdraw its tax`);
      if (authority !== accAddressToString(signer!)) throw taxrailErrors.unauthorized.wrap(`${msg.authority} is not the authority of ${msg.jurisdictionCode}`);
      const recipient = parseAccAddress(msg.recipient, "recipient");
      // Module accounts receive only through their modules (as bank's sends); the gov account may
      // receive, as it may from a bank send.
      const moduleName = keeper.isModuleAddress(recipient);
      if (moduleName !== undefined && moduleName !== GOV_ACCOUNT) {
        throw taxrailErrors.invalidRecipient.wrap(`${msg.recipient} is the ${moduleName} module account, which may not receive tax withdrawals`);
      }
      const coins = parseAmount(msg.amount);
      keeper.withdraw(ctx, msg.jurisdictionCode, recipient, coins);
      emitTaxWithdrawn(ctx, { jurisdictionCode: msg.jurisdictionCode, withdrawnBy: authority, recipient: accAddressToString(recipient), amount: msg.amount });
      return {};
    },
  };
}

export function msgUpdateParamsHandler(keeper: TaxrailKeeper): MsgHandler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return governanceOnly(keeper.authority, taxrailErrors.invalidAuthority, {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      validateParams(msg.params);
    },
    handle: (ctx, msg) => {
      const params = validateParams(msg.params); // cannot throw: validateBasic ran; it returns the clean record
      keeper.setParams(ctx, params);
      emitParamsUpdated(ctx, params);
      return {};
    },
  });
}
