import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Core, registerFeatures } from './composition.ts';
import type { Config } from './config.ts';
import { type ChangeBus, openChangeBus } from './db/change-bus.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerMetrics } from './http/metrics-endpoint.ts';
import { registerPublicCaching } from './http/public-cache.ts';
import { rejectNulCharacters } from './http/reject-nul.ts';
import { RequestLogger, registerRequestLogging } from './http/request-log.ts';
import { registerSecurityHeaders, securityHeadersFor } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { httpRateLimitStore } from './lib/http-rate-limit-store.ts';
import { createMailer } from './mail/mailer.ts';

export interface AppOptions {
  config: Config;
  /** What the process built once (createCore): the Royal Road client, the job runner, the scrapes' services. */
  core: Core;
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
    /** Tells every instance what changed (and this one whether it hears the others). */
    changes: ChangeBus;
  }
}

/** Builds the HTTP application without listening, so tests can call `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
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
    // Each request's logger is made when it first writes a line, not for every request; it takes the
    // credentials in the request's address out of every line.
    childLoggerFactory: (logger, bindings, options, raw) =>
      new RequestLogger(logger, bindings, options, raw.url),
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
  // After the API docs, so that /metrics is documented; before the routes, so that each is counted.
  registerMetrics(app, options.core.metrics, config.metrics);
  // Limits are declared per route (e.g. refreshes per reader); nothing is limited globally.
  // They are counted in the limiter store: by every instance together on PostgreSQL.
  await app.register(rateLimit, { global: false, store: httpRateLimitStore(options.core.limits) });
  // What every instance keeps in memory is forgotten by all of them at once when any makes a change.
  const { database } = options.core;
  const changes = openChangeBus({
    dialect: database.dialect,
    url: config.databaseUrl,
    db: database.db,
    log: (message) => app.log.warn(message),
  });
  app.decorate('changes', changes);
  app.addHook('onClose', () => changes.close());
  registerPublicCaching(app, { now: () => (options.now ?? (() => new Date()))().getTime(), changes });
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
  const features = await registerFeatures(app, {
    core: options.core,
    config,
    jwtSecret: options.jwtSecret,
    changes,
    mailer,
    mailLog,
    tasks,
    now,
  });

  await registerWebApp(app, options.webRoot, features.headTags);
  return app;
}
