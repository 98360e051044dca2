/**
 * The text of a `<script type="application/ld+json">` block, in a module of its own: the course
 * page's batch picker rewrites its block in the browser (`~/lib/client/course-structured-data`),
 * and importing it from `./json-ld` would load the company's facts with it.
 */

/** JSON for a `<script type="application/ld+json">` block: `<` escaped so text cannot end it. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
