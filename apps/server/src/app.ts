import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { MSG } from '@mitos/domain/messages';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { AppContext } from './context';
import { WebPushSender } from './push/sender';
import { pushRoutes } from './push/routes';
import { zodCompilers } from './http/zod-compilers';
import { answerClientError, answerFrameworkError, registerErrorHandling, sendError } from './http/errors';
import { authHook } from './http/auth-hook';
import { originCheck } from './http/origin-check';
import { isSecureRequest, securityHeadersPlugin, swaggerUiCsp } from './http/security-headers';
import { privateAnswers } from './http/private-answers';
import { redactingLogger } from './http/log-redaction';
import { DrainingServer, drainingSecureServer } from './http/node-server';
import { SERVER_ROOT } from './package-root';
import { authRoutes } from './auth/routes';
import { userRoutes } from './users/routes';
import { deckRoutes } from './decks/routes';
import { matchRoutes } from './matches/routes';
import { storeRoutes } from './stores/routes';
import { seasonRoutes } from './seasons/routes';
import { leagueRoutes } from './leagues/routes';
import { communityRoutes } from './community/routes';
import { tournamentRoutes } from './tournaments/routes';
import { rankingRoutes } from './rankings/routes';
import { ratingRoutes } from './ratings/routes';
import { keepRatingsSettled } from './ratings/service';
import { statisticsRoutes } from './statistics/routes';
import { NotificationHub } from './notifications/hub';
import { ChangeFeed } from './changes/feed';
import { ReadCache } from './cache/read-cache';
import { watchEventLoop } from './admin/event-loop';
import { notificationRoutes } from './notifications/routes';
import { playerRoutes } from './players/routes';
import { adminRoutes } from './admin/routes';
import { countNotifications } from './notifications/service';
import { scheduleExpiry } from './matches/expiry-schedule';
import { shareRoutes } from './share/routes';
import { matchPageId, sendMatchPage } from './share/og';
import { scheduleJobs } from './jobs/runner';
import { escalationRoutes } from './matches/escalation-routes';

/** Where the web build's hashed files are served (vite's assets/ folder). */
const ASSETS_PREFIX = '/assets/';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the services receive; for jobs and tests that call a service directly. */
    ctx: AppContext;
  }
}

z.config(z.locales.es());

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  logger?: boolean | object;
}

/** How long after it listens the server starts its own work (see buildApp). */
const BACKGROUND_START_MS = 1_000;

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : redactingLogger(typeof logger === 'object' ? logger : { level: config.logLevel }),
    trustProxy: config.trustProxy,
    // One line per request only when debugging: at load, request logs cost more than the work.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: 100 * 1024,
    // Ids in paths are checked by the route schemas; unknown query keys are refused there too.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    // Timeouts, and a stop that answers rather than resets: see http/node-server.ts.
    // HTTPS with HTTP/2 when the server has a certificate of its own (docs/decisions/044); the
    // https option only makes Fastify's own line say https://, the factory makes the server.
    ...(config.tls ? { https: { allowHTTP1: true } } : {}),
    serverFactory: (handler) =>
      config.tls
        ? (drainingSecureServer(config.timeouts, config.tls, handler) as unknown as DrainingServer)
        : new DrainingServer(config.timeouts, handler),
    forceCloseConnections: false,
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    // zod validates and serialises every route. Given here rather than set afterwards, Fastify
    // never loads its own compilers (ajv and fast-json-stringify): about 0.2 s of every start.
    schemaController: { compilersFactory: zodCompilers },
  });
  registerErrorHandling(app);
  // Bodiless POSTs that still say application/json (logout, approve…) are fine; anything else
  // goes through Fastify's own parser, which refuses prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });

  const changes = new ChangeFeed(database, app.log);
  const cache = new ReadCache({ maxBytes: config.readCacheBytes, verify: config.readCacheVerify });
  const hub = new NotificationHub({
    count: (userId) => countNotifications(database.db, userId),
    log: app.log,
    standingsIntervalMs: config.liveStandingsIntervalMs,
  });
  const push = new WebPushSender({ db: database.db, push: config.push, log: app.log });
  changes.subscribe(cache);
  changes.subscribe(hub);
  changes.subscribe(push.subscribers);
  await changes.start();
  hub.start();
  const ctx: AppContext = { config, database, changes, cache, push };
  // The process's event loop, watched from the first app built (for /api/admin/metrics).
  watchEventLoop();
  app.decorate('ctx', ctx);
  const settleQueued = keepRatingsSettled(ctx, app.log);
  // What a running server does on its own (rating what a stop left queued, expiring, the
  // scheduled jobs) starts a moment after it listens, so that a restart answers its first
  // requests first: on PGlite they would wait behind it on the one connection (decision 030).
  let stopBackground = async () => {};
  app.addHook('onListen', async () => {
    const timer = setTimeout(() => {
      void settleQueued();
      const stops = [scheduleExpiry(ctx, app.log), scheduleJobs(ctx, app.log)];
      stopBackground = async () => {
        for (const stop of stops) await stop();
      };
    }, BACKGROUND_START_MS);
    timer.unref();
    stopBackground = async () => clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    await stopBackground();
    await push.drain();
    await hub.close();
    await changes.close();
  });

  await app.register(cookie);
  await app.register(privateAnswers);
  const isSecure = (request: FastifyRequest) => isSecureRequest(request, config.cookieSecure);
  await app.register(securityHeadersPlugin, {
    isSecure,
    // The build's hashed files (scripts), served below from assets/.
    isSubresource: (request) => request.url.startsWith(ASSETS_PREFIX),
    helmet: (secure) => ({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'upgrade-insecure-requests': secure ? [] : null,
        },
      },
      hsts: secure ? { maxAge: 15552000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    }),
  });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // On shutdown, tell clients the server is going away (1001) so they reconnect elsewhere.
    preClose: (done) => {
      for (const client of app.websocketServer.clients) client.close(1001, 'El servidor se está reiniciando');
      done();
    },
  });
  await app.register(authHook, { secret: config.sessionSecret });
  await app.register(originCheck);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Mitos y Leyendas — Partidas API', version: '1.0.0' },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: (request, reply, done) => {
        reply.header('content-security-policy', swaggerUiCsp(app.swaggerCSP, isSecure(request)));
        done();
      },
    },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/health',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await database.ping();
      return { status: 'ok' as const, database: database.kind };
    },
  );
  api.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(deckRoutes(ctx));
  await app.register(matchRoutes(ctx));
  await app.register(escalationRoutes(ctx));
  await app.register(storeRoutes(ctx));
  await app.register(seasonRoutes(ctx));
  await app.register(leagueRoutes(ctx));
  await app.register(communityRoutes(ctx));
  await app.register(tournamentRoutes(ctx));
  await app.register(rankingRoutes(ctx));
  await app.register(ratingRoutes(ctx));
  await app.register(statisticsRoutes(ctx));
  await app.register(notificationRoutes(ctx, hub));
  await app.register(playerRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(pushRoutes(ctx));
  await app.register(shareRoutes(ctx));

  const webDist = config.webDist ?? path.resolve(SERVER_ROOT, '../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // The build writes a .br and a .gz beside each file; a browser that accepts one gets it.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Files under assets/ carry a hash of their content in their name: they never change. The
      // page, the service worker and the manifest are always asked again, so that a new build's
      // page (naming its new files) and its worker are seen at once (docs/decisions/017).
      setHeaders: (reply, file) => reply.header('cache-control', staticCacheControl(file)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && isAppRoute(pathname)) {
      // A shared match link: its page carries the match's link-preview tags (share/og.ts).
      const sharedMatch = matchPageId(request.url);
      if (sharedMatch !== null) return sendMatchPage(ctx, request, reply, webDist, sharedMatch);
      return reply.sendFile('index.html');
    }
    return sendError(reply, 404, MSG.notFound);
  });

  return app;
}

/** Files named by the build itself: always asked again (the page, the service worker, the manifest). */
const REVALIDATED_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** The Cache-Control of a file of the built web app. */
export function staticCacheControl(file: string): string {
  if (REVALIDATED_FILES.has(path.basename(file).replace(/\.(br|gz)$/, ''))) return 'no-cache';
  if (file.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Whether an address not answered by a route is one of the app's screens (answered with the page)
 * rather than the API, the live connection, the API docs or a file: a missing file (a chunk of an
 * older build, an icon, the manifest) gets a 404, so that a browser or the service worker never
 * takes the page for a script or an image.
 */
export function isAppRoute(pathname: string): boolean {
  if (/^\/(api|ws|docs|assets)(\/|$)/.test(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]{1,12}$/i.test(last);
}
