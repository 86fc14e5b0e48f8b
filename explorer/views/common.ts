// The building blocks every page is made of: sections, key-value lists, tables that scroll
// sideways on a phone instead of widening the page, links that the router follows, and badges.
import { el, type Child } from "../dom.js";
import { shortHash } from "../format.js";

/** A link to another explorer page; `path` is relative to /explorer/ (the document's base). */
export function link(path: string, ...children: Child[]): HTMLAnchorElement {
  return el("a", { href: path }, ...children);
}

export function section(title: string, ...children: Child[]): HTMLElement {
  return el("section", { class: "card" }, el("h2", {}, title), ...children);
}

/** Label/value rows; a value of undefined leaves its row out. */
export function kv(rows: readonly (readonly [string, Child] | false)[]): HTMLElement {
  const list = el("dl", { class: "kv" });
  for (const row of rows) {
    if (!row || row[1] === undefined) continue;
    list.append(el("dt", {}, row[0]), el("dd", {}, row[1]));
  }
  return list;
}

/** A table in a box that scrolls sideways on a narrow screen. */
export function table(headers: readonly string[], rows: readonly (readonly Child[])[], empty = "nothing yet"): HTMLElement {
  if (rows.length === 0) return el("p", { class: "muted" }, empty);
  return el(
    "div",
    { class: "table-wrap" },
    el(
      "table",
      {},
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          headers.map((h) => el("th", {}, h)),
        ),
      ),
      el(
        "tbody",
        {},
        rows.map((cells) =>
          el(
            "tr",
            {},
            cells.map((c) => el("td", {}, c)),
          ),
        ),
      ),
    ),
  );
}

/** A hash or address in monospace, wrapped anywhere so it never widens the page. */
export function mono(text: string): HTMLElement {
  return el("code", { class: "mono" }, text);
}

export function hashLink(path: string, hash: string): HTMLAnchorElement {
  return link(path, el("code", { class: "mono", title: hash }, shortHash(hash)));
}

export function addressLink(address: string): Child {
  return address ? link(`account/${address}`, el("code", { class: "mono", title: address }, shortHash(address, 10, 6))) : "—";
}

export function badge(text: string, kind: "ok" | "bad" | "info" | "warn" = "info"): HTMLElement {
  return el("span", { class: `badge badge-${kind}` }, text);
}

/** JSON as indented text: messages and events whose shape the page does not know in advance. */
export function jsonBlock(value: unknown): HTMLElement {
  return el(
    "pre",
    { class: "json" },
    JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v), 2),
  );
}

export function pageTitle(title: string, ...extra: Child[]): HTMLElement {
  return el("div", { class: "page-title" }, el("h1", {}, title), ...extra);
}
