import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { accountEmailRoutes } from './features/auth/account-email.routes.ts';
import { accountEmailService } from './features/auth/account-email.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { authService } from './features/auth/auth.service.ts';
import { emailTokensRepository } from './features/auth/email-tokens.repository.ts';
import { createTokens } from './features/auth/tokens.ts';
import { usersRepository } from './features/auth/users.repository.ts';
import { exportRoutes } from './features/export/export.routes.ts';
import { catalogService } from './features/fictions/catalog.service.ts';
import { fictionsRoutes } from './features/fictions/fictions.routes.ts';
import { royalroadRoutes } from './features/fictions/royalroad.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
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
import { risingStarsRoutes } from './features/rising-stars/rising-stars.routes.ts';
import { scrapeRoutes } from './features/scraping/scrape.routes.ts';
import { userFictionsRepository } from './features/user-fictions/user-fictions.repository.ts';
import { userFictionsRoutes } from './features/user-fictions/user-fictions.routes.ts';
import { userFictionsService } from './features/user-fictions/user-fictions.service.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { authGuards } from './http/auth-guards.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerPublicCaching } from './http/public-cache.ts';
import { rejectNulCharacters } from './http/reject-nul.ts';
import { registerRequestLogging } from './http/request-log.ts';
import { registerSecurityHeaders, securityHeadersFor } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { createMailer } from './mail/mailer.ts';
import type { Services } from './services.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  services: Services;
  jwtSecret: string;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  /** A pino logger; none means no logging (tests). */
  logger?: FastifyBaseLogger;
  now?: () => Date;
  /** Wait before a failed mail is tried again (tests shorten it). */
  mailRetryDelayMs?: number;
  /** How long a request (headers and body) may take to arrive; 30 s unless a test shortens it. */
  requestTimeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work that goes on after answering (mail); `idle()` waits for it. */
    backgroundTasks: BackgroundTasks;
  }
}

/** Builds the HTTP application without listening, so tests can call `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const { trustProxy } = config;
  const securityHeaders = securityHeadersFor({ https: config.publicUrl.startsWith('https:') });
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within 30 s, its headers within 15 s, however slowly a client sends it
    // (a body trickled in is cut off then, and its connection closed); Node checks every second, not every
    // 30. Handlers themselves are not timed by this.
    requestTimeout,
    http: {
      headersTimeout: Math.min(15_000, requestTimeout),
      connectionsCheckingInterval: Math.min(1000, requestTimeout),
    },
    clientErrorHandler: clientErrorHandler(securityHeaders('/api/')),
    // Requests are logged by registerRequestLogging, with credentials taken out of their addresses.
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a load balancer, client addresses (for rate limits) come from X-Forwarded-For: the right-most
    // address that is not a trusted proxy. Fastify reads a bare hop count as "trust nothing", so a count is
    // given as the function it stands for (the socket is hop 0).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // Keep request bodies' prototype keys out of parsed objects.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors raised before routing (a malformed address) get the same envelope as every other answer.
    frameworkErrors: (error, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply)
        .code(status)
        .headers(securityHeaders(request.url))
        .send({ success: false, error: 'The address of this request is malformed.' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerErrorHandling(app);
  registerRequestLogging(app);

  registerSecurityHeaders(app, securityHeaders);
  await registerApiDocs(app, config.publicUrl);
  // Limits are declared per route (e.g. refreshes per reader); nothing is limited globally.
  await app.register(rateLimit, { global: false });
  registerPublicCaching(app, { now: () => (options.now ?? (() => new Date()))().getTime() });
  rejectNulCharacters(app);

  const now = options.now ?? (() => new Date());
  const mailLog = app.log.child({ component: 'mail' });
  const tasks = new BackgroundTasks({ log: mailLog });
  app.decorate('backgroundTasks', tasks);
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    tasks,
    log: mailLog,
    retryDelayMs: options.mailRetryDelayMs,
  });
  // Mail still under way is sent before the server stops.
  app.addHook('onClose', async () => {
    await tasks.idle();
    mailer.close();
  });
  const users = usersRepository(database.db);
  const accountEmail = accountEmailService({
    users,
    emailTokens: emailTokensRepository(database.db),
    mailer,
    tasks,
    publicUrl: config.publicUrl,
    log: mailLog,
    now,
  });
  const auth = authService({
    users,
    tokens: createTokens(options.jwtSecret, config.jwtExpiresIn),
    adminEmails: config.adminEmails,
    accountEmail,
    now,
  });
  const guards = authGuards(auth);

  const { services } = options;
  const stripe = await createStripe(config.stripe);
  const subscriptionRows = subscriptionsRepository(database.db);
  const subscriptions = subscriptionsService({
    stripe,
    subscriptions: subscriptionRows,
    now,
    coffeePageUrl: `${config.publicUrl}/coffee`,
  });
  const payments = paymentsService({
    stripe,
    donations: donationsRepository(database.db),
    subscriptions: subscriptionRows,
    subscriptionFromStripe: subscriptions.fromStripe,
    fictions: services.fictions,
    contactEmail: config.contactEmail ?? null,
    now,
  });
  healthRoutes(app, { database, services, role: config.role });
  authRoutes(app, {
    auth,
    guards,
    failedAttemptsPerMinute: config.authRateLimit,
    registrationsPerHour: config.registrationRateLimit,
  });
  accountEmailRoutes(app, { accountEmail, auth, guards, failedAttemptsPerMinute: config.authRateLimit });
  oauthRoutes(app, {
    oauth: oauthService({
      providers: oauthProviders(config.oauth, config.publicUrl),
      cookies: stateCookies({
        jwtSecret: options.jwtSecret,
        secure: config.publicUrl.startsWith('https:'),
        now,
      }),
      auth,
      exchangeCodes: exchangeCodesRepository(database.db),
      now,
    }),
  });
  adminRoutes(app, { database, services, guards, adminEmails: config.adminEmails, payments, now });
  paymentsRoutes(app, { payments, guards, emailEnabled: mailer.enabled });
  subscriptionsRoutes(app, { subscriptions, guards });
  risingStarsRoutes(app, { risingStars: services.risingStars, now });
  scrapeRoutes(app, { services, guards, now });
  const userFictions = userFictionsRepository(database.db);
  const catalog = catalogService({ ...services, userFictions, now });
  positionRoutes(app, { fictions: services.fictions, risingStars: services.risingStars, catalog });
  fictionsRoutes(app, { fictions: services.fictions, catalog, guards, now });
  exportRoutes(app, {
    fictions: services.fictions,
    risingStars: services.risingStars,
    userFictions,
    guards,
    now,
  });
  royalroadRoutes(app, { catalog, guards });
  userFictionsRoutes(app, {
    service: userFictionsService({ userFictions, fictions: services.fictions, now }),
    guards,
  });

  await registerWebApp(app, options.webRoot);
  return app;
}
