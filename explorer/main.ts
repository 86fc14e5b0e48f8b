// The explorer's entry point: the header (navigation, search, wallet buttons) and the router that
// draws each page from the node it is served by.
import { el, replaceChildren } from "./dom.js";
import { createRestQueryClient } from "../sdk/query/index.js";
import { typeRegistry } from "../sdk/tx/registry.js";
import { CometReader } from "./api/comet.js";
import { createPageContext } from "./context.js";
import { Router } from "./router.js";
import { ROUTES } from "./routes.js";
import { searchPath } from "./search.js";
import { walletButtons } from "./wallet.js";

const NAV: readonly [string, string][] = [
  ["", "Home"],
  ["validators", "Validators"],
  ["governance", "Governance"],
  ["identity", "Identity"],
  ["registry", "Registry"],
  ["elections", "Elections"],
  ["taxrail", "Tax rail"],
];

function searchForm(navigate: (path: string) => void): HTMLElement {
  const input = el("input", {
    type: "search",
    id: "search",
    name: "q",
    placeholder: "height, tx hash, unit1… / 0x… address, credential 1, asset 1",
    "aria-label": "search",
    autocomplete: "off",
  });
  const message = el("p", { class: "search-error", role: "status" });
  const form = el("form", { class: "search", role: "search" }, input, el("button", { type: "submit" }, "Search"), message);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const found = searchPath(input.value);
    if ("error" in found) {
      message.textContent = found.error;
      return;
    }
    message.textContent = "";
    input.value = "";
    navigate(found.path);
  });
  return form;
}

function start(): void {
  const root = document.getElementById("app")!;
  const outlet = el("main", { id: "page" });
  const comet = new CometReader(new URL("rpc", document.baseURI).href);
  const rest = createRestQueryClient(location.origin, { registry: typeRegistry() });
  let router: Router | undefined;
  const navigate = (path: string) => router?.navigate(path);
  router = new Router(outlet, ROUTES, (signal) => createPageContext(comet, rest, signal, navigate));
  const nav = el(
    "nav",
    { class: "nav" },
    NAV.map(([path, label]) => el("a", { href: path === "" ? "./" : path, "data-nav": path }, label)),
  );
  router.onRendered = (path) => {
    const section = path.split("/")[0] ?? "";
    for (const a of nav.querySelectorAll("a")) a.classList.toggle("active", a.dataset.nav === section);
    document.body.dataset.rendered = path;
  };
  replaceChildren(
    root,
    el(
      "header",
      { class: "top" },
      el("div", { class: "brand-row" }, el("a", { href: "./", class: "brand" }, "unit explorer"), walletButtons(comet)),
      searchForm(navigate),
      nav,
    ),
    outlet,
    el("footer", { class: "foot muted" }, "Read from this node's REST gateway and CometBFT RPC. Nothing here signs or sends anything."),
  );
  router.start();
}

start();
