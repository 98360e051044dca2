/**
 * The server's settings, read from the environment once, at first use, and parsed with zod. The
 * domain gets typed settings from here; nothing else in src/ reads `process.env`. Every variable
 * is optional (see .env.example): with none set, the site runs offline with the local outbox.
 */
import * as z from '~/lib/shared/zod';
import { site } from '~/site.config';

/** An optional string setting: unset and empty both mean "not set". */
const optionalText = z.pipe(
  z.optional(z.string()),
  z.transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim())),
);

/**
 * An optional whole number of at least 1. Unset, empty or nonsense gives `fallback`: a typo in a
 * tuning knob must not take the site down (it is logged instead).
 */
function positiveInt(name: string, fallback: number) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (Number.isInteger(parsed) && parsed > 0) return parsed;
      console.warn(`[env] ${name} must be a whole number of at least 1; using ${fallback}.`);
      return fallback;
    }),
  );
}

const EnvSchema = z.object({
  /** Public origin of the site; Netlify's `URL` when deployed. */
  SITE_URL: optionalText,
  URL: optionalText,
  /** Resend API key; unset means mail goes to the local outbox. */
  RESEND_API_KEY: optionalText,
  /** Resend API base URL; only tests point it elsewhere. */
  RESEND_BASE_URL: optionalText,
  /** Sender of every e-mail. */
  MAIL_FROM: optionalText,
  /** Company inbox for contact messages. */
  CONTACT_TO: optionalText,
  /** Bearer token of maintainer endpoints; shorter than 24 characters counts as unset. */
  ADMIN_TOKEN: optionalText,
  /** Key of the XSRF tokens' HMAC (32+ characters); unset: one is made and kept in the store. */
  XSRF_SECRET: optionalText,
  /** Comma-separated e-mail addresses of the staff who may open the company console. */
  STAFF_EMAILS: optionalText,
  /** Contact messages per client address per 10 minutes. */
  CONTACT_RATE_LIMIT: positiveInt('CONTACT_RATE_LIMIT', 5),
  /** Code requests per client address per hour (sign-ins: twice that per 15 minutes). */
  AUTH_RATE_LIMIT: positiveInt('AUTH_RATE_LIMIT', 200),
  /** Razorpay API key id and secret; unset outside production: the built-in test gateway. */
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  /** Secret Razorpay signs webhooks with (set on the dashboard with the webhook URL). */
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  /** Razorpay's API and hosted checkout addresses; only tests point them elsewhere. */
  RAZORPAY_API_URL: optionalText,
  RAZORPAY_CHECKOUT_URL: optionalText,
  /** `on` offers the built-in test gateway when Razorpay has no keys (never in production). */
  TEST_GATEWAY: optionalText,
  /** The off-site copy of the backups (DECISIONS 61): an S3-compatible bucket, path-style. */
  BACKUP_S3_ENDPOINT: optionalText,
  BACKUP_S3_BUCKET: optionalText,
  BACKUP_S3_REGION: optionalText,
  BACKUP_S3_ACCESS_KEY_ID: optionalText,
  BACKUP_S3_SECRET_ACCESS_KEY: optionalText,
  /** The deploy's commit (Netlify sets it): the code version a backup's manifest names. */
  COMMIT_REF: optionalText,
});

/** Razorpay's addresses (API.md, Payments). */
const RAZORPAY_DEFAULTS = {
  apiUrl: 'https://api.razorpay.com/v1',
  checkoutUrl: 'https://api.razorpay.com/v1/checkout/embedded',
} as const;

/** Typed server settings. */
export interface ServerEnv {
  /** The site's public origin, for links in e-mails (no trailing slash). */
  readonly siteUrl: string;
  readonly mail: {
    /** Resend API key, or undefined for the local outbox. */
    readonly resendApiKey: string | undefined;
    readonly resendBaseUrl: string | undefined;
    /** Sender of every e-mail, e.g. `Sahyadri Infotech <hello@example.com>`. */
    readonly from: string;
    /** Company inbox for contact messages. */
    readonly contactTo: string;
  };
  /** Maintainer bearer token (24+ characters), or undefined when the endpoints are off. */
  readonly adminToken: string | undefined;
  /** Key of the XSRF tokens' HMAC (DECISIONS 44), or undefined to use the stored one. */
  readonly xsrfSecret: string | undefined;
  /** Lower-case e-mail addresses of the staff (the company console, DECISIONS 39). */
  readonly staffEmails: ReadonlySet<string>;
  readonly rateLimits: {
    /** Contact messages per client address per 10 minutes. */
    readonly contact: number;
    /** Account code requests per client address per hour. */
    readonly auth: number;
  };
  /**
   * Razorpay (DECISIONS 36): undefined when the key id or secret is missing (then the test
   * gateway outside production; checkout refused in production).
   */
  readonly razorpay:
    | {
        readonly keyId: string;
        readonly keySecret: string;
        /** Undefined until a webhook is set up: every webhook call is then refused (400). */
        readonly webhookSecret: string | undefined;
        readonly apiUrl: string;
        readonly checkoutUrl: string;
      }
    | undefined;
  /** TEST_GATEWAY is `on` (see `testGatewayAllowed`). */
  readonly testGateway: boolean;
  /** The bucket backups are copied to (DECISIONS 61); undefined unless all five are set. */
  readonly backupBucket:
    | {
        readonly endpoint: string;
        readonly bucket: string;
        readonly region: string;
        readonly accessKeyId: string;
        readonly secretAccessKey: string;
      }
    | undefined;
  /** The code that runs: the deploy's commit, or `local`. */
  readonly version: string;
}

/** Parses `source` into settings. Throws an Error naming each bad variable (never its value). */
export function parseServerEnv(source: Readonly<Record<string, string | undefined>>): ServerEnv {
  const result = z.safeParse(EnvSchema, source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}.`);
  }
  const env = result.data;
  const adminToken =
    env.ADMIN_TOKEN !== undefined && env.ADMIN_TOKEN.length >= 24 ? env.ADMIN_TOKEN : undefined;
  return {
    siteUrl: (env.SITE_URL ?? env.URL ?? 'http://localhost:8888').replace(/\/+$/, ''),
    mail: {
      resendApiKey: env.RESEND_API_KEY,
      resendBaseUrl: env.RESEND_BASE_URL,
      from: env.MAIL_FROM ?? `${site.name} <${site.email}>`,
      contactTo: env.CONTACT_TO ?? site.email,
    },
    adminToken,
    xsrfSecret: env.XSRF_SECRET !== undefined && env.XSRF_SECRET.length >= 32 ? env.XSRF_SECRET : undefined,
    staffEmails: new Set(
      (env.STAFF_EMAILS ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
    rateLimits: { contact: env.CONTACT_RATE_LIMIT, auth: env.AUTH_RATE_LIMIT },
    razorpay:
      env.RAZORPAY_KEY_ID !== undefined && env.RAZORPAY_KEY_SECRET !== undefined
        ? {
            keyId: env.RAZORPAY_KEY_ID,
            keySecret: env.RAZORPAY_KEY_SECRET,
            webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: (env.RAZORPAY_API_URL ?? RAZORPAY_DEFAULTS.apiUrl).replace(/\/+$/, ''),
            checkoutUrl: env.RAZORPAY_CHECKOUT_URL ?? RAZORPAY_DEFAULTS.checkoutUrl,
          }
        : undefined,
    testGateway: env.TEST_GATEWAY?.toLowerCase() === 'on',
    backupBucket:
      env.BACKUP_S3_ENDPOINT &&
      env.BACKUP_S3_BUCKET &&
      env.BACKUP_S3_REGION &&
      env.BACKUP_S3_ACCESS_KEY_ID &&
      env.BACKUP_S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.BACKUP_S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: env.BACKUP_S3_BUCKET,
            region: env.BACKUP_S3_REGION,
            accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    version: env.COMMIT_REF ?? 'local',
  };
}

let cached: ServerEnv | undefined;

/** The settings of this process, parsed from `process.env` at first use. */
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}

/** Forgets the parsed settings, so the next `serverEnv()` reads the environment again (tests). */
export function resetServerEnv(): void {
  cached = undefined;
}

/** Netlify's deploy context of this request (`production`, `deploy-preview`, `dev`, ...), if any. */
function deployContext(): string | undefined {
  const netlify = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } })
    .Netlify;
  return netlify?.context?.deploy?.context ?? process.env['CONTEXT'];
}

/** True on the production deploy: no test gateway there (DECISIONS 36). */
export function isProduction(): boolean {
  return deployContext() === 'production';
}

/** Deploy contexts that are never production: the test gateway is on there without the setting. */
const TEST_GATEWAY_CONTEXTS = new Set(['dev', 'deploy-preview', 'branch-deploy']);

/**
 * True where the built-in test gateway may stand in for Razorpay (DECISIONS 36): TEST_GATEWAY=on
 * (set by `npm start` and the tests; production never has it) or a deploy context that names a
 * dev server, deploy preview or branch deploy, and never on the production deploy. Fails closed:
 * with no setting and no context, none.
 */
export function testGatewayAllowed(settings: Pick<ServerEnv, 'testGateway'>): boolean {
  const context = deployContext();
  if (context === 'production') return false;
  return settings.testGateway || (context !== undefined && TEST_GATEWAY_CONTEXTS.has(context));
}

/** Where data lives: the site's stores, or stores scoped to this deploy. */
export type DataScope = 'site' | 'deploy';

/**
 * Production and local runs (dev, `npm start`, tests) use the site's stores; deploy previews and
 * branch deploys use deploy-scoped stores, so a preview never writes real customers, orders or
 * mail queues. Read per call: on Netlify the deploy context comes with each request.
 */
export function dataScope(): DataScope {
  const context = deployContext();
  return context === 'deploy-preview' || context === 'branch-deploy' ? 'deploy' : 'site';
}
