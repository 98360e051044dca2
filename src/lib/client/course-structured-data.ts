/**
 * The course page's structured data, once its open batches are known (issue 42, item 9): the
 * page's `Course` block, written by the build with no batch, gets a `CourseInstance` per open
 * batch and each offer's availability (`withOpenBatches`). A JSON-LD block is data, not script:
 * the Content-Security-Policy does not apply to it, and search engines that run the page's script
 * read the block as it is then.
 */
import { withOpenBatches, type JsonLdNode } from '~/lib/shared/course-json-ld';
import { serializeJsonLd } from '~/lib/shared/json-ld-block';
import type { Batch } from '~/lib/shared/schemas/batch-public';

/** Rewrites the page's `Course` JSON-LD block with the course's open batches. */
export function describeOpenBatches(batches: readonly Batch[]): void {
  for (const block of document.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]')) {
    let node: JsonLdNode;
    try {
      node = JSON.parse(block.textContent ?? '') as JsonLdNode;
    } catch {
      continue;
    }
    if (node['@type'] !== 'Course') continue;
    block.textContent = serializeJsonLd(withOpenBatches(node, batches));
  }
}
