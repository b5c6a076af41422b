import { randomBytes } from 'node:crypto';
// The composition root: the one place that builds repositories, then the services on them (each given the
// other features' services it uses), then registers each feature's routes with its own service. Features
// never build one another; what one knows of another is the type of its service.
import { GENRE_SLUGS } from '@rrc/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { ChangeBus } from './db/change-bus.ts';
import type { Database } from './db/database.ts';
import { adminRepository } from './features/admin/admin.repository.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { adminService } from './features/admin/admin.service.ts';
import { analyticsRepository } from './features/analytics/analytics.repository.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { analyticsService } from './features/analytics/analytics.service.ts';
import { accountEmailRoutes } from './features/auth/account-email.routes.ts';
import { accountEmailService } from './features/auth/account-email.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { authService } from './features/auth/auth.service.ts';
import { emailTokensRepository } from './features/auth/email-tokens.repository.ts';
import { keptAccounts } from './features/auth/kept-accounts.ts';
import { sessionsRepository } from './features/auth/sessions.repository.ts';
import { createTokens } from './features/auth/tokens.ts';
import { usersRepository } from './features/auth/users.repository.ts';
import { authorRepository } from './features/author/author.repository.ts';
import { authorRoutes } from './features/author/author.routes.ts';
import { authorService } from './features/author/author.service.ts';
import { deskRepository } from './features/author/desk.repository.ts';
import { deskRoutes } from './features/author/desk.routes.ts';
import { deskService } from './features/author/desk.service.ts';
import { authorReportJob } from './features/author/weekly-report.job.ts';
import { deskWeekService } from './features/author/weekly-report.ts';
import { discoveryRepository } from './features/discovery/discovery.repository.ts';
import { discoveryRoutes } from './features/discovery/discovery.routes.ts';
import { discoveryService } from './features/discovery/discovery.service.ts';
import { exportRoutes } from './features/export/export.routes.ts';
import { exportService } from './features/export/export.service.ts';
import { fictionsRepository } from './features/fictions/fictions.repository.ts';
import { fictionsRoutes } from './features/fictions/fictions.routes.ts';
import { fictionsService } from './features/fictions/fictions.service.ts';
import { drainState } from './features/health/drain.ts';
import { healthRepository } from './features/health/health.repository.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { healthService } from './features/health/health.service.ts';
import { JobRunner } from './features/jobs/job-runner.ts';
import { jobRunsRepository } from './features/jobs/job-runs.repository.ts';
import { jobsRoutes } from './features/jobs/jobs.routes.ts';
import { jobsService } from './features/jobs/jobs.service.ts';
import { MAIL_SCHEDULE, SCHEDULE } from './features/jobs/schedule.ts';
import { Scheduler } from './features/jobs/scheduler.ts';
import { linkPreviewRoutes } from './features/link-preview/link-preview.routes.ts';
import { linkPreviewService } from './features/link-preview/link-preview.service.ts';
import { alertSettingsRoutes } from './features/notifications/alert-settings.routes.ts';
import { deliveriesRepository } from './features/notifications/deliveries.repository.ts';
import { deliveryService } from './features/notifications/delivery.service.ts';
import { eventsRepository } from './features/notifications/events.repository.ts';
import { eventsService } from './features/notifications/events.service.ts';
import { feedsRoutes } from './features/notifications/feeds.routes.ts';
import { notificationsRepository } from './features/notifications/notifications.repository.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { notificationsService } from './features/notifications/notifications.service.ts';
import { watchesRepository } from './features/notifications/watches.repository.ts';
import { watchesRoutes } from './features/notifications/watches.routes.ts';
import { exchangeCodesRepository } from './features/oauth/exchange-codes.repository.ts';
import { oauthRoutes } from './features/oauth/oauth.routes.ts';
import { oauthService } from './features/oauth/oauth.service.ts';
import { oauthProviders } from './features/oauth/providers.ts';
import { stateCookies } from './features/oauth/state-cookie.ts';
import { donationsRepository } from './features/payments/donations.repository.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { paymentsService } from './features/payments/payments.service.ts';
import { createStripe } from './features/payments/stripe-client.ts';
import { subscriptionsRepository } from './features/payments/subscriptions.repository.ts';
import { subscriptionsRoutes } from './features/payments/subscriptions.routes.ts';
import { subscriptionsService } from './features/payments/subscriptions.service.ts';
import { positionRoutes } from './features/position/position.routes.ts';
import { positionService } from './features/position/position.service.ts';
import { risingStarsRepository } from './features/rising-stars/rising-stars.repository.ts';
import { risingStarsRoutes } from './features/rising-stars/rising-stars.routes.ts';
import { risingStarsService } from './features/rising-stars/rising-stars.service.ts';
import { royalroadRoutes } from './features/royalroad/royalroad.routes.ts';
import { royalroadService } from './features/royalroad/royalroad.service.ts';
import { refreshService } from './features/scraping/refresh.service.ts';
import { scrapeRoutes } from './features/scraping/scrape.routes.ts';
import { scrapingJobs } from './features/scraping/scraping.jobs.ts';
import { scrapingService } from './features/scraping/scraping.service.ts';
import {
  insertLastFavorite,
  userFictionsRepository,
} from './features/user-fictions/user-fictions.repository.ts';
import { userFictionsRoutes } from './features/user-fictions/user-fictions.routes.ts';
import { userFictionsService } from './features/user-fictions/user-fictions.service.ts';
import { authGuards } from './http/auth-guards.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import type { JobLogger } from './lib/jobs.ts';
import { createLimiterStore } from './lib/limiter-store.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { RoyalRoadClient, userAgentFor } from './royalroad/client.ts';
import { postgresLine } from './royalroad/site-line.ts';

export interface CoreOptions {
  config: Config;
  database: Database;
  log: JobLogger;
  now?: () => Date;
  /** Overrides for tests: a faster client, a controlled clock. */
  client?: RoyalRoadClient;
  genres?: readonly string[];
  /** Signs unsubscribe links (the JWT secret); a process that sends no mail may go without. */
  secret?: string;
}

/**
 * Alerts: the events found in what the scrapes store (with each reader's notification) and the outbox that
 * sends their emails and webhook calls from every process whose role includes the worker.
 */
function createAlerts(options: CoreOptions, now: () => Date, metrics: Metrics) {
  const { config, database, log } = options;
  const taskLog = {
    warn: (details: Record<string, unknown>, message: string) =>
      log.warn(`${message} ${JSON.stringify(details)}`),
    error: (details: Record<string, unknown>, message: string) =>
      log.error(`${message} ${JSON.stringify(details)}`),
  };
  const repositories = {
    watches: watchesRepository(database.db),
    events: eventsRepository(database.db),
    notifications: notificationsRepository(database.db),
    deliveries: deliveriesRepository(database.db),
  };
  const webhooks = { allowPrivate: config.webhookAllowPrivate, httpsOnly: config.env === 'production' };
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    tasks: new BackgroundTasks({ log: taskLog }),
    log: taskLog,
  });
  const delivery = deliveryService({
    repositories,
    mailer,
    publicUrl: config.publicUrl,
    secret: options.secret ?? config.jwtSecret ?? randomBytes(32).toString('base64url'),
    webhooks,
    log: taskLog,
    now,
    limits: createLimiterStore(database),
    metrics,
  });
  const events = eventsService({ repositories, royalroadUrl: config.royalroad.baseUrl, now });
  return { repositories, events, delivery, webhooks, mailer };
}

/**
 * What every process has once, whether it serves or only scrapes: the Royal Road client (all requests queue
 * in its one throttle), the fictions and Rising Stars services the scrapes write through, and the job runner
 * with its scheduler.
 */
export function createCore(options: CoreOptions) {
  const { config, database, log } = options;
  const now = options.now ?? (() => new Date());
  // The process's metrics; its own process figures (memory, event loop) only where /metrics is served.
  const metrics = createMetrics({
    processMetrics: config.metrics.token !== undefined || config.metrics.port !== undefined,
  });
  const client =
    options.client ??
    new RoyalRoadClient({
      baseUrl: config.royalroad.baseUrl,
      intervalMs: config.royalroad.intervalMs,
      userAgent: userAgentFor(config.publicUrl),
      log: (message) => log.warn(`royalroad: ${message}`),
    });
  // Several processes on PostgreSQL share one pace to Royal Road, a capture's hold and the interactive caps;
  // SQLite is one process, whose own queues are the whole line.
  if (database.dialect === 'postgres')
    client.queues.site = postgresLine(database.db, {
      intervalMs: client.queues.intervalMs,
      log: (message) => log.warn(`royalroad: ${message}`),
    });
  const repositories = {
    fictions: fictionsRepository(database.db),
    // A capture stores the unknown fictions of a list in its own transaction.
    risingStars: risingStarsRepository(database.db, (trx, items, at) =>
      fictionsRepository(trx).ensureFromList(items, at),
    ),
    runs: jobRunsRepository(database.db),
  };
  client.metrics = metrics.royalroad;
  metrics.watch({ queueSizes: () => client.queues.sizes, poolCounts: () => database.poolCounts?.() });
  const fictions = fictionsService({ fictions: repositories.fictions, now });
  const alerts = createAlerts(options, now, metrics);
  const risingStars = risingStarsService({ risingStars: repositories.risingStars, now });
  const executes = config.role !== 'web';
  const authorRows = authorRepository(database.db);
  const runner = new JobRunner({
    runs: repositories.runs,
    log,
    now,
    executes,
    handlers: metrics.jobHandlers({
      ...scrapingJobs({
        client,
        fictions,
        risingStars,
        now,
        genres: options.genres ?? GENRE_SLUGS,
        risingStarsActive: () => repositories.runs.isActive('rising-stars'),
        events: alerts.events,
      }),
      'author-report': authorReportJob({
        desk: deskRepository(database.db),
        author: authorRows,
        authorService: authorService({ author: authorRows, risingStars }),
        mailer: alerts.mailer,
        publicUrl: config.publicUrl,
        now,
      }),
    }),
  });
  const scheduler =
    executes && config.scheduler
      ? new Scheduler({
          runner,
          runs: repositories.runs,
          log,
          now,
          schedule: [...SCHEDULE, ...MAIL_SCHEDULE],
        })
      : null;
  const jobs = jobsService({
    runner,
    runs: repositories.runs,
    scheduler: scheduler !== null,
    scheduleOn: config.scheduler,
  });
  // Draining (SIGTERM) makes the instance answer not ready.
  const drain = drainState();
  return {
    database,
    // Limits (sign-ins, registrations, mail, look-ups…): counted by every instance together on PostgreSQL.
    limits: createLimiterStore(database),
    now,
    client,
    repositories,
    fictions,
    risingStars,
    jobs,
    runner,
    scheduler,
    alerts,
    metrics,
    drain,
  };
}

export type Core = ReturnType<typeof createCore>;

/** Adapts a pino-style logger to the jobs' logger. */
export function jobLogger(logger: {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}): JobLogger {
  return {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    error: (message) => logger.error(message),
  };
}

/**
 * Builds the request side of every feature on the core and registers its routes; answers what the served
 * web app needs of them (the head tags of a page).
 */
export async function registerFeatures(
  app: FastifyInstance,
  deps: {
    core: Core;
    config: Config;
    jwtSecret: string;
    /** Tells every instance what changed, so none keeps an out-of-date answer or account. */
    changes: ChangeBus;
    mailer: Mailer;
    mailLog: FastifyBaseLogger;
    tasks: BackgroundTasks;
    now: () => Date;
  },
) {
  const { core, config, mailer, now } = deps;
  const { db } = core.database;

  const users = usersRepository(db);
  const sessions = sessionsRepository(db);
  const accountEmail = accountEmailService({
    users,
    emailTokens: emailTokensRepository(db),
    sessions,
    // An account that changed hands closes its feed and webhooks (the alerts' service, built below).
    closeAccountDoors: (userId, reason) => alerts.notifications.closeAccountDoors(userId, reason),
    mailer,
    tasks: deps.tasks,
    publicUrl: config.publicUrl,
    log: deps.mailLog,
    now,
    limits: core.limits,
  });
  const auth = authService({
    users,
    sessions,
    tokens: createTokens(deps.jwtSecret, config.jwtExpiresIn),
    adminEmails: config.adminEmails,
    accountEmail,
    keptAccounts: keptAccounts(deps.changes),
    now,
  });
  const guards = authGuards(auth);

  const stripe = await createStripe(config.stripe);
  const subscriptionRows = subscriptionsRepository(db);
  const subscriptions = subscriptionsService({
    stripe,
    subscriptions: subscriptionRows,
    now,
    coffeePageUrl: `${config.publicUrl}/coffee`,
    log: app.log.child({ component: 'payments' }),
  });
  const payments = paymentsService({
    stripe,
    // A paid sponsorship puts the fiction in its sponsor's list within the payment's transaction.
    donations: donationsRepository(db, (trx, userId, entry) => insertLastFavorite(trx, userId, entry)),
    subscriptions: subscriptionRows,
    subscriptionFromStripe: subscriptions.fromStripe,
    fictions: core.fictions,
    contactEmail: config.contactEmail ?? null,
    now,
  });

  const scraping = scrapingService({
    client: core.client,
    fictions: core.fictions,
    jobs: core.jobs,
    log: app.log.child({ component: 'scraping' }),
    now,
    events: core.alerts.events,
  });
  const refresh = refreshService({
    jobs: core.jobs,
    fictions: core.fictions,
    queues: core.client.queues,
    now,
  });
  const userFictions = userFictionsService({
    userFictions: userFictionsRepository(db),
    fictions: core.fictions,
    scraping,
    now,
    changes: deps.changes,
  });

  healthRoutes(app, {
    health: healthService({
      database: core.database,
      jobs: core.jobs,
      role: config.role,
      repository: healthRepository(core.database),
      drain: core.drain,
    }),
  });
  authRoutes(app, {
    auth,
    guards,
    failedAttemptsPerMinute: config.authRateLimit,
    registrationsPerHour: config.registrationRateLimit,
    limits: core.limits,
  });
  accountEmailRoutes(app, {
    accountEmail,
    auth,
    guards,
    failedAttemptsPerMinute: config.authRateLimit,
    limits: core.limits,
  });
  oauthRoutes(app, {
    oauth: oauthService({
      providers: oauthProviders(config.oauth, config.publicUrl),
      cookies: stateCookies({
        jwtSecret: deps.jwtSecret,
        secure: config.publicUrl.startsWith('https:'),
        now,
      }),
      auth,
      exchangeCodes: exchangeCodesRepository(db),
      now,
    }),
  });
  adminRoutes(app, {
    admin: adminService({
      admin: adminRepository(db, core.database.dialect),
      jobs: core.jobs,
      payments,
      adminEmails: config.adminEmails,
      now,
    }),
    guards,
  });
  jobsRoutes(app, { jobs: core.jobs, guards });
  paymentsRoutes(app, { payments, guards, emailEnabled: mailer.enabled });
  subscriptionsRoutes(app, { subscriptions, guards });
  risingStarsRoutes(app, { risingStars: core.risingStars });
  scrapeRoutes(app, { scraping, refresh, guards });
  positionRoutes(app, {
    position: positionService({
      fictions: core.fictions,
      risingStars: core.risingStars,
      scraping,
      limits: core.limits,
    }),
  });
  fictionsRoutes(app, { fictions: core.fictions });
  const analytics = analyticsService({ analytics: analyticsRepository(db), now });
  analyticsRoutes(app, { analytics });
  const authorRows = authorRepository(db);
  authorRoutes(app, {
    author: authorService({ author: authorRows, risingStars: core.risingStars }),
  });
  const deskRows = deskRepository(db);
  deskRoutes(app, {
    week: deskWeekService({ desk: deskRows, author: authorRows, now }),
    desk: deskService({
      desk: deskRows,
      author: authorRows,
      scraping,
      users,
      mailer,
      limits: core.limits,
      publicUrl: config.publicUrl,
      now,
    }),
    guards,
  });
  const linkPreview = linkPreviewService({ analytics, publicUrl: config.publicUrl, now });
  linkPreviewRoutes(app, { linkPreview });
  discoveryRoutes(app, {
    discovery: discoveryService({ repository: discoveryRepository(db, core.database.dialect), now }),
  });
  exportRoutes(app, {
    exports: exportService({
      fictions: core.fictions,
      risingStars: core.risingStars,
      userFictions,
      now,
    }),
    guards,
  });
  royalroadRoutes(app, {
    royalroad: royalroadService({ client: core.client, fictions: core.fictions, now }),
  });
  userFictionsRoutes(app, { service: userFictions, guards });
  const alerts = {
    notifications: notificationsService({
      repositories: core.alerts.repositories,
      publicUrl: config.publicUrl,
      secret: deps.jwtSecret,
      emailAvailable: mailer.enabled,
      webhooks: core.alerts.webhooks,
      queueWebhookTest: core.alerts.delivery.queueWebhookTest,
      now,
    }),
    delivery: core.alerts.delivery,
    guards,
  };
  watchesRoutes(app, alerts);
  notificationsRoutes(app, alerts);
  alertSettingsRoutes(app, alerts);
  feedsRoutes(app, alerts);
  // The HTML of fiction pages carries their link previews' tags.
  return { headTags: linkPreview.headTags };
}
