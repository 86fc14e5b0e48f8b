// The tax rail: each jurisdiction's rule and the tax it has collected and still holds, as a chart.
import { el } from "../dom.js";
import type { PageContext } from "../context.js";
import { formatBps, formatCoins, formatUnits } from "../format.js";
import { addressLink, pageTitle, section, table } from "../views/common.js";
import { barChart } from "../views/chart.js";
import { timestampText } from "../views/fields.js";

const uunitOf = (coins: readonly { denom: string; amount: string }[]) => BigInt(coins.find((c) => c.denom === "uunit")?.amount ?? "0");

export async function taxrailPage(ctx: PageContext): Promise<HTMLElement> {
  const [{ rules }, { balances }] = await Promise.all([
    ctx.rest.taxrail.rules({ pagination: { limit: 200n } }),
    ctx.rest.taxrail.balances({ pagination: { limit: 200n } }),
  ]);
  const bars = balances.map((b) => ({ label: b.jurisdictionCode, value: uunitOf(b.collected), display: `${formatUnits(uunitOf(b.collected), 6)} UNIT` }));
  return el(
    "div",
    {},
    pageTitle("Tax rail"),
    section(
      "Tax collected per jurisdiction",
      bars.length === 0
        ? el("p", { class: "muted" }, "no tax collected yet")
        : el("div", { id: "tax-chart" }, barChart("Tax collected per jurisdiction (UNIT)", bars)),
      table(
        ["jurisdiction", "collected", "held now"],
        balances.map((b) => [b.jurisdictionCode, formatCoins(b.collected), formatCoins(b.balance)]),
        "no balances",
      ),
    ),
    section(
      "Rules",
      table(
        ["jurisdiction", "rate", "set by", "updated"],
        rules.map((r) => [r.jurisdictionCode, formatBps(r.rateBps), addressLink(r.setBy), timestampText(r.updatedAt)]),
        "no tax rules",
      ),
    ),
  );
}
