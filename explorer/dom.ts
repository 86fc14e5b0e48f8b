// Building the page from data without HTML strings: every value on a page comes from the chain
// (memos, names, message fields anyone can write), so it only ever becomes a text node or an
// attribute value, never markup. That makes script injection impossible by construction.

export type Child = Node | string | number | bigint | false | null | undefined | readonly Child[];
type Attributes = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child as readonly Child[]) append(parent, c);
    return;
  }
  parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
}

function setAttributes(node: Element, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") node.addEventListener(name.replace(/^on/, ""), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
}

/** An HTML element: `el("a", { href: "block/5" }, "block 5")`. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setAttributes(node, attributes);
  append(node, children);
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element (charts are drawn inline, without a chart library). */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attributes);
  append(node, children);
  return node;
}

/** Replaces everything inside `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}
