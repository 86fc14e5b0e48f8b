// The REST path of a query method, read from its `google.api.http` GET binding in the generated
// descriptors: the same source the node's REST gateway builds its routes from, so client and
// gateway cannot disagree on a path.
import { getOption, hasOption, type DescMethod } from "@bufbuild/protobuf";
import { http } from "../../gen/google/api/annotations_pb.js";

/** The GET path template of `method` ("/vendor/chain/identity/did/{address}"), or undefined when it has none. */
export function getPathTemplate(method: DescMethod): string | undefined {
  if (!hasOption(method, http)) return undefined;
  const rule = getOption(method, http);
  return rule.pattern.case === "get" ? rule.pattern.value : undefined;
}

/** The request field paths a template binds: "/a/{asset_id}/voter/{address}" -> ["asset_id", "address"]. */
export function templateFields(template: string): string[] {
  return [...template.matchAll(/\{([^}=]+)(=[^}]*)?\}/g)].map((m) => m[1]!);
}

/**
 * The template with each `{field}` replaced by `values[field]`, percent-encoded (a `{field=**}`
 * variable keeps its slashes). Throws when a bound field is missing or empty: the gateway would
 * answer such a path with "no route", which hides the real mistake.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}=]+)(=[^}]*)?\}/g, (_, field: string, pattern: string | undefined) => {
    const value = values[field];
    if (value === undefined || value === "") throw new TypeError(`the request needs ${field}: it is part of the path ${template}`);
    return pattern === "=**" ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);
  });
}
