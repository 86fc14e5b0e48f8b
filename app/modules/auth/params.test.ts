// The minimum gas price's two printed forms: the chain's own (genesis, app state) and the SDK's
// DecCoin, which a node's Config reports (cosmos.base.node.v1beta1).
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatGasPrice, formatGasPriceAsDecCoin, parseGasPrice } from "./params.js";

test("a gas price prints as the SDK prints a DecCoin: 18 fractional digits, then the denom", () => {
  assert.equal(formatGasPriceAsDecCoin(parseGasPrice("0.025uunit")), "0.025000000000000000uunit");
  assert.equal(formatGasPriceAsDecCoin(parseGasPrice("3uunit")), "3.000000000000000000uunit");
  assert.equal(formatGasPriceAsDecCoin(parseGasPrice("0.000000000000000001aunit")), "0.000000000000000001aunit");
  assert.equal(formatGasPriceAsDecCoin(parseGasPrice("12.5uunit")), "12.500000000000000000uunit");
  assert.equal(formatGasPrice(parseGasPrice("0.025000000000000000uunit")), "0.025uunit", "the chain's own form stays short");
});
