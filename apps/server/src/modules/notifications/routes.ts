/**
 * Notifications plugin (issue 27 item 4, issue 4 §6): defines the module's job kinds and serves the
 * caller's notifications (contracts notifications.ts).
 * - `notification.email` (email.ts) on every instance that runs jobs;
 * - `todo.deliver` (todo-delivery.ts) only where TODO_WEBHOOK_URL is set: elsewhere the to-do jobs
 *   wait for an instance that has it, and the rows stay listed for operations (`GET /v1/ops/todo`).
 * Every route needs a session; each reads and changes only the caller's own notifications.
 */
import {
  notificationIdParams,
  notificationListData,
  notificationListQuery,
  notificationPreferences,
  notificationPreferencesBody,
  readAllData,
  unreadCount,
} from '@portal/contracts/notifications.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { defineNotificationEmail } from './email.ts';
import {
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  savePreferences,
  unreadCountOf,
} from './notification-service.ts';
import { defineTodoDelivery } from './todo-delivery.ts';

const security = [{ token: [] }];
const tags = ['notifications'];

async function notificationRoutesPlugin(root: FastifyInstance) {
  const mailer = createMailer(root.config, root.log);
  defineNotificationEmail(root.jobs, root, (m) => mailer.send(m));
  if (root.config.todoWebhookUrl) defineTodoDelivery(root.jobs, root, root.config.todoWebhookUrl);
  // After the job runner stopped (preClose), so no mail is cut off.
  root.addHook('onClose', () => mailer.close());

  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    declareCaller(scope, 'session');
    // Personal data: never kept by a shared cache or the browser's.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/v1/notifications',
      {
        schema: {
          tags,
          summary: "The caller's notifications, newest first, in the caller's language",
          security,
          querystring: notificationListQuery,
          response: { 200: answer(notificationListData) },
        },
      },
      async (request) =>
        ok(
          request,
          await listNotifications(app.db, currentUser(request).userId, request.query, requestLang(request)),
        ),
    );

    app.get(
      '/v1/notifications/unread_count',
      {
        schema: {
          tags,
          summary: "How many of the caller's notifications are unread (the bell)",
          security,
          response: { 200: answer(unreadCount) },
        },
      },
      async (request) => ok(request, { unread: await unreadCountOf(app.db, currentUser(request).userId) }),
    );

    app.put(
      '/v1/notifications/read_all',
      {
        schema: {
          tags,
          summary: 'Mark every unread notification of the caller read; answers how many',
          security,
          response: { 200: answer(readAllData) },
        },
      },
      async (request) =>
        ok(request, { updated: await markAllRead(app.db, currentUser(request).userId, app.now()) }),
    );

    app.put(
      '/v1/notifications/:id/read',
      {
        schema: {
          tags,
          summary: "Mark one of the caller's notifications read (10008 for another's or an unknown id)",
          security,
          params: notificationIdParams,
          response: { 200: answer(z.null()) },
        },
      },
      async (request) => {
        await markRead(app.db, currentUser(request).userId, request.params.id, app.now());
        return ok(request, null);
      },
    );

    app.get(
      '/v1/notifications/preferences',
      {
        schema: {
          tags,
          summary: 'How the caller receives each kind: in the portal, by e-mail, or both',
          security,
          response: { 200: answer(notificationPreferences) },
        },
      },
      async (request) =>
        ok(request, {
          list: await preferencesOf(app.db, currentUser(request).userId, requestLang(request)),
        }),
    );

    app.put(
      '/v1/notifications/preferences',
      {
        schema: {
          tags,
          summary: 'Set how the caller receives the kinds listed (others keep theirs)',
          security,
          body: notificationPreferencesBody,
          response: { 200: answer(notificationPreferences) },
        },
      },
      async (request) =>
        ok(request, {
          list: await savePreferences(
            app.db,
            currentUser(request).userId,
            request.body,
            requestLang(request),
            app.now(),
          ),
        }),
    );
  });
}

/** Not encapsulated (fastify-plugin): its job kinds are defined on the root's runner. */
export const notificationRoutes = fp(notificationRoutesPlugin, {
  name: 'notifications',
  dependencies: ['jobs'],
});
