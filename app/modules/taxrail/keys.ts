// The taxrail module's storage schema, under the `taxrail/` namespace. Jurisdiction codes are
// upper-case ASCII, so the keys list rules and balances in code order.
export const MODULE_NAME = "taxrail";

/** chain.taxrail.Params */
export const PARAMS_KEY = Uint8Array.of(0x01);
/** 0x02 | code → chain.taxrail.TaxRule */
export const RULE_PREFIX = Uint8Array.of(0x02);
/** 0x03 | code → chain.taxrail.TaxBalance (absent until the jurisdiction first collects) */
export const BALANCE_PREFIX = Uint8Array.of(0x03);

const utf8 = new TextEncoder();

export const ruleKey = (code: string) => Buffer.concat([RULE_PREFIX, utf8.encode(code)]);
export const balanceKey = (code: string) => Buffer.concat([BALANCE_PREFIX, utf8.encode(code)]);
