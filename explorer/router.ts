// Page URLs under /explorer/ with the History API: every page has a real URL that can be linked,
// bookmarked and reloaded (the gateway answers any page URL with index.html). Links inside the
// explorer are followed without a reload; back and forward redraw the page they return to.
import { replaceChildren, type Child, el } from "./dom.js";
import type { PageContext } from "./context.js";
import { errorBox, NotFoundError } from "./views/errors.js";

export interface Route {
  pattern: RegExp;
  /** The document title; the path's captured groups are passed to it and to render. */
  title: (...groups: string[]) => string;
  render: (ctx: PageContext, ...groups: string[]) => Promise<Child>;
}

/** The path after the explorer's base (`block/5` for /explorer/block/5), with its query string. */
export function currentPath(): string {
  const base = new URL(document.baseURI).pathname;
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : "";
  return path + location.search;
}

export class Router {
  private controller = new AbortController();
  /** Called after each page is drawn (tests and the nav highlight read it). */
  onRendered: (path: string) => void = () => undefined;

  constructor(
    private readonly outlet: HTMLElement,
    private readonly routes: readonly Route[],
    private readonly contextFor: (signal: AbortSignal) => PageContext,
  ) {}

  start(): void {
    document.addEventListener("click", (event) => this.followLink(event));
    window.addEventListener("popstate", () => void this.render());
    void this.render();
  }

  navigate(path: string): void {
    history.pushState(null, "", new URL(path, document.baseURI));
    void this.render();
  }

  private followLink(event: MouseEvent): void {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.("a");
    if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href, document.baseURI);
    const base = new URL(document.baseURI);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return;
    event.preventDefault();
    if (url.href === location.href) return;
    history.pushState(null, "", url);
    void this.render();
  }

  async render(): Promise<void> {
    this.controller.abort();
    const controller = (this.controller = new AbortController());
    const full = currentPath();
    const path = full.split("?")[0]!.replace(/\/+$/, "");
    replaceChildren(this.outlet, el("p", { class: "loading muted" }, "Loading…"));
    let content: Child;
    let title = "Not found";
    const route = this.routes.find((r) => r.pattern.test(path));
    try {
      if (!route) throw new NotFoundError(`the explorer has no page at /explorer/${path}`);
      const groups = route.pattern
        .exec(path)!
        .slice(1)
        .map((g) => decodeURIComponent(g ?? ""));
      title = route.title(...groups);
      content = await route.render(this.contextFor(controller.signal), ...groups);
    } catch (err) {
      content = errorBox(err);
    }
    if (controller.signal.aborted) return;
    document.title = `${title} · unit explorer`;
    replaceChildren(this.outlet, content);
    this.outlet.dataset.page = path === "" ? "home" : path.split("/")[0]!;
    window.scrollTo(0, 0);
    this.onRendered(path);
  }
}
