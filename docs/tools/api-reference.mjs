#!/usr/bin/env node
// Writes the book's API reference (Markdown) from the server's OpenAPI
// document, so the chapter is never retyped: read from the file named first
// (`gridforge api-description` writes it), written to the file named second.
//   node docs/tools/api-reference.mjs openapi.json docs/src/api/reference.md
// One section per tag in the document's order, one per operation under it
// (method, path, summary, description, parameters, body and answers), then
// every schema with its properties. Anchors are mdBook's heading ids.

import { readFileSync, writeFileSync } from "node:fs";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: api-reference.mjs OPENAPI.json OUT.md");
  process.exit(2);
}
const doc = JSON.parse(readFileSync(input, "utf8"));

/** mdBook's id for a heading: lower case, letters, digits, `-` and `_` kept, spaces to `-`. */
export function headingId(text) {
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/`/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, "")
    .replace(/ /g, "-");
}

/** A table cell: one line, pipes escaped. */
const cell = (text) => String(text ?? "").replace(/\r?\n+/g, " ").replace(/\|/g, "\\|");

/** A schema's short name: its `$ref`'s last part, or its type. */
function typeOf(schema) {
  if (!schema) return "";
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop();
    return `[${name}](#${headingId(name)})`;
  }
  if (schema.type === "array") return `array of ${typeOf(schema.items)}`;
  for (const key of ["oneOf", "anyOf", "allOf"]) {
    if (schema[key]) return schema[key].map(typeOf).filter(Boolean).join(key === "allOf" ? " and " : " or ");
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : schema.type ?? "any";
  if (schema.enum) return `${type}: ${schema.enum.map((v) => `\`${v}\``).join(", ")}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

const lines = [];
const out = (...l) => lines.push(...l);
out(
  "# Reference",
  "",
  "<!-- Written by docs/tools/api-reference.mjs from the server's OpenAPI document",
  "     (`gridforge api-description`); scripts/docs writes it again: do not edit. -->",
  "",
  `${doc.info?.title ?? "gridforge"} ${doc.info?.version ?? ""}: the same document is served by every server at`,
  "`/api/openapi.json`.",
  "",
  doc.info?.description ?? "",
  "",
);

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];
const operations = [];
for (const [path, item] of Object.entries(doc.paths ?? {})) {
  for (const method of METHODS) {
    if (item[method]) operations.push({ path, method, op: item[method], shared: item.parameters ?? [] });
  }
}
const tags = [...(doc.tags ?? []).map((t) => t.name)];
for (const { op } of operations) for (const t of op.tags ?? ["other"]) if (!tags.includes(t)) tags.push(t);
const tagDescription = Object.fromEntries((doc.tags ?? []).map((t) => [t.name, t.description]));

for (const tag of tags) {
  const ops = operations.filter(({ op }) => (op.tags ?? ["other"]).includes(tag));
  if (ops.length === 0) continue;
  out(`## Tag: ${tag}`, "");
  if (tagDescription[tag]) out(tagDescription[tag], "");
  for (const { path, method, op, shared } of ops) {
    out(`### ${method.toUpperCase()} ${path}`, "");
    if (op.summary) out(`**${op.summary.trim()}**`, "");
    if (op.description) out(op.description.trim(), "");
    const params = [...shared, ...(op.parameters ?? [])];
    if (params.length > 0) {
      out("| Parameter | In | Type | Required | Description |", "| --- | --- | --- | --- | --- |");
      for (const p of params) {
        out(`| \`${p.name}\` | ${p.in} | ${cell(typeOf(p.schema))} | ${p.required ? "yes" : "no"} | ${cell(p.description)} |`);
      }
      out("");
    }
    const body = op.requestBody?.content;
    if (body) {
      for (const [type, media] of Object.entries(body)) {
        out(`Body (\`${type}\`): ${typeOf(media.schema)}${op.requestBody.description ? `. ${cell(op.requestBody.description)}` : ""}`, "");
      }
    }
    const responses = Object.entries(op.responses ?? {});
    if (responses.length > 0) {
      out("| Answer | Body | Description |", "| --- | --- | --- |");
      for (const [status, r] of responses) {
        const media = Object.entries(r.content ?? {});
        const bodyText = media.map(([type, m]) => `${typeOf(m.schema) || type}`).join(", ");
        out(`| ${status} | ${cell(bodyText)} | ${cell(r.description)} |`);
      }
      out("");
    }
  }
}

const schemas = Object.entries(doc.components?.schemas ?? {}).sort(([a], [b]) => a.localeCompare(b));
if (schemas.length > 0) {
  out("## Schemas", "");
  for (const [name, schema] of schemas) {
    out(`### ${name}`, "");
    if (schema.description) out(schema.description.trim(), "");
    const props = Object.entries(schema.properties ?? {});
    if (props.length > 0) {
      const required = new Set(schema.required ?? []);
      out("| Field | Type | Required | Description |", "| --- | --- | --- | --- |");
      for (const [field, p] of props) {
        out(`| \`${field}\` | ${cell(typeOf(p))} | ${required.has(field) ? "yes" : "no"} | ${cell(p.description)} |`);
      }
      out("");
    } else {
      out(`A ${cell(typeOf(schema))}.`, "");
    }
  }
}

writeFileSync(output, lines.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n");
console.log(`${output}: ${operations.length} operations, ${schemas.length} schemas`);
