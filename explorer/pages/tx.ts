// One tx by either of its names: CometBFT's SHA-256 hash, or for an Ethereum tx its keccak hash
// (found through the ethereum_tx event the app indexes). Shows how it ended (code, log, gas),
// its fee and decoded messages for a Cosmos tx, or its fields, receipt and raw logs for an
// Ethereum one, and every event.
import { el, type Child } from "../dom.js";
import type { PageContext } from "../context.js";
import type { AbciEvent, IndexedTx } from "../api/comet.js";
import { decodeCosmosTx, ethHash, messageLabel, txKind } from "../api/txs.js";
import { decodeEthTx } from "../api/ethTx.js";
import { bytesToHex, formatCoin, formatCoins, formatUnits } from "../format.js";
import { addressLink, badge, jsonBlock, kv, link, mono, pageTitle, section, table } from "../views/common.js";
import { NotFoundError } from "../views/errors.js";

/** A tx by its CometBFT hash (64 hex) or Ethereum hash (0x + 64 hex). */
export async function findTx(ctx: PageContext, hash: string): Promise<IndexedTx | undefined> {
  const hex = hash.replace(/^0x/i, "");
  const byEthHash = async () => (await ctx.comet.txSearch(`ethereum_tx.ethereumTxHash='0x${hex.toLowerCase()}'`, 1)).txs[0];
  if (hash.startsWith("0x")) return (await byEthHash()) ?? (await ctx.comet.tx(hex));
  return (await ctx.comet.tx(hex)) ?? (await byEthHash());
}

type CoinJson = { denom: string; amount: string };
const isCoin = (v: unknown): v is CoinJson =>
  typeof v === "object" && v !== null && Object.keys(v).length === 2 && typeof (v as CoinJson).denom === "string" && typeof (v as CoinJson).amount === "string";

/** A field value: addresses become links, coins read as amounts, other structures as indented JSON. */
function fieldValue(value: unknown): Child {
  if (typeof value === "string") return /^(unit1[02-9ac-hj-np-z]{38}|0x[0-9a-fA-F]{40})$/.test(value) ? addressLink(value) : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (isCoin(value)) return formatCoin(value);
  if (Array.isArray(value) && value.length > 0 && value.every(isCoin)) return formatCoins(value);
  return jsonBlock(value);
}

function messageView(message: Record<string, unknown>, index: number): HTMLElement {
  const { "@type": typeUrl, ...fields } = message;
  return el(
    "div",
    { class: "message" },
    el("h3", {}, `${index + 1}. ${messageLabel(String(typeUrl))}`),
    kv([["type", mono(String(typeUrl))], ...Object.entries(fields).map(([k, v]) => [k, fieldValue(v)] as const)]),
  );
}

export function eventsView(events: readonly AbciEvent[]): HTMLElement {
  if (events.length === 0) return el("p", { class: "muted" }, "no events");
  return el(
    "div",
    { class: "events" },
    events.map((e) =>
      el(
        "details",
        { class: "event" },
        el("summary", {}, e.type),
        table(
          ["key", "value"],
          e.attributes.map((a) => [a.key, el("span", { class: "wrap" }, a.value)]),
        ),
      ),
    ),
  );
}

async function ethereumSections(ctx: PageContext, tx: IndexedTx): Promise<Child[]> {
  const hash = ethHash(tx.tx);
  const fields = decodeEthTx(tx.tx);
  const { receipt } = await ctx.rest.evm.receipt({ txHash: hash });
  const hex = (b: Uint8Array | undefined) => (b && b.length > 0 ? `0x${bytesToHex(b)}` : "");
  const logs = (receipt?.logs ?? []).map((log, i) =>
    el(
      "div",
      { class: "log" },
      el("h3", {}, `log ${(receipt?.firstLogIndex ?? 0) + i}`),
      kv([
        ["contract", addressLink(hex(log.address))],
        [
          "topics",
          log.topics.length === 0
            ? "none"
            : el(
                "ol",
                { start: 0 },
                log.topics.map((t) => el("li", {}, mono(hex(t)))),
              ),
        ],
        ["data", mono(hex(log.data) || "0x")],
      ]),
    ),
  );
  return [
    section(
      "Ethereum transaction",
      kv([
        ["Ethereum hash", mono(hash)],
        ["status", receipt?.status === 1 ? badge("success", "ok") : badge("failed", "bad")],
        ["from", addressLink(hex(receipt?.from))],
        ["to", fields.to ? addressLink(fields.to) : "contract creation"],
        ["contract created", receipt && receipt.contractAddress.length > 0 ? addressLink(hex(receipt.contractAddress)) : undefined],
        ["value", `${formatUnits(fields.value, 18)} UNIT`],
        ["nonce", fields.nonce.toString()],
        ["type", String(fields.type)],
        ["gas limit", fields.gasLimit.toString()],
        ["gas used", receipt?.gasUsed.toString() ?? "—"],
        ["effective gas price", receipt ? `${receipt.effectiveGasPrice} aunit` : "—"],
        ["input", mono(fields.input.length > 2 + 2 * 4096 ? `${fields.input.slice(0, 2 + 2 * 4096)}… (${(fields.input.length - 2) / 2} bytes)` : fields.input)],
      ]),
    ),
    section("Logs", logs.length === 0 ? el("p", { class: "muted" }, "no logs") : logs),
  ];
}

function cosmosSections(tx: IndexedTx): Child[] {
  const decoded = decodeCosmosTx(tx.tx);
  return [
    section(
      "Fee",
      kv([
        ["fee", formatCoins(decoded.fee)],
        ["gas limit", decoded.gasLimit],
        ["memo", decoded.memo || "—"],
        ["signer sequences", decoded.sequences.join(", ") || "—"],
      ]),
    ),
    section(`Messages (${decoded.messages.length})`, decoded.messages.map(messageView)),
  ];
}

export async function txPage(ctx: PageContext, hash: string): Promise<HTMLElement> {
  const tx = await findTx(ctx, hash);
  if (!tx) throw new NotFoundError(`no tx with hash ${hash} on this node`);
  const kind = txKind(tx.tx);
  const ok = tx.result.code === 0;
  return el(
    "div",
    {},
    pageTitle("Transaction", ok ? badge("success", "ok") : badge(`failed, code ${tx.result.code}`, "bad")),
    section(
      "Summary",
      kv([
        ["hash", mono(tx.hash)],
        ["Ethereum hash", kind === "ethereum" ? mono(ethHash(tx.tx)) : undefined],
        ["block", link(`block/${tx.height}`, tx.height)],
        ["index in block", String(tx.index)],
        ["kind", kind === "ethereum" ? "Ethereum tx" : "Cosmos tx"],
        ["code", ok ? "0" : `${tx.result.code} (${tx.result.codespace || "sdk"})`],
        ["error", ok ? undefined : el("span", { class: "wrap error-text" }, tx.result.log)],
        ["gas used / wanted", `${tx.result.gasUsed} / ${tx.result.gasWanted}`],
      ]),
    ),
    ...(kind === "ethereum" ? await ethereumSections(ctx, tx) : kind === "cosmos" ? cosmosSections(tx) : []),
    section(`Events (${tx.result.events.length})`, eventsView(tx.result.events)),
  );
}
