// @ts-check
/**
 * Drawn screens of our products (two per product: one for the page's hero, one lower down) and
 * one flow diagram per service, in the site's palette. Every figure and name is a sample, like
 * the rest of the site's data. `draw-art.mjs` passes in the outlined-text helpers.
 */

const C = {
  ink: '#0b3b3a',
  ink2: '#06201f',
  teal: '#0f766e',
  teal6: '#0d9488',
  teal1: '#ccfbf1',
  teal0: '#f0fdfa',
  saffron: '#f59e0b',
  saffron1: '#fef3c7',
  slate9: '#0f172a',
  slate7: '#334155',
  slate6: '#475569',
  slate3: '#cbd5e1',
  slate2: '#e2e8f0',
  slate1: '#f1f5f9',
  slate0: '#f8fafc',
  white: '#ffffff',
  red: '#b91c1c',
  red1: '#fee2e2',
  green: '#15803d',
  green1: '#dcfce7',
};

const W = 640;
const H = 420;
const SIDE = 132;

/**
 * @typedef {'ok' | 'warn' | 'bad' | 'info'} Tone
 * @typedef {import('./outlined-text.mjs').TextOptions['anchor']} Anchor
 * @typedef {[label: string, width: number, align?: Anchor]} Column
 */

/**
 * Draws every product screen and service flow; resolves to how many files it wrote.
 *
 * @param {{
 *   text: typeof import('./outlined-text.mjs').text,
 *   measure: typeof import('./outlined-text.mjs').measure,
 *   write: (path: string, width: number, height: number, title: string, body: string) => unknown,
 * }} helpers
 */
export function drawProductScreens({ text, measure, write }) {
  /**
   * @param {string | number} value
   * @param {number} x
   * @param {number} y
   * @param {Anchor} [anchor]
   */
  const t = (value, x, y, size = 11, weight = 400, fill = C.slate7, anchor = 'start') =>
    text(String(value), { x, y, size, weight, fill, anchor });

  /**
   * A rounded status label; returns its markup.
   *
   * @param {string} value
   * @param {number} x
   * @param {number} y
   * @param {Tone} tone
   */
  const chip = (value, x, y, tone) => {
    const [bg, fg] = {
      ok: [C.green1, C.green],
      warn: [C.saffron1, '#92400e'],
      bad: [C.red1, C.red],
      info: [C.teal1, C.teal],
    }[tone];
    const w = measure(value, 10, 600) + 14;
    return (
      `<rect x="${x}" y="${y - 11}" width="${w}" height="16" rx="8" fill="${bg}"/>` +
      t(value, x + 7, y + 1, 10, 600, fg)
    );
  };

  /**
   * The application frame: title bar, sidebar with the product's menu, page title.
   *
   * @param {{ product: string, menu: string[], active: number, title: string, action?: string }} screen
   */
  const frame = ({ product, menu, active, title, action }) =>
    `<rect x=".5" y=".5" width="${W - 1}" height="${H - 1}" rx="12" fill="${C.white}" stroke="${C.slate2}"/>` +
    `<path d="M12 .5h${W - 24}a11.5 11.5 0 0 1 11.5 11.5v18H.5V12A11.5 11.5 0 0 1 12 .5z" fill="${C.slate1}"/>` +
    `<circle cx="18" cy="15" r="4" fill="#f87171"/><circle cx="32" cy="15" r="4" fill="#fbbf24"/><circle cx="46" cy="15" r="4" fill="#34d399"/>` +
    t(product, W / 2, 19, 10, 500, C.slate6, 'middle') +
    `<path d="M.5 30H${SIDE}V${H - 0.5}H12A11.5 11.5 0 0 1 .5 ${H - 12}Z" fill="${C.ink}"/>` +
    `<rect x="14" y="42" width="22" height="22" rx="6" fill="${C.saffron}"/>` +
    t('Sahyadri', 42, 57, 11, 700, C.white) +
    menu
      .map((item, index) => {
        const y = 92 + index * 28;
        const on = index === active;
        return (
          (on ? `<rect x="8" y="${y - 15}" width="${SIDE - 16}" height="22" rx="6" fill="${C.teal}"/>` : '') +
          t(item, 18, y, 11, on ? 600 : 400, on ? C.white : C.teal1)
        );
      })
      .join('') +
    t(title, SIDE + 20, 58, 15, 700, C.slate9) +
    (action
      ? `<rect x="${W - 20 - measure(action, 11, 600) - 24}" y="42" width="${measure(action, 11, 600) + 24}" height="24" rx="12" fill="${C.teal}"/>` +
        t(action, W - 32, 58, 11, 600, C.white, 'end')
      : '');

  /**
   * A figure card: label over value.
   *
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {string} label
   * @param {string} value
   * @param {string} [note]
   */
  const kpi = (x, y, w, label, value, note, tone = C.teal) =>
    `<rect x="${x}" y="${y}" width="${w}" height="62" rx="8" fill="${C.white}" stroke="${C.slate2}"/>` +
    `<rect x="${x}" y="${y + 10}" width="3" height="42" rx="1.5" fill="${tone}"/>` +
    t(label, x + 12, y + 20, 10, 500, C.slate6) +
    t(value, x + 12, y + 42, 17, 700, C.slate9) +
    (note ? t(note, x + 12, y + 55, 9, 500, tone) : '');

  /**
   * A table: `columns` [label, width, align]; cells are strings or { chip, tone }.
   * Returns the markup; rows are 26 px apart.
   *
   * @param {number} x
   * @param {number} y
   * @param {Column[]} columns
   * @param {(string | { chip: string, tone: Tone })[][]} rows
   */
  const table = (x, y, columns, rows) => {
    const width = columns.reduce((sum, [, w]) => sum + w, 0);
    let out = `<rect x="${x}" y="${y}" width="${width}" height="${28 + rows.length * 26}" rx="8" fill="${C.white}" stroke="${C.slate2}"/>`;
    out += `<path d="M${x + 0.5} ${y + 8}a8 8 0 0 1 8-8h${width - 17}a8 8 0 0 1 8 8v18h-${width - 1}z" fill="${C.slate0}"/>`;
    let cx = x;
    for (const [label, w, align] of columns) {
      const tx = align === 'end' ? cx + w - 10 : cx + 10;
      out += t(label, tx, y + 18, 9.5, 600, C.slate6, align === 'end' ? 'end' : 'start');
      cx += w;
    }
    rows.forEach((row, r) => {
      const ry = y + 28 + r * 26;
      out += `<path d="M${x + 1} ${ry}h${width - 2}" stroke="${C.slate2}"/>`;
      let rx = x;
      row.forEach((cell, c) => {
        const [, w, align] = /** @type {Column} */ (columns[c]);
        if (typeof cell === 'object') out += chip(cell.chip, rx + 8, ry + 17, cell.tone);
        else {
          const tx = align === 'end' ? rx + w - 10 : rx + 10;
          out += t(
            cell,
            tx,
            ry + 17,
            10.5,
            c === 0 ? 600 : 400,
            c === 0 ? C.slate9 : C.slate7,
            align === 'end' ? 'end' : 'start',
          );
        }
        rx += w;
      });
    });
    return out;
  };

  /**
   * Vertical bars with month labels under them.
   *
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {number[]} values
   * @param {string[]} labels
   * @param {number} highlight
   */
  const bars = (x, y, w, h, values, labels, highlight) => {
    const max = Math.max(...values);
    const step = w / values.length;
    let out = `<path d="M${x} ${y + h}h${w}" stroke="${C.slate3}"/>`;
    values.forEach((value, i) => {
      const bh = (value / max) * (h - 8);
      const bx = x + i * step + step * 0.2;
      out += `<rect x="${bx.toFixed(1)}" y="${(y + h - bh).toFixed(1)}" width="${(step * 0.6).toFixed(1)}" height="${bh.toFixed(1)}" rx="3" fill="${i === highlight ? C.saffron : C.teal6}"/>`;
      out += t(labels[i] ?? '', bx + step * 0.3, y + h + 14, 9, 500, C.slate6, 'middle');
    });
    return out;
  };

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {string} title
   */
  const panel = (x, y, w, h, title) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${C.white}" stroke="${C.slate2}"/>` +
    t(title, x + 12, y + 20, 11, 700, C.slate9);

  const X = SIDE + 20;
  /** @type {string[]} */
  const screens = [];
  /**
   * @param {string} file
   * @param {string} title
   * @param {string} body
   */
  const screen = (file, title, body) => {
    write(file, W, H, title, body);
    screens.push(file);
  };

  /* Warehouse management */
  const wmsMenu = ['Dashboard', 'Receiving', 'Putaway', 'Picking', 'Dispatch', 'Bins', 'Reports'];
  {
    let bins = '';
    const fills = [C.teal6, C.teal6, C.teal1, C.saffron, C.teal6, C.slate2, C.teal1, C.teal6];
    for (let r = 0; r < 4; r += 1)
      for (let c = 0; c < 8; c += 1)
        bins += `<rect x="${X + 12 + c * 30}" y="${196 + r * 30}" width="26" height="26" rx="4" fill="${fills[(r * 3 + c * 5) % fills.length]}"/>`;
    screen(
      'products/warehouse-management-dashboard.svg',
      'Warehouse dashboard: orders to pick, pick accuracy, dock-to-stock time, bin occupancy and the current pick waves',
      frame({
        product: 'Warehouse Management',
        menu: wmsMenu,
        active: 0,
        title: 'Pune DC · Today',
        action: 'New wave',
      }) +
        kpi(X, 80, 146, 'Orders to pick', '128', '+14 since 9 am') +
        kpi(X + 156, 80, 146, 'Pick accuracy', '99.6%', 'Target 99.5%') +
        kpi(X + 312, 80, 146, 'Dock to stock', '3.2 h', '0.4 h faster this week', C.saffron) +
        panel(X, 156, 268, 160, 'Bin occupancy · Aisle B') +
        bins +
        panel(X + 278, 156, 180, 230, 'Pick waves') +
        /** @type {[name: string, lines: string, tone: Tone, state: string][]} */ ([
          ['Wave 14', '42 lines', 'info', 'Picking'],
          ['Wave 13', '38 lines', 'warn', 'Packing'],
          ['Wave 12', '51 lines', 'ok', 'Loaded'],
          ['Wave 11', '29 lines', 'ok', 'Loaded'],
        ])
          .map(([name, lines, tone, state], i) => {
            const y = 196 + i * 46;
            return (
              t(name, X + 290, y, 11, 600, C.slate9) +
              t(lines, X + 290, y + 16, 10, 400, C.slate6) +
              chip(state, X + 376, y + 6, tone)
            );
          })
          .join('') +
        panel(X, 326, 268, 60, 'E-way bills ready') +
        t('6 trucks · 2 waiting at dock 3', X + 12, 366, 11, 500, C.slate7),
    );
    screen(
      'products/warehouse-management-putaway.svg',
      'Putaway list: each received carton with its SKU, quantity, suggested bin and status',
      frame({
        product: 'Warehouse Management',
        menu: wmsMenu,
        active: 2,
        title: 'Putaway · GRN 2411-087',
        action: 'Scan carton',
      }) +
        table(
          X,
          80,
          [
            ['Carton', 92],
            ['SKU', 120],
            ['Qty', 50, 'end'],
            ['Bin', 80],
            ['Status', 116],
          ],
          [
            ['CT-30911', 'BRG-6204-ZZ', '240', 'B-04-2', { chip: 'Stored', tone: 'ok' }],
            ['CT-30912', 'BRG-6205-ZZ', '180', 'B-04-3', { chip: 'Stored', tone: 'ok' }],
            ['CT-30913', 'SEAL-40x62', '500', 'C-11-1', { chip: 'On the way', tone: 'info' }],
            ['CT-30914', 'BOLT-M10-50', '1,200', 'A-02-4', { chip: 'On the way', tone: 'info' }],
            ['CT-30915', 'GRS-LI-1KG', '60', 'D-01-1', { chip: 'Check qty', tone: 'warn' }],
            ['CT-30916', 'BRG-6302-2RS', '320', 'B-05-1', { chip: 'Waiting', tone: 'info' }],
            ['CT-30917', 'CHN-08B-5M', '40', 'E-03-2', { chip: 'Waiting', tone: 'info' }],
            ['CT-30918', 'PLT-SS-2MM', '25', 'F-01-1', { chip: 'Bin full', tone: 'bad' }],
          ],
        ) +
        t('8 cartons · 2 stored · suggested bins follow fast-mover rules', X, 400, 10.5, 500, C.slate6),
    );
  }

  /* Inventory management */
  const invMenu = ['Dashboard', 'Items', 'Stock ledger', 'Transfers', 'Reorder', 'Batches', 'Reports'];
  screen(
    'products/inventory-management-ledger.svg',
    'Stock ledger of one item: date, voucher, godown, quantity in and out and the running balance',
    frame({
      product: 'Inventory Management',
      menu: invMenu,
      active: 2,
      title: 'Stock ledger · PVC Pipe 25 mm',
      action: 'Export',
    }) +
      t('Godown: Bhosari · Unit: metres · Batch-wise', X, 80, 10.5, 500, C.slate6) +
      table(
        X,
        92,
        [
          ['Date', 70],
          ['Voucher', 108],
          ['Godown', 86],
          ['In', 64, 'end'],
          ['Out', 64, 'end'],
          ['Balance', 76, 'end'],
        ],
        [
          ['01 Nov', 'Opening', 'Bhosari', '', '', '1,850'],
          ['03 Nov', 'GRN 2411-021', 'Bhosari', '600', '', '2,450'],
          ['05 Nov', 'Inv 24-25/0917', 'Bhosari', '', '420', '2,030'],
          ['08 Nov', 'Transfer T-118', 'Chakan', '', '300', '1,730'],
          ['12 Nov', 'Inv 24-25/0988', 'Bhosari', '', '560', '1,170'],
          ['15 Nov', 'GRN 2411-064', 'Bhosari', '900', '', '2,070'],
          ['19 Nov', 'Inv 24-25/1046', 'Bhosari', '', '380', '1,690'],
          ['21 Nov', 'Issue to site', 'Bhosari', '', '240', '1,450'],
        ],
      ) +
      `<rect x="${X}" y="352" width="468" height="36" rx="8" fill="${C.teal0}"/>` +
      t('Closing stock 1,450 m', X + 12, 375, 12, 700, C.ink) +
      t('Reorder level 1,200 m', X + 456, 375, 11, 500, C.teal, 'end'),
  );
  {
    /** @type {[name: string, level: number, tone: 'ok' | 'warn' | 'bad', state: string][]} */
    const items = [
      ['Copper wire 2.5 sq mm', 0.32, 'bad', 'Order today'],
      ['MCB 32 A double pole', 0.55, 'warn', 'This week'],
      ['PVC conduit 20 mm', 0.78, 'ok', 'Enough'],
      ['LED panel 18 W', 0.41, 'warn', 'This week'],
      ['Junction box 4x4', 0.9, 'ok', 'Enough'],
      ['Cable tie 200 mm', 0.24, 'bad', 'Order today'],
    ];
    const color = { ok: C.teal6, warn: C.saffron, bad: C.red };
    screen(
      'products/inventory-management-reorder.svg',
      'Reorder alerts: stock of each item against its reorder level, with the ones to order today first',
      frame({
        product: 'Inventory Management',
        menu: invMenu,
        active: 4,
        title: 'Reorder alerts',
        action: 'Raise PO',
      }) +
        panel(X, 76, 468, 312, 'Stock against reorder level · all godowns') +
        items
          .map(([name, level, tone, state], i) => {
            const y = 124 + i * 42;
            return (
              t(name, X + 12, y, 11, 600, C.slate9) +
              `<rect x="${X + 12}" y="${y + 8}" width="300" height="8" rx="4" fill="${C.slate1}"/>` +
              `<rect x="${X + 12}" y="${y + 8}" width="${Math.round(300 * level)}" height="8" rx="4" fill="${color[tone]}"/>` +
              `<path d="M${X + 12 + 150} ${y + 4}v16" stroke="${C.slate6}" stroke-dasharray="2 2"/>` +
              chip(state, X + 340, y + 12, tone)
            );
          })
          .join(''),
    );
  }

  /* Hospital management */
  const hmsMenu = ['OPD queue', 'Patients', 'IPD', 'Pharmacy', 'Billing', 'TPA claims', 'Reports'];
  screen(
    'products/hospital-management-opd.svg',
    'OPD queue for today: token, patient, doctor, waiting time and status of each visit',
    frame({
      product: 'Hospital Management',
      menu: hmsMenu,
      active: 0,
      title: 'OPD queue · Today',
      action: 'New visit',
    }) +
      kpi(X, 76, 150, 'Waiting', '14', 'Avg wait 18 min', C.saffron) +
      kpi(X + 159, 76, 150, 'With doctor', '5', '5 of 6 rooms') +
      kpi(X + 318, 76, 150, 'Seen today', '86', '+9 on last Monday') +
      table(
        X,
        152,
        [
          ['Token', 56],
          ['Patient', 124],
          ['Doctor', 118],
          ['Wait', 54, 'end'],
          ['Status', 116],
        ],
        [
          ['A-031', 'Sunita Jadhav', 'Dr. Deshpande', '4 min', { chip: 'With doctor', tone: 'info' }],
          ['A-032', 'Rahul Pawar', 'Dr. Deshpande', '12 min', { chip: 'Waiting', tone: 'warn' }],
          ['B-017', 'Farhan Shaikh', 'Dr. Iyer', '9 min', { chip: 'Vitals done', tone: 'info' }],
          ['B-018', 'Lata Kulkarni', 'Dr. Iyer', '21 min', { chip: 'Waiting', tone: 'warn' }],
          ['C-008', 'Prakash More', 'Dr. Joshi', '2 min', { chip: 'Billing', tone: 'ok' }],
          ['C-009', 'Asha Naik', 'Dr. Joshi', '35 min', { chip: 'Delayed', tone: 'bad' }],
          ['A-033', 'Vikram Rao', 'Dr. Deshpande', '1 min', { chip: 'Registered', tone: 'info' }],
        ],
      ),
  );
  {
    let beds = '';
    /** @type {Tone[]} */
    const states = [
      'ok',
      'ok',
      'bad',
      'ok',
      'warn',
      'ok',
      'bad',
      'ok',
      'ok',
      'info',
      'ok',
      'bad',
      'ok',
      'warn',
      'ok',
      'ok',
    ];
    const fill = { ok: C.teal6, bad: C.slate3, warn: C.saffron, info: C.teal1 };
    states.forEach((state, i) => {
      const x = X + 12 + (i % 8) * 56;
      const y = 112 + Math.floor(i / 8) * 62;
      beds +=
        `<rect x="${x}" y="${y}" width="48" height="50" rx="6" fill="${fill[state]}"/>` +
        t(
          `${i < 8 ? 'G' : 'F'}-${(i % 8) + 1}`,
          x + 24,
          y + 30,
          11,
          700,
          state === 'ok' ? C.white : C.slate9,
          'middle',
        );
    });
    screen(
      'products/hospital-management-beds.svg',
      'Bed board of the general and first-floor wards, with occupied, free, cleaning and reserved beds, and a running IPD bill',
      frame({
        product: 'Hospital Management',
        menu: hmsMenu,
        active: 2,
        title: 'Bed board · General ward',
        action: 'Admit',
      }) +
        panel(X, 76, 468, 180, 'Beds') +
        beds +
        /** @type {[label: string, color: string][]} */ ([
          ['Occupied', C.teal6],
          ['Free', C.slate3],
          ['Cleaning', C.saffron],
          ['Reserved', C.teal1],
        ])
          .map(
            ([label, color], i) =>
              `<rect x="${X + 160 + i * 76}" y="86" width="10" height="10" rx="2" fill="${color}"/>` +
              t(label, X + 174 + i * 76, 95, 9.5, 500, C.slate6),
          )
          .join('') +
        table(
          X,
          268,
          [
            ['IPD bill · Bed G-3', 248],
            ['Days', 70, 'end'],
            ['Amount (₹)', 150, 'end'],
          ],
          [
            ['Room charges', '3', '7,500'],
            ['Pharmacy', '', '4,860'],
            ['Investigations', '', '3,200'],
          ],
        ),
    );
  }

  /* ERP */
  const erpMenu = ['Dashboard', 'Sales', 'Purchase', 'Inventory', 'Production', 'Accounts', 'Payroll'];
  screen(
    'products/erp-gst-invoices.svg',
    'GST sales invoices: number, customer, GSTIN, taxable value, GST and e-invoice status',
    frame({
      product: 'ERP',
      menu: erpMenu,
      active: 1,
      title: 'Sales invoices · November',
      action: 'New invoice',
    }) +
      table(
        X,
        76,
        [
          ['Invoice', 86],
          ['Customer', 124],
          ['Taxable (₹)', 88, 'end'],
          ['GST (₹)', 72, 'end'],
          ['e-Invoice', 98],
        ],
        [
          ['24-25/1046', 'Kaveri Auto Parts', '1,84,000', '33,120', { chip: 'IRN issued', tone: 'ok' }],
          ['24-25/1047', 'Deccan Polymers', '62,500', '11,250', { chip: 'IRN issued', tone: 'ok' }],
          ['24-25/1048', 'Shree Foods', '2,40,000', '12,000', { chip: 'Pending', tone: 'warn' }],
          ['24-25/1049', 'Nashik Agro Tech', '96,800', '17,424', { chip: 'IRN issued', tone: 'ok' }],
          ['24-25/1050', 'Orbit Engineering', '3,15,000', '56,700', { chip: 'E-way bill', tone: 'info' }],
          ['24-25/1051', 'Sai Traders', '48,200', '8,676', { chip: 'Rejected', tone: 'bad' }],
          ['24-25/1052', 'Konkan Cold Chain', '1,12,400', '20,232', { chip: 'IRN issued', tone: 'ok' }],
        ],
      ) +
      `<rect x="${X}" y="340" width="468" height="44" rx="8" fill="${C.teal0}"/>` +
      t('November so far', X + 12, 358, 10, 500, C.teal) +
      t('Taxable ₹10,58,900 · GST ₹1,59,402', X + 12, 376, 12, 700, C.ink) +
      t('GSTR-1 ready', X + 456, 370, 11, 600, C.teal, 'end'),
  );
  screen(
    'products/erp-dashboard.svg',
    'ERP dashboard: monthly sales for the financial year, receivables, stock value and open production orders',
    frame({
      product: 'ERP',
      menu: erpMenu,
      active: 0,
      title: 'Business at a glance · FY 2024-25',
      action: 'Close month',
    }) +
      kpi(X, 76, 150, 'Sales this month', '₹1.42 Cr', '+12% on October') +
      kpi(X + 159, 76, 150, 'Receivables', '₹38.6 L', '₹6.2 L over 60 days', C.saffron) +
      kpi(X + 318, 76, 150, 'Open work orders', '23', '4 waiting for material') +
      panel(X, 152, 468, 236, 'Monthly sales (₹ lakh)') +
      bars(
        X + 16,
        184,
        436,
        170,
        [96, 104, 88, 112, 121, 109, 127, 142],
        ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'],
        7,
      ),
  );

  /* Services: one flow each, steps left to right. */
  const FLOWS = {
    'application-services': ['Monitor', 'Fix', 'Improve', 'Report'],
    'bulk-mail': ['Clean list', 'Template', 'Send', 'Track'],
    'custom-software-development': ['Discover', 'Design', 'Build', 'Launch'],
    'data-analytics': ['Your data', 'Clean', 'Model', 'Dashboards'],
    'digital-marketing': ['Plan', 'Campaigns', 'Leads', 'Measure'],
    'IoT-engineering': ['Sensors', 'Gateway', 'Cloud', 'Alerts'],
    'technology-expertise': ['Browser', 'React UI', '.NET API', 'SQL Server'],
  };
  const FW = 640;
  const FH = 200;
  for (const [slug, steps] of Object.entries(FLOWS)) {
    const box = 124;
    const gap = (FW - 32 - steps.length * box) / (steps.length - 1);
    let body = `<rect width="${FW}" height="${FH}" rx="16" fill="${C.white}" fill-opacity=".08" stroke="${C.teal1}" stroke-opacity=".35"/>`;
    steps.forEach((step, i) => {
      const x = 16 + i * (box + gap);
      const last = i === steps.length - 1;
      body += `<rect x="${x}" y="56" width="${box}" height="88" rx="14" fill="${last ? C.saffron : C.white}"/>`;
      body +=
        `<circle cx="${x + 22}" cy="78" r="11" fill="${last ? C.ink : C.teal}"/>` +
        t(i + 1, x + 22, 82, 11, 700, C.white, 'middle');
      const size = measure(step, 15, 700) > box - 20 ? 13 : 15;
      body += t(step, x + 14, 124, size, 700, C.ink);
      if (!last)
        body += `<path d="M${x + box + 8} 100h${gap - 16}m-8-7 8 7-8 7" fill="none" stroke="${C.saffron}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
    });
    write(`services/${slug}.svg`, FW, FH, `${steps.join(', then ')}`, body);
  }
  return screens.length + Object.keys(FLOWS).length;
}
