// Horizontal bar charts as inline SVG (no chart library): election results, proposal tallies and
// tax collected per jurisdiction. The viewBox scales the chart to the width of the screen.
import { svg } from "../dom.js";

export interface Bar {
  label: string;
  value: bigint;
  /** The value as the reader should see it ("12 votes", "1.5 UNIT"). */
  display: string;
}

const WIDTH = 600;
const ROW = 34;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 170;

/** Bars scaled to the largest value; `title` is announced to screen readers. */
export function barChart(title: string, bars: readonly Bar[]): SVGSVGElement {
  const max = bars.reduce((m, b) => (b.value > m ? b.value : m), 0n);
  const track = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = Math.max(ROW, bars.length * ROW);
  return svg(
    "svg",
    { class: "chart", viewBox: `0 0 ${WIDTH} ${height}`, width: "100%", role: "img", "aria-label": title, preserveAspectRatio: "xMinYMin meet" },
    svg("title", {}, title),
    bars.map((bar, i) => {
      const y = i * ROW;
      // Integer arithmetic on bigints; a non-zero value is at least a sliver so it can be seen.
      const width = max === 0n ? 0 : Math.max(bar.value > 0n ? 2 : 0, Number((bar.value * BigInt(track)) / max));
      return svg(
        "g",
        { class: "bar" },
        svg("text", { x: 0, y: y + 21, class: "bar-label" }, bar.label.length > 20 ? `${bar.label.slice(0, 19)}…` : bar.label),
        svg("rect", { x: LABEL_WIDTH, y: y + 6, width: track, height: 22, rx: 3, class: "bar-track" }),
        svg("rect", { x: LABEL_WIDTH, y: y + 6, width, height: 22, rx: 3, class: "bar-fill", "data-value": bar.value.toString() }),
        svg("text", { x: WIDTH - VALUE_WIDTH + 8, y: y + 21, class: "bar-value" }, bar.display),
      );
    }),
  );
}
