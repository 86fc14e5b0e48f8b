// The front page: where the chain is (height, last block time, chain id), who validates it, and
// the newest blocks and txs, kept current by polling CometBFT's status every second.
import { el, replaceChildren } from "../dom.js";
import type { PageContext } from "../context.js";
import type { BlockMeta, IndexedTx } from "../api/comet.js";
import { formatTime, percent, timeAgo } from "../format.js";
import { txSummary } from "../api/txs.js";
import { badge, hashLink, link, pageTitle, section, table } from "../views/common.js";
import { stakingValidators } from "./validatorNames.js";

/** How far back the latest txs are looked for: bounds the index scan on a long chain. */
const TX_WINDOW = 10_000n;

function blockRows(metas: readonly BlockMeta[]) {
  return metas.map((m) => [link(`block/${m.height}`, m.height), timeAgo(m.time, Date.now()), String(m.numTxs), hashLink(`block/${m.height}`, m.hash)]);
}

function txRows(txs: readonly IndexedTx[]) {
  return txs.map((t) => [
    hashLink(`tx/${t.hash}`, t.hash),
    link(`block/${t.height}`, t.height),
    txSummary(t.tx),
    t.result.code === 0 ? badge("ok", "ok") : badge(`failed (${t.result.code})`, "bad"),
  ]);
}

async function latestTxs(ctx: PageContext, height: bigint): Promise<IndexedTx[]> {
  const from = height > TX_WINDOW ? height - TX_WINDOW : 1n;
  return (await ctx.comet.txSearch(`tx.height>=${from}`, 10)).txs;
}

export async function homePage(ctx: PageContext): Promise<HTMLElement> {
  const status = await ctx.comet.status();
  const [metas, txs, named, powers] = await Promise.all([
    ctx.comet.blockMetas(status.latestBlockHeight, 10),
    latestTxs(ctx, status.latestBlockHeight),
    stakingValidators(ctx),
    ctx.comet.validators(),
  ]);
  const heightCell = el("strong", { id: "latest-height" }, status.latestBlockHeight);
  const timeCell = el("span", { id: "latest-time", title: status.latestBlockTime }, formatTime(status.latestBlockTime));
  const blocksBox = el("div", { id: "latest-blocks" }, table(["height", "age", "txs", "hash"], blockRows(metas)));
  const txsBox = el("div", { id: "latest-txs" }, table(["hash", "block", "messages", "result"], txRows(txs), "no txs yet"));
  const totalPower = powers.reduce((sum, v) => sum + v.votingPower, 0n);
  const byKey = new Map(named.map((v) => [v.consensusKey, v]));
  const validatorRows = powers.map((v) => {
    const known = byKey.get(v.pubKey);
    return [
      known ? link(`validator/${known.operator}`, known.moniker) : el("code", { class: "mono" }, v.address),
      v.votingPower.toString(),
      percent(v.votingPower, totalPower),
    ];
  });

  ctx.every(1000, async () => {
    const now = await ctx.comet.status();
    if (ctx.signal.aborted || now.latestBlockHeight.toString() === heightCell.textContent) return;
    const [newMetas, newTxs] = await Promise.all([ctx.comet.blockMetas(now.latestBlockHeight, 10), latestTxs(ctx, now.latestBlockHeight)]);
    if (ctx.signal.aborted) return;
    heightCell.textContent = now.latestBlockHeight.toString();
    timeCell.textContent = formatTime(now.latestBlockTime);
    replaceChildren(blocksBox, table(["height", "age", "txs", "hash"], blockRows(newMetas)));
    replaceChildren(txsBox, table(["hash", "block", "messages", "result"], txRows(newTxs), "no txs yet"));
  });

  return el(
    "div",
    {},
    pageTitle(status.network, badge(status.catchingUp ? "catching up" : "live", status.catchingUp ? "warn" : "ok")),
    el(
      "div",
      { class: "stats" },
      el("div", { class: "stat" }, el("span", { class: "stat-label" }, "height"), heightCell),
      el("div", { class: "stat" }, el("span", { class: "stat-label" }, "last block"), timeCell),
      el("div", { class: "stat" }, el("span", { class: "stat-label" }, "validators"), el("strong", {}, powers.length)),
      el("div", { class: "stat" }, el("span", { class: "stat-label" }, "total power"), el("strong", {}, totalPower)),
    ),
    el("div", { class: "grid" }, section("Latest blocks", blocksBox), section("Latest transactions", txsBox)),
    section("Validators", table(["validator", "voting power", "share"], validatorRows)),
  );
}
