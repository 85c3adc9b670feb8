/**
 * Notifications plugin (issue 27 item 4, issue 4 §6): defines the module's job kinds and serves the
 * caller's notifications (contracts notifications.ts).
 * - `notification.email` (email.ts) on every instance that runs jobs;
 * - `todo.deliver` (todo-delivery.ts) only where TODO_WEBHOOK_URL is set: elsewhere the to-do jobs
 *   wait for an instance that has it, and the rows stay listed for operations (`GET /v1/ops/todo`).
 * Every route needs a session; each reads and changes only the caller's own notifications.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { createMailer } from '../../plugins/mailer.ts';
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

const tags = ['notifications'];

async function notificationRoutesPlugin(root: FastifyInstance) {
  const mailer = createMailer(root.config, root.log);
  defineNotificationEmail(root.jobs, root, (m) => mailer.send(m));
  if (root.config.todoWebhookUrl) defineTodoDelivery(root.jobs, root, root.config.todoWebhookUrl);
  // After the job runner stopped (preClose), so no mail is cut off.
  root.addHook('onClose', () => mailer.close());

  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // Personal data: never kept by a shared cache or the browser's.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    route(
      app,
      endpoints.notifications.list,
      { tags, summary: "The caller's notifications, newest first, in the caller's language" },
      async (request) =>
        ok(
          request,
          await listNotifications(app.db, currentUser(request).userId, request.query, requestLang(request)),
        ),
    );

    route(
      app,
      endpoints.notifications.unreadCount,
      { tags, summary: "How many of the caller's notifications are unread (the bell)" },
      async (request) => ok(request, { unread: await unreadCountOf(app.db, currentUser(request).userId) }),
    );

    route(
      app,
      endpoints.notifications.readAll,
      { tags, summary: 'Mark every unread notification of the caller read; answers how many' },
      async (request) =>
        ok(request, { updated: await markAllRead(app.db, currentUser(request).userId, app.now()) }),
    );

    route(
      app,
      endpoints.notifications.read,
      { tags, summary: "Mark one of the caller's notifications read (10008 for another's or an unknown id)" },
      async (request) => {
        await markRead(app.db, currentUser(request).userId, request.params.id, app.now());
        return ok(request, null);
      },
    );

    route(
      app,
      endpoints.notifications.preferences,
      { tags, summary: 'How the caller receives each kind: in the portal, by e-mail, or both' },
      async (request) =>
        ok(request, {
          list: await preferencesOf(app.db, currentUser(request).userId, requestLang(request)),
        }),
    );

    route(
      app,
      endpoints.notifications.setPreferences,
      { tags, summary: 'Set how the caller receives the kinds listed (others keep theirs)' },
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
