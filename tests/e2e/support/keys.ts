import type { Page } from '@playwright/test';

/** What the DevTools protocol needs to type each key (`text`: the character it types, if any). */
const KEYS = {
  Escape: { code: 'Escape', windowsVirtualKeyCode: 27, text: '' },
  Enter: { code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
} as const;

/**
 * Presses `keys` in order as one burst: every key event is sent before the first is answered, as
 * a quick typist's keys reach a busy page. The browser runs key presses ahead of the page's other
 * queued tasks, so a task one key queues (a `<dialog>`'s `close` event after Escape) runs after
 * the next key; `page.keyboard.press` waits for each key's answer, and on a quiet machine the
 * page's queue is empty by then (issue 42, item 11).
 */
export async function pressAtOnce(page: Page, keys: readonly (keyof typeof KEYS)[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const sent = keys.flatMap((key) => {
    const { text, ...codes } = KEYS[key];
    const typed = text ? { text, unmodifiedText: text } : {};
    return [
      cdp.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', key, ...codes, ...typed }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, ...codes }),
    ];
  });
  await Promise.all(sent);
  await cdp.detach();
}
