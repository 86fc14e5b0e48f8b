// A bare number could be a height or the id of a credential, an asset, an election or a proposal:
// this page offers each of them (the block only when the chain has reached that height).
import { el } from "../dom.js";
import type { PageContext } from "../context.js";
import { link, pageTitle, section } from "../views/common.js";

export async function searchResultsPage(ctx: PageContext, numberText: string): Promise<HTMLElement> {
  const n = BigInt(numberText);
  const status = await ctx.comet.status();
  const hasBlock = n >= 1n && n <= status.latestBlockHeight;
  return el(
    "div",
    {},
    pageTitle(`Search: ${n}`),
    section(
      "Which one?",
      el(
        "ul",
        { class: "choices" },
        hasBlock
          ? el("li", {}, link(`block/${n}`, `Block ${n}`))
          : el("li", { class: "muted" }, `Block ${n}: the chain is at height ${status.latestBlockHeight}`),
        el("li", {}, link(`credential/${n}`, `Credential #${n}`)),
        el("li", {}, link(`asset/${n}`, `Asset #${n}`)),
        el("li", {}, link(`election/${n}`, `Election #${n}`)),
        el("li", {}, link(`proposal/${n}`, `Proposal #${n}`)),
      ),
      el("p", { class: "muted" }, "Tip: type credential 3, asset 3, election 3 or proposal 3 to go straight there."),
    ),
  );
}
