// The gateway's route table, built from the `google.api.http` annotations of the services the app
// serves: every `get` binding (and every `get` among `additional_bindings`) becomes a route. There
// is no route list anywhere else, so a module's query routes appear as soon as the app serves its
// annotated service.
import { getOption, type DescField, type DescMessage, type DescMethod, type DescService } from "@bufbuild/protobuf";
import { http } from "../../gen/google/api/annotations_pb.js";
import type { HttpRule } from "../../gen/google/api/http_pb.js";
import { compareSpecificity, matchPath, parsePathTemplate, shapeKey, type PathTemplate } from "./pathTemplate.js";

export interface Route {
  template: PathTemplate;
  service: DescService;
  method: DescMethod;
  /** gRPC method path: `/cosmos.bank.v1beta1.Query/AllBalances` */
  grpcPath: string;
}

export interface RouteMatch {
  route: Route;
  /** Path variables by dotted field path, percent-decoded. */
  params: Record<string, string>;
}

/** A binding that could not become a route, and why (logged at start-up, never fatal). */
export interface SkippedBinding {
  grpcPath: string;
  template: string;
  /** `shadowed`: another binding matches the same paths (a fact of the protos); `invalid`: the annotation is wrong. */
  kind: "shadowed" | "invalid";
  reason: string;
}

export class RouteTable {
  /** Most specific first, so the first match wins. */
  readonly routes: readonly Route[];
  readonly skipped: readonly SkippedBinding[];

  constructor(services: readonly DescService[]) {
    const skipped: SkippedBinding[] = [];
    // Keyed by the set of paths a template matches: two bindings with the same shape cannot both
    // be reached. The later one wins, as with the Cosmos SDK's grpc-gateway, so clients reach the
    // same method here as on an SDK node (auth's two /bech32/{...} routes are such a pair).
    const byShape = new Map<string, Route>();
    for (const service of [...services].sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0))) {
      for (const method of service.methods) {
        if (method.methodKind !== "unary") continue;
        const grpcPath = `/${service.typeName}/${method.name}`;
        for (const source of getBindings(method)) {
          let template: PathTemplate;
          try {
            template = parsePathTemplate(source);
          } catch (err) {
            skipped.push({ grpcPath, template: source, kind: "invalid", reason: (err as Error).message });
            continue;
          }
          const missing = template.fields.find((f) => !bindsScalar(method, f));
          if (missing) {
            skipped.push({ grpcPath, template: source, kind: "invalid", reason: `${method.input.typeName} has no field "${missing}"` });
            continue;
          }
          const key = shapeKey(template);
          const shadowed = byShape.get(key);
          if (shadowed)
            skipped.push({
              grpcPath: shadowed.grpcPath,
              template: shadowed.template.source,
              kind: "shadowed",
              reason: `shadowed by ${grpcPath} (${source}), which matches the same paths`,
            });
          byShape.set(key, { template, service, method, grpcPath });
        }
      }
    }
    this.routes = [...byShape.values()].sort((a, b) => compareSpecificity(a.template, b.template) || (a.template.source < b.template.source ? -1 : 1));
    this.skipped = skipped;
  }

  match(segments: readonly string[]): RouteMatch | undefined {
    for (const route of this.routes) {
      const params = matchPath(route.template, segments);
      if (params) return { route, params };
    }
    return undefined;
  }
}

/** The GET templates of a method: its main binding and any additional ones. */
export function getBindings(method: DescMethod): string[] {
  let rule: HttpRule;
  try {
    rule = getOption(method, http);
  } catch {
    return [];
  }
  const out: string[] = [];
  const visit = (r: HttpRule) => {
    if (r.pattern.case === "get" && r.pattern.value !== "") out.push(r.pattern.value);
  };
  visit(rule);
  for (const extra of rule.additionalBindings) visit(extra);
  return out;
}

/**
 * The fields a dotted path of proto names walks through, from `message` down to the leaf; undefined
 * when a name is missing or a step is repeated or not a message.
 */
export function fieldsOnPath(message: DescMessage, path: string): DescField[] | undefined {
  const fields: DescField[] = [];
  let current: DescMessage | undefined = message;
  for (const name of path.split(".")) {
    const field: DescField | undefined = current?.fields.find((f) => f.name === name);
    if (!field || field.fieldKind === "list" || field.fieldKind === "map") return undefined;
    fields.push(field);
    current = field.fieldKind === "message" ? field.message : undefined;
  }
  return fields;
}

/** A path variable must name a singular scalar or enum field. */
function bindsScalar(method: DescMethod, path: string): boolean {
  const leaf = fieldsOnPath(method.input, path)?.at(-1);
  return leaf !== undefined && (leaf.fieldKind === "scalar" || leaf.fieldKind === "enum");
}
