/**
 * buildApp(config): plugins, then modules. Used by start-up (main.ts) and by every test.
 * Plugin order: stores → error handler → compression → metrics, health → security headers → session →
 * OpenAPI → job queue → modules → web app (static + SPA fallback).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { endpointList } from '@portal/contracts/endpoints.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Db, type DbHandle, openDb } from './db/client.ts';
import { signInRoutes } from './modules/account/sign-in-routes.ts';
import { userRoutes } from './modules/account/user-routes.ts';
import { importRoutes } from './modules/admin/import-routes.ts';
import { registerApiKeyAuth } from './modules/api-keys/api-key-auth.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { appAdsRoutes } from './modules/app-ads/routes.ts';
import { appRoutes } from './modules/apps/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { commonRoutes } from './modules/common/routes.ts';
import { externalRoutes } from './modules/external/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { industryRoutes } from './modules/industry/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { organisationRoutes } from './modules/organisation/routes.ts';
import { payments } from './modules/payments/index.ts';
import { placementRoutes } from './modules/placements/routes.ts';
import { reportScheduleRoutes } from './modules/report-schedules/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { savedViewRoutes } from './modules/saved-views/routes.ts';
import { registerSessionActivity } from './modules/sessions/activity.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { testDeviceRoutes } from './modules/test-devices/routes.ts';
import { enforceTwoFactorEnrolment } from './modules/two-factor/enforce.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { type CallerCache, callerCacheLimitMs, createCallerCache } from './plugins/caller-cache.ts';
import { createCallerCacheSync } from './plugins/caller-cache-sync.ts';
import { registerCompression } from './plugins/compression.ts';
import {
  answerClientError,
  answerFrameworkError,
  refuseMissingHost,
  registerErrorHandler,
} from './plugins/error-handler.ts';
import { health } from './plugins/health.ts';
import { housekeeping } from './plugins/housekeeping.ts';
import { jobsPlugin } from './plugins/jobs/plugin.ts';
import { type KeyRing, openKeyRing } from './plugins/key-ring.ts';
import { AccessLogController, logSerializers, redactPaths, stdoutLogDestination } from './plugins/logging.ts';
import { metrics } from './plugins/metrics.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { authenticateByCaller, checkRouteCallers, declareCaller } from './plugins/route-callers.ts';
import { registerNoStore, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session-impl.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { openReportStore } from './reports/open-store.ts';
import { type QueryLanes, serverLanes } from './reports/query-lanes.ts';
import type { ReportStore } from './reports/store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DbHandle['kind'];
    /** Runs start-up work under a PostgreSQL advisory lock shared by every instance (db/client.ts). */
    dbLock: DbHandle['withLock'];
    reportStore: ReportStore;
    /** Report work queued by weight, with time limits (reports/query-lanes.ts). */
    reportLanes: QueryLanes;
    /** Per-caller values (session, access, scopes) reused until the next write (caller-cache.ts). */
    callerCache: CallerCache;
    /** The RSA keys of encrypted payloads and sealed secrets, shared by every instance (key-ring.ts). */
    keyRing: KeyRing;
    /** The server clock; tests replace it to move time. */
    now: () => Date;
  }
}

/** Methods that change nothing (RFC 9110 §9.2.1 safe methods). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type BuildOptions = {
  /** Replaces the clock (tests). */
  now?: () => Date;
  /** Fastify logger; default per config.logLevel. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
};

/** Both src/ (tests, tsx) and the compiled dist/ sit two levels below apps/: web/dist is beside. */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the Fastify app on opened stores. The caller owns `listen`/`close` (close closes stores). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: redactPaths, censor: '[redacted]' },
            serializers: logSerializers,
            stream: opts.logStream ?? stdoutLogDestination(),
          },
    logController: new AccessLogController(),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Router-level refusals (over-long or badly encoded path parameters) answer the envelope too.
    frameworkErrors: answerFrameworkError,
    // While closing, new requests get the 503 envelope of plugins/health.ts instead of Fastify's own.
    return503OnClosing: false,
    // A first start generates the RSA key and migrates the stores: on a crowded machine that takes
    // longer than Fastify's 10 s default for one plugin.
    pluginTimeout: 120_000,
    // Requests Node's parser refuses (431 over-long URL or headers, 400 malformed) answer it as well.
    clientErrorHandler: answerClientError,
    // A request without Host gets the envelope from refuseMissingHost, not Node's empty 400.
    http: { requireHostHeader: false },
  });
  refuseMissingHost(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const callerCache = createCallerCache(callerCacheLimitMs(config));
  const dbHandle = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? '' : path.join(config.dataDir, 'pglite'),
    // Through the object, so a test may watch every accounts-store statement (caller-cache.test.ts).
    onQuery: (sql) => callerCache.observe(sql),
  });
  const keyRing = await openKeyRing(dbHandle.db, config).catch(async (err) => {
    await dbHandle.close();
    throw err;
  });
  const reportStore = await openReportStore(config);
  // Several instances: share the cache's bumps through Redis (plugins/caller-cache-sync.ts).
  const cacheSync =
    config.redisUrl && config.authCacheMs > 0
      ? await createCallerCacheSync(callerCache, config.redisUrl, config.redisKeyPrefix, (err) =>
          app.log.warn(
            { err },
            'caller cache paused: Redis unavailable, sessions and access are read from the accounts store on every request',
          ),
        )
      : null;
  app.decorate('config', config);
  app.decorate('db', dbHandle.db);
  app.decorate('dbKind', dbHandle.kind);
  app.decorate('dbLock', dbHandle.withLock);
  app.decorate('reportStore', reportStore);
  app.decorate('reportLanes', serverLanes(config));
  app.decorate('callerCache', callerCache);
  app.decorate('keyRing', keyRing);
  // A state-changing request may have written in a transaction that a concurrent read saw half of:
  // once it has answered (and committed), nothing read before counts (plugins/caller-cache.ts).
  const generationAtStart = new WeakMap<object, number>();
  if (cacheSync) app.addHook('onRequest', cacheSync.refresh);
  app.addHook('onRequest', async (request) => {
    if (!READ_METHODS.has(request.method)) generationAtStart.set(request, callerCache.generation());
  });
  app.addHook('onResponse', async (request) => {
    const before = generationAtStart.get(request);
    if (before !== undefined && before !== callerCache.generation()) callerCache.bump();
  });
  if (cacheSync) {
    // Before the client hears the answer, and so can ask another instance, the others must know.
    app.addHook('onSend', async (request) => {
      const before = generationAtStart.get(request);
      if (before !== undefined && before !== callerCache.generation()) await cacheSync.publish();
    });
  }
  // Every JSON answer's `msg` (and exports' titles) follow `Accept-Language` (api-contract §1): a shared
  // cache must not hand one caller's language to another.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) {
      // Keep what compression or static serving already put in Vary (Accept-Encoding).
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
    }
    return payload;
  });
  app.decorate('now', opts.now ?? (() => new Date()));
  app.addHook('onClose', async () => {
    await reportStore.close();
    await dbHandle.close();
    await cacheSync?.close();
  });

  registerErrorHandler(app);
  // Every route declares who may call it and the API routes are the endpoint table, or the app does
  // not start (plugins/route-callers.ts).
  checkRouteCallers(app, endpointList);
  // Compression first: it wraps only the routes added after it (/metrics included).
  await registerCompression(app);
  await app.register(metrics);
  await app.register(health);
  await registerSecurityHeaders(app);
  registerNoStore(app);
  registerNulGuard(app);
  registerRequestContext(app);
  // An organisation requiring two-factor (issue 16): members without it enrol first (10031).
  await registerSession(app, [enforceTwoFactorEnrolment]);
  await registerApiKeyAuth(app);
  // Authentication first, before the body is read or validated (issue 22 item 9).
  authenticateByCaller(app);
  registerSessionActivity(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Publisher Portal API', version: '1.0.0', description: 'See docs/api-guide.md' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          // Reporting API keys (issue 16): report list and export routes only.
          bearer: { type: 'http', scheme: 'bearer', description: 'Reporting API key `ppk_…`' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API document: off in production unless API_DOCS turns it on (issue 22 item 13).
  if (config.apiDocs) {
    await app.register(async (scope) => {
      declareCaller(scope, 'public');
      await scope.register(fastifySwaggerUi, { routePrefix: '/docs' });
    });
  }

  // The job queue before the modules: they define their job kinds on it (plugins/jobs/plugin.ts).
  await app.register(jobsPlugin);
  await app.register(signInRoutes);
  await app.register(userRoutes);
  await app.register(reportRoutes);
  await app.register(commonRoutes);
  await app.register(organisationRoutes);
  await app.register(memberRoutes);
  await app.register(industryRoutes);
  await app.register(appRoutes);
  await app.register(placementRoutes);
  await app.register(opsRoutes);
  await app.register(externalRoutes);
  await app.register(notificationRoutes);
  await app.register(housekeeping);
  await app.register(importRoutes);
  await app.register(apiKeyRoutes);
  await app.register(twoFactorRoutes);
  await app.register(sessionRoutes);
  await app.register(auditRoutes);
  await app.register(savedViewRoutes);
  await app.register(reportScheduleRoutes);
  await app.register(testDeviceRoutes);
  await app.register(appAdsRoutes);
  await app.register(homeRoutes);
  await payments(app);

  registerWebApp(app, config.webDist ?? path.resolve(here, '../../web/dist'));
  return app;
}
