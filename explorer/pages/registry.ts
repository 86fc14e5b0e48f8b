// The registry: jurisdictions with their authorities and assets, and one asset with its owner and
// its whole transfer history (price and the tax paid on each transfer).
import { el } from "../dom.js";
import type { PageContext } from "../context.js";
import { formatCoin } from "../format.js";
import { addressLink, kv, link, mono, pageTitle, section, table } from "../views/common.js";
import { timestampText } from "../views/fields.js";
import { NotFoundError } from "../views/errors.js";
import { idForm } from "./identity.js";

export async function registryPage(ctx: PageContext): Promise<HTMLElement> {
  const { jurisdictions } = await ctx.rest.registry.jurisdictions({ pagination: { limit: 200n } });
  const assetLists = await Promise.all(
    jurisdictions.map((j) => ctx.rest.registry.assetsByJurisdiction({ jurisdictionCode: j.jurisdictionCode, pagination: { limit: 50n, reverse: true } })),
  );
  return el(
    "div",
    {},
    pageTitle("Registry"),
    section("Asset by id", idForm(ctx, "asset", "asset id")),
    section(
      "Jurisdictions",
      table(
        ["code", "name", "authority", "added"],
        jurisdictions.map((j) => [j.jurisdictionCode, j.name, addressLink(j.authority), timestampText(j.addedAt)]),
        "no jurisdictions: governance names their authorities",
      ),
    ),
    jurisdictions.map((j, i) =>
      section(
        `Assets in ${j.jurisdictionCode}`,
        table(
          ["asset", "class", "owner", "declared value"],
          (assetLists[i]?.assets ?? []).map((a) => [
            link(`asset/${a.id}`, `#${a.id}`),
            a.assetClass,
            addressLink(a.owner),
            a.declaredValue ? formatCoin(a.declaredValue) : "—",
          ]),
          "no assets registered",
        ),
      ),
    ),
  );
}

export async function assetPage(ctx: PageContext, idText: string): Promise<HTMLElement> {
  const id = BigInt(idText);
  const [{ asset }, { history }] = await Promise.all([
    ctx.rest.registry.asset({ id }),
    ctx.rest.registry.assetHistory({ assetId: id, pagination: { limit: 200n } }),
  ]);
  if (!asset) throw new NotFoundError(`asset ${id} not found`);
  return el(
    "div",
    {},
    pageTitle(`Asset #${asset.id}`),
    section(
      "Asset",
      kv([
        ["class", asset.assetClass],
        ["jurisdiction", asset.jurisdictionCode],
        ["owner", addressLink(asset.owner)],
        ["declared value", asset.declaredValue ? formatCoin(asset.declaredValue) : "—"],
        ["metadata hash (SHA-256)", mono(asset.metadataHash)],
        ["registered by", addressLink(asset.registeredBy)],
        ["registered", timestampText(asset.registeredAt)],
      ]),
    ),
    section(
      "Transfer history",
      el(
        "div",
        { id: "asset-history" },
        table(
          ["#", "from", "to", "price", "tax paid", "block", "time"],
          history.map((h) => [
            h.seq.toString(),
            addressLink(h.from),
            addressLink(h.to),
            h.price ? formatCoin(h.price) : "—",
            h.taxPaid ? formatCoin(h.taxPaid) : "—",
            link(`block/${h.height}`, h.height.toString()),
            timestampText(h.time),
          ]),
          "never transferred",
        ),
      ),
    ),
  );
}
