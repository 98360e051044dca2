/**
 * `<next-batch-start data-course-id>` on a course card (issue 31; DECISIONS 54): the first day of
 * the course's next open batch with a seat left, filled in place from the catalogue (asked once
 * for every card of the page, `~/stores/batches`). Plain DOM, no React; its line keeps its
 * height from the start, so the cards do not move when it comes.
 */
import { batchText as text } from '~/content/ui/batches';
import { $openBatches, loadOpenBatches, nextOpenBatch } from '~/stores/batches';

class NextBatchStart extends HTMLElement {
  private stop: (() => void) | undefined;

  connectedCallback(): void {
    const courseId = Number(this.dataset['courseId']);
    const line = this.querySelector<HTMLElement>('[data-next-start]');
    if (!Number.isInteger(courseId) || !line) return;
    const render = () => {
      const batches = $openBatches.get()[courseId];
      if (!batches) return;
      const next = nextOpenBatch(batches);
      line.textContent = next ? text.nextStart(next.startsOn) : text.noneOpen;
      // No open batch at all (DECISIONS 60): the card hides its Add to cart (`data-state="none"`).
      this.dataset['state'] = batches.length === 0 ? 'none' : 'listed';
    };
    this.stop = $openBatches.listen(render);
    render();
    void loadOpenBatches();
  }

  disconnectedCallback(): void {
    this.stop?.();
  }
}

if (!customElements.get('next-batch-start')) customElements.define('next-batch-start', NextBatchStart);
