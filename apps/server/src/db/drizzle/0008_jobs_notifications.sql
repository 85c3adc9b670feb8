CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channels" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"in_portal" boolean NOT NULL,
	"by_email" boolean NOT NULL,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_languages" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "report_schedule_runs_claim_idx";--> statement-breakpoint
DROP INDEX "todo_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_languages" ADD CONSTRAINT "user_languages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_uq" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("run_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE status in ('done', 'failed');--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null and in_portal;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("user_id","kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "todo_outbox_pending_idx" ON "todo_outbox" USING btree ("id") WHERE delivered_at is null;--> statement-breakpoint
-- Carried over to the job queue (plugins/jobs): undelivered to-do rows and pending schedule runs
-- become jobs at their next attempt time, keeping their attempt counts; to-do rows already out of
-- attempts (12) are recorded as failed jobs. The two tables stay as the history the queue updates.
INSERT INTO "jobs" ("kind", "key", "payload", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at", "finished_at")
SELECT 'todo.deliver', "idempotency_key", jsonb_build_object('outbox_id', "id"),
  CASE WHEN "attempts" >= 12 THEN 'failed' ELSE 'queued' END, "attempts", 12, "next_attempt_at", "last_error", "created_at",
  CASE WHEN "attempts" >= 12 THEN now() END
FROM "todo_outbox" WHERE "delivered_at" IS NULL
ON CONFLICT ("kind", "key") DO NOTHING;--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at")
SELECT 'report-schedule.send', "id"::text, jsonb_build_object('run_id', "id"), 'queued', "attempts", 6, "next_attempt_at", "last_error", "created_at"
FROM "report_schedule_runs" WHERE "status" = 'pending'
ON CONFLICT ("kind", "key") DO NOTHING;--> statement-breakpoint
ALTER TABLE "report_schedule_runs" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "report_schedule_runs" DROP COLUMN "lease_until";--> statement-breakpoint
ALTER TABLE "todo_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "todo_outbox" DROP COLUMN "lease_until";