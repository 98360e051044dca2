/**
 * The company console (issue 19; DECISIONS 39): one island with eight tabs, Leads, Orders,
 * Payments (issue 28), GST returns (issue 29), Customers, Mail, Batches (issue 31) and Backups
 * (DECISIONS 61), each a list
 * from the console API. Tabs follow the WAI-ARIA tabs pattern
 * (arrow keys, Home and End move between them); the open tab is kept in the address (`#orders`)
 * so a reload or a shared link opens it again.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { consoleText as text } from '~/content/ui/console';
import { indianDay } from '~/lib/shared/dates';
import {
  $attention,
  $customers,
  $leads,
  $mail,
  $orders,
  loadAttention,
  loadCustomers,
  loadLeads,
  loadMail,
  loadOrders,
} from '~/stores/console';
import { $payments, loadPayments } from '~/stores/console-payments';
import { consoleBatchesText } from '~/content/ui/console-batches';
import { $consoleBatches, loadConsoleBatches } from '~/stores/console-batches';
import { BatchesPanel } from './BatchesPanel';
import { BackupsPanel } from './BackupsPanel';
import { consoleBackupsText } from '~/content/ui/console-backups';
import { $backups, loadBackups } from '~/stores/console-backups';
import { $user, signOut } from '~/stores/session';
import { CustomersPanel } from './CustomersPanel';
import { GstPanel } from './GstPanel';
import { LeadsPanel } from './LeadsPanel';
import { MailPanel } from './MailPanel';
import { OrdersPanel, periodOf } from './OrdersPanel';
import { PaymentsPanel } from './PaymentsPanel';
import './console.css';

const TABS = ['leads', 'orders', 'payments', 'gst', 'customers', 'mail', 'batches', 'backups'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  ...text.tabs,
  batches: consoleBatchesText.tab,
  backups: consoleBackupsText.tab,
};

function tabFromHash(): Tab {
  const hash = typeof location === 'undefined' ? '' : location.hash.slice(1);
  return (TABS as readonly string[]).includes(hash) ? (hash as Tab) : 'leads';
}

export default function Console() {
  const [tab, setTab] = useState<Tab>('leads');
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const user = useStore($user);
  const counts: Record<Tab, { loaded: number; more: boolean } | undefined> = {
    leads: countOf(useStore($leads)),
    orders: countOf(useStore($orders)),
    payments: countOf(useStore($payments)),
    gst: undefined,
    customers: countOf(useStore($customers)),
    mail: countOf(useStore($mail)),
    batches: countOf({ items: useStore($consoleBatches).items, cursor: null }),
    backups: countOf({ items: useStore($backups).items, cursor: null }),
  };

  useEffect(() => {
    // The address names the tab: on load, and when it changes (a link, Back).
    const follow = () => setTab(tabFromHash());
    follow();
    window.addEventListener('hashchange', follow);
    void loadLeads();
    void loadOrders({ ...periodOf('thisMonth', indianDay(new Date())), q: '' });
    void loadPayments();
    void loadCustomers();
    void loadMail();
    void loadAttention();
    void loadConsoleBatches();
    void loadBackups();
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  const open = (next: Tab, focus = false) => {
    setTab(next);
    history.replaceState(null, '', `#${next}`);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    open(TABS[target]!, true);
  };

  return (
    <div className="console">
      <div className="console__head">
        <div>
          <h1 className="console__title">{text.title}</h1>
          <p className="console__intro">{text.intro}</p>
        </div>
        <div className="console__who">
          {user && <span>{text.signedInAs(user.username)}</span>}
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => void signOut()}
          >
            {text.signOut}
          </button>
        </div>
      </div>
      <AttentionSummary />
      <div className="console-tabs" role="tablist" aria-label={text.tabsLabel}>
        {TABS.map((name) => {
          const count = counts[name];
          return (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              id={`tab-${name}`}
              type="button"
              role="tab"
              className="console-tabs__tab"
              aria-selected={tab === name}
              aria-controls={name}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => open(name)}
              onKeyDown={onKeyDown}
            >
              {TAB_LABELS[name]}
              {count && <span className="console-tabs__count">{text.count(count.loaded, count.more)}</span>}
            </button>
          );
        })}
      </div>
      {TABS.map((name) => (
        <div
          key={name}
          // The address's `#orders` names the panel itself, so the attention links point somewhere.
          id={name}
          role="tabpanel"
          aria-labelledby={`tab-${name}`}
          hidden={tab !== name}
          className="console-tabs__panel"
        >
          {name === 'leads' && <LeadsPanel />}
          {name === 'orders' && <OrdersPanel />}
          {name === 'payments' && <PaymentsPanel />}
          {name === 'gst' && <GstPanel open={tab === 'gst'} />}
          {name === 'customers' && <CustomersPanel />}
          {name === 'mail' && <MailPanel />}
          {name === 'batches' && <BatchesPanel />}
          {name === 'backups' && <BackupsPanel />}
        </div>
      ))}
    </div>
  );
}

/** What needs a person, first: new leads, failed and waiting e-mail, each a link to its tab. */
function AttentionSummary() {
  const { counts, error } = useStore($attention);
  const words = text.attention;
  const items: { key: string; href: string; label: string }[] = counts
    ? [
        ...(counts.newLeads.count > 0
          ? [
              {
                key: 'leads',
                href: '#leads',
                label: words.newLeads(text.count(counts.newLeads.count, counts.newLeads.more)),
              },
            ]
          : []),
        ...(counts.failedMail > 0
          ? [{ key: 'failed', href: '#mail', label: words.failedMail(counts.failedMail) }]
          : []),
        ...(counts.pendingMail > 0
          ? [{ key: 'pending', href: '#mail', label: words.pendingMail(counts.pendingMail) }]
          : []),
      ]
    : [];
  return (
    <section className="console-attention" aria-labelledby="console-attention-title">
      <h2 id="console-attention-title" className="console-attention__title">
        {words.title}
      </h2>
      {error && !counts ? (
        <p>{words.error}</p>
      ) : !counts ? (
        <p aria-busy="true">{words.loading}</p>
      ) : items.length === 0 ? (
        <p>{words.nothing}</p>
      ) : (
        <ul className="console-attention__list">
          {items.map((item) => (
            <li key={item.key}>
              <a href={item.href}>{item.label}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function countOf(list: { items: readonly unknown[] | undefined; cursor: string | null }) {
  return list.items === undefined ? undefined : { loaded: list.items.length, more: list.cursor !== null };
}
