import { renderMarkdown } from "./content.server";

// The /developers/api page (issue 20): the OpenAPI document of /api/v1 (GET /api/v1/openapi.json)
// turned into rows a page can show without JavaScript. Generic: it reads whatever routes the
// document holds, grouped by tag, and resolves `#/components/...` references. The document's own
// texts (summaries, descriptions) are English; the page's chrome is translated.

/** The parts of an OpenAPI 3.1 document this page reads; the rest is walked as plain JSON. */
export interface OpenApiInput {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  security?: Record<string, string[]>[];
  paths?: Record<string, unknown>;
  components?: Record<string, unknown>;
}

/** One row of a fields table: a parameter, a request body field or a field of the answer's data. */
export interface FieldRow {
  name: string;
  /** `path`, `query`, `header`, `cookie` for a parameter; null for a body field. */
  in: string | null;
  required: boolean;
  type: string;
  description: string;
}

export interface ErrorRow {
  status: string;
  description: string;
  /** The `code` values an answer with this status can carry. */
  codes: string[];
}

export interface OperationView {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  descriptionHtml: string | null;
  deprecated: boolean;
  /** The security schemes it needs (any one of them); empty: open to anyone. */
  auth: string[];
  /** Needs an HTTP bearer token. */
  bearer: boolean;
  /** A token is accepted but not required. */
  authOptional: boolean;
  parameters: FieldRow[];
  body: { contentType: string; type: string; fields: FieldRow[] } | null;
  success: {
    status: string;
    description: string;
    contentType: string | null;
    type: string | null;
    fields: FieldRow[];
  } | null;
  errors: ErrorRow[];
}

export interface TagGroup {
  name: string;
  anchor: string;
  description: string | null;
  operations: OperationView[];
}

export interface AuthScheme {
  name: string;
  kind: string;
  descriptionHtml: string | null;
}

export interface ApiReference {
  title: string;
  version: string;
  openapi: string;
  descriptionHtml: string | null;
  auth: AuthScheme[];
  groups: TagGroup[];
  operationCount: number;
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;
/** The group of an operation without a tag. */
export const UNTAGGED = "Other";

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** `Get API v1 tld {tld} pricing` → `get-api-v1-tld-tld-pricing`: an id for an in-page link. */
export function anchorOf(...parts: string[]): string {
  return (
    parts
      .join("-")
      .toLowerCase()
      .replace(/[^a-z0-9]+/gu, "-")
      .replace(/^-+|-+$/gu, "") || "section"
  );
}

function markdown(value: unknown): string | null {
  const source = text(value).trim();
  return source ? renderMarkdown(source) : null;
}

/** Reads a document: `$ref`s point into it (`#/components/schemas/Name`). */
class DocumentReader {
  constructor(private readonly document: OpenApiInput) {}

  /** The object a local `$ref` points at, followed until it is not a reference (cycles stop). */
  resolve(value: unknown, seen = new Set<string>()): unknown {
    if (!isObject(value) || typeof value.$ref !== "string") return value;
    const ref = value.$ref;
    if (seen.has(ref) || !ref.startsWith("#/")) return {};
    seen.add(ref);
    let target: unknown = this.document;
    for (const raw of ref.slice(2).split("/")) {
      const key = raw.replace(/~1/gu, "/").replace(/~0/gu, "~");
      target = isObject(target) ? target[key] : undefined;
    }
    return this.resolve(target, seen);
  }

  /** The component name a schema refers to (`TldPrice`), if it is a reference. */
  refName(schema: unknown): string | null {
    if (!isObject(schema) || typeof schema.$ref !== "string") return null;
    return schema.$ref.split("/").pop() ?? null;
  }

  /** A short type for people: `string (date-time)`, `number | null`, `array of TldPrice`, `"a" | "b"`. */
  typeOf(raw: unknown, depth = 0): string {
    const name = this.refName(raw);
    if (name) return name;
    const schema = this.resolve(raw);
    if (!isObject(schema)) return "any";
    if (depth > 4) return "object";
    if ("const" in schema) return JSON.stringify(schema.const);
    const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
    if (variants) return unique(variants.map((variant) => this.typeOf(variant, depth + 1))).join(" | ") || "any";
    if (Array.isArray(schema.allOf))
      return unique(schema.allOf.map((part) => this.typeOf(part, depth + 1))).join(" & ") || "object";
    const types = Array.isArray(schema.type)
      ? strings(schema.type)
      : typeof schema.type === "string"
        ? [schema.type]
        : [];
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.map((value) => JSON.stringify(value));
      return [...values, ...(types.includes("null") && !schema.enum.includes(null) ? ["null"] : [])].join(" | ");
    }
    const shown = (types.length ? types : [isObject(schema.properties) ? "object" : "any"]).map((type) => {
      if (type === "array") return `array of ${this.typeOf(schema.items, depth + 1)}`;
      if (type === "object" && isObject(schema.additionalProperties))
        return `map of ${this.typeOf(schema.additionalProperties, depth + 1)}`;
      return typeof schema.format === "string" && type !== "null" ? `${type} (${schema.format})` : type;
    });
    return shown.join(" | ");
  }

  /**
   * The top-level fields of an object schema (references resolved, `allOf` parts merged; of a
   * union, every variant's fields, required only where every variant requires them); an array's
   * items' fields.
   */
  fieldsOf(raw: unknown, depth = 0): FieldRow[] {
    const schema = this.resolve(raw);
    if (!isObject(schema) || depth > 4) return [];
    const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
    if (variants) {
      const lists = variants.map((variant) => this.fieldsOf(variant, depth + 1)).filter((list) => list.length > 0);
      const merged = new Map<string, FieldRow>();
      for (const list of lists) for (const field of list) if (!merged.has(field.name)) merged.set(field.name, field);
      return [...merged.values()].map((field) => ({
        ...field,
        required: lists.every((list) => list.some((other) => other.name === field.name && other.required)),
      }));
    }
    if (Array.isArray(schema.allOf)) return schema.allOf.flatMap((part) => this.fieldsOf(part, depth + 1));
    const items = this.resolve(schema.items);
    if (schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array")))
      return this.fieldsOf(items, depth + 1);
    if (!isObject(schema.properties)) return [];
    const required = new Set(strings(schema.required));
    return Object.entries(schema.properties).map(([name, property]) => ({
      name,
      in: null,
      required: required.has(name),
      type: this.typeOf(property),
      description: this.describe(property),
    }));
  }

  /** A field's description (of the reference or the schema it points at). */
  describe(raw: unknown): string {
    const own = isObject(raw) ? text(raw.description) : "";
    if (own) return own;
    const schema = this.resolve(raw);
    return isObject(schema) ? text(schema.description) : "";
  }

  /** The values a schema's `code` property can take (enum or const, through refs and unions). */
  codesOf(raw: unknown, depth = 0): string[] {
    const schema = this.resolve(raw);
    if (!isObject(schema) || depth > 4) return [];
    const parts = [schema.anyOf, schema.oneOf, schema.allOf].flatMap((list) => (Array.isArray(list) ? list : []));
    const fromParts = parts.flatMap((part) => this.codesOf(part, depth + 1));
    const property = isObject(schema.properties) ? this.resolve(schema.properties.code) : undefined;
    const own = isObject(property)
      ? [
          ...strings(property.enum),
          ...(typeof property.const === "string" ? [property.const] : []),
          ...this.variantCodes(property, depth),
        ]
      : [];
    return unique([...own, ...fromParts]);
  }

  private variantCodes(property: JsonObject, depth: number): string[] {
    const variants = [property.anyOf, property.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
    return variants.flatMap((variant) => {
      const schema = this.resolve(variant);
      if (!isObject(schema) || depth > 4) return [];
      return [...strings(schema.enum), ...(typeof schema.const === "string" ? [schema.const] : [])];
    });
  }
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The JSON (or first) media type of a content map, with its schema. */
function contentOf(content: unknown): { type: string; schema: unknown } | null {
  if (!isObject(content)) return null;
  const entries = Object.entries(content);
  const json = entries.find(([type]) => type === "application/json" || type.endsWith("+json")) ?? entries[0];
  if (!json) return null;
  return { type: json[0], schema: isObject(json[1]) ? json[1].schema : undefined };
}

function isEnvelope(reader: DocumentReader, schema: unknown): schema is JsonObject {
  const resolved = reader.resolve(schema);
  return (
    isObject(resolved) &&
    isObject(resolved.properties) &&
    "data" in resolved.properties &&
    "success" in resolved.properties
  );
}

function statusOrder(status: string): number {
  const number = Number.parseInt(status, 10);
  return Number.isNaN(number) ? 1000 : number;
}

function operationView(
  reader: DocumentReader,
  document: OpenApiInput,
  method: string,
  path: string,
  raw: JsonObject,
  pathParameters: unknown[],
): OperationView {
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const requirements = (Array.isArray(raw.security) ? raw.security : (document.security ?? [])).filter(isObject);
  const auth = unique(requirements.flatMap((requirement) => Object.keys(requirement)));
  const bearer = auth.some((name) => {
    const scheme = reader.resolve(schemes[name]);
    return isObject(scheme) && scheme.type === "http" && text(scheme.scheme).toLowerCase() === "bearer";
  });

  // Path-level parameters apply unless the operation redeclares one (same name and place).
  const own = (Array.isArray(raw.parameters) ? raw.parameters : [])
    .map((parameter) => reader.resolve(parameter))
    .filter(isObject);
  const inherited = pathParameters.map((parameter) => reader.resolve(parameter)).filter(isObject);
  const parameters = [
    ...inherited.filter((base) => !own.some((p) => p.name === base.name && p.in === base.in)),
    ...own,
  ].map((parameter): FieldRow => {
    const name = text(parameter.name);
    const description = text(parameter.description) || reader.describe(parameter.schema);
    return {
      name,
      in: text(parameter.in) || null,
      required: parameter.required === true || parameter.in === "path",
      type: parameter.schema === undefined ? "any" : reader.typeOf(parameter.schema),
      description: description === name ? "" : description,
    };
  });

  const requestBody = reader.resolve(raw.requestBody);
  const bodyContent = isObject(requestBody) ? contentOf(requestBody.content) : null;
  const body = bodyContent
    ? {
        contentType: bodyContent.type,
        type: reader.typeOf(bodyContent.schema),
        fields: reader.fieldsOf(bodyContent.schema),
      }
    : null;

  const responses = isObject(raw.responses)
    ? Object.entries(raw.responses).sort(([a], [b]) => statusOrder(a) - statusOrder(b))
    : [];
  const successEntry =
    responses.find(([status]) => /^2/u.test(status)) ?? responses.find(([status]) => /^3/u.test(status));
  let success: OperationView["success"] = null;
  if (successEntry) {
    const [status, rawResponse] = successEntry;
    const response = reader.resolve(rawResponse);
    const content = isObject(response) ? contentOf(response.content) : null;
    const description = isObject(response) ? text(response.description) : "";
    if (!content) success = { status, description, contentType: null, type: null, fields: [] };
    else {
      const envelope = reader.resolve(content.schema);
      const data =
        isEnvelope(reader, envelope) && isObject(envelope.properties) ? envelope.properties.data : content.schema;
      success = {
        status,
        description,
        contentType: content.type,
        type: reader.typeOf(data),
        fields: reader.fieldsOf(data),
      };
    }
  }

  const errors = responses
    .filter(([status]) => /^[45]/u.test(status) || status === "default")
    .map(([status, rawResponse]): ErrorRow => {
      const response = reader.resolve(rawResponse);
      const content = isObject(response) ? contentOf(response.content) : null;
      return {
        status,
        description: isObject(response) ? text(response.description) : "",
        codes: content ? reader.codesOf(content.schema) : [],
      };
    });

  return {
    anchor: anchorOf(method, path),
    method: method.toUpperCase(),
    path,
    summary: text(raw.summary) || text(raw.operationId),
    descriptionHtml: markdown(raw.description),
    deprecated: raw.deprecated === true,
    auth,
    bearer,
    authOptional: requirements.some((requirement) => Object.keys(requirement).length === 0),
    parameters,
    body,
    success,
    errors,
  };
}

/** The page's view of an OpenAPI document: its description, auth schemes and operations by tag. */
export function apiReference(document: OpenApiInput): ApiReference {
  const reader = new DocumentReader(document);
  const groups = new Map<string, OperationView[]>();
  // Declared tags first, in their order; then the others as they first appear.
  for (const tag of document.tags ?? []) groups.set(tag.name, []);
  const anchors = new Set<string>();
  let operationCount = 0;
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = reader.resolve(rawItem);
    if (!isObject(item)) continue;
    const pathParameters = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const raw = item[method];
      if (!isObject(raw)) continue;
      const view = operationView(reader, document, method, path, raw, pathParameters);
      operationCount += 1;
      const tags = strings(raw.tags);
      for (const tag of tags.length ? tags : [UNTAGGED]) groups.set(tag, [...(groups.get(tag) ?? []), view]);
    }
  }

  const tagDescriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description ?? null]));
  const tagAnchors = new Set<string>();
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  return {
    title: document.info.title,
    version: document.info.version,
    openapi: document.openapi,
    descriptionHtml: markdown(document.info.description),
    auth: Object.entries(schemes).map(([name, raw]) => {
      const scheme = reader.resolve(raw);
      const fields = isObject(scheme) ? scheme : {};
      const kind = [text(fields.type), text(fields.scheme), text(fields.in), text(fields.name)]
        .filter(Boolean)
        .join(" ");
      return { name, kind, descriptionHtml: markdown(fields.description) };
    }),
    groups: [...groups]
      .filter(([, operations]) => operations.length > 0)
      .map(([name, operations]) => {
        // Tag anchors start with "tag-": no operation anchor (a method first) can be the same.
        let anchor = anchorOf("tag", name);
        for (let n = 2; tagAnchors.has(anchor); n += 1) anchor = `${anchorOf("tag", name)}-${n}`;
        tagAnchors.add(anchor);
        // An operation under two tags is shown in both, each with its own id (in page order).
        const withIds = operations.map((operation) => {
          let id = operation.anchor;
          for (let n = 2; anchors.has(id); n += 1) id = `${operation.anchor}-${n}`;
          anchors.add(id);
          return { ...operation, anchor: id };
        });
        return { name, anchor, description: tagDescriptions.get(name) ?? null, operations: withIds };
      }),
    operationCount,
  };
}
