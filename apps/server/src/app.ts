/**
 * buildApp(config): plugins, then modules. Used by start-up (main.ts) and by every test.
 * Plugin order: stores → error handler → session → OpenAPI → modules → web app (static + SPA fallback).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Db, type DbHandle, openDb } from './db/client.ts';
import { adposRoutes } from './modules/adpos/routes.ts';
import { appRoutes } from './modules/apps/routes.ts';
import { commonRoutes } from './modules/common/routes.ts';
import { companyRoutes } from './modules/company/routes.ts';
import { externalRoutes } from './modules/external/routes.ts';
import { industryRoutes } from './modules/industry/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { passportRoutes } from './modules/passport/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { type CallerCache, createCallerCache } from './plugins/caller-cache.ts';
import { answerFrameworkError, answerNotFound, registerErrorHandler } from './plugins/error-handler.ts';
import { housekeeping } from './plugins/housekeeping.ts';
import { redactPaths } from './plugins/logging.ts';
import { registerSession } from './plugins/session-impl.ts';
import { openReportStore, type ReportStore } from './reports/store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DbHandle['kind'];
    reportStore: ReportStore;
    /** Per-caller values (session, access, scopes) reused until the next write (caller-cache.ts). */
    callerCache: CallerCache;
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
};

const here = path.dirname(fileURLToPath(import.meta.url));
const API_PREFIXES = ['/v1/', '/api/', '/common/', '/gx/', '/external_api/', '/docs'];

/** Builds the Fastify app on opened stores. The caller owns `listen`/`close` (close closes stores). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' } },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Router-level refusals (over-long or badly encoded path parameters) answer the envelope too.
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const callerCache = createCallerCache(config.authCacheMs);
  const dbHandle = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? '' : path.join(config.dataDir, 'pglite'),
    onQuery: callerCache.observe,
  });
  const reportStore = await openReportStore(config);
  app.decorate('config', config);
  app.decorate('db', dbHandle.db);
  app.decorate('dbKind', dbHandle.kind);
  app.decorate('reportStore', reportStore);
  app.decorate('callerCache', callerCache);
  // A state-changing request may have written in a transaction that a concurrent read saw half of:
  // once it has answered (and committed), nothing read before counts (plugins/caller-cache.ts).
  const generationAtStart = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    if (!READ_METHODS.has(request.method)) generationAtStart.set(request, callerCache.generation());
  });
  app.addHook('onResponse', async (request) => {
    const before = generationAtStart.get(request);
    if (before !== undefined && before !== callerCache.generation()) callerCache.bump();
  });
  app.decorate('now', opts.now ?? (() => new Date()));
  app.addHook('onClose', async () => {
    await reportStore.close();
    await dbHandle.close();
  });

  registerErrorHandler(app);
  await registerSession(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Publisher Portal API', version: '1.0.0', description: 'See api-contract.md' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await app.register(passportRoutes);
  await app.register(userRoutes);
  await app.register(reportRoutes);
  await app.register(commonRoutes);
  await app.register(companyRoutes);
  await app.register(usersRoutes);
  await app.register(industryRoutes);
  await app.register(appRoutes);
  await app.register(adposRoutes);
  await app.register(opsRoutes);
  await app.register(externalRoutes);
  await app.register(notificationRoutes);
  await app.register(housekeeping);

  registerWebApp(app, config);
  return app;
}

/** Serves the built web app with an SPA fallback for non-API GETs, when a build exists. */
function registerWebApp(app: FastifyInstance, config: Config) {
  const dist = config.webDist ?? path.resolve(here, '../../web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.setNotFoundHandler(answerNotFound);
    return;
  }
  app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (request.method === 'GET' && !API_PREFIXES.some((p) => url.startsWith(p))) {
      return reply.type('text/html').sendFile('index.html');
    }
    return answerNotFound(request, reply);
  });
}
