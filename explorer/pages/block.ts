// One block: its header and its txs, each with its hash, what it does and how it ended.
import { el } from "../dom.js";
import type { PageContext } from "../context.js";
import { formatTime } from "../format.js";
import { cometHash, ethHash, txKind, txSummary } from "../api/txs.js";
import { badge, hashLink, kv, link, mono, pageTitle, section, table } from "../views/common.js";
import { NotFoundError } from "../views/errors.js";
import { stakingValidators } from "./validatorNames.js";

export async function blockPage(ctx: PageContext, heightText: string): Promise<HTMLElement> {
  const height = BigInt(heightText);
  const status = await ctx.comet.status();
  if (height < 1n || height > status.latestBlockHeight)
    throw new NotFoundError(`there is no block ${height}: the chain is at height ${status.latestBlockHeight}`);
  const [block, results, named, set] = await Promise.all([
    ctx.comet.block(height),
    ctx.comet.blockResults(height),
    stakingValidators(ctx),
    ctx.comet.validators(),
  ]);
  // The header names the proposer by consensus address; CometBFT's set gives its key, staking its name.
  const proposerKey = set.find((v) => v.address === block.proposer)?.pubKey;
  const proposer = named.find((v) => v.consensusKey === proposerKey);
  const rows = block.txs.map((bytes, i) => {
    const hash = cometHash(bytes);
    const result = results[i];
    return [
      String(i),
      hashLink(`tx/${hash}`, hash),
      txKind(bytes) === "ethereum" ? el("span", {}, txSummary(bytes), " ", hashLink(`tx/${ethHash(bytes)}`, ethHash(bytes))) : txSummary(bytes),
      !result ? "—" : result.code === 0 ? badge("ok", "ok") : badge(`failed (${result.code})`, "bad"),
      result ? `${result.gasUsed} / ${result.gasWanted}` : "—",
    ];
  });
  return el(
    "div",
    {},
    pageTitle(`Block ${block.height}`),
    el(
      "nav",
      { class: "pager" },
      height > 1n ? link(`block/${height - 1n}`, "← previous") : null,
      height < status.latestBlockHeight ? link(`block/${height + 1n}`, "next →") : null,
    ),
    section(
      "Header",
      kv([
        ["height", block.height],
        ["time", formatTime(block.time)],
        ["hash", mono(block.hash)],
        ["chain id", block.chainId],
        ["proposer", proposer ? el("span", {}, link(`validator/${proposer.operator}`, proposer.moniker), " ", mono(block.proposer)) : mono(block.proposer)],
        ["app hash", mono(block.appHash)],
        ["previous block", block.lastBlockHash ? mono(block.lastBlockHash) : "—"],
        ["signatures of the previous block", String(block.signatures)],
        ["transactions", String(block.txs.length)],
      ]),
    ),
    section("Transactions", table(["#", "hash", "messages", "result", "gas used / wanted"], rows, "this block has no transactions")),
  );
}
