/**
 * Requests derived from the API's OpenAPI document (GET /api/openapi.json), for the fuzz test
 * (tests/reliability/fuzz.test.ts). Nothing here names a route: every operation of the document, with
 * its path, query and body schemas, becomes requests whose values are
 * - valid: what the schema accepts (types, formats such as uuid/date-time/uri, enums, min/max, lengths,
 *   patterns), with real ids from seeded data (a `ValuePool`, by property name) so requests reach the
 *   handlers behind the 404s;
 * - boundary: the edges (min, max and just outside, empty, exactly maxLength and one more, 10,000
 *   characters, unicode, lone surrogates, NUL, zero, negative, 2^31, 2^53, NaN-like strings, year 0 and
 *   9999 instants…);
 * - malformed: wrong types, missing required fields, extra fields (`__proto__` too), nested garbage,
 *   path parameters that are not ids, invalid JSON text, a wrong content type, a body where none is due,
 *   forged cookies.
 * Two ways: `valueArbitrary` / `requestArbitrary` are fast-check arbitraries (random, one fault in an
 * otherwise valid request); `sweepRequests` lists every edge value of every field once (`edgeValues`).
 */
import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour, as fastify-type-provider-zod writes it) read here. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: readonly unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  default?: unknown;
}

/** One parameter of an operation (path, query or header). */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One operation of the document: `GET /api/groups/{groupId}` and its inputs. */
export interface Operation {
  method: string;
  /** The OpenAPI path template, `{name}` for path parameters. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: { schema: JsonSchema; required: boolean };
}

/**
 * Real values to draw from, besides generated ones: by property or parameter name (`groupId` → ids of
 * seeded groups, `confirm` → a group's name…), and by string format (`uri` → addresses that go nowhere,
 * so a fuzzed league never fetches from the internet).
 */
export interface ValuePool {
  byName: Record<string, readonly unknown[]>;
  byFormat?: Record<string, fc.Arbitrary<string>>;
  /** Only the pool's values for a name it knows (the sweep: its one faulty field must be the only fault); else mostly. */
  onlyKnown?: boolean;
}

/** A request to send with `app.inject`: everything needed to replay it. */
export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  /** The body as sent (JSON text, garbage text or bytes on purpose); undefined: no body. */
  payload?: string | Buffer;
  /** Where the faults went (for the figures): 'valid', 'faulty body', 'faulty path groupId', 'faulty everywhere'… */
  kinds: string[];
}

/** How a value or request is generated: `valid` only, or `fuzz` (with faults: boundary and malformed values). */
export type Mode = 'valid' | 'fuzz';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * Every operation of an OpenAPI 3 document (`paths` × methods), with its parameters and JSON body schema.
 * @param document the parsed /api/openapi.json
 */
export function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as { parameters?: Parameter[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } } | undefined;
      if (!operation) continue;
      const json = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: json ? { schema: json, required: operation.requestBody?.required ?? false } : undefined,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------------
// Values

/** Strings that have broken servers elsewhere: injection, escapes, numbers in disguise, odd unicode. */
const NASTY_STRINGS = [
  '', ' ', '\t\n', 'null', 'undefined', 'true', 'NaN', 'Infinity', '-Infinity', '-0', '0x1F', '1e309', '-1',
  '9'.repeat(40), "' OR 1=1 --", '"; drop table groups; --', '\\', '%', '%00', '%zz', '../../etc/passwd', '<script>alert(1)</script>',
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'e\u0301', '👍🏽', '🏳️‍🌈', '\u202Eabc', '\u200B', '\uFEFF', '\uD800', '\uDFFF',
  'Ω≈ç√∫', '田中さん', 'ﷺ', 'a\u0000b', '\u0001\u001F', 'São Paulo', 'İstanbul',
];

/** Numbers at and beyond the edges of every integer column and of JavaScript's numbers. */
const NASTY_NUMBERS = [
  0, -0, 1, -1, 0.5, -0.5, 1.5, 99, 100, 255, 256, 32_767, 32_768, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649,
  4_294_967_296, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 1e21, 1e308, -1e308, Number.MIN_VALUE,
];

/** Instants and dates at the edges of what JavaScript and PostgreSQL store. */
const NASTY_INSTANTS = [
  '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1000-02-29T00:00:00Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00Z', '2000-02-29T23:59:59.999999999Z',
  '2038-01-19T03:14:08Z', '9999-12-31T23:59:59.999Z', '2024-13-01T00:00:00Z', '2024-02-30T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T00:00:00+02:00',
  '2024-01-01 00:00:00', '2024-01-01', '+275760-09-13T00:00:00Z', '-000001-01-01T00:00:00Z', 'yesterday', '1700000000',
];

// Built once: fast-check builds a lookup table of every character of a unit the first time an arbitrary
// string is shrunk or checked, which for full unicode is a million entries — per arbitrary instance.
/** Anything JSON: nested objects and arrays of any value, a few levels deep. */
const garbage: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 4 });
const unicodeString = fc.string({ unit: 'grapheme', maxLength: 30 });
const binaryString = fc.string({ unit: 'binary', maxLength: 30 });
const shortString = fc.string({ maxLength: 12 });
const keyString = fc.string({ maxLength: 8 });

const isType = (schema: JsonSchema, type: string) => schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

const safeBound = (value: number | undefined, fallback: number) =>
  value === undefined || !Number.isFinite(value) ? fallback : Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));

/** A valid value of an integer or number schema (exclusive bounds honoured). */
function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = safeBound(schema.minimum, integer ? -1_000_000 : -1e6);
  let max = safeBound(schema.maximum, integer ? 1_000_000 : 1e6);
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON);
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON);
  if (integer) return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.constantFrom(Math.ceil(min), Math.floor(max)));
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Boundary numbers of a schema: its bounds, one past them, and the usual suspects. */
function boundaryNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const edges = [schema.minimum, schema.maximum].filter((n): n is number => typeof n === 'number');
  return fc.oneof(fc.constantFrom(...edges, ...edges.map((n) => n - 1), ...edges.map((n) => n + 1), 0, -1), fc.constantFrom(...NASTY_NUMBERS));
}

/** A string of `length` UTF-16 code units or so, of one repeated or random character. */
function stringOfLength(length: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('a', 'Z', '9', ' ', 'é', '-').map((c) => c.repeat(length)),
    fc.string({ unit: 'grapheme-ascii', minLength: length, maxLength: length }),
  );
}

/** A valid string: the pool's values for this name, else by enum, format, pattern and length. */
function validString(schema: JsonSchema, pool: ValuePool, name: string | undefined): fc.Arbitrary<string> {
  const generated = generatedString(schema, pool);
  const known = name ? (pool.byName[name] ?? []).filter((value): value is string => typeof value === 'string') : [];
  if (known.length > 0 && pool.onlyKnown) return fc.constantFrom(...known);
  return known.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: generated, weight: 1 }) : generated;
}

function generatedString(schema: JsonSchema, pool: ValuePool): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
  const byFormat = schema.format ? pool.byFormat?.[schema.format] : undefined;
  if (byFormat) return byFormat;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2060-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2060-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      return fc.webUrl().filter(fits);
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' }).filter(fits);
  return fc.string({ unit: fc.constantFrom('a', 'b', 'Z', '7', ' ', '_', 'é', 'ñ'), minLength: min, maxLength: max }).filter(fits);
}

/** Boundary strings: empty, the length limits and one past them, very long, unicode, injection, odd ids and instants. */
function boundaryString(schema: JsonSchema): fc.Arbitrary<string> {
  const lengths = [0, 1, 10_000];
  if (schema.minLength !== undefined) lengths.push(schema.minLength, Math.max(0, schema.minLength - 1));
  if (schema.maxLength !== undefined) lengths.push(schema.maxLength, schema.maxLength + 1);
  const options: Array<fc.WeightedArbitrary<string>> = [
    { arbitrary: fc.constantFrom(...lengths).chain(stringOfLength), weight: 2 },
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 2 },
    { arbitrary: unicodeString, weight: 1 },
    { arbitrary: binaryString, weight: 1 },
  ];
  if (schema.format === 'uuid') {
    options.push({ arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF'), weight: 2 });
    options.push({ arbitrary: fc.uuid().chain((id) => fc.constantFrom(id.toUpperCase(), `{${id}}`, id.replace(/-/g, ''), `${id} `, id.slice(1))), weight: 2 });
  }
  if (schema.format === 'date-time' || schema.format === 'date') {
    options.push({ arbitrary: fc.constantFrom(...NASTY_INSTANTS).map((s) => (schema.format === 'date' ? s.slice(0, 10) : s)), weight: 6 });
  }
  if (schema.enum) options.push({ arbitrary: fc.constantFrom(...schema.enum.map((v) => String(v).toUpperCase()), ...schema.enum.map((v) => ` ${String(v)} `)), weight: 2 });
  return fc.oneof(...options);
}

/** A value of the wrong type for `schema` (or structurally wrong: an array where an object is due…). */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [fc.constant(null), fc.boolean(), fc.constantFrom(...NASTY_NUMBERS), fc.constant([]), fc.constant({}), garbage];
  if (!isType(schema, 'string')) options.push(fc.constantFrom(...NASTY_STRINGS), shortString);
  if (isType(schema, 'integer') || isType(schema, 'number')) options.push(fc.constantFrom('1', '1.0', '0x10', '1e2', 'NaN', 'Infinity'));
  if (isType(schema, 'boolean')) options.push(fc.constantFrom('true', 'false', 0, 1, 'yes'));
  return fc.oneof(...options);
}

/**
 * A fast-check arbitrary of values for a JSON schema.
 * - `mode: 'valid'`: values the schema accepts (types, formats, enums, bounds, lengths, patterns, required
 *   properties), drawing from `pool.byName[name]` when the pool knows the property or parameter name.
 * - `mode: 'fuzz'`: mostly a value with one fault (see `faultyArbitrary`), sometimes a valid one.
 * @param name the property or parameter the value is for (looked up in the pool)
 */
export function valueArbitrary(schema: JsonSchema, pool: ValuePool, mode: Mode, name?: string): fc.Arbitrary<unknown> {
  if (mode === 'valid') return validArbitrary(schema, pool, name);
  return fc.oneof({ arbitrary: validArbitrary(schema, pool, name), weight: 1 }, { arbitrary: faultyArbitrary(schema, pool, name), weight: 3 });
}

function validArbitrary(schema: JsonSchema, pool: ValuePool, name: string | undefined): fc.Arbitrary<unknown> {
  const core = validCore(schema, pool, name);
  return schema.nullable ? fc.oneof({ arbitrary: core, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : core;
}

function validCore(schema: JsonSchema, pool: ValuePool, name: string | undefined): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validArbitrary(variant, pool, name)));
  if (schema.allOf?.length) return validArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, pool, name);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (isType(schema, 'object') || schema.properties) {
    const properties = schema.properties ?? {};
    const model = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, validArbitrary(child, pool, key)]));
    return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  }
  if (isType(schema, 'array')) {
    const minLength = schema.minItems ?? 0;
    return fc.array(validArbitrary(schema.items ?? {}, pool, name), { minLength, maxLength: Math.min(schema.maxItems ?? 5, Math.max(minLength, 5)) });
  }
  if (isType(schema, 'integer') || isType(schema, 'number')) {
    const valid = validNumber(schema, isType(schema, 'integer'));
    const known = name ? (pool.byName[name] ?? []).filter((value): value is number => typeof value === 'number') : [];
    if (known.length > 0 && pool.onlyKnown) return fc.constantFrom(...known);
    return known.length > 0 ? fc.oneof(valid, fc.constantFrom(...known)) : valid;
  }
  if (isType(schema, 'boolean')) return schema.enum ? fc.constantFrom(...(schema.enum as boolean[])) : fc.boolean();
  if (isType(schema, 'string') || schema.enum || schema.format || schema.pattern) return validString(schema, pool, name);
  // No type: anything goes.
  return garbage;
}

/**
 * A value with one fault, everything else valid — the way bugs hide (one field out of range in an
 * otherwise good request gets past validation-free code paths): for an object, one property faulty, a
 * required one missing, extra properties (`__proto__`, `constructor`, noise) or the wrong type; for an
 * array, one faulty item or a length at or past its limits; for a leaf, a boundary value or the wrong type.
 */
export function faultyArbitrary(schema: JsonSchema, pool: ValuePool, name?: string): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => faultyArbitrary(variant, pool, name)));
  if (schema.allOf?.length) return faultyArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, pool, name);
  const wrong = { arbitrary: wrongType(schema), weight: 1 };
  if (isType(schema, 'object') || schema.properties) {
    const properties = schema.properties ?? {};
    const keys = Object.keys(properties);
    const required = (schema.required ?? []).filter((key) => key in properties);
    const valid = validCore(schema, pool, name) as fc.Arbitrary<Record<string, unknown>>;
    const options: Array<fc.WeightedArbitrary<unknown>> = [wrong, { arbitrary: fc.constant({}), weight: 1 }];
    if (keys.length > 0) {
      options.push({
        arbitrary: fc.constantFrom(...keys).chain((key) => fc.tuple(valid, faultyArbitrary(properties[key]!, pool, key)).map(([object, value]) => ({ ...object, [key]: value }))),
        weight: 8,
      });
    }
    if (required.length > 0) {
      options.push({ arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([object, key]) => Object.fromEntries(Object.entries(object).filter(([k]) => k !== key))), weight: 2 });
    }
    const extraKeys = fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'userId', 'role', 'toString', ''), keyString), garbage, { minKeys: 1, maxKeys: 3 });
    options.push({
      arbitrary: fc.tuple(valid, extraKeys).map(([object, extra]) => {
        // JSON.parse makes `__proto__` an own property; so must the object we serialise.
        const copy: Record<string, unknown> = { ...object };
        for (const [key, value] of Object.entries(extra)) Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
        return copy;
      }),
      weight: 2,
    });
    return fc.oneof(...options);
  }
  if (isType(schema, 'array')) {
    const item = schema.items ?? {};
    const minLength = schema.minItems ?? 0;
    const valid = fc.array(validArbitrary(item, pool, name), { minLength, maxLength: Math.min(schema.maxItems ?? 5, Math.max(minLength, 5)) });
    const oneFaulty = fc.tuple(valid, faultyArbitrary(item, pool, name), fc.nat()).map(([items, bad, at]) => {
      const copy = [...items];
      copy.splice(at % (copy.length + 1), copy.length === minLength || copy.length === 0 ? 0 : 1, bad);
      return copy;
    });
    const edges = [0, minLength, Math.max(0, minLength - 1), ...(schema.maxItems !== undefined ? [schema.maxItems, schema.maxItems + 1] : []), 1_000];
    // At the length edges, every item is the same valid item (a thousand different ones would make the body huge to print).
    const atEdge = fc.tuple(fc.constantFrom(...edges), validArbitrary(item, pool, name)).map(([n, one]) => Array.from({ length: n }, () => one));
    return fc.oneof({ arbitrary: oneFaulty, weight: 4 }, { arbitrary: atEdge, weight: 2 }, wrong);
  }
  if (isType(schema, 'integer') || isType(schema, 'number')) return fc.oneof({ arbitrary: boundaryNumber(schema), weight: 4 }, wrong);
  if (isType(schema, 'boolean')) return wrongType(schema);
  if (isType(schema, 'string') || schema.enum || schema.format || schema.pattern) return fc.oneof({ arbitrary: boundaryString(schema), weight: 4 }, wrong);
  return garbage;
}

// ---------------------------------------------------------------------------------------------------
// Requests

/** Path segments that are not ids, some left unencoded on purpose (bad percent escapes, dots). */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%80', '%FF', '..', '.', '%2e%2e', '%2F', '%20', '~', 'a%00b', '%F0%9F%91%8D', ';', ',', '*', '@'];

/** encodeURIComponent, for any string: a lone surrogate (which it refuses) is sent as U+FFFD, as a browser would. */
function encode(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

/** How a parameter's value goes into a URL: arrays repeat the key, objects become JSON, null empty. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A piece of a request (a path segment, the query, the body) and what kind of value went into it. */
interface Part<T> {
  valid: fc.Arbitrary<T>;
  faulty: fc.Arbitrary<T>;
}

function pathSegment(parameter: Parameter, pool: ValuePool): Part<string> {
  const schema = parameter.schema ?? { type: 'string' };
  return {
    valid: validArbitrary(schema, pool, parameter.name).map((v) => encode(asText(v))),
    faulty: fc.oneof(
      { arbitrary: faultyArbitrary(schema, pool, parameter.name).map((v) => encode(asText(v))), weight: 4 },
      { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
    ),
  };
}

function queryString(parameters: Parameter[], pool: ValuePool): Part<string> {
  const query = parameters.filter((p) => p.in === 'query');
  const pair = (name: string, value: unknown) => `${name}=${encode(asText(value))}`;
  const validPairs = query.map((parameter) => {
    const value = validArbitrary(parameter.schema ?? { type: 'string' }, pool, parameter.name);
    return parameter.required ? value.map((v) => [pair(parameter.name, v)]) : fc.oneof(fc.constant([] as string[]), value.map((v) => [pair(parameter.name, v)]));
  });
  const valid = fc.tuple(...validPairs).map((groups) => groups.flat());
  const faultyOne = query.length === 0 ? [] : [fc.tuple(valid, fc.constantFrom(...query)).chain(([others, parameter]) => {
    const schema = parameter.schema ?? { type: 'string' };
    const bad = faultyArbitrary(schema, pool, parameter.name);
    const rest = others.filter((p) => !p.startsWith(`${parameter.name}=`));
    return fc.oneof(
      { arbitrary: bad.map((v) => [...rest, pair(parameter.name, v)]), weight: 6 },
      // The key twice (the validator then gets an array), without a value, or with a broken escape.
      { arbitrary: fc.tuple(validArbitrary(schema, pool, parameter.name), bad).map(([a, b]) => [...rest, pair(parameter.name, a), pair(parameter.name, b)]), weight: 1 },
      { arbitrary: fc.constantFrom(parameter.name, `${parameter.name}=`, `${parameter.name}[]=1`, `${parameter.name}=%zz`).map((p) => [...rest, p]), weight: 1 },
      { arbitrary: fc.constant(rest), weight: 1 },
    );
  })];
  const junk = fc.tuple(valid, fc.oneof(
    fc.array(fc.tuple(keyString, keyString).map(([k, v]) => `${encode(k)}=${encode(v)}`), { minLength: 1, maxLength: 3 }),
    fc.constantFrom(['&&&'], ['=x'], ['%'], ['a=%E0%A4%A'], ['a[b][c]=1'], ['__proto__[x]=1'], ['x'.repeat(5_000)]),
  )).map(([good, more]) => [...good, ...more]);
  const text = (parts: string[]) => (parts.length > 0 ? `?${parts.join('&')}` : '');
  return {
    valid: valid.map(text),
    faulty: fc.oneof(...faultyOne.map((arbitrary) => ({ arbitrary, weight: 4 })), { arbitrary: junk, weight: 1 }).map(text),
  };
}

/** Bodies that are not JSON, or JSON the parser must refuse or that breaks naive code. */
const RAW_BODIES = [
  '', ' ', '{', '}', '{"a":}', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '[', '"', '\uFEFF{}', '{}garbage', 'null', 'true', '0', '-1', '"text"', '[]', '[{}]',
  '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', `{"a":${'9'.repeat(400)}}`, '{"a":1e999}', '{"a":"\\ud800"}', '{"a":"\\u0000"}',
  `${'['.repeat(40)}${']'.repeat(40)}`, `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`, '{"a":1}{"b":2}', 'a=1&b=2', '<xml/>',
];

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'text/plain',
  'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/octet-stream', 'image/png', 'image/webp',
  'application/merge-patch+json', 'application/vnd.api+json', '*/*', 'application/', 'json', ';', 'application/json;;;',
];

/** A body as sent: its text or bytes and content type (none: no body). */
interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

/** The JSON body of an operation: valid, with one fault, raw text the parser must refuse, the wrong content type or none; a body where none is due. */
function bodyOf(operation: Operation, pool: ValuePool): Part<Body> {
  const json = (value: unknown): Body => ({ payload: JSON.stringify(value) ?? '', contentType: 'application/json' });
  const raw = fc.tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom('application/json', 'application/json', ...CONTENT_TYPES)).map(([payload, contentType]) => ({ payload, contentType }));
  const bytes = fc.tuple(fc.uint8Array({ maxLength: 64 }), fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'application/octet-stream', 'application/json'))
    .map(([data, contentType]) => ({ payload: Buffer.from(data), contentType }));
  if (operation.body) {
    const valid = validArbitrary(operation.body.schema, pool, undefined).map(json);
    return {
      valid,
      faulty: fc.oneof(
        { arbitrary: faultyArbitrary(operation.body.schema, pool).map(json), weight: 8 },
        { arbitrary: raw, weight: 2 },
        { arbitrary: fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([body, contentType]) => ({ ...body, contentType })), weight: 1 },
        { arbitrary: fc.constant({}), weight: 1 },
        { arbitrary: bytes, weight: 1 },
        { arbitrary: garbage.map(json), weight: 1 },
      ),
    };
  }
  // No body is due (image uploads take raw bytes, which is what they get here).
  return { valid: fc.constant({}), faulty: fc.oneof(garbage.map(json), raw, bytes) };
}

/** Headers any route may read: language, compression, request id, event-stream resume point, cache validators. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record({
  'accept-language': fc.constantFrom('pt-BR', 'es', 'en-US,en;q=0.9', '*', 'xx', ';q=', 'a'.repeat(300)),
  'accept-encoding': fc.constantFrom('br', 'gzip', 'deflate', 'identity', 'br;q=0', '*', 'bogus'),
  'last-event-id': fc.constantFrom('0', '-1', '99999999999999999999', 'abc', ''),
  'if-none-match': fc.constantFrom('*', '"x"', 'W/"1"', ''),
  accept: fc.constantFrom('application/json', 'text/event-stream', 'image/*', '*/*', 'text/html'),
}, { requiredKeys: [] }).map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>);

/**
 * Requests for one operation of the document. `valid` mode sends only what the schemas accept (with the
 * pool's real ids), so the handlers themselves run. `fuzz` mode puts one fault in one place — a path
 * parameter, the query, the body or the headers — and leaves the rest valid (mostly), or faults in every
 * place at once: a single bad field in an otherwise good request is what reaches code past validation.
 */
export function requestArbitrary(operation: Operation, pool: ValuePool, mode: Mode): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const segments = names.map((name) => pathSegment(operation.parameters.find((p) => p.in === 'path' && p.name === name) ?? { name, in: 'path', schema: { type: 'string' } }, pool));
  const query = queryString(operation.parameters, pool);
  const body = bodyOf(operation, pool);
  const headers: Part<Record<string, string>> = { valid: fc.constant({}), faulty: extraHeaders };
  const parts = [...segments, query, body, headers] as Array<Part<unknown>>;
  const labels = [...names.map((name) => `path ${name}`), 'query', 'body', 'headers'];
  const build = (faulty: ReadonlySet<number>) => fc.tuple(...parts.map((part, i) => (faulty.has(i) ? part.faulty : part.valid)));
  const choice = mode === 'valid'
    ? build(new Set()).map((values) => ({ values, kinds: ['valid'] }))
    : fc.oneof(
      { arbitrary: fc.nat({ max: parts.length - 1 }).chain((i) => build(new Set([i])).map((values) => ({ values, kinds: [`faulty ${labels[i]}`] }))), weight: 5 },
      { arbitrary: build(new Set(parts.keys())).map((values) => ({ values, kinds: ['faulty everywhere'] })), weight: 1 },
    );
  return choice.map(({ values, kinds }) => {
    let url = operation.path;
    names.forEach((name, i) => { url = url.replace(`{${name}}`, values[i] as string); });
    const sentBody = values[names.length + 1] as Body;
    const request: FuzzRequest = { method: operation.method, url: `${url}${values[names.length] as string}`, headers: { ...(values[names.length + 2] as Record<string, string>) }, kinds };
    if (sentBody.contentType) request.headers['content-type'] = sentBody.contentType;
    if (sentBody.payload !== undefined) request.payload = sentBody.payload;
    return request;
  });
}

/**
 * How many places an operation offers for a fault: its parameters plus the leaves of its body schema
 * (properties, items, variants), at least 1. The fuzz gives each operation runs in proportion, so a
 * route with a ten-field body gets more requests than GET /api/health.
 */
export function faultSurface(operation: Operation): number {
  const leaves = (schema: JsonSchema | undefined, depth = 0): number => {
    if (!schema || depth > 8) return 1;
    const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
    if (variants) return variants.reduce((sum, variant) => sum + leaves(variant, depth + 1), 0);
    if (schema.properties) return 1 + Object.values(schema.properties).reduce((sum, child) => sum + leaves(child, depth + 1), 0);
    if (schema.items) return 1 + leaves(schema.items, depth + 1);
    return 1;
  };
  return 1 + operation.parameters.length + (operation.body ? leaves(operation.body.schema) : 0);
}

// ---------------------------------------------------------------------------------------------------
// The sweep: every edge of every field, once

const UUID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

/**
 * The boundary and malformed values of one leaf schema, each once: for strings the length limits and one
 * past them, empty, 10,000 characters, unicode (a lone surrogate, right-to-left, emoji), NUL, injection,
 * numbers in disguise, and per format odd uuids, instants at the edges of JavaScript and PostgreSQL, odd
 * addresses; for numbers the bounds and one past them, zero, negative, fractions, 2^31, 2^53 and 1e308;
 * for every type null, an array, an object and the wrong primitive.
 */
export function edgeValues(schema: JsonSchema): unknown[] {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.flatMap(edgeValues))];
  const values: unknown[] = [null, [], {}, [1, 2], { a: { b: [] } }];
  if (isType(schema, 'integer') || isType(schema, 'number')) {
    for (const edge of [schema.minimum, schema.maximum]) if (typeof edge === 'number') values.push(edge, edge - 1, edge + 1);
    values.push(0, -1, 0.5, -0, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308, -1e308, '1', 'NaN', 'Infinity', '0x10', true);
  } else if (isType(schema, 'boolean')) {
    values.push('true', 'false', 0, 1, 'yes');
  } else {
    const min = schema.minLength ?? 0;
    values.push('', ' ', 'a\u0000b', '\uD800', '\u202Eabc', '👍🏽🏳️‍🌈', "' OR 1=1 --", '%', '../..', 'NaN', '-1', '9'.repeat(40), 'x'.repeat(10_000), 12_345, true);
    if (min > 1) values.push('a'.repeat(min - 1), ` ${'a'.repeat(min - 1)} `);
    if (schema.maxLength !== undefined) values.push('a'.repeat(schema.maxLength), 'é'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1), '👍'.repeat(schema.maxLength));
    if (schema.enum) values.push(...schema.enum.map((v) => String(v).toUpperCase()), ...schema.enum.map((v) => ` ${String(v)} `));
    if (schema.format === 'uuid') values.push('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', UUID.toUpperCase(), UUID.replace(/-/g, ''), `{${UUID}}`, 'not-a-uuid');
    if (schema.format === 'date-time') values.push(...NASTY_INSTANTS);
    if (schema.format === 'date') values.push(...new Set(NASTY_INSTANTS.map((s) => s.slice(0, 10))));
    if (schema.format === 'uri') values.push('http://', 'javascript:alert(1)', 'file:///etc/passwd', 'http://[::1]:99999/', `https://127.0.0.1:9/${'a'.repeat(3_000)}`, 'https://user:pass@127.0.0.1:9/x', 'http://127.0.0.1:9/%zz');
    if (schema.format === 'email') values.push('a@', '@b', 'a@b', `${'a'.repeat(300)}@example.com`);
  }
  return values;
}

/** Where a leaf sits in a body: a path of property names and array indexes, with its schema. */
interface Leaf {
  path: Array<string | number>;
  schema: JsonSchema;
  required: boolean;
}

function leavesOf(schema: JsonSchema, path: Array<string | number> = [], required = true): Leaf[] {
  if (schema.properties) {
    const needed = new Set(schema.required ?? []);
    return Object.entries(schema.properties).flatMap(([key, child]) => leavesOf(child, [...path, key], needed.has(key)));
  }
  if (isType(schema, 'array') && schema.items && (schema.items.properties || isType(schema.items, 'array'))) return leavesOf(schema.items, [...path, 0], true);
  return [{ path, schema, required }];
}

/** Marks a field to leave out. */
const REMOVE = Symbol('remove');

/** `value` with the leaf at `path` set to `leaf` (or removed when `leaf` is `REMOVE`); arrays and objects on the way are made. */
function withLeaf(value: unknown, path: ReadonlyArray<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) && value.length > 0 ? [...(value as unknown[])] : [{}];
    list[0] = withLeaf(list[0], rest, leaf);
    return list;
  }
  const object: Record<string, unknown> = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  if (rest.length === 0 && leaf === REMOVE) delete object[head!];
  else object[head!] = withLeaf(object[head!], rest, leaf);
  return object;
}

/** Bodies for the sweep: not JSON, JSON of the wrong shape, parser traps. */
const SWEEP_BODIES = [
  '', '{', '{"a":}', '{"a":1,}', "{'a':1}", 'NaN', '\uFEFF{}', '{}garbage', 'null', '0', '"text"', '[]', '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}', `{"a":${'9'.repeat(400)}}`, '{"a":1e999}', `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`, '{"a":1}{"b":2}',
];
const SWEEP_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=utf-16', 'application/'];

/**
 * The sweep of one operation: each edge value (`edgeValues`) of each path parameter, query parameter and
 * body field, once, in an otherwise valid request (a fresh valid sample each time, with the pool's real
 * ids); each required field missing; unknown fields; then each of a set of broken bodies and wrong
 * content types. Deterministic for a seed. Every route gets every edge, whatever the dice say.
 */
export function sweepRequests(operation: Operation, anyPool: ValuePool, seed: number): FuzzRequest[] {
  const pool = { ...anyPool, onlyKnown: true };
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const pathParameter = (name: string) => operation.parameters.find((p) => p.in === 'path' && p.name === name) ?? { name, in: 'path' as const, schema: { type: 'string' } };
  const query = operation.parameters.filter((p) => p.in === 'query');
  // Bodies with variants at the root (one schema per kind of league…) are swept variant by variant.
  const bodySchemas = operation.body ? (operation.body.schema.oneOf ?? operation.body.schema.anyOf ?? [operation.body.schema]) : [];
  const cases: Array<{ segments?: Record<string, string>; query?: (valid: string[]) => string[]; body?: (valid: unknown) => Body; bodySchema?: JsonSchema; kind: string }> = [];

  for (const name of names) {
    const values = edgeValues(pathParameter(name).schema ?? { type: 'string' }).map((v) => encode(asText(v)));
    for (const text of [...values, ...RAW_SEGMENTS]) cases.push({ segments: { [name]: text }, kind: `edge path ${name}` });
  }
  for (const parameter of query) {
    for (const value of edgeValues(parameter.schema ?? { type: 'string' })) {
      const pair = `${parameter.name}=${encode(asText(value))}`;
      cases.push({ query: (valid) => [...valid.filter((p) => !p.startsWith(`${parameter.name}=`)), pair], kind: 'edge query' });
    }
    cases.push({ query: (valid) => [...valid, `${parameter.name}=1`, `${parameter.name}=2`], kind: 'edge query' });
    cases.push({ query: (valid) => [...valid.filter((p) => !p.startsWith(`${parameter.name}=`)), `${parameter.name}=%zz`], kind: 'edge query' });
  }
  const json = (value: unknown): Body => ({ payload: JSON.stringify(value) ?? '', contentType: 'application/json' });
  for (const bodySchema of bodySchemas) {
    for (const leaf of leavesOf(bodySchema)) {
      for (const value of edgeValues(leaf.schema)) cases.push({ bodySchema, body: (valid) => json(withLeaf(valid, leaf.path, value)), kind: 'edge body' });
      if (leaf.required) cases.push({ bodySchema, body: (valid) => json(withLeaf(valid, leaf.path, REMOVE)), kind: 'edge body' });
      if (isType(leaf.schema, 'array')) {
        for (const length of [0, ...(leaf.schema.maxItems !== undefined ? [leaf.schema.maxItems + 1] : []), 1_000]) {
          cases.push({ bodySchema, body: (valid) => json(withLeaf(valid, leaf.path, Array.from({ length }, () => 1))), kind: 'edge body' });
        }
      }
    }
    cases.push({ bodySchema, body: (valid) => json({ ...(valid as object), unknownField: 1, ['__proto__']: { polluted: true } }), kind: 'edge body' });
  }
  if (operation.body) {
    for (const payload of SWEEP_BODIES) cases.push({ body: () => ({ payload, contentType: 'application/json' }), kind: 'edge body' });
    for (const contentType of SWEEP_CONTENT_TYPES) cases.push({ body: (valid) => ({ ...json(valid), contentType }), kind: 'edge content-type' });
    cases.push({ body: () => ({}), kind: 'edge body' });
  } else {
    for (const payload of ['{"a":1}', '{', '\u0000\u0001\u0002']) cases.push({ body: () => ({ payload, contentType: 'application/json' }), kind: 'edge body' });
  }

  // One valid sample of each part per case, drawn in one go (deterministic for the seed).
  const n = cases.length;
  const draw = <T>(arbitrary: fc.Arbitrary<T>, offset: number) => (n === 0 ? [] : fc.sample(arbitrary, { numRuns: n, seed: seed + offset }));
  const validSegments = names.map((name, i) => draw(validArbitrary(pathParameter(name).schema ?? { type: 'string' }, pool, name), i + 1).map((v) => encode(asText(v))));
  const validQueries = draw(queryString(operation.parameters, pool).valid, 100).map((text) => text.replace(/^\?/, '').split('&').filter(Boolean));
  const validBodies = bodySchemas.map((schema, i) => draw(validArbitrary(schema, pool, undefined), 200 + i));
  return cases.map((c, index) => {
    let url = operation.path;
    names.forEach((name, i) => { url = url.replace(`{${name}}`, c.segments?.[name] ?? validSegments[i]![index]!); });
    const queryParts = c.query ? c.query(validQueries[index]!) : validQueries[index]!;
    const variant = c.bodySchema ? bodySchemas.indexOf(c.bodySchema) : index % Math.max(1, bodySchemas.length);
    const validBody = validBodies[variant]?.[index];
    const body = c.body ? c.body(validBody) : bodySchemas.length > 0 ? json(validBody) : {};
    const request: FuzzRequest = { method: operation.method, url: `${url}${queryParts.length > 0 ? `?${queryParts.join('&')}` : ''}`, headers: {}, kinds: [c.kind] };
    if (body.contentType) request.headers['content-type'] = body.contentType;
    if (body.payload !== undefined) request.payload = body.payload;
    return request;
  });
}

/**
 * Forged versions of a signed-in person's Cookie header (`name=value; name=value`), each once: every
 * cookie's value emptied, with broken percent escapes, non-ASCII, 4,000 characters, one character more or
 * less (a broken signature), quoted; every cookie left out or sent twice; and headers that are not cookies
 * at all. Whatever the session code makes of them, the answer is a 401 or the person, never a 5xx.
 */
export function forgedCookies(cookie: string): string[] {
  const pairs = cookie.split(';').map((pair) => pair.trim()).filter(Boolean).map((pair) => {
    const at = pair.indexOf('=');
    return at === -1 ? [pair, ''] as const : [pair.slice(0, at), pair.slice(at + 1)] as const;
  });
  const join = (list: ReadonlyArray<readonly [string, string]>) => list.map(([name, value]) => `${name}=${value}`).join('; ');
  const forged: string[] = [];
  pairs.forEach(([name, value], i) => {
    const replaced = (next: string) => join(pairs.map((pair, j) => (j === i ? [name, next] as const : pair)));
    for (const next of ['', '%zz', '%', '%E0%A4%A', 'é', 'x'.repeat(4_000), `${value}x`, value.slice(0, -1), `"${value}"`, value.split('').reverse().join('')]) forged.push(replaced(next));
    forged.push(join(pairs.filter((_, j) => j !== i)), `${cookie}; ${name}=forged`, `${name}=forged; ${cookie}`);
  });
  forged.push('garbage', ';;;', '=', '=%zz', `${'a'.repeat(8_000)}=1`, cookie.replace(/; /g, ';'), `${cookie};`);
  return [...new Set(forged)];
}
