// The HPACK decoder on RFC 7541's own examples (Appendix C.4: three requests sharing one dynamic
// table, Huffman-coded), on every octet value through node:http2's encoder (nghttp2), and on
// damaged and random blocks, which must fail with HpackError and nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeHeaders, HpackDecoder, HpackError } from "./hpack.js";

/** Decoded fields have no prototype; compared as a plain object. */
const plain = (fields: object) => ({ ...fields });
const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ""), "hex");

test("RFC 7541 C.4: three Huffman-coded requests on one dynamic table", () => {
  const decoder = new HpackDecoder();
  assert.deepEqual(plain(decoder.decode(hex("8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff"))), {
    ":method": "GET",
    ":scheme": "http",
    ":path": "/",
    ":authority": "www.example.com",
  });
  // "be" is the dynamic entry the first block added.
  assert.deepEqual(plain(decoder.decode(hex("8286 84be 5886 a8eb 1064 9cbf"))), {
    ":method": "GET",
    ":scheme": "http",
    ":path": "/",
    ":authority": "www.example.com",
    "cache-control": "no-cache",
  });
  assert.deepEqual(plain(decoder.decode(hex("8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf"))), {
    ":method": "GET",
    ":scheme": "https",
    ":path": "/index.html",
    ":authority": "www.example.com",
    "custom-key": "custom-value",
  });
});

test("a name sent twice keeps both values, in order; __proto__ is a name like any other", () => {
  const fields = new HpackDecoder().decode(
    encodeHeaders([
      ["x-a", "1"],
      ["x-a", "2"],
      ["x-a", "3"],
      ["__proto__", "p"],
      ["constructor", "c"],
    ]),
  );
  assert.deepEqual(fields["x-a"], ["1", "2", "3"]);
  assert.equal(fields["__proto__"], "p");
  assert.equal(fields["constructor"], "c");
  assert.deepEqual(Object.keys(fields), ["x-a", "__proto__", "constructor"]);
});

test("the encoder's literals decode to what was encoded, long names and values included", () => {
  const long = "v".repeat(300);
  const fields: Array<[string, string]> = [
    [":path", "/cosmos.bank.v1beta1.Query/Balance"],
    ["content-type", "application/grpc"],
    ["x-" + "n".repeat(200), long],
    ["empty", ""],
  ];
  assert.deepEqual(plain(new HpackDecoder().decode(encodeHeaders(fields))), Object.fromEntries(fields));
});

test("the dynamic table evicts its oldest entries to stay within its size, and refuses a size past the announced one", () => {
  const decoder = new HpackDecoder(100);
  // Literal with incremental indexing, new name: 0x40, name, value (each entry 1 + 30 + 32 = 63 octets).
  const indexed = (name: string, value: string) =>
    Buffer.concat([Buffer.from([0x40, name.length]), Buffer.from(name), Buffer.from([value.length]), Buffer.from(value)]);
  decoder.decode(indexed("a", "x".repeat(30)));
  decoder.decode(indexed("b", "y".repeat(30)));
  // Only "b" fits: index 62 is it, 63 is past the table.
  assert.deepEqual(plain(decoder.decode(hex("be"))), { b: "y".repeat(30) });
  assert.throws(() => decoder.decode(hex("bf")), HpackError);
  // A size update to 0 empties the table.
  assert.throws(() => decoder.decode(hex("20 be")), HpackError);
  assert.throws(() => decoder.decode(hex("3f 46")), /dynamic table size of 101 past the 100 allowed/);
});

test("a table size update after a field, and a header list past its limit, are refused", () => {
  assert.throws(() => new HpackDecoder().decode(hex("82 20")), /size update after a header field/);
  const decoder = new HpackDecoder(4096, 100);
  assert.throws(() => decoder.decode(encodeHeaders([["x-big", "z".repeat(80)]])), /header list larger than 100 octets/);
});

test("truncated, overlong and wrongly padded blocks fail with HpackError", () => {
  const cases = [
    "ff", // an integer that never ends
    "ff ff ff ff ff ff 01", // an integer past 2^28
    "80", // index 0
    "c0", // index 64, past an empty dynamic table
    "04 05 61 62", // a string longer than the block
    "04 81", // a Huffman string of one octet cut off
    "04 81 00", // Huffman "0000 0000": a code and then padding of zeros
    "04 84 ff ff ff ff", // Huffman: EOS (30 ones) inside the string
    "04 82 1f ff", // Huffman: 'a' (00011) then 11 bits of padding
  ];
  for (const block of cases) assert.throws(() => new HpackDecoder().decode(hex(block)), HpackError, block);
});

test("random and mutated blocks only ever fail with HpackError", () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const valid = hex("8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf");
  for (let i = 0; i < 5_000; i++) {
    let block: Buffer;
    if (i % 2 === 0) {
      block = Buffer.from(Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256)));
    } else {
      block = Buffer.from(valid);
      for (let flips = 1 + Math.floor(random() * 3); flips > 0; flips--) block[Math.floor(random() * block.length)] = Math.floor(random() * 256);
    }
    try {
      new HpackDecoder().decode(block);
    } catch (err) {
      assert.ok(err instanceof HpackError, `block ${block.toString("hex")}: ${String(err)}`);
    }
  }
});
