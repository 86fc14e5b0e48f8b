// google.api.http path templates (`/cosmos/bank/v1beta1/balances/{address}/by_denom`), parsed
// once and matched against request paths. The grammar is the one http.proto documents:
//   Template = "/" Segments [ ":" Verb ]     Segment  = "*" | "**" | LITERAL | Variable
//   Variable = "{" FieldPath [ "=" Segments ] "}"
// A variable without "=" matches one segment; `**` matches the rest of the path and must be last.

export type Segment =
  | { kind: "literal"; text: string }
  /** One path segment, captured into `field` (undefined for a bare `*`). */
  | { kind: "one"; field?: string }
  /** Every remaining segment, joined with "/", captured into `field` when set. */
  | { kind: "rest"; field?: string }
  /** A variable whose value is several segments, some of them literal (`{name=shelves/*}`). */
  | { kind: "group"; field: string; parts: Segment[] };

export interface PathTemplate {
  /** The template as written in the proto. */
  source: string;
  segments: Segment[];
  verb?: string;
  /** Dotted field paths of the variables, in order. */
  fields: string[];
}

export class TemplateError extends Error {
  override name = "TemplateError";
}

const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const LITERAL = /^[A-Za-z0-9\-._~%!$&'()+,;=@]+$/;

export function parsePathTemplate(source: string): PathTemplate {
  if (!source.startsWith("/")) throw new TemplateError(`path template "${source}" must start with "/"`);
  let body = source.slice(1);
  let verb: string | undefined;
  // The verb follows the last ":" outside braces.
  const lastClose = body.lastIndexOf("}");
  const colon = body.indexOf(":", lastClose + 1);
  if (colon >= 0) {
    verb = body.slice(colon + 1);
    body = body.slice(0, colon);
    if (!LITERAL.test(verb)) throw new TemplateError(`path template "${source}" has an invalid verb "${verb}"`);
  }
  const fields: string[] = [];
  const segments = splitTopLevel(body, source).map((raw) => parseSegment(raw, source, fields));
  checkRestIsLast(segments, source);
  return { source, segments, ...(verb !== undefined ? { verb } : {}), fields };
}

function splitTopLevel(body: string, source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    if (depth < 0 || depth > 1) throw new TemplateError(`path template "${source}" has unbalanced or nested braces`);
    if (c === "/" && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) throw new TemplateError(`path template "${source}" has an unclosed "{"`);
  out.push(body.slice(start));
  if (out.some((s) => s === "")) throw new TemplateError(`path template "${source}" has an empty segment`);
  return out;
}

function parseSegment(raw: string, source: string, fields: string[]): Segment {
  if (raw === "*") return { kind: "one" };
  if (raw === "**") return { kind: "rest" };
  if (!raw.startsWith("{")) {
    if (!LITERAL.test(raw)) throw new TemplateError(`path template "${source}" has an invalid segment "${raw}"`);
    return { kind: "literal", text: raw };
  }
  if (!raw.endsWith("}")) throw new TemplateError(`path template "${source}" has text after a variable in "${raw}"`);
  const inner = raw.slice(1, -1);
  const eq = inner.indexOf("=");
  const field = eq < 0 ? inner : inner.slice(0, eq);
  if (!FIELD_PATH.test(field)) throw new TemplateError(`path template "${source}" has an invalid field path "${field}"`);
  if (fields.includes(field)) throw new TemplateError(`path template "${source}" binds "${field}" twice`);
  fields.push(field);
  if (eq < 0) return { kind: "one", field };
  const parts = inner
    .slice(eq + 1)
    .split("/")
    .map((p) => {
      const part = parseSegment(p, source, fields);
      if (part.kind === "group" || (part.kind !== "literal" && part.field !== undefined))
        throw new TemplateError(`path template "${source}" nests a variable inside "${raw}"`);
      return part;
    });
  if (parts.length === 1 && parts[0]!.kind !== "literal") return { kind: parts[0]!.kind, field } as Segment;
  return { kind: "group", field, parts };
}

function checkRestIsLast(segments: Segment[], source: string): void {
  const flat = segments.flatMap((s) => (s.kind === "group" ? s.parts : [s]));
  const rest = flat.findIndex((s) => s.kind === "rest");
  if (rest >= 0 && rest !== flat.length - 1) throw new TemplateError(`path template "${source}" uses "**" before the last segment`);
}

/** Captured variables by field path, percent-decoded; undefined when the path does not match. */
export function matchPath(template: PathTemplate, requestSegments: readonly string[]): Record<string, string> | undefined {
  let pathSegments = requestSegments;
  if (template.verb !== undefined) {
    // The verb is glued to the last segment: `/v1/things/{id}:cancel`.
    const last = pathSegments[pathSegments.length - 1];
    const suffix = `:${template.verb}`;
    if (last === undefined || !last.endsWith(suffix) || last.length === suffix.length) return undefined;
    pathSegments = [...pathSegments.slice(0, -1), last.slice(0, -suffix.length)];
  }
  const captured: Record<string, string> = {};
  let i = 0;
  for (const seg of template.segments) {
    const taken = matchSegment(seg, pathSegments, i);
    if (taken === undefined) return undefined;
    if (seg.kind !== "literal" && seg.field !== undefined) {
      // http.proto: a one-segment variable is fully decoded (an escaped "/" becomes "/"); a
      // multi-segment one keeps "%2F" as written, so it stays apart from a real separator.
      const multi = seg.kind !== "one";
      captured[seg.field] = pathSegments
        .slice(i, i + taken)
        .map((s) => decodeSegment(s, multi))
        .join("/");
    }
    i += taken;
  }
  return i === pathSegments.length ? captured : undefined;
}

/** How many path segments `seg` consumes from `at`, or undefined when it cannot match there. */
function matchSegment(seg: Segment, path: readonly string[], at: number): number | undefined {
  switch (seg.kind) {
    case "literal":
      return path[at] === seg.text ? 1 : undefined;
    case "one":
      return at < path.length && path[at] !== "" ? 1 : undefined;
    case "rest":
      return path.length - at >= 1 && path.slice(at).every((s) => s !== "") ? path.length - at : undefined;
    case "group": {
      let n = 0;
      for (const part of seg.parts) {
        const taken = matchSegment(part, path, at + n);
        if (taken === undefined) return undefined;
        n += taken;
      }
      return n;
    }
  }
}

function decodeSegment(s: string, keepSlash: boolean): string {
  try {
    return decodeURIComponent(keepSlash ? s.replace(/%2F/gi, "%252F") : s);
  } catch {
    return s;
  }
}

/**
 * Orders templates so the more specific is tried first: at the first segment where they differ,
 * a literal beats a variable and a one-segment variable beats `**`; then more segments first;
 * then a template with a verb.
 */
export function compareSpecificity(a: PathTemplate, b: PathTemplate): number {
  const fa = flatten(a.segments);
  const fb = flatten(b.segments);
  for (let i = 0; i < Math.min(fa.length, fb.length); i++) {
    const ra = rank(fa[i]!);
    const rb = rank(fb[i]!);
    if (ra !== rb) return ra - rb;
  }
  if (fa.length !== fb.length) return fb.length - fa.length;
  // `/v1/{name}:cancel` before `/v1/{name}`, which would otherwise take "x:cancel" as the name.
  return (a.verb === undefined ? 1 : 0) - (b.verb === undefined ? 1 : 0);
}

/** A key equal for templates that match exactly the same paths. */
export function shapeKey(t: PathTemplate): string {
  const shape = flatten(t.segments).map((s) => (s.kind === "literal" ? `=${s.text}` : s.kind === "one" ? "*" : "**"));
  return shape.join("/") + (t.verb !== undefined ? `:${t.verb}` : "");
}

function flatten(segments: Segment[]): Segment[] {
  return segments.flatMap((s) => (s.kind === "group" ? s.parts : [s]));
}

function rank(s: Segment): number {
  return s.kind === "literal" ? 0 : s.kind === "one" ? 1 : 2;
}

/** Splits a request path (without its query string) into raw, still-encoded segments. */
export function splitRequestPath(path: string): string[] {
  let body = path.startsWith("/") ? path.slice(1) : path;
  // A trailing slash names the same resource, as most gateways treat it.
  if (body.endsWith("/")) body = body.slice(0, -1);
  return body === "" ? [] : body.split("/");
}
