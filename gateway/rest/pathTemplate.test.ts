// google.api.http path templates: the parser's grammar and errors, matching request paths against
// parsed templates, the specificity order routes are tried in and the shape key that finds
// templates matching the same paths.
import { test } from "node:test";
import assert from "node:assert/strict";
import { compareSpecificity, matchPath, parsePathTemplate, shapeKey, splitRequestPath, TemplateError } from "./pathTemplate.js";

/** Matches a request path (with its leading "/") against a template source. */
function match(template: string, path: string): Record<string, string> | undefined {
  return matchPath(parsePathTemplate(template), splitRequestPath(path));
}

test("a literal template parses to literal segments and matches only its own path", () => {
  const t = parsePathTemplate("/cosmos/bank/v1beta1/params");
  assert.deepEqual(t.segments, [
    { kind: "literal", text: "cosmos" },
    { kind: "literal", text: "bank" },
    { kind: "literal", text: "v1beta1" },
    { kind: "literal", text: "params" },
  ]);
  assert.deepEqual(t.fields, []);
  assert.equal(t.verb, undefined);
  assert.equal(t.source, "/cosmos/bank/v1beta1/params");
  assert.deepEqual(match("/cosmos/bank/v1beta1/params", "/cosmos/bank/v1beta1/params"), {});
  assert.equal(match("/cosmos/bank/v1beta1/params", "/cosmos/bank/v1beta1/param"), undefined);
  assert.equal(match("/cosmos/bank/v1beta1/params", "/cosmos/bank/v1beta1/params/x"), undefined);
  assert.equal(match("/cosmos/bank/v1beta1/params", "/cosmos/bank/v1beta1"), undefined);
  assert.equal(match("/cosmos/bank/v1beta1/params", "/Cosmos/bank/v1beta1/params"), undefined, "literals are case-sensitive");
});

test("{field} captures exactly one segment", () => {
  const t = parsePathTemplate("/cosmos/bank/v1beta1/balances/{address}/by_denom");
  assert.deepEqual(t.fields, ["address"]);
  assert.deepEqual(t.segments[4], { kind: "one", field: "address" });
  assert.deepEqual(match(t.source, "/cosmos/bank/v1beta1/balances/unit1abc/by_denom"), { address: "unit1abc" });
  assert.equal(match(t.source, "/cosmos/bank/v1beta1/balances/a/b/by_denom"), undefined);
  assert.equal(match(t.source, "/cosmos/bank/v1beta1/balances/by_denom"), undefined);
});

test("{field=*} is the same as {field}", () => {
  const a = parsePathTemplate("/v1/things/{id=*}");
  const b = parsePathTemplate("/v1/things/{id}");
  assert.deepEqual(a.segments, b.segments);
  assert.deepEqual(a.fields, ["id"]);
  assert.deepEqual(match("/v1/things/{id=*}", "/v1/things/42"), { id: "42" });
  assert.equal(match("/v1/things/{id=*}", "/v1/things/42/43"), undefined);
});

test("{field=**} captures the rest of the path, joined with /", () => {
  const t = parsePathTemplate("/v1/files/{path=**}");
  assert.deepEqual(t.segments[2], { kind: "rest", field: "path" });
  assert.deepEqual(match(t.source, "/v1/files/a"), { path: "a" });
  assert.deepEqual(match(t.source, "/v1/files/a/b/c"), { path: "a/b/c" });
  assert.equal(match(t.source, "/v1/files"), undefined, "** needs at least one segment");
  assert.equal(match(t.source, "/v1/files/a//c"), undefined, "** does not take empty segments");
});

test("bare * and ** match without capturing", () => {
  assert.deepEqual(match("/v1/*/x", "/v1/anything/x"), {});
  assert.equal(match("/v1/*/x", "/v1/x"), undefined);
  assert.deepEqual(match("/v1/**", "/v1/a/b"), {});
  assert.deepEqual(parsePathTemplate("/v1/**").fields, []);
});

test("{name=shelves/*} captures a group of segments, literal parts included", () => {
  const t = parsePathTemplate("/v1/{name=shelves/*}/books");
  assert.deepEqual(t.fields, ["name"]);
  assert.deepEqual(t.segments[1], { kind: "group", field: "name", parts: [{ kind: "literal", text: "shelves" }, { kind: "one" }] });
  assert.deepEqual(match(t.source, "/v1/shelves/s1/books"), { name: "shelves/s1" });
  assert.equal(match(t.source, "/v1/racks/s1/books"), undefined);
  assert.equal(match(t.source, "/v1/shelves/books"), undefined);
  assert.equal(match(t.source, "/v1/shelves/s1/x/books"), undefined);

  const deep = "/v1/{name=shelves/*/books/**}";
  assert.deepEqual(match(deep, "/v1/shelves/s1/books/b1/pages/3"), { name: "shelves/s1/books/b1/pages/3" });
  assert.equal(match(deep, "/v1/shelves/s1/books"), undefined);
});

test("a verb is parsed off the template and must end the request path", () => {
  const t = parsePathTemplate("/v1/{name}:cancel");
  assert.equal(t.verb, "cancel");
  assert.deepEqual(t.fields, ["name"]);
  assert.deepEqual(match(t.source, "/v1/op1:cancel"), { name: "op1" });
  assert.equal(match(t.source, "/v1/op1"), undefined);
  assert.equal(match(t.source, "/v1/op1:undo"), undefined);
  assert.equal(match(t.source, "/v1/:cancel"), undefined, "the variable still needs a value");
  assert.equal(match(t.source, "/v1/op1:cancel/x"), undefined);
  assert.deepEqual(match("/v1/things:batchGet", "/v1/things:batchGet"), {});
  assert.deepEqual(match("/v1/{path=**}:get", "/v1/a/b:get"), { path: "a/b" });
});

test("a one-segment variable is percent-decoded, an escaped / included", () => {
  assert.deepEqual(match("/v1/denoms/{denom}", "/v1/denoms/ibc%2F27394FB092D2ECCD"), { denom: "ibc/27394FB092D2ECCD" });
  assert.deepEqual(match("/v1/denoms/{denom}", "/v1/denoms/a%20b%3Ac"), { denom: "a b:c" });
  assert.deepEqual(match("/v1/denoms/{denom}", "/v1/denoms/a+b"), { denom: "a+b" }, "+ is not a space in a path");
  assert.deepEqual(match("/v1/denoms/{denom}", "/v1/denoms/%E2%82%AC"), { denom: "€" });
  // Not valid percent-encoding: kept as written rather than failing.
  assert.deepEqual(match("/v1/denoms/{denom}", "/v1/denoms/100%"), { denom: "100%" });
});

test("a multi-segment variable keeps %2F as written (http.proto: the server decodes all but %2F / %2f)", () => {
  assert.deepEqual(match("/v1/files/{path=**}", "/v1/files/a/b%2Fc"), { path: "a/b%2Fc" });
  assert.deepEqual(match("/v1/{name=shelves/*}", "/v1/shelves/a%2Fb"), { name: "shelves/a%2Fb" });
});

test("a trailing slash on the request names the same resource", () => {
  assert.deepEqual(splitRequestPath("/a/b/"), ["a", "b"]);
  assert.deepEqual(match("/v1/things/{id}", "/v1/things/42/"), { id: "42" });
  assert.deepEqual(match("/v1/things", "/v1/things/"), {});
  assert.equal(match("/v1/things/{id}", "/v1/things//"), undefined, "only one trailing slash is forgiven");
});

test("empty request segments match neither a literal nor a variable", () => {
  assert.deepEqual(splitRequestPath("/a//b"), ["a", "", "b"]);
  assert.deepEqual(splitRequestPath("/"), []);
  assert.deepEqual(splitRequestPath(""), []);
  assert.equal(match("/v1/things/{id}", "/v1/things//"), undefined);
  assert.equal(match("/v1/{a}/{b}", "/v1//x"), undefined);
  assert.equal(match("/v1/x/y", "/v1//x/y"), undefined);
  assert.equal(match("/v1/{name=shelves/*}", "/v1/shelves/"), undefined);
});

test("invalid templates are rejected with a TemplateError naming the template", () => {
  const bad: Array<[string, RegExp]> = [
    ["v1/things", /must start with "\/"/],
    ["/v1/**/x", /"\*\*" before the last segment/],
    ["/v1/{path=**}/x", /"\*\*" before the last segment/],
    ["/v1/{name=**/x}", /"\*\*" before the last segment/],
    ["/v1/{a{b}}", /nested braces/],
    ["/v1/{a={b}}", /nested braces/],
    ["/v1/{a", /unclosed/],
    ["/v1/a}", /unbalanced/],
    ["/v1/{a}}", /unbalanced/],
    ["/v1/{x}/{x}", /binds "x" twice/],
    ["/v1/{x}/{y=shelves/{x}}", /nested braces/],
    ["/v1//x", /empty segment/],
    ["/v1/x/", /empty segment/],
    ["/v1/{}", /invalid field path/],
    ["/v1/{1abc}", /invalid field path/],
    ["/v1/{a.}", /invalid field path/],
    ["/v1/{a}b", /text after a variable/],
    ["/v1/a{b}", /invalid segment/],
    ["/v1/a b", /invalid segment/],
    ["/v1/{name=}", /invalid segment/],
    ["/v1/{x}:bad verb", /invalid verb/],
  ];
  for (const [source, reason] of bad) {
    assert.throws(
      () => parsePathTemplate(source),
      (err: unknown) => err instanceof TemplateError && reason.test(err.message) && err.message.includes(source),
      source,
    );
  }
});

test("dotted field paths are accepted and reported in order", () => {
  const t = parsePathTemplate("/v1/{a.b_c}/x/{d}");
  assert.deepEqual(t.fields, ["a.b_c", "d"]);
  assert.deepEqual(match(t.source, "/v1/1/x/2"), { "a.b_c": "1", d: "2" });
});

test("specificity: a literal beats a variable at the first differing segment", () => {
  const block = parsePathTemplate("/cosmos/tx/v1beta1/txs/block/{height}");
  const hash = parsePathTemplate("/cosmos/tx/v1beta1/txs/{hash}");
  assert.ok(compareSpecificity(block, hash) < 0);
  assert.ok(compareSpecificity(hash, block) > 0);
  const sorted = [hash, block].sort(compareSpecificity).map((t) => t.source);
  assert.deepEqual(sorted, [block.source, hash.source]);

  const latest = parsePathTemplate("/cosmos/base/tendermint/v1beta1/blocks/latest");
  const byHeight = parsePathTemplate("/cosmos/base/tendermint/v1beta1/blocks/{height}");
  assert.ok(compareSpecificity(latest, byHeight) < 0);
});

test("specificity: a one-segment variable beats **, and then longer templates come first", () => {
  const one = parsePathTemplate("/v1/{a}/x");
  const rest = parsePathTemplate("/v1/{a=**}");
  assert.ok(compareSpecificity(one, rest) < 0);
  assert.ok(compareSpecificity(rest, one) > 0);
  const longer = parsePathTemplate("/v1/balances/{address}/by_denom");
  const shorter = parsePathTemplate("/v1/balances/{address}");
  assert.ok(compareSpecificity(longer, shorter) < 0);
  assert.equal(compareSpecificity(parsePathTemplate("/a/{x}"), parsePathTemplate("/a/{y}")), 0);
  // Group parts count as segments: shelves/* is literal-then-variable.
  assert.ok(compareSpecificity(parsePathTemplate("/v1/{name=shelves/*}"), parsePathTemplate("/v1/{a}/{b}")) < 0);
});

test("specificity: a template with a verb is tried before the same template without one", () => {
  const plain = parsePathTemplate("/v1/{name}");
  const verb = parsePathTemplate("/v1/{name}:cancel");
  // The plain template does match a path ending in a verb, so order decides.
  assert.deepEqual(matchPath(plain, splitRequestPath("/v1/x:cancel")), { name: "x:cancel" });
  assert.ok(compareSpecificity(verb, plain) < 0);
});

test("shapeKey is equal exactly for templates matching the same paths", () => {
  const key = (s: string) => shapeKey(parsePathTemplate(s));
  assert.equal(key("/a/{x}"), key("/a/{y}"));
  assert.equal(key("/a/{x}"), key("/a/{y=*}"));
  assert.equal(key("/a/{x}"), key("/a/*"));
  assert.equal(key("/a/{x=**}"), key("/a/**"));
  assert.equal(key("/cosmos/auth/v1beta1/bech32/{address_bytes}"), key("/cosmos/auth/v1beta1/bech32/{address_string}"));
  assert.equal(key("/v1/{name=shelves/*}"), key("/v1/shelves/{id}"));
  assert.notEqual(key("/a/{x}"), key("/a/{x=**}"));
  assert.notEqual(key("/a/{x}"), key("/a/x"));
  assert.notEqual(key("/a/{x}"), key("/a/{x}/b"));
  assert.notEqual(key("/a/{x}"), key("/a/{x}:cancel"));
  assert.notEqual(key("/a/b"), key("/a/{b}"), "a literal that looks like a variable name is still a literal");
  assert.notEqual(key("/a/b/c"), key("/a/b%2Fc"));
});
