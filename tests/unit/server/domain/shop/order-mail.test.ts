import { describe, expect, it } from 'vitest';
import { renderOrderConfirmation } from '~/server/domain/shop/order-mail';
import type { Order, OrderLine } from '~/server/storage/orders';

const line = (name: string, priceCents: number, seats?: number): OrderLine => ({
  courseId: 1,
  name,
  url: '/c.webp',
  review: 5,
  courseOverview: 'x',
  listPriceCents: priceCents,
  priceCents,
  ...(seats === undefined ? {} : { batchId: 'b1', seats }),
});

const order = (lines: OrderLine[]): Order => ({
  orderNo: 'SIS-2627-000042',
  userId: 'u1',
  placedAt: '2026-11-24T06:00:00.000Z',
  lines,
  billTo: { name: 'Meera Iyer', email: 'meera@example.com' },
});

describe('the order confirmation mail (issue 31: seats)', () => {
  it("a team's line says its seats and the price of one, as the invoice's quantity and rate do", () => {
    const mail = renderOrderConfirmation(
      order([line('React Front-End Development', 52497, 3), line('C# Programming Fundamentals', 13900, 1)]),
      'https://example.com',
    );
    expect(mail.text).toContain('- React Front-End Development (3 seats × $174.99): $524.97');
    expect(mail.html).toContain('React Front-End Development<br><span');
    expect(mail.html).toContain('3 seats × $174.99</span>');
    expect(mail.text).toContain('Total (GST included): $663.97');
    // One seat is the plain line it always was.
    expect(mail.text).toContain('- C# Programming Fundamentals: $139.00');
    expect(mail.html).not.toContain('1 seats');
    expect(mail.html).not.toMatch(/1 seat\b/);
  });

  it('an order from before batches (no seats recorded) reads as before', () => {
    const mail = renderOrderConfirmation(order([line('Power BI', 13950)]), 'https://example.com');
    expect(mail.text).toContain('- Power BI: $139.50');
    expect(mail.text).not.toContain('seats');
    expect(mail.html).not.toContain('seats');
  });
});
